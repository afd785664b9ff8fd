import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import {
  OperatorLogEntrySchema,
  type OperatorEventInput,
  type OperatorEventWords,
  type OperatorLogEntry,
  type OperatorLogFilter,
  type OperatorLogPage,
} from '../shared/contract/operator-log';
import { writeFileAtomically } from './atomic-write';
import { checkWritable } from './folder-write-gate';
import { storageFailure } from './storage-failure';
import { formatLocalTime } from '../shared/local-time';
import type { Logger } from './logger';
import { redactor } from './redact';

/** Entries kept; the oldest are dropped first. */
const OPERATOR_LOG_CAPACITY = 10_000;
export const OPERATOR_LOG_FILE = 'operator-log.jsonl';

/** `<data folder>/operator-log`: where both shells keep the operator log. */
export function operatorLogDir(dataDir: string): string {
  return path.join(dataDir, 'operator-log');
}
const DEFAULT_PAGE = 200;

export interface OperatorLogOptions {
  /** The folder of its file (`<data folder>/operator-log`); absent: kept in memory only (tests). */
  dir?: string;
  /** Entries kept (default 10,000). */
  capacity?: number;
  log?: Logger;
}

/**
 * The operator log: what happened on the wall (tiles stale, failed, recovered, assigned, cleared;
 * tour switches; decode-rate changes), with time, device and reason, kept across restarts.
 *
 * On disk it is one append-only JSON-lines file, `<dir>/operator-log.jsonl`: each `append` writes its
 * entries as lines and flushes them to the disk (fsync) before it answers, so what it confirms
 * survives a crash or a power cut, and a crash loses only what the renderer had not sent yet (it
 * sends every half second). Bounded: the newest `capacity` entries are kept; once the file holds
 * twice that many lines it is rewritten with the kept ones (a temporary file renamed over it, so a
 * crash mid-rewrite leaves the old file or the new one). A line that cannot be read (the half line a
 * power cut left) is skipped at start. An append the disk does not take (full, read-only, a data
 * folder this shell no longer holds) is not kept at all: the file is cut back to where it was, the
 * entries leave memory too, and `append` throws a CoreError of kind 'storage' saying why (reported
 * once in the app's log as well), so the caller can send them again.
 *
 * Every text passes the redactor, the query of any URL in it is taken out, and control characters
 * other than line breaks and tabs are dropped, so neither the panel nor the CSV can carry a secret.
 */
export class OperatorLog {
  readonly capacity: number;
  private readonly file: string | undefined;
  private readonly log: Logger | undefined;
  /** Oldest first, ids increasing. */
  private entries: OperatorLogEntry[] = [];
  private nextId = 1;
  private fileLines = 0;
  /** The file lacks entries the memory has (a failed write): rewrite it whole next time. */
  private stale = false;
  private failing = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(options: OperatorLogOptions = {}) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? OPERATOR_LOG_CAPACITY));
    this.file = options.dir ? path.join(options.dir, OPERATOR_LOG_FILE) : undefined;
    this.log = options.log;
  }

  /** Where it is kept; undefined when in memory only. */
  get path(): string | undefined {
    return this.file;
  }

  /** Read what the file holds (the newest `capacity` entries). A missing file is an empty log. */
  async open(): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log?.warn(`the operator log could not be read (${describe(error)}); it starts empty`);
      return;
    }
    const read: OperatorLogEntry[] = [];
    let skipped = 0;
    let lines = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      lines += 1;
      const entry = parseLine(line);
      if (entry) read.push(entry);
      else skipped += 1;
    }
    read.sort((a, b) => a.id - b.id);
    this.entries = read.slice(-this.capacity);
    this.nextId = (read.at(-1)?.id ?? 0) + 1;
    this.fileLines = lines;
    if (skipped > 0) {
      this.log?.warn(`the operator log skipped ${skipped} unreadable line(s) of ${this.file}`);
      this.stale = true;
    }
  }

  /** Keep these events (cleaned), numbered in order; resolves once they are on disk, throws when they are not. */
  async append(events: readonly OperatorEventInput[]): Promise<OperatorLogEntry[]> {
    const added = events.map((event) => this.entryOf(event));
    if (added.length === 0) return added;
    this.entries.push(...added);
    if (this.entries.length > this.capacity) this.entries = this.entries.slice(-this.capacity);
    const write = this.writing.then(() => this.persist(added));
    this.writing = write.catch(() => undefined);
    await write;
    return added;
  }

  /** The newest entries matching the filter, a page at a time (newest first). */
  list(input: OperatorLogFilter & { beforeId?: number; limit?: number } = {}): OperatorLogPage {
    const match = matcher(input);
    const limit = input.limit ?? DEFAULT_PAGE;
    const page: OperatorLogEntry[] = [];
    let total = 0;
    let more = false;
    // Newest first: once the page is full, any further match is older than its last entry.
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const entry = this.entries[i];
      if (!match(entry)) continue;
      total += 1;
      if (input.beforeId !== undefined && entry.id >= input.beforeId) continue;
      if (page.length < limit) page.push(entry);
      else if (page.length > 0) more = true;
    }
    return { entries: page, total, more, capacity: this.capacity };
  }

  /** Every entry matching the filter as RFC 4180 CSV (oldest first), with a file name for it. */
  csv(filter: OperatorLogFilter = {}, now = Date.now()): { csv: string; rows: number; fileName: string } {
    const match = matcher(filter);
    const rows = this.entries.filter(match);
    return { csv: operatorLogCsv(rows), rows: rows.length, fileName: csvFileName(now) };
  }

  /** Resolves once every append so far is on disk (or failed). */
  async flush(): Promise<void> {
    await this.writing;
  }

  private entryOf(event: OperatorEventInput): OperatorLogEntry {
    return {
      id: this.nextId++,
      at: event.at,
      kind: event.kind,
      deviceKey: cleanText(event.deviceKey, false),
      deviceName: cleanText(event.deviceName, false),
      reason: cleanText(event.reason, true),
      ...(event.words ? { words: cleanWords(event.words) } : {}),
    };
  }

  private async persist(added: OperatorLogEntry[]): Promise<void> {
    if (!this.file) return;
    try {
      await checkWritable(this.file);
      if (this.stale || this.fileLines + added.length >= 2 * this.capacity)
        await this.rewrite(added[added.length - 1].id);
      else await this.appendLines(this.file, added);
      if (this.failing) {
        this.failing = false;
        this.log?.info(`the operator log is written again (${this.file})`);
      }
    } catch (error) {
      // Not kept, so not confirmed: out of memory too, or a later rewrite would keep them after all.
      const lost = new Set(added.map((e) => e.id));
      this.entries = this.entries.filter((e) => !lost.has(e.id));
      if (!this.failing) {
        this.failing = true;
        this.log?.warn(
          `the operator log could not be written (${describe(error)}); appends are refused until it can`,
        );
      }
      throw storageFailure(error, `The operator log could not be saved (${this.file})`);
    }
  }

  /** Append and flush; on failure the file is cut back to its old end, so no part of them stays. */
  private async appendLines(file: string, added: OperatorLogEntry[]): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, 'a', 0o600);
    let end: number | undefined;
    try {
      end = (await handle.stat()).size;
      await handle.writeFile(added.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
      await handle.sync();
    } catch (error) {
      // Cutting back frees what was written; if even that fails, the next append rewrites the file whole.
      if (end !== undefined) await handle.truncate(end).catch(() => (this.stale = true));
      else this.stale = true;
      throw error;
    } finally {
      await handle.close();
    }
    this.fileLines += added.length;
  }

  /** The kept entries as the whole file: a temporary file renamed over it. */
  private async rewrite(upTo: number): Promise<void> {
    // Entries of appends still waiting are theirs to write: written here too, they would be there twice.
    const kept = this.entries.filter((e) => e.id <= upTo);
    await writeFileAtomically(this.file as string, kept.map((e) => `${JSON.stringify(e)}\n`).join(''), {
      makeFolder: true,
    });
    this.fileLines = kept.length;
    this.stale = false;
  }
}

/** The columns of the CSV export, in order. */
const CSV_COLUMNS = ['time', 'time (UTC)', 'event', 'device', 'device key', 'reason'] as const;

/**
 * Entries as RFC 4180 CSV: a header row, CRLF between records, fields with a comma, a quote or a
 * line break quoted (quotes doubled). A field a spreadsheet would read as a formula (starting with
 * `=`, `+`, `-`, `@`) gets a leading `'`, so a device name cannot run in the operator's spreadsheet.
 */
function operatorLogCsv(entries: readonly OperatorLogEntry[]): string {
  return stringify(
    entries.map((e) => [
      formatLocalTime(e.at),
      new Date(e.at).toISOString(),
      e.kind,
      e.deviceName ?? '',
      e.deviceKey ?? '',
      e.reason ?? '',
    ]),
    {
      header: true,
      columns: [...CSV_COLUMNS],
      record_delimiter: 'windows',
      // csv-stringify quotes a field holding the record delimiter (CRLF), not one holding a bare LF
      // or CR; RFC 4180 wants every line break inside a field quoted.
      quoted_match: /[\r\n]/,
      escape_formulas: true,
    },
  );
}

/** `operator-log-2026-11-24-2018.csv` (this computer's time). */
function csvFileName(now: number): string {
  const stamp = formatLocalTime(now)
    .replace(' ', '-')
    .replace(/:\d\d$/, '')
    .replace(':', '');
  return `operator-log-${stamp}.csv`;
}

function matcher(filter: OperatorLogFilter): (entry: OperatorLogEntry) => boolean {
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  const device = filter.device?.trim().toLowerCase() || null;
  const { from, to } = filter;
  return (e) =>
    (kinds === null || kinds.has(e.kind)) &&
    (from === undefined || e.at >= from) &&
    (to === undefined || e.at <= to) &&
    (device === null ||
      (e.deviceName?.toLowerCase().includes(device) ?? false) ||
      (e.deviceKey?.toLowerCase().includes(device) ?? false));
}

/** `scheme://host/path?query#hash` → `scheme://host/path`: a URL's query may carry a secret. */
const URL_QUERY = /\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Redacted, URL queries out, no control characters (line breaks only in a reason); empty → null. */
function cleanText(text: string | undefined, multiline: boolean): string | null {
  if (text === undefined) return null;
  let clean = redactor.redact(text).replace(URL_QUERY, '$1').replace(/\r\n?/g, '\n').replace(CONTROL, '');
  if (!multiline) clean = clean.replace(/[\n\t]+/g, ' ');
  clean = clean.trim();
  return clean === '' ? null : clean;
}

/** The structured words with their free text cleaned as a reason is (a detail may quote a URL). */
function cleanWords(words: OperatorEventWords): OperatorEventWords {
  const clean = (value: string) => cleanText(value, false) ?? '';
  switch (words.kind) {
    case 'tile-trouble': {
      const detail = words.failure.detail === undefined ? null : cleanText(words.failure.detail, false);
      return { kind: words.kind, failure: { reason: words.failure.reason, ...(detail ? { detail } : {}) } };
    }
    case 'tour-page':
    case 'tour-started':
      return { ...words, tour: clean(words.tour), view: words.view === null ? null : clean(words.view) };
    case 'tour-stopped':
      return { ...words, tour: clean(words.tour), ...(words.why ? { why: clean(words.why) } : {}) };
    case 'put-on':
    case 'taken-off':
    case 'tile-changed': {
      const view = words.view && { ...words.view, name: clean(words.view.name) };
      if (words.kind !== 'tile-changed') return { ...words, view };
      const pair = <T extends string | null>(p: { from: T; to: T }) => ({
        from: (p.from === null ? null : clean(p.from)) as T,
        to: (p.to === null ? null : clean(p.to)) as T,
      });
      return {
        ...words,
        view,
        ...(words.channel ? { channel: pair(words.channel) } : {}),
        ...(words.caption ? { caption: pair(words.caption) } : {}),
      };
    }
    default:
      return words;
  }
}

function parseLine(line: string): OperatorLogEntry | null {
  try {
    const parsed = OperatorLogEntrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code ?? (error instanceof Error ? error.message : String(error));
}
