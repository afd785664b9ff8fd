import { z } from 'zod';
import { CoreError } from './core-error';
import { FolderLostError, folderLostNotice } from './folder-write-gate';
import { UnreadableValueError, type KeyValueStore, type NoticeSink } from './ports';
import { storageFailure } from './storage-failure';
import { keptAsideCode, type KeptAside } from './versioned-store';

const DOC_KEY = 'ui-state';
/** Written into the document, so a later format can be told apart (and kept aside, not dropped). */
const FORMAT = 1;
export const MAX_UI_ENTRIES = 200;
const MAX_UI_VALUE_BYTES = 256 * 1024;

const EntrySchema = z.object({ value: z.unknown(), at: z.number().finite() });
type Entry = z.infer<typeof EntrySchema>;
interface Doc {
  entries: Record<string, Entry>;
}

/** What a stored document holds: the entries that read, the keys of those that do not, or why none does. */
type Reading = { doc: Doc; dropped: string[] } | { unknown: string };

/** A few keys, each cut short: a stored key may be long. */
function nameSome(keys: readonly string[], max = 3): string {
  const shown = keys.slice(0, max).map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k));
  return keys.length > max ? `${shown.join(', ')} and ${keys.length - max} more` : shown.join(', ');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Each entry read on its own: one that does not (no `at`, not an object) is dropped alone. */
function readUiState(raw: unknown): Reading {
  if (!isRecord(raw) || !isRecord(raw.entries)) return { unknown: 'it holds no entries object' };
  if (raw.version !== undefined && raw.version !== FORMAT)
    return { unknown: `it is of format ${JSON.stringify(raw.version)}; this app reads format ${FORMAT}` };
  const entries: Record<string, Entry> = {};
  const dropped: string[] = [];
  for (const [key, entry] of Object.entries(raw.entries)) {
    const parsed = EntrySchema.safeParse(entry);
    if (parsed.success) entries[key] = parsed.data;
    else dropped.push(key);
  }
  return { doc: { entries }, dropped };
}

/**
 * What the screen remembers between runs (which panels were open, the catalog's width, drafts): in
 * the core's store, beside the settings, so it lives with the data folder and not with the page's
 * origin (the browser shell's port can change, and localStorage is per port).
 *
 * Bounded: a value of at most 256 KiB as JSON, at most 200 keys (the oldest written is dropped first).
 * Never a secret: the renderer never holds one to store.
 *
 * Never lost silently: an entry that cannot be read is dropped alone (the others stay); a document
 * that cannot be read at all, or of a format this app does not know, starts afresh. Either way the
 * original file is kept aside first (`ui-state.corrupt-<time>.json`) and a notice says where. A set
 * answers only once the document is on disk; a failed write (full disk, read-only folder) throws a
 * CoreError of kind 'storage' and leaves the document as it was, in memory and on disk.
 */
export class UiStateStore {
  private doc: Promise<Doc> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number,
    /** Where a kept-aside document is reported (app:notice); absent: not reported. */
    private readonly onNotice?: NoticeSink,
  ) {}

  async get(key: string): Promise<unknown> {
    // A read sees every set asked before it (a page reloaded right after a write reads that write).
    await this.queue;
    return (await this.load()).entries[key]?.value ?? null;
  }

  async set(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value ?? null);
    const bytes = new TextEncoder().encode(json).length;
    if (bytes > MAX_UI_VALUE_BYTES)
      throw new CoreError(
        'invalid-input',
        `The value for "${key}" is ${Math.ceil(bytes / 1024)} KiB; at most ${MAX_UI_VALUE_BYTES / 1024} KiB is kept.`,
        [
          {
            path: 'value',
            message: `at most ${MAX_UI_VALUE_BYTES / 1024} KiB as JSON`,
            code: 'problem.tooManyKib',
            params: { max: MAX_UI_VALUE_BYTES / 1024 },
          },
        ],
        {
          code: 'uiState.tooLarge',
          params: { key, kib: Math.ceil(bytes / 1024), max: MAX_UI_VALUE_BYTES / 1024 },
        },
      );
    // One change at a time, in order: the last set wins on disk as in memory.
    const run = this.queue.then(async () => {
      const current = await this.load();
      const next: Doc = structuredClone(current);
      if (value === null || value === undefined) delete next.entries[key];
      else next.entries[key] = { value: JSON.parse(json) as unknown, at: this.now() };
      const keys = Object.keys(next.entries);
      if (keys.length > MAX_UI_ENTRIES) {
        const oldest = keys
          .sort((a, b) => next.entries[a].at - next.entries[b].at)
          .slice(0, keys.length - MAX_UI_ENTRIES);
        for (const k of oldest) delete next.entries[k];
      }
      await this.write(next);
      this.doc = Promise.resolve(next);
    });
    this.queue = run.catch(() => undefined);
    await run;
  }

  private async write(doc: Doc): Promise<void> {
    try {
      await this.store.set(DOC_KEY, { version: FORMAT, entries: doc.entries });
    } catch (e) {
      if (e instanceof FolderLostError && e.claimNotice()) this.onNotice?.(folderLostNotice(e));
      throw storageFailure(e, 'The screen state could not be saved', {
        code: 'storage.cannotSave',
        params: { store: DOC_KEY },
      });
    }
  }

  private load(): Promise<Doc> {
    this.doc ??= this.read().catch((e: unknown) => {
      // Not read (the disk failed): try again next time, and write nothing over it meanwhile.
      this.doc = undefined;
      throw storageFailure(e, 'The screen state could not be read', {
        code: 'storage.cannotRead',
        params: { store: DOC_KEY },
      });
    });
    return this.doc;
  }

  private async read(): Promise<Doc> {
    let raw: unknown;
    try {
      raw = await this.store.get(DOC_KEY);
    } catch (e) {
      if (!(e instanceof UnreadableValueError)) throw e;
      this.notice(`could not be read (${e.reason}); it starts afresh`, e.keptAt, 'unreadable');
      return { entries: {} };
    }
    if (raw === undefined) return { entries: {} };
    const reading = readUiState(raw);
    if ('unknown' in reading) {
      const keptAt = await this.store.setAside(DOC_KEY, reading.unknown);
      this.notice(`could not be used (${reading.unknown}); it starts afresh`, keptAt, 'invalid');
      return { entries: {} };
    }
    if (reading.dropped.length > 0) {
      const why = `had ${reading.dropped.length} unreadable entr${reading.dropped.length === 1 ? 'y' : 'ies'}`;
      const keptAt = await this.store.setAside(DOC_KEY, why);
      // The original is aside: the rest goes back at once, so it is not lost if nothing is set this run.
      await this.store.set(DOC_KEY, { version: FORMAT, entries: reading.doc.entries });
      this.notice(`${why} (${nameSome(reading.dropped)}), left out; the rest was kept`, keptAt, 'salvaged');
    }
    return reading.doc;
  }

  private notice(what: string, keptAt: string | undefined, why: KeptAside['what']): void {
    const where = keptAt ? `The old file was kept at ${keptAt}.` : 'The old file could not be moved aside.';
    this.onNotice?.({
      level: 'warning',
      source: DOC_KEY,
      message: `The saved screen state (open panels, drafts) ${what}. ${where}`,
      ...(keptAt !== undefined && { keptAt }),
      ...keptAsideCode({ what: why }, DOC_KEY, keptAt),
    });
  }
}
