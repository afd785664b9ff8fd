import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AesFileCipher } from '../../../../electron/web-shell/adapters/aes-file-cipher';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'aes-cipher-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CANARY = 'CANARY-aes-7f3a9c';
const posix = process.platform !== 'win32';

describe('AesFileCipher', () => {
  it('creates a 32-byte owner-only key file once and round-trips secrets through it', async () => {
    const keyPath = path.join(dir, 'keys', 'secret.key');
    const cipher = new AesFileCipher(keyPath);
    expect(await cipher.tier()).toBe('strong');
    expect(await cipher.describe()).toContain(keyPath);
    const a = await cipher.encrypt(CANARY);
    const b = await cipher.encrypt(CANARY);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false); // a fresh IV each time
    expect(Buffer.from(a).toString('latin1')).not.toContain(CANARY);
    expect(await cipher.decrypt(a)).toBe(CANARY);

    const key = await readFile(keyPath);
    expect(key.length).toBe(32);
    if (posix) expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    // Another instance (the next run) reads the same key instead of making a new one.
    expect(await new AesFileCipher(keyPath).decrypt(b)).toBe(CANARY);
    expect((await readFile(keyPath)).equals(key)).toBe(true);
  });

  it('refuses cipher text from another key or that was tampered with', async () => {
    const one = new AesFileCipher(path.join(dir, 'one.key'));
    const two = new AesFileCipher(path.join(dir, 'two.key'));
    const sealed = await one.encrypt('secret');
    await expect(two.decrypt(sealed)).rejects.toThrow('cannot be decrypted');
    const tampered = Uint8Array.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    await expect(one.decrypt(tampered)).rejects.toThrow('cannot be decrypted');
    await expect(one.decrypt(new Uint8Array([9, 9, 9]))).rejects.toThrow('not a cipher text');
  });

  it.runIf(posix)('tightens a key file others can read to 0600', async () => {
    const keyPath = path.join(dir, 'loose.key');
    await writeFile(keyPath, Buffer.alloc(32, 7));
    await chmod(keyPath, 0o644);
    const cipher = new AesFileCipher(keyPath);
    expect(await cipher.decrypt(await cipher.encrypt('x'))).toBe('x');
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
  });

  it('reports a damaged key file as unavailable and never replaces it', async () => {
    const keyPath = path.join(dir, 'short.key');
    await writeFile(keyPath, 'too short');
    const cipher = new AesFileCipher(keyPath);
    expect(await cipher.tier()).toBe('unavailable');
    expect(await cipher.describe()).toMatch(/unavailable.*9 bytes/);
    await expect(cipher.encrypt('x')).rejects.toThrow();
    expect(await readFile(keyPath, 'utf8')).toBe('too short');
  });
});
