import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { CHANGING_CHANNELS } from '../../../electron/core/kiosk-lock';
import { createLogger } from '../../../electron/core/logger';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { Channel } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * A locked kiosk: the core itself refuses every change, whoever calls it (a compromised page has the
 * same API as the screen), while reading and playing go on.
 */
let platform: DemoPlatform;
let core: Core;
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
    store: new MemoryStore(),
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

/** A valid input for each changing channel, so only the lock can refuse it. */
const inputs: Record<(typeof CHANGING_CHANNELS)[number], unknown> = {
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
  'tours:save': { kind: 'views', name: 'Round', dwellSeconds: 10, views: ['wall', 'wall'] },
  'tours:remove': { id: 'round' },
  'windows:open': { layoutId: 'wall' },
  'views:import': { text: '{"format":"control-room-wall/views","version":1,"views":[]}' },
  'settings:set': { kiosk: { locked: false } },
  'provisioning:import': { text: '{"version":1}' },
  'templates:create': { projectKey: 'p', template: { name: 'Temperature', desc: '', parameters: [] } },
  'demo:start': undefined,
};

describe('the kiosk lock is the core’s', () => {
  it.each(CHANGING_CHANNELS.map((c) => [c]))(
    'refuses %s while locked, and nothing changes',
    async (channel) => {
      const before = await Promise.all([
        core.call('profiles:list', undefined),
        core.call('layouts:list', undefined),
        core.call('settings:get', undefined),
        core.call('tours:list', undefined),
      ]);
      const result = await core.call(channel as Channel, inputs[channel]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('locked');
      expect(result.error.message).toMatch(/locked as a kiosk/);
      const after = await Promise.all([
        core.call('profiles:list', undefined),
        core.call('layouts:list', undefined),
        core.call('settings:get', undefined),
        core.call('tours:list', undefined),
      ]);
      expect(after).toEqual(before);
    },
  );

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
