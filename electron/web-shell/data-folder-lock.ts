import fs from 'node:fs';
import { hostname } from 'node:os';
import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { createLogger, type Logger } from '../core/logger';

/** proper-lockfile's lock: a folder made with mkdir (atomic), its mtime refreshed while held. */
export const LOCK_DIR_NAME = 'browser-shell.lock';
/** Who holds the lock (`{pid, host}`), for the message a second shell prints. Not part of the lock. */
export const LOCK_OWNER_FILE_NAME = 'browser-shell.owner.json';
/** node:fs for proper-lockfile, with its lock folder made owner-only like the rest of the data folder. */
const lockFs = {
  ...fs,
  mkdir: (dir: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
    fs.mkdir(dir, { mode: 0o700 }, callback),
};

/** A lock not refreshed for this long belongs to a shell that is gone (killed, crashed, powered off). */
export const DEFAULT_LOCK_STALE_MS = 20_000;

export interface LockOwner {
  pid: number;
  host: string;
}

/** Another browser shell holds the data folder. The CLI prints the message and exits 3. */
export class DataFolderBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | undefined,
    staleMs: number,
  ) {
    const who = !owner
      ? ''
      : owner.host === hostname()
        ? ` (pid ${owner.pid})`
        : ` (pid ${owner.pid} on ${owner.host})`;
    super(
      `Another browser shell is already using the data folder ${dir}${who}. Close it first, or pass --data-dir. ` +
        `(If that shell was killed, its lock is taken over ${Math.round(staleMs / 1000)} s after it stopped.)`,
    );
    this.name = 'DataFolderBusyError';
  }
}

export interface DataFolderLockOptions {
  /** Default DEFAULT_LOCK_STALE_MS; proper-lockfile takes no less than 2 s. */
  staleMs?: number;
  /** Where a lost lock is reported; default `[web-shell:lock]` on stderr. */
  log?: Logger;
}

/**
 * Hold the data folder for this process: one browser shell per data folder.
 *
 * The folder must exist. The lock is `<dir>/browser-shell.lock` (proper-lockfile: mkdir is atomic,
 * also on network file systems, and the holder refreshes its mtime every few seconds), so a second
 * shell, in this process or another, gets DataFolderBusyError before it writes anything. A lock
 * whose holder is gone goes stale after `staleMs` and is taken over; one left by a clean exit, a
 * signal or an uncaught error is removed at exit by proper-lockfile itself. Resolves to the
 * release function, which removes the lock folder and the owner file: the data folder is then as
 * it was.
 */
export async function lockDataFolder(
  dir: string,
  options: DataFolderLockOptions = {},
): Promise<() => Promise<void>> {
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const log = options.log ?? createLogger('web-shell:lock');
  const real = await realpath(dir);
  const ownerFile = path.join(real, LOCK_OWNER_FILE_NAME);
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lock(real, {
      realpath: false,
      lockfilePath: path.join(real, LOCK_DIR_NAME),
      stale: staleMs,
      update: Math.min(5_000, staleMs / 4),
      retries: 0,
      fs: lockFs,
      // The default throws from a timer, which would end a wall that is showing fine. Say it instead.
      onCompromised: (error) =>
        log.error(
          `lost the lock on the data folder ${dir} (${error.message}): another browser shell may now start on it; restart this one`,
        ),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataFolderBusyError(dir, await readOwner(ownerFile), staleMs);
    throw error;
  }

  const me: LockOwner = { pid: process.pid, host: hostname() };
  await writeFile(ownerFile, `${JSON.stringify(me)}\n`, { mode: 0o600 }).catch((error: unknown) =>
    log.warn(`cannot write ${ownerFile}: ${(error as Error).message}`),
  );
  let released: Promise<void> | undefined;
  return () => {
    released ??= (async () => {
      // A lock lost and taken over meanwhile has another owner: its file stays.
      const owner = await readOwner(ownerFile);
      if (owner?.pid === me.pid && owner.host === me.host) await rm(ownerFile, { force: true });
      await releaseLock().catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ERELEASED') throw error;
      });
    })();
    return released;
  };
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(value.pid) && typeof value.host === 'string'
      ? { pid: value.pid!, host: value.host }
      : undefined;
  } catch {
    return undefined;
  }
}
