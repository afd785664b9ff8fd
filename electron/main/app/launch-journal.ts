import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EMPTY_JOURNAL, type LaunchJournal } from './recovery-policy';

export const JOURNAL_FILE = 'launch-journal.json';

/**
 * The recovery policy's memory between starts, as a small JSON file in the data folder.
 *
 * Synchronous on purpose: it is read before Electron is ready (hardware acceleration can only be
 * turned off then) and written from the uncaught-exception handler, where nothing async will run.
 * A missing or unreadable file is an empty journal: it only ever makes the app try a normal start.
 */
export class LaunchJournalFile {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, JOURNAL_FILE);
  }

  read(): LaunchJournal {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<LaunchJournal>;
      const numbers = (v: unknown) =>
        Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
      return {
        unhealthyStarts: numbers(data.unhealthyStarts),
        gpuCrashes: numbers(data.gpuCrashes),
        ...(typeof data.lastFailure === 'string' && { lastFailure: data.lastFailure }),
        ...(data.disableHardwareAcceleration === true && { disableHardwareAcceleration: true }),
      };
    } catch {
      return { ...EMPTY_JOURNAL };
    }
  }

  /** Write beside, then rename: a power cut leaves the old journal or the new one. */
  write(journal: LaunchJournal): void {
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(journal));
      renameSync(temp, this.file);
    } catch {
      // The journal only tunes recovery; failing to keep it must not stop the wall.
    }
  }

  update(change: (journal: LaunchJournal) => LaunchJournal): LaunchJournal {
    const next = change(this.read());
    this.write(next);
    return next;
  }
}
