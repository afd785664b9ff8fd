import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { CoreError } from '../../../electron/core/core-error';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { createLogger } from '../../../electron/core/logger';
import type { CipherTier } from '../../../electron/shared/profile';
import { TestCipher } from '../../fakes/test-cipher';

const SECRET = 'CANARY-provision-31c7';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'provision-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (tier: CipherTier = 'test'): Promise<Core> =>
  createCore({
    cipher: new TestCipher(tier),
    store: new FileStore(dir),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });

async function snapshot(): Promise<Record<string, string>> {
  const names = await readdir(dir);
  return Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await readFile(path.join(dir, n), 'utf8')])),
  );
}

const file = () => ({
  version: 1,
  profiles: [
    {
      id: 'site-a',
      name: 'Site A',
      baseUrl: 'https://a.example.com',
      credentials: { type: 'user', userKey: 'u', authKey: 'k', authSecret: SECRET },
    },
    {
      id: 'cam',
      name: 'Gate camera',
      baseUrl: 'http://10.0.0.9:8080',
      placement: 'headers',
      credentials: { type: 'device', deviceKey: 'dev-1', queryToken: 'CANARY-token-9d01' },
    },
  ],
  layouts: [
    {
      id: 'lobby',
      name: 'Lobby',
      profile: 'site-a',
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'd1', column: 2, row: 1 }, { deviceKey: 'd2' }],
    },
  ],
  kiosk: { enabled: true, startLayout: 'lobby', locked: true },
});

async function refusal(core: Core, input: unknown): Promise<CoreError> {
  const e = await core.importProvisioning(input).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CoreError);
  return e as CoreError;
}

describe('provisioning import', () => {
  it('applies profiles (secrets into the vault), layouts, the selection and kiosk mode', async () => {
    const core = await open();
    const summary = await core.importProvisioning(JSON.stringify(file()));
    expect(summary).toEqual({
      profiles: ['site-a', 'cam'],
      layouts: ['lobby'],
      tours: [],
      selectedProfileId: 'site-a',
      kiosk: { enabled: true, startLayout: 'lobby', locked: true },
    });
    const restarted = await open();
    const profiles = await restarted.call('profiles:list', undefined);
    expect(profiles.ok && profiles.value.map((p) => [p.id, p.selected, p.placement])).toEqual([
      ['site-a', true, 'query'],
      ['cam', false, 'headers'],
    ]);
    const layouts = await restarted.call('layouts:list', undefined);
    expect(layouts.ok && layouts.value[0]).toMatchObject({ id: 'lobby', profileId: 'site-a' });
    const settings = await restarted.call('settings:get', undefined);
    expect(settings.ok && settings.value.kiosk).toEqual({
      enabled: true,
      startLayout: 'lobby',
      locked: true,
      startAtLogin: false,
    });
    expect(Object.values(await snapshot()).join('\n')).not.toContain(SECRET);

    // Importing again replaces by id instead of duplicating.
    await restarted.importProvisioning(file());
    const again = await restarted.call('profiles:list', undefined);
    expect(again.ok && again.value).toHaveLength(2);
  });

  it('refuses an invalid file naming every problem by its JSON path, and applies nothing', async () => {
    const core = await open();
    await core.importProvisioning({ version: 1, profiles: [file().profiles[1]] });
    const before = await snapshot();

    const broken = file() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    delete broken.profiles[0].credentials.authSecret;
    broken.profiles[1].credentials.type = 'admin';
    broken.profiles.push({ ...file().profiles[0], id: 'site-a' });
    broken.layouts[0].profile = 'nobody';
    broken.layouts[0].grid.columns = 1;
    broken.layouts.push({
      id: 'hall',
      name: 'Hall',
      profile: 'site-a',
      grid: { columns: 2, rows: 2 },
      tiles: [
        { deviceKey: 'x', column: 1, row: 1, columnSpan: 2 },
        { deviceKey: 'y', column: 2, row: 1 },
      ],
    });
    broken.kiosk.startLayout = 'missing';
    broken.surprise = true;

    const e = await refusal(core, JSON.stringify(broken));
    expect(e.kind).toBe('invalid-input');
    expect(e.message).toMatch(/^The provisioning file was refused and nothing was applied \(\d+ problems\)/);
    expect(e.details?.map(({ path, message }) => ({ path, message }))).toEqual(
      expect.arrayContaining([
        { path: '$.profiles[0].credentials.authSecret', message: 'required' },
        {
          path: '$.profiles[1].credentials.type',
          message: 'must be "user" or "product" or "device" or "project"',
        },
        { path: '$.profiles[2].id', message: '"site-a" is already used by $.profiles[0]' },
        { path: '$.layouts[0].profile', message: 'no profile "nobody" in this file or saved' },
        { path: '$.layouts[0].tiles[0].column', message: 'reaches column 2 but the grid has 1 column' },
        { path: '$.layouts[1].tiles[1]', message: 'overlaps tiles[0] (column 2, row 1)' },
        { path: '$.kiosk.startLayout', message: 'no layout "missing" in this file or saved' },
        { path: '$.surprise', message: 'unknown key' },
      ]),
    );
    expect(e.details).toHaveLength(8);
    // Coded for the renderer to word, each with what it names as parameters.
    expect(e).toMatchObject({ code: 'provisioning.refused', params: { count: 8 } });
    expect(e.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.profiles[0].credentials.authSecret', code: 'input.required' }),
        expect.objectContaining({ path: '$.surprise', code: 'problem.unknownKey' }),
        expect.objectContaining({ code: 'problem.noLayoutHere', params: { id: 'missing' } }),
        expect.objectContaining({ code: 'problem.noProfileHere', params: { id: 'nobody' } }),
      ]),
    );
    expect(JSON.stringify(e.toData())).not.toContain(SECRET);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts references to profiles and layouts that are already saved', async () => {
    const core = await open();
    await core.importProvisioning(file());
    const summary = await core.importProvisioning({
      version: 1,
      layouts: [{ id: 'gate', name: 'Gate', profile: 'cam', grid: { columns: 1, rows: 1 }, tiles: [] }],
      kiosk: { enabled: true, startLayout: 'lobby' },
    });
    expect(summary).toMatchObject({ profiles: [], layouts: ['gate'], selectedProfileId: 'site-a' });
  });

  it('names the place of a JSON syntax error and of an unsupported version', async () => {
    const core = await open();
    const syntax = await refusal(core, '{\n  "version": 1,\n  "profiles": [,]\n}');
    expect(syntax.details).toEqual([
      {
        path: '$',
        message: 'not valid JSON (line 3, column 16: unexpected ",")',
        code: 'problem.json.at',
        params: { line: 3, column: 16 },
      },
    ]);
    const cases: [string, string][] = [
      ['{"version": 1,}', 'not valid JSON (line 1, column 15: unexpected "}")'],
      ['{"version": 1', 'not valid JSON (it ends too early)'],
      ['  ', 'not valid JSON (the file is empty)'],
      ['{"version": 1} x', 'not valid JSON (line 1, column 16: unexpected "x")'],
    ];
    for (const [text, message] of cases)
      expect((await refusal(core, text)).details).toEqual([
        expect.objectContaining({ path: '$', message, code: expect.stringMatching(/^problem\.json\./) }),
      ]);
    const future = await refusal(core, { version: 2 });
    expect(future.details).toEqual([
      {
        path: '$.version',
        message: 'version 2 is not supported (this app reads version 1)',
        code: 'problem.version',
        params: { version: 2, supported: 1 },
      },
    ]);
    expect(await snapshot()).toEqual({});
  });

  it('refuses secrets on weak storage unless the file accepts it per profile', async () => {
    const core = await open('weak');
    const e = await refusal(core, file());
    expect(e.details).toEqual([
      {
        path: '$.profiles[0].acceptWeakStorage',
        message: expect.stringContaining('weak secret storage'),
        code: 'problem.vault.weak',
      },
      {
        path: '$.profiles[1].acceptWeakStorage',
        message: expect.stringContaining('weak secret storage'),
        code: 'problem.vault.weak',
      },
    ]);
    const accepted = file();
    for (const p of accepted.profiles) Object.assign(p, { acceptWeakStorage: true });
    await core.importProvisioning(accepted);
    const list = await core.call('profiles:list', undefined);
    expect(list.ok && list.value.map((p) => p.storageTier)).toEqual(['weak', 'weak']);
  });

  it('is reachable through the provisioning:import channel with the same all-or-nothing answer', async () => {
    const core = await open();
    const bad = await core.call('provisioning:import', { text: '{"version":1,"profiles":[{}]}' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.details?.map((d) => d.path)).toEqual([
      '$.profiles[0].id',
      '$.profiles[0].name',
      '$.profiles[0].baseUrl',
      '$.profiles[0].credentials',
    ]);
    const good = await core.call('provisioning:import', { text: JSON.stringify(file()) });
    expect(good.ok && good.value.layouts).toEqual(['lobby']);
  });
});
