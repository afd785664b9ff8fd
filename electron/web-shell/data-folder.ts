import { access, mkdir, readdir, realpath, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { createLogger, type Logger } from '../core/logger';
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
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let release: () => Promise<void>;
  try {
    release = await lockDataFolder(dir, { log, staleMs: options.lockStaleMs });
  } catch (error) {
    if (created) await rmdir(dir).catch(() => undefined);
    throw error;
  }

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
