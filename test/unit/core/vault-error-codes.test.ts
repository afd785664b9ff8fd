import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/core-error';
import { CredentialVault } from '../../../electron/core/credential-vault';
import type { NoticeInput } from '../../../electron/core/ports';
import { warnAboutWeakStorage } from '../../../electron/core/storage-warning';
import type { ProfileSaveInput } from '../../../electron/shared/profile';
import { AesFileCipher } from '../../../electron/web-shell/adapters/aes-file-cipher';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../fakes/test-cipher';
import { hasEnglishWords, zhNotice, zhWords } from '../../support/worded';

/**
 * The vault's refusals carry a code and parameters (never a secret), and the renderer has words for
 * each in English and Chinese: an operator who reads Chinese never meets the core's English.
 */
const SECRET = 'CANARY-vault-codes-4c1e';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vault-codes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (cipher = new TestCipher() as ConstructorParameters<typeof CredentialVault>[0]['cipher']) =>
  new CredentialVault({ store: new FileStore(path.join(dir, 'data')), cipher, onNotice: () => undefined });

const user = (extra: Partial<ProfileSaveInput> = {}): ProfileSaveInput => ({
  name: 'North site',
  baseUrl: 'https://platform.example.com',
  credentialType: 'user',
  keys: { userKey: 'u-1', authKey: 'a-1' },
  secrets: { authSecret: SECRET },
  ...extra,
});

async function refusal(p: Promise<unknown>): Promise<ReturnType<CoreError['toData']>> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CoreError);
  const data = (e as CoreError).toData();
  expect(JSON.stringify(data)).not.toContain(SECRET);
  expect(hasEnglishWords(data.code!)).toBe(true);
  return data;
}

describe('the vault’s refusals, coded', () => {
  it('a profile that cannot be saved names each missing secret, worded in Chinese', async () => {
    const e = await refusal(open().save(user({ secrets: {} })));
    expect(e).toMatchObject({ kind: 'invalid-input', code: 'vault.cannotSave', params: { count: 1 } });
    expect(e.details).toEqual([
      expect.objectContaining({ path: 'secrets.authSecret', code: 'secret.newProfile' }),
    ]);
    expect(zhWords(e)).toBe('无法保存该配置：secrets.authSecret：新配置需要 authSecret');
  });

  it('a draft that cannot be tested says so', async () => {
    const e = await refusal(open().credentialsForDraft(user({ secrets: {} })));
    expect(e).toMatchObject({ code: 'vault.cannotTest', params: { count: 1 } });
    expect(zhWords(e)).toMatch(/^无法测试该配置：/);
  });

  it('weak storage: the refusal and its field are coded', async () => {
    const e = await refusal(open(new TestCipher('weak')).save(user()));
    expect(e).toMatchObject({ kind: 'weak-storage', code: 'vault.weak' });
    expect(e.details?.[0]).toMatchObject({ code: 'vault.problem.weak' });
    zhWords(e);
  });

  it('a profile that is not there is notFound.profile, with its id', async () => {
    const e = await refusal(open().connectionFor('gone'));
    expect(e).toMatchObject({ kind: 'not-configured', code: 'notFound.profile', params: { id: 'gone' } });
    expect(zhWords(e)).toBe('没有连接配置“gone”。');
  });

  it('secrets stored with another key name the profile, never the secret', async () => {
    const { id } = await open(new AesFileCipher(path.join(dir, 'one.key'))).save(user());
    const e = await refusal(open(new AesFileCipher(path.join(dir, 'two.key'))).connectionFor(id));
    expect(e).toMatchObject({ kind: 'vault', code: 'vault.unreadable', params: { name: 'North site' } });
    expect(zhWords(e)).toContain('“North site”');
  });

  it('a stored profile whose secret was taken out of its file by hand names the field', async () => {
    const { id } = await open().save(user());
    const file = path.join(dir, 'data', 'profiles.json');
    const doc = JSON.parse(await readFile(file, 'utf8'));
    doc.data.profiles[0].secrets = {};
    await writeFile(file, JSON.stringify(doc));
    const e = await refusal(open().connectionFor(id));
    expect(e).toMatchObject({
      code: 'vault.secretMissing',
      params: { name: 'North site', field: 'authSecret' },
    });
    expect(zhWords(e)).toBe('配置“North site”没有 authSecret；请编辑它并输入。');
  });

  it('a cipher that fails to encrypt is vault.encryptFailed, with its words as technical detail', async () => {
    class Failing extends TestCipher {
      override async encrypt(): Promise<Uint8Array> {
        throw new Error('keyring locked');
      }
    }
    const e = await refusal(open(new Failing()).save(user()));
    expect(e).toMatchObject({
      kind: 'vault',
      code: 'vault.encryptFailed',
      params: { technical: 'keyring locked' },
    });
    expect(zhWords(e)).toBe('无法加密该密钥（keyring locked）。');
  });
});

describe('the storage warning at start-up, coded', () => {
  it.each([
    ['weak', 'notice.vault.weak'],
    ['unavailable', 'notice.vault.unavailable'],
  ] as const)('a %s keychain is %s', async (tier, code) => {
    const notices: NoticeInput[] = [];
    await warnAboutWeakStorage(new TestCipher(tier), (n) => notices.push(n));
    expect(notices).toEqual([expect.objectContaining({ level: 'warning', source: 'vault', code })]);
    expect(hasEnglishWords(code)).toBe(true);
    zhNotice(notices[0]);
  });

  it('says nothing when the keychain is strong', async () => {
    const notices: NoticeInput[] = [];
    await warnAboutWeakStorage(new TestCipher('test'), (n) => notices.push(n));
    expect(notices).toEqual([]);
  });
});
