import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import { AesFileCipher } from '../../../electron/web-shell/adapters/aes-file-cipher';
import {
  openDataFolder,
  type DataFolder,
  type DataFolderOptions,
} from '../../../electron/web-shell/data-folder';
import {
  DataFolderBusyError,
  LOCK_DIR_NAME,
  LOCK_OWNER_FILE_NAME,
} from '../../../electron/web-shell/data-folder-lock';
import { KEY_LOCATION_FILE_NAME, LEGACY_KEY_FILE_NAME } from '../../../electron/web-shell/data-key';
import { MemoryKeyring } from './memory-keyring';

const posix = process.platform !== 'win32';
const SECRET = 'CANARY-folder-secret-91c4';

let root: string;
let dataDir: string;
let keyDir: string;
let logs: string[];
const opened: DataFolder[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'data-folder-'));
  dataDir = path.join(root, 'config', 'web');
  keyDir = path.join(root, 'state', 'keys');
  logs = [];
});
afterEach(async () => {
  for (const folder of opened.splice(0)) await folder.release();
  await rm(root, { recursive: true, force: true });
});

async function open(options: DataFolderOptions = {}): Promise<DataFolder> {
  const folder = await openDataFolder(dataDir, {
    log: createLogger('web-shell', { sink: (line) => logs.push(line), level: 'debug' }),
    keyDir,
    keyring: null,
    ...options,
  });
  opened.push(folder);
  return folder;
}

/** Every file under dir with its bytes, to see that nothing changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, file)] = (await readFile(file)).toString('base64');
    }
  return out;
}

async function location(): Promise<{ id: string; store: string }> {
  return JSON.parse(await readFile(path.join(dataDir, KEY_LOCATION_FILE_NAME), 'utf8')) as {
    id: string;
    store: string;
  };
}

describe('openDataFolder: where the key lives', () => {
  it('keeps the key in the OS keyring when one answers (tier strong), nothing of it in the data folder', async () => {
    const keyring = new MemoryKeyring();
    const folder = await open({ keyring: keyring.open });
    expect(await folder.cipher.tier()).toBe('strong');
    expect(await folder.cipher.describe()).toBe(
      'AES-256-GCM with a random key in the OS keyring (Secret Service)',
    );
    const sealed = await folder.cipher.encrypt(SECRET);

    const { id, store } = await location();
    expect(store).toBe('keyring');
    const stored = keyring.entries.get(`control-room-wall/web-shell:${id}`);
    expect(Buffer.from(stored!, 'base64').length).toBe(32);
    for (const [file, bytes] of Object.entries(await snapshot(dataDir)))
      expect(Buffer.from(bytes, 'base64').includes(Buffer.from(stored!, 'base64')), file).toBe(false);
    await expect(stat(keyDir)).rejects.toThrow(/ENOENT/);

    // The next run finds the same key in the keyring.
    await folder.release();
    const again = await open({ keyring: keyring.open });
    expect(await again.cipher.decrypt(sealed)).toBe(SECRET);
  });

  it('falls back to an owner-only key file outside the data folder when the keyring fails (tier file)', async () => {
    const folder = await open({ keyring: MemoryKeyring.unavailable().open });
    expect(await folder.cipher.tier()).toBe('file');
    const { id, store } = await location();
    expect(store).toBe('file');
    const keyFile = path.join(keyDir, `${id}.key`);
    expect(await folder.cipher.describe()).toBe(
      `AES-256-GCM with a random key in a key file on this disk (${keyFile}, owner-only 0600, outside the data folder)`,
    );
    expect(path.relative(dataDir, keyFile).startsWith('..')).toBe(true);
    expect((await readFile(keyFile)).length).toBe(32);
    if (posix) {
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      expect((await stat(keyDir)).mode & 0o777).toBe(0o700);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    }
    expect(logs.join('\n')).toContain('no OS keyring answered');
    const sealed = await folder.cipher.encrypt(SECRET);

    // Later runs read the key file; they do not ask the keyring again.
    await folder.release();
    const keyring = new MemoryKeyring();
    const again = await open({ keyring: keyring.open });
    expect(await again.cipher.tier()).toBe('file');
    expect(await again.cipher.decrypt(sealed)).toBe(SECRET);
    expect(keyring.calls).toEqual([]);
  });

  it('finds its key after the data folder is moved', async () => {
    const folder = await open();
    const sealed = await folder.cipher.encrypt(SECRET);
    await folder.release();
    const moved = path.join(root, 'elsewhere');
    await rename(dataDir, moved);
    dataDir = moved;
    expect(await (await open()).cipher.decrypt(sealed)).toBe(SECRET);
  });

  it('does not make a second key when the keyring holding the key does not answer: unavailable, with why', async () => {
    const keyring = new MemoryKeyring();
    const first = await open({ keyring: keyring.open });
    await first.release();
    keyring.failure = new Error('Platform failure: DBus error: the keyring is locked');
    const folder = await open({ keyring: keyring.open });
    expect(await folder.cipher.tier()).toBe('unavailable');
    expect(await folder.cipher.describe()).toMatch(
      /unavailable: the key is in the OS keyring.*does not answer.*locked/,
    );
    await expect(folder.cipher.encrypt('x')).rejects.toThrow();
    await expect(stat(keyDir)).rejects.toThrow(/ENOENT/); // no key file made instead
    expect(logs.join('\n')).toContain('secret storage is unavailable');
  });

  it('refuses to keep a key file inside the data folder', async () => {
    keyDir = path.join(dataDir, 'keys');
    const folder = await open({ keyring: MemoryKeyring.unavailable().open });
    expect(await folder.cipher.tier()).toBe('unavailable');
    expect(await folder.cipher.describe()).toContain('is inside the data folder');
    await expect(stat(keyDir)).rejects.toThrow(/ENOENT/);
  });
});

describe('openDataFolder: the old key file inside the data folder', () => {
  async function legacyFolder(): Promise<Uint8Array> {
    // What the first browser shell left: secrets.key in the data folder, secrets sealed with it.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const old = new AesFileCipher(path.join(dataDir, LEGACY_KEY_FILE_NAME));
    return old.encrypt(SECRET);
  }

  it('moves it to a key file outside the folder, removes it, and the secret sealed before stays readable', async () => {
    const sealed = await legacyFolder();
    const oldKey = await readFile(path.join(dataDir, LEGACY_KEY_FILE_NAME));
    const folder = await open({ keyring: MemoryKeyring.unavailable().open });
    expect(await folder.cipher.tier()).toBe('file');
    expect(await folder.cipher.decrypt(sealed)).toBe(SECRET);
    await expect(stat(path.join(dataDir, LEGACY_KEY_FILE_NAME))).rejects.toThrow(/ENOENT/);
    const { id } = await location();
    expect((await readFile(path.join(keyDir, `${id}.key`))).equals(oldKey)).toBe(true);
    expect(logs.join('\n')).toContain(`moved the key from ${path.join(dataDir, LEGACY_KEY_FILE_NAME)}`);

    await folder.release();
    expect(await (await open()).cipher.decrypt(sealed)).toBe(SECRET);
  });

  it('moves it into the keyring when one answers', async () => {
    const sealed = await legacyFolder();
    const keyring = new MemoryKeyring();
    const folder = await open({ keyring: keyring.open });
    expect(await folder.cipher.tier()).toBe('strong');
    expect(await folder.cipher.decrypt(sealed)).toBe(SECRET);
    expect(await readdir(dataDir)).not.toContain(LEGACY_KEY_FILE_NAME);
    expect(keyring.entries.size).toBe(1);
  });

  it('finishes a move that stopped after the key was stored elsewhere', async () => {
    const sealed = await legacyFolder();
    const legacy = await readFile(path.join(dataDir, LEGACY_KEY_FILE_NAME));
    const first = await open();
    await first.release();
    // As if the old file's removal had not happened (a crash at that moment).
    await writeFile(path.join(dataDir, LEGACY_KEY_FILE_NAME), legacy, { mode: 0o600 });
    const folder = await open();
    expect(await folder.cipher.decrypt(sealed)).toBe(SECRET);
    await expect(stat(path.join(dataDir, LEGACY_KEY_FILE_NAME))).rejects.toThrow(/ENOENT/);
  });

  it('keeps an old key file that differs from the folder key, and still reads what it sealed', async () => {
    const first = await open();
    const sealedNew = await first.cipher.encrypt('new secret');
    await first.release();
    // An older version of the shell ran on the folder meanwhile and made its own key file.
    const sealedOld = await new AesFileCipher(path.join(dataDir, LEGACY_KEY_FILE_NAME)).encrypt(SECRET);
    const folder = await open();
    expect(await folder.cipher.decrypt(sealedOld)).toBe(SECRET);
    expect(await folder.cipher.decrypt(sealedNew)).toBe('new secret');
    expect(await readdir(dataDir)).toContain(LEGACY_KEY_FILE_NAME);
    expect(logs.join('\n')).toContain('differs from the folder');
  });

  it('leaves a damaged old key file alone and stores nothing (unavailable)', async () => {
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, LEGACY_KEY_FILE_NAME), 'short');
    const folder = await open();
    expect(await folder.cipher.tier()).toBe('unavailable');
    expect(await folder.cipher.describe()).toContain('holds 5 bytes');
    expect(await readFile(path.join(dataDir, LEGACY_KEY_FILE_NAME), 'utf8')).toBe('short');
  });
});

describe('openDataFolder: one browser shell per data folder', () => {
  it('refuses a second opening with a plain message and changes nothing; the first keeps working', async () => {
    const first = await open();
    const sealed = await first.cipher.encrypt(SECRET);
    if (posix) {
      // Held: the lock folder and the owner file, owner-only like everything in the data folder.
      expect((await stat(path.join(dataDir, LOCK_DIR_NAME))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, LOCK_OWNER_FILE_NAME))).mode & 0o777).toBe(0o600);
    }
    const before = await snapshot(dataDir);
    const keysBefore = await snapshot(keyDir);

    const second = open().catch((e: unknown) => e);
    const error = await second;
    expect(error).toBeInstanceOf(DataFolderBusyError);
    expect((error as Error).message).toBe(
      `Another browser shell is already using the data folder ${path.resolve(dataDir)} (pid ${process.pid}). ` +
        'Close it first, or pass --data-dir. (If that shell is gone, its lock is taken over at once when it ran ' +
        'on this machine, else 20 s after it stopped.)',
    );
    expect(await snapshot(dataDir)).toEqual(before);
    expect(await snapshot(keyDir)).toEqual(keysBefore);
    expect(await first.cipher.decrypt(sealed)).toBe(SECRET);
    expect(await first.cipher.decrypt(await first.cipher.encrypt('more'))).toBe('more');

    // Released, the folder opens again, with the same key, and no lock is left behind.
    await first.release();
    expect(await readdir(dataDir)).not.toContain(LOCK_DIR_NAME);
    expect(await readdir(dataDir)).not.toContain(LOCK_OWNER_FILE_NAME);
    const third = await open();
    expect(await third.cipher.decrypt(sealed)).toBe(SECRET);
  });

  it('takes over the lock of a shell that is gone once it is stale', async () => {
    await mkdir(path.join(dataDir, LOCK_DIR_NAME), { recursive: true });
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(path.join(dataDir, LOCK_DIR_NAME), longAgo, longAgo);
    const folder = await open();
    expect(await folder.cipher.tier()).toBe('file');
  });

  it('a fresh lock of another process holds, even without its owner file', async () => {
    await mkdir(path.join(dataDir, LOCK_DIR_NAME), { recursive: true });
    const error = await open().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderBusyError);
    expect((error as Error).message).toContain(
      `using the data folder ${path.resolve(dataDir)}. Close it first`,
    );
  });
});

describe('openDataFolder: discard (a refused provisioning file)', () => {
  it('removes a data folder it made, and the key it made', async () => {
    const folder = await open();
    await folder.discard();
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
    expect(await readdir(keyDir)).toEqual([]);
  });

  it('leaves an existing folder as it was: no key location, lock or key file; an old key file comes back', async () => {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(dataDir, 'settings.json'), '{"version":1}\n');
    await writeFile(path.join(dataDir, LEGACY_KEY_FILE_NAME), randomBytes(32), { mode: 0o600 });
    const before = await snapshot(dataDir);
    const keyring = new MemoryKeyring();
    const folder = await open({ keyring: keyring.open });
    expect(await readdir(dataDir)).not.toContain(LEGACY_KEY_FILE_NAME);
    await folder.discard();
    expect(await snapshot(dataDir)).toEqual(before);
    expect(keyring.entries.size).toBe(0);
    if (posix) expect((await stat(path.join(dataDir, LEGACY_KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    // And the folder can be opened again.
    await open();
  });
});
