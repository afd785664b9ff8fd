import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyFileStore } from '../../../../electron/web-shell/adapters/key-file-store';

const ID = '3f2a9c1e-0b7d-4e55-9a1f-0c2d3e4f5a6b';
const posix = process.platform !== 'win32';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'key-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('KeyFileStore', () => {
  it('writes <id>.key owner-only (0600) in an owner-only (0700) folder, once, and reads it back', async () => {
    const keys = path.join(dir, 'state', 'keys');
    const store = new KeyFileStore(keys);
    const key = randomBytes(32);
    expect(await store.read(ID)).toBeUndefined();
    await store.create(ID, key);
    const file = path.join(keys, `${ID}.key`);
    expect((await readFile(file)).equals(key)).toBe(true);
    if (posix) {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(keys)).mode & 0o777).toBe(0o700);
    }
    expect((await store.read(ID))?.equals(key)).toBe(true);
    expect(store.where(ID)).toBe(
      `a key file on this disk (${file}, owner-only 0600, outside the data folder)`,
    );

    await expect(store.create(ID, randomBytes(32))).rejects.toThrow(/EEXIST/);
    expect((await readFile(file)).equals(key)).toBe(true);
    await store.remove(ID);
    expect(await store.read(ID)).toBeUndefined();
  });

  it.runIf(posix)('tightens a key folder and a key file that others can read', async () => {
    const keys = path.join(dir, 'keys');
    await mkdir(keys, { mode: 0o755 });
    await chmod(keys, 0o755);
    const store = new KeyFileStore(keys);
    await store.create(ID, randomBytes(32));
    expect((await stat(keys)).mode & 0o777).toBe(0o700);
    await chmod(path.join(keys, `${ID}.key`), 0o644);
    await store.read(ID);
    expect((await stat(path.join(keys, `${ID}.key`))).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged key file and never replaces it', async () => {
    const store = new KeyFileStore(dir);
    await writeFile(path.join(dir, `${ID}.key`), 'too short');
    await expect(store.read(ID)).rejects.toThrow('holds 9 bytes, not 32');
    await expect(store.create(ID, randomBytes(32))).rejects.toThrow(/EEXIST/);
    expect(await readFile(path.join(dir, `${ID}.key`), 'utf8')).toBe('too short');
  });

  it('names no file outside its folder', async () => {
    const store = new KeyFileStore(dir);
    expect(() => store.fileOf('../../etc/passwd')).toThrow('not a key id');
  });
});
