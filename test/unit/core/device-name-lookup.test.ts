import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import type { Layout } from '../../../electron/shared/layout';
import type { Tour } from '../../../electron/shared/tour';
import { openCore, value } from '../../support/core-harness';

/**
 * Names for tiles that have none (issue #30.5), end to end: the core over real files, the demo
 * platform over loopback HTTP, a provisioning file whose tiles carry only their keys. The names are
 * looked up in the background and written into the saved views and tours, pushed as layouts:changed,
 * and there for the next start with the platform gone.
 */
let platform: DemoPlatform;
let requests: string[];
let dir: string;
let logLines: string[];

beforeAll(async () => {
  platform = await startDemoPlatform({ log: (line) => requests.push(line) });
});
afterAll(async () => {
  await platform.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'device-names-'));
  requests = [];
  logLines = [];
  platform.setDown(false);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = async (): Promise<Core> =>
  (
    await openCore({
      store: new FileStore(path.join(dir, 'data')),
      logger: createLogger('core', { sink: (line) => logLines.push(line), level: 'debug' }),
    })
  ).core;

/** The demo User login's devices, product by product (the small products first are found in a page). */
function devicesOfUser() {
  const { data, credentials } = platform;
  return data.products
    .filter((p) => p.userKey === credentials.user.userKey)
    .map((p) => data.devicesByProduct.get(p.productKey) ?? []);
}
const nameOf = (key: string) => platform.data.deviceByKey.get(key)!.deviceName;

const userProfile = () => ({
  id: 'control-room',
  name: 'Control room',
  baseUrl: platform.baseUrl,
  credentials: { type: 'user', ...platform.credentials.user },
});
const deviceProfile = () => ({
  id: 'gate-camera',
  name: 'Gate camera',
  // The same platform, written another way: still the same platform.
  baseUrl: `${platform.baseUrl}/`,
  placement: 'headers',
  credentials: { type: 'device', ...platform.credentials.device },
});

/** Until the saved views satisfy `done` (pushed as layouts:changed); at most `ms`. */
async function layoutsWhen(core: Core, done: (layouts: Layout[]) => boolean, ms = 60_000): Promise<Layout[]> {
  const now = value(await core.call('layouts:list', undefined));
  if (done(now)) return now;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`the views never got their names: ${JSON.stringify(now)}`));
    }, ms);
    const off = core.on('layouts:changed', ({ layouts }) => {
      if (!done(layouts)) return;
      clearTimeout(timer);
      off();
      resolve(layouts);
    });
  });
}

const tileNames = (layout: Layout | undefined) =>
  (layout?.tiles ?? []).map((t) => [t.deviceKey, t.deviceName ?? null]);

describe('device names for tiles that have none', () => {
  it('a User login: names of a provisioned view, its parked tiles and a cycling tile saved, and there offline at the next start', async () => {
    const products = devicesOfUser();
    // Two products, and one device deep in its product (page 2 of 100 needs paging).
    const keys = [products[1][0].deviceKey, products[2][5].deviceKey, products[5][120].deviceKey];
    const parkedKey = products[1][3].deviceKey;
    const cycling = [products[3][0].deviceKey, products[3][1].deviceKey];
    const core = await open();
    const tours: Tour[] = [];
    core.on('tours:changed', (e) => tours.splice(0, tours.length, ...e.tours));
    await core.importProvisioning({
      version: 1,
      profiles: [userProfile()],
      layouts: [
        {
          id: 'entrance',
          name: 'Entrance',
          profile: 'control-room',
          grid: { columns: 2, rows: 2 },
          tiles: [
            { deviceKey: keys[0] },
            { deviceKey: keys[1], label: 'Gate North' },
            { deviceKey: keys[2], deviceName: 'Named by the integrator' },
          ],
        },
      ],
      tours: [
        {
          id: 'gate-cycle',
          name: 'Gate cycle',
          kind: 'tile',
          view: 'entrance',
          column: 2,
          row: 2,
          dwellSeconds: 10,
          devices: cycling.map((deviceKey) => ({ deviceKey })),
        },
      ],
    });
    // Right after the import the tiles show their keys: nothing waited for the platform.
    expect(tileNames(value(await core.call('layouts:list', undefined))[0])).toEqual([
      [keys[0], null],
      [keys[1], null],
      [keys[2], 'Named by the integrator'],
    ]);
    // A parked tile (a view made smaller) is named as well.
    const [entrance] = value(await core.call('layouts:list', undefined));
    value(
      await core.call('layouts:save', { ...entrance, parked: [{ deviceKey: parkedKey, column: 3, row: 1 }] }),
    );

    const named = await layoutsWhen(core, (ls) => ls[0]?.tiles.every((t) => t.deviceName) ?? false);
    expect(tileNames(named[0])).toEqual([
      [keys[0], nameOf(keys[0])],
      // A caption stays the title; the name is kept beside it.
      [keys[1], nameOf(keys[1])],
      // A name the file gave is never replaced.
      [keys[2], 'Named by the integrator'],
    ]);
    expect(named[0].tiles[1].label).toBe('Gate North');
    await expect
      .poll(async () => value(await core.call('layouts:list', undefined))[0].parked?.[0]?.deviceName, {
        timeout: 60_000,
      })
      .toBe(nameOf(parkedKey));
    await expect
      .poll(
        async () => {
          const [tour] = value(await core.call('tours:list', undefined));
          return tour.kind === 'tile' ? tour.devices.map((d) => d.deviceName) : [];
        },
        { timeout: 60_000 },
      )
      .toEqual(cycling.map(nameOf));
    expect(tours.length).toBe(1);

    // Bounded: a few pages, never the platform's whole list, and only the two list operations.
    const lists = requests.filter((l) => / GET \/products/.test(l));
    expect(lists.every((l) => !/[?&]page=([6-9]|\d\d)/.test(l))).toBe(true);
    expect(lists.length).toBeLessThan(50);
    expect(requests.every((l) => !/streamStart/.test(l))).toBe(true);
    // No secret in any log line.
    expect(logLines.join('\n')).not.toContain(platform.credentials.user.authSecret);

    // Cached with the view: the next start shows the names with the platform down, asking nothing.
    platform.setDown(true);
    requests.length = 0;
    const again = await open();
    expect(tileNames(value(await again.call('layouts:list', undefined))[0])).toEqual([
      [keys[0], nameOf(keys[0])],
      [keys[1], nameOf(keys[1])],
      [keys[2], 'Named by the integrator'],
    ]);
  });

  it('a Device login: its one device named through a login of the same platform that may list devices', async () => {
    const key = platform.credentials.device.deviceKey;
    const core = await open();
    await core.importProvisioning({
      version: 1,
      profiles: [deviceProfile(), userProfile()],
      layouts: [
        {
          id: 'gate',
          name: 'Gate',
          profile: 'gate-camera',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: key }],
        },
      ],
      selectedProfile: 'gate-camera',
    });
    const named = await layoutsWhen(core, (ls) => Boolean(ls[0]?.tiles[0]?.deviceName));
    expect(tileNames(named[0])).toEqual([[key, nameOf(key)]]);
    expect(named[0].profileId).toBe('gate-camera');
  });

  it('a Device login alone asks nothing (it may not list devices) and says so once; the key stays the title', async () => {
    const core = await open();
    await core.importProvisioning({
      version: 1,
      profiles: [deviceProfile()],
      layouts: [
        {
          id: 'gate',
          name: 'Gate',
          profile: 'gate-camera',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: platform.credentials.device.deviceKey }],
        },
      ],
    });
    await expect
      .poll(() => logLines.filter((l) => /may list devices/.test(l)).length, { timeout: 30_000 })
      .toBe(1);
    expect(requests).toEqual([]);
    expect(value(await core.call('layouts:list', undefined))[0].tiles[0].deviceName).toBeUndefined();
  });

  it('a refused secret is asked once, logged without the secret, and not again until the profile changes', async () => {
    const wrong = 'CANARY-wrong-secret-77d2';
    const key = devicesOfUser()[1][0].deviceKey;
    const core = await open();
    await core.importProvisioning({
      version: 1,
      profiles: [{ ...userProfile(), credentials: { ...userProfile().credentials, authSecret: wrong } }],
      layouts: [
        {
          id: 'lobby',
          name: 'Lobby',
          profile: 'control-room',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: key }],
        },
      ],
    });
    await expect
      .poll(() => logLines.filter((l) => /not looked up with profile/.test(l)).length, { timeout: 30_000 })
      .toBe(1);
    expect(logLines.find((l) => /not looked up with profile/.test(l))).toMatch(/auth 401/);
    const asked = requests.length;
    expect(asked).toBe(1);
    // Another change of the views: the lookup runs, and asks nothing.
    const runs = () => logLines.filter((l) => /run: \d+ device key/.test(l));
    const before = runs().length;
    const [lobby] = value(await core.call('layouts:list', undefined));
    value(await core.call('layouts:save', { ...lobby, name: 'Lobby 2' }));
    await expect.poll(() => runs().length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(runs().at(-1)).toMatch(/run: 1 device key\(s\) without a name, 0 request\(s\)/);
    expect(requests.length).toBe(asked);
    expect(logLines.join('\n')).not.toContain(wrong);

    // The profile fixed: asked again, and named.
    const profiles = value(await core.call('profiles:list', undefined));
    value(
      await core.call('profiles:save', {
        id: profiles[0].id,
        name: profiles[0].name,
        baseUrl: profiles[0].baseUrl,
        credentialType: 'user',
        keys: profiles[0].keys,
        secrets: { authSecret: platform.credentials.user.authSecret },
      }),
    );
    const named = await layoutsWhen(core, (ls) => Boolean(ls[0]?.tiles[0]?.deviceName));
    expect(named[0].tiles[0].deviceName).toBe(nameOf(key));
    expect(requests.length).toBeGreaterThan(asked);
  });

  it('a view saved again without the names (a draft made before they arrived) keeps them', async () => {
    const key = devicesOfUser()[1][1].deviceKey;
    const core = await open();
    await core.importProvisioning({
      version: 1,
      profiles: [userProfile()],
      layouts: [
        {
          id: 'lobby',
          name: 'Lobby',
          profile: 'control-room',
          grid: { columns: 2, rows: 1 },
          tiles: [{ deviceKey: key, column: 1, row: 1 }],
        },
      ],
    });
    await layoutsWhen(core, (ls) => Boolean(ls[0]?.tiles[0]?.deviceName));
    const saved = value(
      await core.call('layouts:save', {
        id: 'lobby',
        name: 'Lobby',
        profileId: 'control-room',
        grid: { columns: 2, rows: 1 },
        tiles: [{ deviceKey: key, column: 2, row: 1 }],
      }),
    );
    expect(saved.tiles[0]).toMatchObject({ deviceKey: key, column: 2, deviceName: nameOf(key) });
  });
});
