import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { AesFileCipher } from '../../../electron/web-shell/adapters/aes-file-cipher';
import { DEMO_PROFILE_ID, type Core, type CorePorts } from '../../../electron/core/core';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { createLogger } from '../../../electron/core/logger';
import type { EventName, Result } from '../../../electron/shared/contract';
import type { ProfileSaveInput } from '../../../electron/shared/profile';
import { error, folderText, openCore, value } from '../../support/core-harness';

/**
 * The core end to end: real files in a temp folder, the AES key-file cipher, and the demo
 * platform over loopback HTTP. Calls go through core.call, the same path both shells use.
 */
let platform: DemoPlatform;
let dir: string;
let logLines: string[];
const cores: Core[] = [];

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  await platform.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'core-'));
  logLines = [];
});
afterEach(async () => {
  cores.length = 0;
  await rm(dir, { recursive: true, force: true });
});

const secrets = () =>
  Object.values(platform.credentials)
    .flatMap((c) => Object.entries(c))
    .filter(([name]) => /Secret|Token/.test(name))
    .map(([, value]) => value as string);

async function open(extra: Partial<CorePorts> = {}): Promise<{ core: Core; events: [EventName, unknown][] }> {
  const opened = await openCore({
    cipher: new AesFileCipher(path.join(dir, 'secret.key')),
    store: new FileStore(path.join(dir, 'data')),
    logger: createLogger('core', { sink: (line) => logLines.push(line), level: 'debug' }),
    app: { shell: 'web', name: 'Control Room Wall', version: '0.1.0' },
    startDemo: async () => ({
      baseUrl: platform.baseUrl,
      credentials: { type: 'user', ...platform.credentials.user },
    }),
    ...extra,
  });
  cores.push(opened.core);
  return opened;
}

const filesText = () => folderText(path.join(dir, 'data'));

const profileOf = (
  type: keyof DemoPlatform['credentials'],
  extra: Partial<ProfileSaveInput> = {},
): ProfileSaveInput => {
  const creds = platform.credentials[type] as Record<string, string>;
  const keys = Object.fromEntries(Object.entries(creds).filter(([n]) => !/Secret|Token/.test(n)));
  const secretPart = Object.fromEntries(Object.entries(creds).filter(([n]) => /Secret|Token/.test(n)));
  return {
    id: `${type}-profile`,
    name: `${type} login`,
    baseUrl: platform.baseUrl,
    credentialType: type,
    keys,
    secrets: secretPart,
    ...extra,
  };
};

describe('core against the demo platform', () => {
  it('starts the demo platform, creates and selects its profile, and lists products, devices and a stream', async () => {
    const { core, events } = await open();
    expect(value(await core.call('profiles:list', undefined))).toEqual([]);
    expect(error(await core.call('products:list', undefined)).kind).toBe('not-configured');

    const demo = value(await core.call('demo:start', undefined));
    expect(demo.baseUrl).toBe(platform.baseUrl);
    expect(demo.profile).toMatchObject({
      id: DEMO_PROFILE_ID,
      name: 'Demo platform',
      credentialType: 'user',
      selected: true,
    });
    expect(events.map(([e]) => e)).toEqual(expect.arrayContaining(['profiles:changed', 'settings:changed']));

    const products = value(await core.call('products:list', { pageSize: 5 }));
    expect(products.data.length).toBeGreaterThan(0);
    expect(products.pageSize).toBe(5);
    const productKey = products.data[0].productKey;
    const devices = value(await core.call('devices:list', { productKey, pageSize: 3 }));
    expect(devices.data.every((d) => d.productKey === productKey)).toBe(true);
    const stream = value(await core.call('streams:start', { deviceKey: devices.data[0].deviceKey }));
    expect(Object.values(stream).some((v) => /^(https?|wss?|rtmps?|rtsps?|webrtc):\/\//.test(v))).toBe(true);
    expect(error(await core.call('devices:list', {})).details).toEqual([
      { path: 'productKey', message: 'required', code: 'input.required' },
    ]);

    // A second demo:start reuses the running platform and the same profile.
    value(await core.call('demo:start', undefined));
    expect(value(await core.call('profiles:list', undefined))).toHaveLength(1);
  });

  it('never lets a secret out: not in answers, events, files or logs', async () => {
    const { core, events } = await open();
    const answers: unknown[] = [];
    for (const type of ['user', 'product', 'device', 'project'] as const) {
      answers.push(await core.call('profiles:save', profileOf(type)));
      answers.push(await core.call('profiles:test', { id: `${type}-profile` }));
    }
    answers.push(await core.call('profiles:list', undefined));
    answers.push(await core.call('profiles:test', { draft: profileOf('user', { secrets: {} }) }));
    answers.push(await core.call('products:list', { profileId: 'user-profile' }));
    answers.push(await core.call('app:info', undefined));
    const everything = JSON.stringify([answers, events]) + (await filesText()) + logLines.join('\n');
    expect(answers.every((a) => (a as Result<unknown>).ok)).toBe(true);
    expect(everything).toContain('user-profile');
    expect(logLines.some((l) => l.includes('[core:platform] GET /products'))).toBe(true);
    for (const secret of secrets()) expect(everything).not.toContain(secret);
  });

  it('tests each credential type with its cheapest allowed call and reports the whole matrix', async () => {
    const { core } = await open();
    for (const type of ['user', 'product', 'device', 'project'] as const)
      value(await core.call('profiles:save', profileOf(type)));
    const user = value(await core.call('profiles:test', { id: 'user-profile' }));
    expect(user).toMatchObject({ ok: true, credentialType: 'user' });
    expect(user.operations.listProducts).toMatchObject({ allowed: true, checked: 'ok' });
    expect(user.operations.createTemplate).toEqual({
      allowed: true,
      note: expect.stringContaining('not called'),
      noteWords: { code: 'notCalled' },
    });

    const product = value(await core.call('profiles:test', { id: 'product-profile' }));
    expect(product.ok).toBe(true);
    expect(product.operations.listDevices.checked).toBe('ok');
    expect(product.operations.listProducts).toEqual({
      allowed: false,
      note: 'Product credentials cannot list own products; only User credentials can.',
      noteWords: {
        code: 'platform.notAllowed',
        params: { type: 'product', operation: 'listProducts', allowed: 'user' },
      },
    });

    const device = value(await core.call('profiles:test', { id: 'device-profile' }));
    expect(device.ok).toBe(true);
    expect(device.operations.streamStart.checked).toBe('ok');

    const project = value(await core.call('profiles:test', { id: 'project-profile' }));
    expect(project.ok).toBe(true);
    expect(project.operations.listDevices.checked).toMatchObject({ kind: 'not-found' });
    expect(project.message).toContain('needs the key of a product');

    const wrong = value(
      await core.call('profiles:test', {
        draft: profileOf('user', { id: undefined, secrets: { authSecret: 'wrong' } }),
      }),
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.operations.listProducts.checked).toMatchObject({ kind: 'auth', status: 401 });
    // A draft with a blank secret is tested with the stored one.
    expect(value(await core.call('profiles:test', { draft: profileOf('user', { secrets: {} }) })).ok).toBe(
      true,
    );

    const unreachable = value(
      await core.call('profiles:test', {
        draft: profileOf('user', { id: undefined, baseUrl: 'http://127.0.0.1:9' }),
      }),
    );
    expect(unreachable).toMatchObject({ ok: false, message: expect.stringContaining('Could not tell') });
  });

  it('refuses what a credential type may not do before asking the platform', async () => {
    const { core } = await open();
    value(await core.call('profiles:save', profileOf('device', { select: true })));
    const refused = error(await core.call('products:list', undefined));
    expect(refused).toEqual({
      kind: 'forbidden',
      message: 'Device credentials cannot list own products; only User credentials can.',
      code: 'platform.notAllowed',
      params: { type: 'device', operation: 'listProducts', allowed: 'user' },
    });
  });

  it('adds an archive template, checks it first, and keeps a local history per profile', async () => {
    const { core, events } = await open();
    value(await core.call('profiles:save', profileOf('project', { select: true })));
    const bad = error(
      await core.call('templates:create', {
        template: {
          name: '',
          desc: '',
          parameters: [{ dataType: 'INTEGER', identifier: '1x', name: 'n', map: { min: '5', max: '1' } }],
        },
      }),
    );
    expect(bad.kind).toBe('invalid-input');
    expect(bad.details?.map((d) => d.path)).toEqual([
      'name',
      'parameters[0].identifier',
      'parameters[0].map.max',
    ]);

    const template = {
      name: 'Temperature',
      desc: 'room sensors',
      parameters: [
        {
          dataType: 'FLOAT' as const,
          identifier: 'temp',
          name: 'Temperature',
          map: { min: '-20', max: '60', step: '0.5', unitName: '°C' },
        },
      ],
    };
    const created = value(await core.call('templates:create', { template }));
    expect(created).toMatchObject({
      projectKey: platform.credentials.project.projectKey,
      templateName: 'Temperature',
    });
    expect(events.find(([e]) => e === 'templates:created')).toBeDefined();
    const history = value(await core.call('templates:history', undefined));
    expect(history).toEqual([
      expect.objectContaining({ profileId: 'project-profile', templateId: created.templateId, template }),
    ]);

    // User credentials need the project named; the history is per profile.
    value(await core.call('profiles:save', profileOf('user')));
    expect(
      error(await core.call('templates:create', { profileId: 'user-profile', template })).details,
    ).toEqual([
      {
        path: 'projectKey',
        message: 'required: the project to add the template to',
        code: 'template.projectKeyRequired',
      },
    ]);
    expect(value(await core.call('templates:history', { profileId: 'user-profile' }))).toEqual([]);
  });

  it('saves layouts and settings with their references checked, and keeps them across a restart', async () => {
    const { core, events } = await open();
    value(await core.call('profiles:save', profileOf('user')));
    expect(
      error(
        await core.call('layouts:save', {
          name: 'Lobby',
          profileId: 'nobody',
          grid: { columns: 2, rows: 2 },
          tiles: [],
        }),
      ).details,
    ).toEqual([{ path: 'profileId', message: 'no such profile', code: 'problem.noSuchProfile' }]);
    const overlap = error(
      await core.call('layouts:save', {
        name: 'Lobby',
        profileId: 'user-profile',
        grid: { columns: 2, rows: 2 },
        tiles: [
          { deviceKey: 'a', column: 1, row: 1, columnSpan: 2 },
          { deviceKey: 'b', column: 2, row: 1 },
        ],
      }),
    );
    expect(overlap.details).toEqual([
      expect.objectContaining({ path: 'tiles[1]', message: 'overlaps tiles[0] (column 2, row 1)' }),
    ]);

    const lobby = value(
      await core.call('layouts:save', {
        name: 'Lobby',
        profileId: 'user-profile',
        grid: { columns: 2, rows: 2 },
        tiles: [{ deviceKey: 'a' }],
      }),
    );
    expect(lobby.id).toBe('lobby');
    expect(error(await core.call('settings:set', { kiosk: { enabled: true } })).details).toEqual([
      {
        path: 'kiosk.startLayout',
        message: 'required when kiosk mode is enabled',
        code: 'problem.kioskNeedsStart',
      },
    ]);
    expect(error(await core.call('settings:set', { kiosk: { startLayout: 'nope' } })).kind).toBe(
      'invalid-input',
    );
    const settings = value(
      await core.call('settings:set', { kiosk: { enabled: true, startLayout: 'lobby' }, statsOverlay: true }),
    );
    expect(settings.kiosk).toEqual({
      enabled: true,
      startLayout: 'lobby',
      locked: false,
      startAtLogin: false,
    });
    expect(events.map(([e]) => e)).toEqual(expect.arrayContaining(['layouts:changed', 'settings:changed']));

    const { core: again } = await open();
    expect(value(await again.call('layouts:list', undefined)).map((l) => l.id)).toEqual(['lobby']);
    expect(value(await again.call('settings:get', undefined))).toMatchObject({
      statsOverlay: true,
      selectedProfileId: 'user-profile',
    });

    // Removing the kiosk's start layout turns kiosk mode off, and says so.
    expect(value(await again.call('layouts:remove', { id: 'lobby' }))).toEqual({ removed: true });
    expect(value(await again.call('settings:get', undefined)).kiosk).toEqual({
      enabled: false,
      startLayout: null,
      locked: false,
      startAtLogin: false,
    });
    expect(again.notices().at(-1)?.message).toContain('kiosk mode was turned off');
    // Removing the selected profile clears the selection.
    expect(value(await again.call('profiles:remove', { id: 'user-profile' }))).toEqual({ removed: true });
    expect(value(await again.call('settings:get', undefined)).selectedProfileId).toBeNull();
  });

  it('reports a corrupt file found at start-up in app:info, and keeps it aside', async () => {
    const data = path.join(dir, 'data');
    await open(); // creates the key file
    await import('node:fs/promises').then((fs) => fs.mkdir(data, { recursive: true }));
    await writeFile(path.join(data, 'layouts.json'), '{"version":1,"data":{"layouts":[');
    const { core } = await open();
    const info = value(await core.call('app:info', undefined));
    expect(info).toMatchObject({
      shell: 'web',
      storageTier: 'strong',
      demoAvailable: true,
      version: '0.1.0',
    });
    expect(info.storageDescription).toContain('0600');
    expect(info.notices).toEqual([
      expect.objectContaining({
        source: 'layouts',
        level: 'warning',
        keptAt: expect.stringContaining('layouts.corrupt-'),
      }),
    ]);
    expect(await readFile(info.notices[0].keptAt!, 'utf8')).toBe('{"version":1,"data":{"layouts":[');
  });

  it('tells the user when screen state was kept aside (an entry without its time)', async () => {
    const data = path.join(dir, 'data');
    await open();
    await import('node:fs/promises').then((fs) => fs.mkdir(data, { recursive: true }));
    await writeFile(
      path.join(data, 'ui-state.json'),
      JSON.stringify({ version: 1, entries: { kept: { value: 1, at: 5 }, broken: { value: 2 } } }),
    );
    const { core } = await open();
    expect(value(await core.call('ui:get', { key: 'kept' }))).toEqual({ value: 1 });
    expect(core.notices()).toEqual([
      expect.objectContaining({
        source: expect.any(String),
        keptAt: expect.stringContaining('ui-state.corrupt-'),
      }),
    ]);
  });

  it('brings the demo platform back for its profile after a restart', async () => {
    const first = await startDemoPlatform({ log: () => undefined });
    const launch = (p: DemoPlatform) => async () => ({
      baseUrl: p.baseUrl,
      credentials: { type: 'user' as const, ...p.credentials.user },
    });
    const { core } = await open({ startDemo: launch(first) });
    value(await core.call('demo:start', undefined));
    await first.close();

    const second = await startDemoPlatform({ log: () => undefined });
    try {
      const { core: restarted } = await open({ startDemo: launch(second) });
      expect(value(await restarted.call('products:list', undefined)).data.length).toBeGreaterThan(0);
      expect(value(await restarted.call('profiles:list', undefined))[0].baseUrl).toBe(second.baseUrl);
    } finally {
      await second.close();
    }
  });

  it('answers bad calls with typed errors, never exceptions', async () => {
    const { core } = await open({ startDemo: undefined });
    expect(error(await core.call('nope:nope' as 'app:info', undefined)).kind).toBe('invalid-input');
    expect(error(await core.call('streams:start', { deviceKey: 42 })).details).toEqual([
      {
        path: 'deviceKey',
        message: expect.any(String),
        code: 'input.invalidType',
        params: { expected: 'string' },
      },
    ]);
    expect(error(await core.call('demo:start', undefined)).kind).toBe('not-configured');
    expect(error(await core.call('profiles:select', { id: 'ghost' })).kind).toBe('invalid-input');
  });
});
