import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/core-error';
import {
  MAX_PROVISIONING_FILE_BYTES,
  provisioningRefusedNotice,
  readProvisioningFile,
} from '../../../electron/core/provisioning-file';
import { VAULT_MARKER } from '../../../electron/shared/provisioning';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../fakes/test-cipher';
import { error, openCore, value } from '../../support/core-harness';
import { hasEnglishWords, zhNotice, zhWords } from '../../support/worded';

/**
 * A provisioning file's refusals and notices carry codes, and every problem the check names is
 * coded too: an integrator who reads Chinese reads the whole refusal in Chinese.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'provisioning-codes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (tier: 'test' | 'weak' = 'test') =>
  openCore({ store: new FileStore(path.join(dir, 'data')), cipher: new TestCipher(tier) });

const profile = (id: string) => ({
  id,
  name: id,
  baseUrl: 'https://platform.example.com',
  credentials: { type: 'user', userKey: 'u', authKey: 'a', authSecret: 'CANARY-prov-codes' },
});

async function refusedData(p: Promise<unknown>) {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CoreError);
  const data = (e as CoreError).toData();
  expect(hasEnglishWords(data.code!), data.code).toBe(true);
  return data;
}

describe('a refused provisioning file, in Chinese', () => {
  it('codes every problem the check names, and the refusal with their count', async () => {
    const { core } = await open('weak');
    const e = error(
      await core.call('provisioning:import', {
        text: JSON.stringify({
          version: 1,
          profiles: [
            profile('site'),
            profile('site'),
            { ...profile('vaulted'), credentials: { ...profile('x').credentials, authSecret: VAULT_MARKER } },
          ],
          layouts: [
            { id: 'wall', name: 'Wall', profile: 'nobody', grid: { columns: 1, rows: 1 }, tiles: [] },
          ],
          kiosk: { enabled: true, startLayout: 'missing', adminPin: VAULT_MARKER },
          selectedProfile: 'ghost',
          surprise: true,
        }),
      }),
    );
    expect(e).toMatchObject({ code: 'provisioning.refused', params: { count: e.details!.length } });
    const codes = e.details!.map((d) => d.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'problem.unknownKey',
        'problem.idRepeated',
        'problem.vault.weak',
        'problem.vault.noProfile',
        'problem.vault.noPin',
        'problem.noProfileHere',
        'problem.noLayoutHere',
      ]),
    );
    expect(codes).not.toContain(undefined);
    // Each problem in Chinese (the refusal names the first few, as the English does).
    for (const d of e.details!)
      expect(zhWords({ ...e, details: [d] })).toMatch(/^预配文件被拒绝，未应用任何内容：/);
  });

  it('names a broken file, an empty one, a cut-off one and a newer version', async () => {
    const { core } = await open();
    for (const [text, code] of [
      ['{"version": 1,}', 'problem.json.at'],
      ['  ', 'problem.json.empty'],
      ['{"version": 1', 'problem.json.endsEarly'],
      ['{"version": 2}', 'problem.version'],
    ] as const) {
      const e = error(await core.call('provisioning:import', { text }));
      expect(e.details?.[0].code).toBe(code);
      zhWords(e);
    }
    const json = error(await core.call('provisioning:import', { text: '{"version": 1,}' }));
    expect(zhWords(json)).toBe('预配文件被拒绝，未应用任何内容：$：不是有效的 JSON（第 1 行，第 15 列）');
  });

  it('a file over 1 MB, and a path that is not a regular file, name the file', async () => {
    const big = path.join(dir, 'big.json');
    await writeFile(big, ' '.repeat(MAX_PROVISIONING_FILE_BYTES + 1));
    const tooLarge = await refusedData(readProvisioningFile(big));
    expect(tooLarge).toMatchObject({
      code: 'provisioning.tooLarge',
      params: { file: big, max: MAX_PROVISIONING_FILE_BYTES },
    });
    expect(tooLarge.details?.[0]).toMatchObject({ code: 'problem.fileTooLarge' });
    expect(zhWords(tooLarge)).toContain(`预配文件 ${big} 超过 1 MB`);

    const folder = path.join(dir, 'a-folder');
    await mkdir(folder);
    const notAFile = await refusedData(readProvisioningFile(folder));
    expect(notAFile).toMatchObject({ code: 'provisioning.notAFile', params: { file: folder } });
    expect(zhWords(notAFile)).toBe(`预配文件 ${folder} 不是普通文件。`);
  });

  it('a journal that cannot be written refuses the import, coded', async () => {
    const data = path.join(dir, 'data');
    // The journal's file is taken by a folder: the real file system refuses the write.
    await mkdir(path.join(data, 'provisioning-journal.json'), { recursive: true });
    const { core } = await open();
    const e = error(
      await core.call('provisioning:import', {
        text: JSON.stringify({ version: 1, profiles: [profile('site')] }),
      }),
    );
    expect(e).toMatchObject({ kind: 'storage', code: 'provisioning.journalFailed' });
    expect(zhWords(e)).toMatch(/^预配文件未应用：无法写入其日志（/);
    expect(value(await core.call('profiles:list', undefined))).toEqual([]);
  });
});

describe('provisioning notices', () => {
  it('a file refused at start-up: how many problems, or that it could not be read', async () => {
    const { core } = await open();
    const refused = await core.importProvisioning('{"version": 2}').catch((e: unknown) => e);
    const withProblems = provisioningRefusedNotice('/etc/wall/provisioning.json', refused, true);
    expect(withProblems).toMatchObject({
      level: 'error',
      code: 'notice.provisioning.refused',
      params: { file: '/etc/wall/provisioning.json', count: 1 },
      message: expect.stringMatching(/^The standing provisioning file was refused: /),
    });
    expect(zhNotice(withProblems)).toBe(
      '预配文件 /etc/wall/provisioning.json 被拒绝，未应用任何内容（1 个问题；日志中列出了每一个）。',
    );
    const unread = provisioningRefusedNotice(
      '/tmp/x.json',
      Object.assign(new Error('ENOENT'), { code: 'ENOENT' }),
    );
    expect(unread).toMatchObject({ code: 'notice.provisioning.notApplied', params: { file: '/tmp/x.json' } });
    expect(unread.message).toBe('/tmp/x.json: ENOENT');
    zhNotice(unread);
  });

  it('the interrupted import and the secrets left in a file are worded too', () => {
    for (const notice of [
      {
        message: 'x',
        code: 'notice.provisioning.interrupted',
        params: { startedAt: '2026-11-27T08:00:00.000Z' },
      },
      {
        message: 'x',
        code: 'notice.provisioning.notStripped',
        params: { file: 'wall.json', technical: 'EISDIR' },
      },
      {
        message: 'x',
        code: 'notice.provisioning.notDeleted',
        params: { file: 'wall.json', technical: 'EACCES' },
      },
    ] as { message: string; code: string; params: Record<string, string> }[]) {
      expect(hasEnglishWords(notice.code)).toBe(true);
      zhNotice(notice);
    }
  });
});
