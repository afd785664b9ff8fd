import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { hostname } from 'node:os';
import { readFile, realpath, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { FolderLostError, holdFolder } from '../core/folder-write-gate';
import { createLogger, type Logger } from '../core/logger';

/** proper-lockfile's lock: a folder made with mkdir (atomic), its mtime refreshed while held. */
export const LOCK_DIR_NAME = 'browser-shell.lock';
/**
 * Who holds the lock (`{pid, host, ino, token}`): for the message a second shell prints, for taking
 * over at once the lock of a process that is gone, and for the holder to see that the lock is still
 * its own before each write. `ino` is the lock folder's inode, so a stale owner file never speaks for
 * a newer lock.
 */
export const LOCK_OWNER_FILE_NAME = 'browser-shell.owner.json';
/**
 * node:fs for proper-lockfile, with its lock folder made owner-only like the rest of the data folder,
 * and its removal of the lock folder (at release, and at exit for a lock not released) skipped when
 * `mayRemove` says the folder is not this holder's any more: a shell that lost the lock must not
 * remove the lock of the shell that took it.
 */
function lockFs(mayRemove: () => boolean) {
  return {
    ...fs,
    mkdir: (dir: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
      fs.mkdir(dir, { mode: 0o700 }, callback),
    rmdir: (dir: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
      mayRemove() ? fs.rmdir(dir, callback) : callback(null),
    rmdirSync: (dir: string) => {
      if (mayRemove()) fs.rmdirSync(dir);
    },
  };
}

/** A lock not refreshed for this long belongs to a shell that is gone (killed, crashed, powered off). */
const DEFAULT_LOCK_STALE_MS = 20_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** The lock folder's inode (as text: it may pass 2^53) when this owner took it; absent from older versions. */
  ino?: string;
  /** Random per taking: the holder's proof that the owner file is still its own. */
  token?: string;
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
        `(If that shell is gone, its lock is taken over at once when it ran on this machine, else ${Math.round(staleMs / 1000)} s after it stopped.)`,
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

export interface DataFolderLock {
  /** Let the folder go: the lock folder and the owner file are removed (unless another shell took them). */
  release(): Promise<void>;
  /**
   * Told once, with a message for the user, when the lock is lost (this process was paused or the
   * disk stalled past the stale time and another shell took the folder). Writes are refused from then.
   */
  onLost(listener: (lost: FolderLostError) => void): () => void;
}

/**
 * Hold the data folder for this process: one browser shell per data folder.
 *
 * The folder must exist. The lock is `<dir>/browser-shell.lock` (proper-lockfile: mkdir is atomic,
 * also on network file systems, and the holder refreshes its mtime every few seconds), so a second
 * shell, in this process or another, gets DataFolderBusyError before it writes anything.
 *
 * A lock whose holder is gone is taken over: at once when its owner file names a process of this
 * machine that no longer runs (a kill -9, a crash), else once it is `staleMs` old (a holder on
 * another machine, or one that left no owner file). One left by a clean exit, a signal or an
 * uncaught error is removed at exit by proper-lockfile itself.
 *
 * A holder that loses the lock (paused past the stale time, and another shell took the folder)
 * writes nothing more there: every write of the app's files into the folder asks the folder's gate
 * first (folder-write-gate.ts), which checks the lock is still this one and refuses with a
 * FolderLostError once it is not; the loss is logged and told to `onLost` listeners.
 */
export async function lockDataFolder(
  dir: string,
  options: DataFolderLockOptions = {},
): Promise<DataFolderLock> {
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const log = options.log ?? createLogger('web-shell:lock');
  const real = await realpath(dir);
  const ownerFile = path.join(real, LOCK_OWNER_FILE_NAME);
  const lockDir = path.join(real, LOCK_DIR_NAME);
  let lost: FolderLostError | undefined;
  const held: { by?: LockOwner } = {};
  // Before this shell holds it, a removal is proper-lockfile taking over a stale lock: let it.
  const mayRemove = () => !held.by || (!lost && inodeOfSync(lockDir) === held.by.ino);
  const listeners = new Set<(lost: FolderLostError) => void>();
  const loseLock = (why: string) => {
    if (lost) return lost;
    lost = new FolderLostError(dir, why);
    log.error(
      `lost the lock on the data folder ${dir} (${why}): this shell saves nothing more there; close it`,
    );
    for (const listener of listeners) listener(lost);
    return lost;
  };
  const take = () =>
    lock(real, {
      realpath: false,
      lockfilePath: lockDir,
      stale: staleMs,
      update: Math.min(5_000, staleMs / 4),
      retries: 0,
      fs: lockFs(mayRemove),
      // The default throws from a timer, which would end a wall that is showing fine. Stop writing instead.
      onCompromised: (error) => void loseLock(error.message),
    });

  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = await readOwner(ownerFile);
    if (!(await takeFromTheDead(lockDir, owner))) throw new DataFolderBusyError(dir, owner, staleMs);
    try {
      releaseLock = await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataFolderBusyError(dir, await readOwner(ownerFile), staleMs);
      throw again;
    }
    log.info(`took over the lock on ${dir} from pid ${owner?.pid}, which no longer runs`);
  }

  const mine: LockOwner = {
    pid: process.pid,
    host: hostname(),
    ino: await inodeOf(lockDir),
    token: randomBytes(12).toString('hex'),
  };
  held.by = mine;
  await writeFile(ownerFile, `${JSON.stringify(mine)}\n`, { mode: 0o600 }).catch((error: unknown) =>
    log.warn(`cannot write ${ownerFile}: ${(error as Error).message}`),
  );

  // Before each write: still the same lock folder, and the owner file still ours.
  const gate = async () => {
    if (lost) throw lost;
    const now = await inodeOf(lockDir).catch(() => undefined);
    if (now !== mine.ino) throw loseLock('its lock folder was removed or replaced');
    const owner = await readOwner(ownerFile);
    if (owner && owner.token !== mine.token)
      throw loseLock(`pid ${owner.pid}${owner.host === mine.host ? '' : ` on ${owner.host}`} holds it now`);
  };
  const unhold = holdFolder([dir, real], gate);

  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        unhold();
        // A lock lost and taken over meanwhile has another owner: its file stays.
        const owner = await readOwner(ownerFile);
        if (owner?.token === mine.token) await rm(ownerFile, { force: true });
        await releaseLock().catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ERELEASED') throw error;
        });
      })();
      return released;
    },
    onLost(listener) {
      listeners.add(listener);
      if (lost) listener(lost);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Remove the lock of a process of this machine that no longer runs; true when it was removed.
 *
 * Renamed away first (atomic), and put back if what was renamed turns out not to be the dead
 * process's lock folder (another shell took it in between): two shells starting at once after a
 * kill never both hold the folder.
 */
async function takeFromTheDead(lockDir: string, owner: LockOwner | undefined): Promise<boolean> {
  if (!owner || owner.host !== hostname() || owner.pid === process.pid || isRunning(owner.pid)) return false;
  const held = await inodeOf(lockDir).catch(() => undefined);
  if (held === undefined) return true; // gone meanwhile: try to take it
  if (owner.ino !== undefined && held !== owner.ino) return false; // the owner file is older than the lock
  const aside = `${lockDir}.dead-${owner.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockDir, aside);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  if ((await inodeOf(aside)) !== held) {
    await rename(aside, lockDir).catch(() => undefined);
    return false;
  }
  await rmdir(aside).catch(() => undefined);
  return true;
}

async function inodeOf(file: string): Promise<string> {
  return (await stat(file, { bigint: true })).ino.toString();
}

function inodeOfSync(file: string): string | undefined {
  try {
    return fs.statSync(file, { bigint: true }).ino.toString();
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string') return undefined;
    return {
      pid: value.pid!,
      host: value.host,
      ...(typeof value.ino === 'string' && { ino: value.ino }),
      ...(typeof value.token === 'string' && { token: value.token }),
    };
  } catch {
    return undefined;
  }
}
