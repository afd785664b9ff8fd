import { mkdirSync, openSync, closeSync, writeSync } from 'node:fs';
import { mkdir, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface RotatingLogFileOptions {
  /** The current file's name; rotated files insert a number before the extension (`wall.1.log`). */
  name?: string;
  /** A file is rotated before a write would take it past this size. */
  maxBytes?: number;
  /** Files kept, the current one included: `wall.log` and `wall.1.log` … `wall.<maxFiles-1>.log`. */
  maxFiles?: number;
  /** Lines waiting for the disk beyond this are dropped (and counted), so a stuck disk cannot eat memory. */
  maxPendingBytes?: number;
  /** After a failed open or write, the file is tried again this much later. */
  retryMs?: number;
  /** Told once per failure, in words; never throws into the logger. */
  onError?: (message: string) => void;
}

export const DEFAULT_LOG_NAME = 'wall.log';
const DEFAULT_LOG_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_LOG_MAX_FILES = 5;
const DEFAULT_MAX_PENDING_BYTES = 1024 * 1024;
const DEFAULT_RETRY_MS = 30_000;

/** `wall.log` → `wall.1.log`: the name of the `index`-th older file (0 is the current one). */
export function rotatedLogName(name: string, index: number): string {
  if (index === 0) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)}.${index}${ext}`;
}

/**
 * An append-only log file that rotates by size and keeps a fixed number of files.
 *
 * `write` only queues the line and returns: the disk is written asynchronously, one write at a time,
 * with whatever lines gathered meanwhile, so logging never waits on the disk. A file that cannot be
 * opened or written (folder gone, disk full, handle closed) is reported once and tried again later;
 * until then lines wait in memory up to a bound and are then dropped and counted, and a line saying
 * how many were lost is written once the file works again. Nothing here throws to the caller.
 */
export class RotatingLogFile {
  readonly path: string;
  private readonly name: string;
  private readonly maxBytes: number;
  private readonly maxFiles: number;
  private readonly maxPendingBytes: number;
  private readonly retryMs: number;
  private readonly onError: (message: string) => void;

  private handle: FileHandle | undefined;
  private size = 0;
  private pending: string[] = [];
  private pendingBytes = 0;
  /** Lines at the head of `pending` that an asynchronous write is carrying now. */
  private inFlight = 0;
  private dropped = 0;
  private draining: Promise<void> | undefined;
  private retryAt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failed = false;
  private prunedOld = false;
  private closed = false;
  /** Closed and flushed: nothing opens the file again. */
  private finished = false;
  private closing: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    options: RotatingLogFileOptions = {},
  ) {
    this.name = options.name ?? DEFAULT_LOG_NAME;
    this.path = path.join(dir, this.name);
    this.maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_LOG_MAX_BYTES);
    this.maxFiles = Math.max(1, Math.floor(options.maxFiles ?? DEFAULT_LOG_MAX_FILES));
    this.maxPendingBytes = options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    const onError = options.onError ?? (() => undefined);
    this.onError = (message) => {
      try {
        onError(message);
      } catch {
        // Reporting a broken log file must not break logging.
      }
    };
  }

  /** Queue one line (a newline is added). After `close` lines are ignored. */
  write(line: string): void {
    if (this.closed) return;
    this.enqueue(line.endsWith('\n') ? line : `${line}\n`);
    this.kick();
  }

  /** Resolves once every queued line is on disk, or the file is failing and waiting to be tried again. */
  async flush(): Promise<void> {
    this.noteDropped();
    this.kick();
    while (this.draining) await this.draining;
  }

  /**
   * Write what is queued now, synchronously: for the last moment of a process (`exit`, a fatal error),
   * when nothing asynchronous will run again. It does not rotate, so the file may pass its bound by the
   * lines written here.
   */
  flushSync(): void {
    this.noteDropped();
    const lines = this.pending.slice(this.inFlight);
    if (lines.length === 0) return;
    let fd: number | undefined;
    let opened = false;
    try {
      if (this.handle) fd = this.handle.fd;
      else {
        mkdirSync(this.dir, { recursive: true });
        fd = openSync(this.path, 'a', 0o600);
        opened = true;
      }
      writeSync(fd, lines.join(''));
      this.pending = this.pending.slice(0, this.inFlight);
      this.pendingBytes = this.pending.reduce((n, l) => n + Buffer.byteLength(l), 0);
    } catch {
      // The last moment of the process: nothing left to tell.
    } finally {
      if (opened && fd !== undefined) closeSync(fd);
    }
  }

  /** Flush (one more try if the file was failing), then close. Later writes are ignored. */
  close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.retryAt = 0;
      await this.flush();
      this.finished = true;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      await this.closeHandle();
    })();
    return this.closing;
  }

  private enqueue(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.pendingBytes + bytes > this.maxPendingBytes) {
      this.dropped += 1;
      return;
    }
    this.noteDropped();
    this.pending.push(text);
    this.pendingBytes += bytes;
  }

  /** Once there is room again, say how many lines were lost, in their place. */
  private noteDropped(): void {
    if (this.dropped === 0) return;
    const note = `${new Date().toISOString()} WARN  [log-file] ${this.dropped} line(s) dropped: the log file could not keep up\n`;
    const bytes = Buffer.byteLength(note);
    if (this.pendingBytes + bytes > this.maxPendingBytes) return;
    this.dropped = 0;
    this.pending.push(note);
    this.pendingBytes += bytes;
  }

  private kick(): void {
    if (this.finished || this.draining || this.pending.length === 0) return;
    const wait = this.retryAt - Date.now();
    if (wait > 0) {
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = undefined;
        this.kick();
      }, wait);
      this.retryTimer.unref?.();
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      // A line queued between the end of the loop and here would otherwise wait for the next write.
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        if (!this.handle) await this.openCurrent();
        const room = this.maxBytes - this.size;
        const first = Buffer.byteLength(this.pending[0]);
        if (first > room && this.size > 0) {
          await this.rotate();
          continue;
        }
        // At least one line (a line longer than a whole file still goes in, alone), then all that fit.
        let count = 1;
        let bytes = first;
        while (count < this.pending.length) {
          const next = Buffer.byteLength(this.pending[count]);
          if (bytes + next > room || bytes + next > 256 * 1024) break;
          bytes += next;
          count += 1;
        }
        this.inFlight = count;
        const handle = this.handle as FileHandle;
        await handle.writeFile(this.pending.slice(0, count).join(''));
        this.pending = this.pending.slice(count);
        this.pendingBytes -= bytes;
        this.inFlight = 0;
        this.size += bytes;
        if (this.failed) {
          this.failed = false;
          this.onError(`log file ${this.path} is written again`);
        }
      }
    } catch (error) {
      this.inFlight = 0;
      await this.closeHandle();
      this.retryAt = Date.now() + this.retryMs;
      if (!this.failed) {
        this.failed = true;
        this.onError(
          `log file ${this.path} failed (${describe(error)}); lines wait in memory and it is tried again in ${Math.round(this.retryMs / 1000)} s`,
        );
      }
    }
  }

  private async openCurrent(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    if (!this.prunedOld) {
      this.prunedOld = true;
      await this.pruneBeyondLimit();
    }
    this.handle = await open(this.path, 'a', 0o600);
    this.size = (await this.handle.stat()).size;
  }

  /** `wall.log` → `wall.1.log` → … ; the oldest is overwritten. Falls back to starting the file afresh. */
  private async rotate(): Promise<void> {
    await this.closeHandle();
    if (this.maxFiles === 1) {
      this.handle = await open(this.path, 'w', 0o600);
      this.size = 0;
      return;
    }
    try {
      for (let i = this.maxFiles - 1; i >= 1; i -= 1) {
        await rename(this.fileAt(i - 1), this.fileAt(i)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      this.handle = await open(this.path, 'a', 0o600);
      this.size = (await this.handle.stat()).size;
    } catch (error) {
      // Windows refuses to rename a file another program holds open: keep the bound by starting over.
      this.handle = await open(this.path, 'w', 0o600);
      const note = `${new Date().toISOString()} WARN  [log-file] could not rotate (${describe(error)}): earlier lines of this file were discarded\n`;
      await this.handle.writeFile(note);
      this.size = Buffer.byteLength(note);
    }
  }

  /** Files a larger `maxFiles` left behind (`wall.7.log` when 5 are kept now). */
  private async pruneBeyondLimit(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const entry of names) {
      const index = this.indexOf(entry);
      if (index !== undefined && index >= this.maxFiles)
        await unlink(path.join(this.dir, entry)).catch(() => undefined);
    }
  }

  private indexOf(entry: string): number | undefined {
    const ext = path.extname(this.name);
    const stem = this.name.slice(0, this.name.length - ext.length);
    if (!entry.startsWith(`${stem}.`) || !entry.endsWith(ext)) return undefined;
    const middle = entry.slice(stem.length + 1, entry.length - ext.length);
    return /^[1-9]\d*$/.test(middle) ? Number(middle) : undefined;
  }

  private fileAt(index: number): string {
    return path.join(this.dir, rotatedLogName(this.name, index));
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code ?? (error instanceof Error ? error.message : String(error));
}
