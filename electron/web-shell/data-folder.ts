import { access, mkdir, readdir, realpath, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { createLogger, type Logger } from '../core/logger';
import { cleanDataFolderLeftovers } from '../core/orphan-temp-files';
import { errorCode } from '../core/storage-failure';
import type { FolderLostError } from '../core/folder-write-gate';
import type { SecretCipher } from '../core/ports';
import { AesGcmCipher } from './adapters/aes-gcm-cipher';
import { KeyFileStore } from './adapters/key-file-store';
import { KeyringKeyStore, openOsKeyringEntry, type OpenKeyringEntry } from './adapters/keyring-key-store';
import { lockDataFolder, LOCK_DIR_NAME, LOCK_OWNER_FILE_NAME } from './data-folder-lock';
import { findDataKey, type DataKeyStores } from './data-key';
import { defaultKeyDir } from './default-key-dir';

export interface DataFolderOptions {
  /** Scoped logger; default `[web-shell]` on stderr. */
  log?: Logger;
  /**
   * Opens an OS keyring entry; default the real keyring (`@napi-rs/keyring`). null: no keyring,
   * key files only. Tests pass an in-memory fake.
   */
  keyring?: OpenKeyringEntry | null;
  /** How long a keyring call may take before it counts as no answer; default 30 s. */
  keyringTimeoutMs?: number;
  /** Where key files go when no keyring answers; default defaultKeyDir() (never the data folder). */
  keyDir?: string;
  /** After this long without a refresh, another shell's lock is taken over; default 20 s. */
  lockStaleMs?: number;
}

export interface DataFolder {
  /** The data folder, absolute. */
  dir: string;
  /** AES-256-GCM with the folder's key; tier 'strong' (keyring), 'file' or 'unavailable'. */
  cipher: SecretCipher;
  /** Whether this opening made the folder. */
  created: boolean;
  /** Let the folder go (at close): the lock and its owner file are removed. */
  release(): Promise<void>;
  /**
   * Told once, with a message for the user, if this shell loses the folder to another one (it was
   * paused past the lock's stale time): from then every write into the folder is refused.
   */
  onLost(listener: (lost: FolderLostError) => void): () => void;
  /**
   * Undo this opening and let the folder go (a refused provisioning file): a folder it made is
   * removed; otherwise an old key file it moved comes back, and a key it made, with its location
   * file, goes. The data folder is then as it was before.
   */
  discard(): Promise<void>;
}

/**
 * Open the browser shell's data folder: take its lock first, then find its key.
 *
 * The lock (lockDataFolder) comes before anything is read or written, so a second shell on the same
 * folder throws DataFolderBusyError and changes nothing. The key is then found or made
 * (findDataKey): in the OS keyring where one answers, else in an owner-only key file outside the
 * folder; an old key file inside the folder is moved there. A missing key never stops the start:
 * the cipher's tier is then 'unavailable' and describe() says why (logged here as a warning).
 */
export async function openDataFolder(dataDir: string, options: DataFolderOptions = {}): Promise<DataFolder> {
  const log = options.log ?? createLogger('web-shell');
  const dir = path.resolve(dataDir);
  const created = !(await exists(dir));
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw unwritable(dir, await mkdirCause(dir, error));
  }
  let lock;
  try {
    lock = await lockDataFolder(dir, { log, staleMs: options.lockStaleMs });
  } catch (error) {
    if (created) await rmdir(dir).catch(() => undefined);
    throw unwritable(dir, error);
  }
  const release = () => lock.release();
  // Held now: no shell of ours writes here but this one, so a temp file left here is a kill's leftover.
  await cleanDataFolderLeftovers(dir, log);

  let key;
  try {
    const stores = await keyStores(dir, options);
    key = await findDataKey(dir, stores, log);
  } catch (error) {
    await release();
    if (created) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const cipher = new AesGcmCipher(key.state);
  if (!key.state.ok) log.warn(`secret storage is unavailable: ${key.state.reason}`);

  let discarded: Promise<void> | undefined;
  return {
    dir,
    cipher,
    created,
    release,
    onLost: (listener) => lock.onLost(listener),
    discard() {
      discarded ??= (async () => {
        await key.undo();
        if (created) await emptyExceptLock(dir);
        await release();
        // Not recursive: a shell that took the folder the moment it was let go keeps what it made.
        if (created) await rmdir(dir).catch(() => undefined);
      })();
      return discarded;
    },
  };
}

/**
 * The data folder cannot be written (a read-only file system, or this user may not write it).
 *
 * The shell does not start on it: it could hold no lock (so two shells could write one folder),
 * keep no key location, and would confirm changes it cannot keep. The CLI prints the message and
 * exits EXIT_DATA_FOLDER_UNWRITABLE (4).
 */
export class DataFolderUnwritableError extends Error {
  constructor(
    readonly dir: string,
    readonly code: string,
  ) {
    const why = code === 'EROFS' ? 'it is on a read-only file system' : 'this user may not write it';
    super(
      `The data folder ${dir} cannot be written (${why}, ${code}). The browser shell keeps its lock, ` +
        'settings, layouts and profiles there, so it does not start on it. Make the folder writable ' +
        '(remount it read-write, or fix its owner and permissions), or pass --data-dir with a writable folder.',
    );
    this.name = 'DataFolderUnwritableError';
  }
}

const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

function unwritable(dir: string, error: unknown): unknown {
  const code = errorCode(error);
  return code && UNWRITABLE.has(code) ? new DataFolderUnwritableError(dir, code) : error;
}

/**
 * Why a recursive mkdir failed: Node's answers ENOENT on a read-only file system, so make the first
 * missing folder alone to hear the real cause (EROFS, EACCES).
 */
async function mkdirCause(dir: string, error: unknown): Promise<unknown> {
  if (errorCode(error) !== 'ENOENT') return error;
  let missing = dir;
  while (path.dirname(missing) !== missing && !(await exists(path.dirname(missing))))
    missing = path.dirname(missing);
  try {
    await mkdir(missing, { mode: 0o700 });
  } catch (cause) {
    return cause;
  }
  await rmdir(missing).catch(() => undefined);
  return error;
}

async function keyStores(dir: string, options: DataFolderOptions): Promise<DataKeyStores> {
  const keyring =
    options.keyring === null
      ? undefined
      : new KeyringKeyStore(options.keyring ?? openOsKeyringEntry, { timeoutMs: options.keyringTimeoutMs });
  const keyDir = path.resolve(options.keyDir ?? defaultKeyDir());
  const inside = [dir, await realpath(dir)].some((folder) => isWithin(keyDir, folder));
  if (inside)
    return {
      keyring,
      fileRefusal: `the key folder ${keyDir} is inside the data folder; set XDG_STATE_HOME or pass another --data-dir`,
    };
  return { keyring, file: new KeyFileStore(keyDir) };
}

function isWithin(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

async function emptyExceptLock(dir: string): Promise<void> {
  for (const name of await readdir(dir))
    if (name !== LOCK_DIR_NAME && name !== LOCK_OWNER_FILE_NAME)
      await rm(path.join(dir, name), { recursive: true, force: true });
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
