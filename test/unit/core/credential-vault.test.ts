import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AesFileCipher } from '../../../electron/web-shell/adapters/aes-file-cipher';
import { CoreError } from '../../../electron/core/core-error';
import { CredentialVault } from '../../../electron/core/credential-vault';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import type { SecretCipher } from '../../../electron/core/ports';
import type { ProfileSaveInput } from '../../../electron/shared/profile';
import { TestCipher } from '../../fakes/test-cipher';

const CANARY = 'CANARY-vault-5be1d2';
const CANARY_2 = 'CANARY-vault-second-88aa';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (cipher: SecretCipher = new TestCipher()) =>
  new CredentialVault({ store: new FileStore(path.join(dir, 'data')), cipher, onNotice: () => undefined });

const user = (extra: Partial<ProfileSaveInput> = {}): ProfileSaveInput => ({
  name: 'Control room',
  baseUrl: 'https://platform.example.com',
  credentialType: 'user',
  keys: { userKey: 'u-1', authKey: 'a-1' },
  secrets: { authSecret: CANARY },
  ...extra,
});

/** Every byte the vault left on disk, key file excluded. */
async function everythingOnDisk(): Promise<string> {
  const data = path.join(dir, 'data');
  const files = await readdir(data).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(path.join(data, f), 'latin1')));
  return texts.join('\n');
}

async function failure(p: Promise<unknown>): Promise<CoreError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CoreError);
  return e as CoreError;
}

describe('CredentialVault', () => {
  it('stores secrets only encrypted (AES key file) and gives them back only through connectionFor', async () => {
    const cipher = new AesFileCipher(path.join(dir, 'secret.key'));
    const vault = open(cipher);
    const saved = await vault.save(user());
    expect(saved).toMatchObject({
      id: 'control-room',
      credentialType: 'user',
      keys: { userKey: 'u-1', authKey: 'a-1' },
      secrets: { authSecret: { configured: true } },
      storageTier: 'strong',
    });

    const disk = await everythingOnDisk();
    expect(disk).toContain('u-1'); // the file is really there and readable...
    expect(disk).not.toContain(CANARY); // ...but the secret is not in it,
    expect(disk).not.toContain(Buffer.from(CANARY).toString('base64')); // not even base64-encoded.

    // Write-only: no view carries the secret.
    const reopened = open(new AesFileCipher(path.join(dir, 'secret.key')));
    expect(JSON.stringify(await reopened.list())).not.toContain(CANARY);
    expect(JSON.stringify(await reopened.get('control-room'))).not.toContain(CANARY);
    expect(JSON.stringify(saved)).not.toContain(CANARY);
    expect(await reopened.connectionFor('control-room')).toEqual({
      baseUrl: 'https://platform.example.com',
      placement: 'query',
      credentials: { type: 'user', userKey: 'u-1', authKey: 'a-1', authSecret: CANARY },
    });
  });

  it('keeps the stored secret when an edit leaves it blank or out', async () => {
    const cipher = new TestCipher();
    const vault = open(cipher);
    const { id } = await vault.save(user());
    await vault.save(user({ id, name: 'Renamed', secrets: { authSecret: '   ' } }));
    await vault.save(user({ id, baseUrl: 'https://platform.example.com:443/api/v2', secrets: undefined }));
    expect(cipher.encryptions).toBe(1);
    expect(await vault.credentialsFor(id)).toMatchObject({ authSecret: CANARY });
    await vault.save(user({ id, secrets: { authSecret: CANARY_2 } }));
    expect(await vault.credentialsFor(id)).toMatchObject({ authSecret: CANARY_2 });
    expect(await everythingOnDisk()).not.toContain(CANARY_2);
  });

  it('needs every secret for a new profile and for a change of credential type', async () => {
    const vault = open();
    const missing = await failure(vault.save(user({ secrets: {} })));
    expect(missing.kind).toBe('invalid-input');
    expect(missing.details).toEqual([
      {
        path: 'secrets.authSecret',
        message: 'authSecret is required for a new profile',
        // The reason as a code the renderer words, naming the field, never its value.
        code: 'secret.newProfile',
        params: { name: 'authSecret' },
      },
    ]);

    const { id } = await vault.save(user());
    const changed = await failure(
      vault.save({
        ...user({ id }),
        credentialType: 'product',
        keys: { productKey: 'p', queryKey: 'q' },
        secrets: {},
      }),
    );
    expect(changed.details).toEqual([
      {
        path: 'secrets.querySecret',
        message: 'querySecret is required when the credential type changes',
        code: 'secret.credentialType',
        params: { name: 'querySecret' },
      },
    ]);
    const asProduct = await vault.save({
      ...user({ id }),
      credentialType: 'product',
      keys: { productKey: 'p', queryKey: 'q' },
      secrets: { querySecret: CANARY_2 },
    });
    expect(asProduct.secrets).toEqual({ querySecret: { configured: true } });
    expect(await vault.credentialsFor(id)).toEqual({
      type: 'product',
      productKey: 'p',
      queryKey: 'q',
      querySecret: CANARY_2,
    });
  });

  it('names wrong keys and secrets by their paths', async () => {
    const e = await failure(
      open().save(
        user({ keys: { userKey: 'u', productKey: 'x' }, secrets: { authSecret: 's', queryToken: 't' } }),
      ),
    );
    expect(e.details?.map((d) => d.path).sort()).toEqual([
      'keys.authKey',
      'keys.productKey',
      'secrets.queryToken',
    ]);
  });

  it('refuses weak storage unless the user accepts it, and says how', async () => {
    const vault = open(new TestCipher('weak'));
    const refused = await failure(vault.save(user()));
    expect(refused.kind).toBe('weak-storage');
    expect(refused.message).toMatch(/weak secret storage.*not saved.*acceptWeakStorage/s);
    expect(await everythingOnDisk()).toBe('');

    const saved = await vault.save(user({ acceptWeakStorage: true }));
    expect(saved).toMatchObject({ storageTier: 'weak', weakAccepted: true });
    // Editing without a new secret needs no new consent.
    await vault.save(user({ id: saved.id, name: 'Edited', secrets: {} }));
    expect(await everythingOnDisk()).not.toContain(CANARY);
  });

  it('refuses always when nothing can encrypt', async () => {
    const refused = await failure(
      open(new TestCipher('unavailable')).save(user({ acceptWeakStorage: true })),
    );
    expect(refused.kind).toBe('vault');
    expect(refused.message).toContain('cannot encrypt secrets');
    expect(await everythingOnDisk()).toBe('');
  });

  it('says so when the secrets were stored with another key', async () => {
    const { id } = await open(new AesFileCipher(path.join(dir, 'one.key'))).save(user());
    const e = await failure(open(new AesFileCipher(path.join(dir, 'two.key'))).credentialsFor(id));
    expect(e.kind).toBe('vault');
    expect(e.message).toContain('cannot be read on this machine');
    expect(e.message).not.toContain(CANARY);
  });

  it('saves several profiles all or nothing', async () => {
    const vault = open();
    const e = await failure(vault.saveMany([user({ id: 'one' }), user({ id: 'two', secrets: {} })]));
    expect(e.details).toEqual([
      {
        path: '[1].secrets.authSecret',
        message: 'authSecret is required for a new profile',
        code: 'secret.newProfile',
        params: { name: 'authSecret' },
      },
    ]);
    expect(await vault.list()).toEqual([]);
    await vault.saveMany([user({ id: 'one' }), user({ id: 'two' })]);
    expect((await vault.list()).map((p) => p.id)).toEqual(['one', 'two']);
    expect(await vault.remove('one')).toBe(true);
    expect((await vault.list()).map((p) => p.id)).toEqual(['two']);
  });
});

describe('a stored secret is bound to its platform and keys', () => {
  const moves: [string, Partial<ProfileSaveInput>, RegExp][] = [
    ['another host', { baseUrl: 'https://evil.example.com' }, /platform address changed/],
    ['another scheme', { baseUrl: 'http://platform.example.com' }, /platform address changed/],
    ['another port', { baseUrl: 'https://platform.example.com:8443' }, /platform address changed/],
    ['another userKey', { keys: { userKey: 'u-2', authKey: 'a-1' } }, /userKey changed/],
    ['another authKey', { keys: { userKey: 'u-1', authKey: 'a-9' } }, /authKey changed/],
  ];

  it.each(moves)(
    'refuses to save a blank secret for %s, and keeps the profile as it was',
    async (_, change, why) => {
      const vault = open();
      const { id } = await vault.save(user());
      const e = await failure(vault.save(user({ id, secrets: {}, ...change })));
      expect(e.kind).toBe('invalid-input');
      expect(e.details?.[0].path).toBe('secrets.authSecret');
      expect(e.details?.[0].message).toMatch(why);
      expect(await vault.get(id)).toMatchObject({
        baseUrl: 'https://platform.example.com',
        keys: { userKey: 'u-1' },
      });
    },
  );

  it.each(moves)('gives a draft for %s no stored secret to test with', async (_, change, why) => {
    const vault = open();
    const { id } = await vault.save(user());
    const e = await failure(vault.credentialsForDraft(user({ id, secrets: {}, ...change })));
    expect(e.details?.[0].message).toMatch(why);
    expect(JSON.stringify(e)).not.toContain(CANARY);
  });

  it('keeps using the stored secret for another path on the same origin (default port spelled out)', async () => {
    const vault = open();
    const { id } = await vault.save(user());
    const draft = await vault.credentialsForDraft(
      user({ id, secrets: {}, baseUrl: 'https://PLATFORM.example.com:443/v2' }),
    );
    expect(draft.credentials).toMatchObject({ authSecret: CANARY });
  });

  it('takes a newly typed secret for a new platform', async () => {
    const vault = open();
    const { id } = await vault.save(user());
    await vault.save(user({ id, baseUrl: 'https://other.example.com', secrets: { authSecret: CANARY_2 } }));
    expect(await vault.connectionFor(id)).toMatchObject({
      baseUrl: 'https://other.example.com',
      credentials: { authSecret: CANARY_2 },
    });
  });
});

describe('the storage tier shown', () => {
  it('is the weaker of the stored tier and the cipher’s now (a key moved to a file is no longer "strong")', async () => {
    const strong = new TestCipher('strong');
    const { id } = await open(strong).save(user());
    expect((await open(strong).get(id))?.storageTier).toBe('strong');
    const file = Object.assign(new TestCipher('strong'), { tier: async () => 'file' as const });
    expect((await open(file).get(id))?.storageTier).toBe('file');
    expect((await open(file).list())[0].storageTier).toBe('file');
  });
});
