import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import {
  AdminSession,
  guardKioskLock,
  OPEN_WHEN_LOCKED,
  REFUSED_WHEN_LOCKED,
} from '../../../electron/core/kiosk-lock';
import type { CoreHandlers } from '../../../electron/core/run-handler';
import { SettingsStore } from '../../../electron/core/settings-store';
import { createLogger } from '../../../electron/core/logger';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { CHANNELS, type Channel } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * A locked kiosk: the core itself refuses every change, whoever calls it (a compromised page has the
 * same API as the screen), while reading and playing go on.
 */
let platform: DemoPlatform;
let core: Core;
let store: MemoryStore;
const provisioned = () => {
  const u = platform.credentials.user;
  return {
    version: 1,
    profiles: [
      {
        id: 'site',
        name: 'Site',
        baseUrl: platform.baseUrl,
        credentials: { type: 'user', userKey: u.userKey, authKey: u.authKey, authSecret: u.authSecret },
      },
    ],
    layouts: [{ id: 'wall', name: 'Wall', profile: 'site', grid: { columns: 2, rows: 2 }, tiles: [] }],
    kiosk: { enabled: true, startLayout: 'wall', locked: true },
  };
};

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
  core = await createCore({
    cipher: new TestCipher(),
    store: (store = new MemoryStore()),
    startDemo: async () => ({
      baseUrl: platform.baseUrl,
      credentials: { type: 'user', ...platform.credentials.user },
    }),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });
  // The administrator's path (a provisioning file given to the shell) is the one way in.
  await core.importProvisioning(JSON.stringify(provisioned()));
});
afterAll(async () => {
  await platform?.close();
});

/** A valid input for every channel of the contract, so only the lock can refuse it. */
const inputs: Record<Channel, unknown> = {
  'profiles:list': undefined,
  'profiles:save': {
    id: 'site',
    name: 'Renamed',
    baseUrl: 'http://127.0.0.1:1',
    credentialType: 'user',
    keys: { userKey: 'u', authKey: 'a' },
    secrets: { authSecret: 's' },
  },
  'profiles:remove': { id: 'site' },
  'profiles:select': { id: null },
  'profiles:test': { id: 'site' },
  'products:list': { pageSize: 1 },
  'devices:list': { productKey: 'p' },
  'streams:start': { deviceKey: 'd' },
  'templates:create': { projectKey: 'p', template: { name: 'Temperature', desc: '', parameters: [] } },
  'templates:history': undefined,
  'layouts:list': undefined,
  'layouts:save': {
    id: 'wall',
    name: 'Emptied',
    profileId: 'site',
    grid: { columns: 1, rows: 1 },
    tiles: [],
  },
  'layouts:remove': { id: 'wall' },
  'layouts:rename': { id: 'wall', name: 'Renamed' },
  'layouts:duplicate': { id: 'wall' },
  'settings:get': undefined,
  'settings:set': { kiosk: { locked: false } },
  'demo:start': undefined,
  'app:info': undefined,
  'app:diagnostics': undefined,
  'ui:get': { key: 'wall.view' },
  'ui:set': { key: 'wall.view', value: null },
  'platform:status': undefined,
  'kiosk:status': undefined,
  'kiosk:unlock': { pin: '0000' },
  'kiosk:lock': undefined,
  'displays:list': undefined,
  'windows:open': { layoutId: 'wall' },
  'provisioning:import': { text: '{"version":1}' },
  'tours:list': undefined,
  'tours:save': { kind: 'views', name: 'Round', dwellSeconds: 10, views: ['wall', 'wall'] },
  'tours:remove': { id: 'round' },
  'views:export': undefined,
  'views:import': { text: '{"format":"control-room-wall/views","version":1,"views":[]}' },
  'snapshots:save': { deviceName: 'Cam', takenAt: 0, png: 'iVBORw0KGgo=' },
  'oplog:append': { events: [{ at: 1, kind: 'recovered', deviceKey: 'd' }] },
  'oplog:list': undefined,
  'oplog:csv': undefined,
  'room:config': undefined,
  'room:configure': {
    enabled: false,
    brokerUrl: null,
    username: null,
    pcName: 'pc-1',
    screens: [],
    root: 'control-room-wall/v1',
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  },
  'room:status': undefined,
  'room:send': { screen: 'wall-left', command: { clear: true } },
  'room:report': { screen: 'wall-left', rev: 0, shows: { kind: 'none' }, tiles: [] },
};

/** Everything the operator set up, as stored and as listed: what a refused call must leave as it was. */
const setUp = async () => ({
  store: Object.fromEntries(store.values),
  lists: await Promise.all([
    core.call('profiles:list', undefined),
    core.call('layouts:list', undefined),
    core.call('settings:get', undefined),
    core.call('tours:list', undefined),
  ]),
});

describe('the kiosk lock is the core’s', () => {
  it('allows exactly the channels an unattended wall needs', () => {
    expect(Object.keys(OPEN_WHEN_LOCKED).sort()).toEqual(
      [
        'app:diagnostics',
        'app:info',
        'devices:list',
        'displays:list',
        'kiosk:lock',
        'kiosk:status',
        'kiosk:unlock',
        'layouts:list',
        'oplog:append',
        'oplog:csv',
        'oplog:list',
        'platform:status',
        'products:list',
        'profiles:list',
        'room:config',
        'room:report',
        'room:status',
        'settings:get',
        'snapshots:save',
        'streams:start',
        'templates:history',
        'tours:list',
        'ui:get',
        'ui:set',
        'views:export',
      ].sort(),
    );
    expect([...REFUSED_WHEN_LOCKED, ...Object.keys(OPEN_WHEN_LOCKED)].sort()).toEqual([...CHANNELS].sort());
  });

  it.each(REFUSED_WHEN_LOCKED.map((c) => [c]))(
    'refuses %s while locked, and nothing changes',
    async (channel) => {
      const before = await setUp();
      const result = await core.call(channel, inputs[channel]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('locked');
      expect(result.error.message).toMatch(/locked as a kiosk/);
      expect(await setUp()).toEqual(before);
    },
  );

  it.each(Object.keys(OPEN_WHEN_LOCKED).map((c) => [c as Channel]))(
    'lets %s through while locked',
    async (channel) => {
      const result = await core.call(channel, inputs[channel]);
      if (!result.ok) expect(result.error.message).not.toMatch(/locked as a kiosk/);
    },
  );

  it('refuses a channel it has not been told of: the allow-list is closed', async () => {
    const session = new AdminSession(() => Date.now());
    const settings = new SettingsStore(new MemoryStore(), () => undefined);
    await settings.update((s) => ({ ...s, kiosk: { ...s.kiosk, locked: true } }));
    let ran = false;
    const handlers = {
      'future:write': async () => {
        ran = true;
        return 'written';
      },
    } as unknown as CoreHandlers;
    const guarded = guardKioskLock(handlers, settings, session) as unknown as Record<
      string,
      (input: unknown) => Promise<unknown>
    >;
    await expect(guarded['future:write'](undefined)).rejects.toMatchObject({ kind: 'locked' });
    expect(ran).toBe(false);
    session.unlock();
    await expect(guarded['future:write'](undefined)).resolves.toBe('written');
  });

  it('remembers how the wall was left, but not what a locked wall never writes', async () => {
    const view = { layoutId: 'wall', draft: null, draftOfSaved: false, selected: null, statsShown: {} };
    for (const key of ['wall.view', 'wall.window.wall', 'wall.screen.wall-right', 'shell.layout'])
      expect((await core.call('ui:set', { key, value: view })).ok).toBe(true);
    for (const key of ['templates.draft.site', 'profiles.previous', 'wall.viewx']) {
      const before = await core.call('ui:get', { key });
      expect(await core.call('ui:set', { key, value: { forged: true } })).toMatchObject({
        ok: false,
        error: { kind: 'locked' },
      });
      expect(await core.call('ui:get', { key })).toEqual(before);
    }
  });

  it('logs what the wall itself produces, but no operator’s edit', async () => {
    const before = await core.call('oplog:list', undefined);
    for (const kind of ['assigned', 'cleared'] as const)
      expect(
        await core.call('oplog:append', {
          events: [
            { at: 1, kind: 'recovered', deviceKey: 'cam' },
            { at: 2, kind, deviceKey: 'cam', reason: 'put on row 1' },
          ],
        }),
      ).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(await core.call('oplog:list', undefined)).toEqual(before);
    for (const kind of ['stale', 'failed', 'recovered', 'degraded', 'restored', 'tour-switch'] as const)
      expect(await core.call('oplog:append', { events: [{ at: 3, kind }] })).toMatchObject({
        ok: true,
        value: { appended: 1 },
      });
  });

  it('still reads and plays while locked', async () => {
    expect((await core.call('products:list', { pageSize: 1 })).ok).toBe(true);
    const products = await core.call('products:list', { pageSize: 1 });
    expect(products.ok).toBe(true);
    expect((await core.call('layouts:list', undefined)).ok).toBe(true);
    expect((await core.call('app:info', undefined)).ok).toBe(true);
  });

  it('lets every change through again once a provisioning file unlocks it', async () => {
    await core.importProvisioning(
      JSON.stringify({ ...provisioned(), kiosk: { enabled: true, startLayout: 'wall', locked: false } }),
    );
    const renamed = await core.call('layouts:save', inputs['layouts:save']);
    expect(renamed).toMatchObject({ ok: true, value: { name: 'Emptied' } });
  });
});
