import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmCipher } from '../../../../electron/web-shell/adapters/aes-gcm-cipher';

const CANARY = 'CANARY-gcm-5e1b77';

describe('AesGcmCipher', () => {
  it('round-trips with a fresh IV each time and says where its key is', async () => {
    const cipher = new AesGcmCipher({
      ok: true,
      key: randomBytes(32),
      tier: 'file',
      where: 'a key file on this disk (/k)',
    });
    expect(await cipher.tier()).toBe('file');
    expect(await cipher.describe()).toBe('AES-256-GCM with a random key in a key file on this disk (/k)');
    const a = await cipher.encrypt(CANARY);
    const b = await cipher.encrypt(CANARY);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(a).toString('latin1')).not.toContain(CANARY);
    expect(await cipher.decrypt(a)).toBe(CANARY);
  });

  it('refuses cipher text from another key or that was tampered with', async () => {
    const one = new AesGcmCipher({
      ok: true,
      key: randomBytes(32),
      tier: 'strong',
      where: 'the OS keyring (x)',
    });
    const two = new AesGcmCipher({
      ok: true,
      key: randomBytes(32),
      tier: 'strong',
      where: 'the OS keyring (x)',
    });
    const sealed = await one.encrypt('secret');
    await expect(two.decrypt(sealed)).rejects.toThrow('cannot be decrypted');
    const tampered = Uint8Array.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    await expect(one.decrypt(tampered)).rejects.toThrow('cannot be decrypted');
    await expect(one.decrypt(new Uint8Array([9, 9, 9]))).rejects.toThrow('not a cipher text');
  });

  it('still opens what an older key sealed, and seals only with the current key', async () => {
    const older = randomBytes(32);
    const current = randomBytes(32);
    const before = await new AesGcmCipher({ ok: true, key: older, tier: 'file', where: 'w' }).encrypt('old');
    const cipher = new AesGcmCipher({ ok: true, key: current, older: [older], tier: 'file', where: 'w' });
    expect(await cipher.decrypt(before)).toBe('old');
    const after = await cipher.encrypt('new');
    expect(await new AesGcmCipher({ ok: true, key: current, tier: 'file', where: 'w' }).decrypt(after)).toBe(
      'new',
    );
  });

  it('without a key: unavailable, says why, and encrypts nothing', async () => {
    const cipher = new AesGcmCipher({ ok: false, reason: 'the keyring does not answer' });
    expect(await cipher.tier()).toBe('unavailable');
    expect(await cipher.describe()).toBe('unavailable: the keyring does not answer');
    await expect(cipher.encrypt('x')).rejects.toThrow('the keyring does not answer');
  });
});
