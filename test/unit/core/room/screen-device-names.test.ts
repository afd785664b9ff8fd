import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../../electron/core/core';
import { startDemoPlatform, type DemoPlatform } from '../../../../electron/demo-platform/server';
import { DEFAULT_ROOM_ROOT, type RoomStatus } from '../../../../electron/shared/room';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { openCore, value } from '../../../support/core-harness';
import { startAedes, until, type TestBroker } from '../../../support/room-parts';

/**
 * A view sent through the room with device keys only (a script's, or a console's that did not know
 * the names) is titled by the devices' names on the screen: the screen's core looks them up with its
 * own selected profile, through the bounded name lookup, and its wanted state (what the screen's
 * window applies) carries them. A real core on real files, the demo platform over loopback HTTP,
 * a real broker (aedes); the names are the platform's.
 */

let platform: DemoPlatform;
let broker: TestBroker;
let dir: string;
let core: Core;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
  broker = await startAedes();
  dir = await mkdtemp(path.join(tmpdir(), 'room-names-'));
  core = (await openCore({ store: new FileStore(path.join(dir, 'data')) })).core;
  value(
    await core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl: platform.baseUrl,
      credentialType: 'user',
      keys: { userKey: platform.credentials.user.userKey, authKey: platform.credentials.user.authKey },
      secrets: { authSecret: platform.credentials.user.authSecret },
      select: true,
    }),
  );
  value(
    await core.call('room:configure', {
      enabled: true,
      brokerUrl: broker.url,
      username: null,
      pcName: 'wall-pc',
      screens: [],
      root: DEFAULT_ROOM_ROOT,
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
    }),
  );
  await until(
    async () => value(await core.call('room:status', undefined)).connection.state === 'online',
    'wall-pc online',
  );
}, 60_000);

afterAll(async () => {
  await core?.close();
  await broker?.stop();
  await platform?.close();
  await rm(dir, { recursive: true, force: true });
});

const ownScreen = async (): Promise<RoomStatus['screens'][number] | undefined> =>
  value(await core.call('room:status', undefined)).screens.find((s) => s.name === 'wall-pc');

describe('a view sent without device names', { timeout: 90_000 }, () => {
  it('is titled on the screen by the names the screen’s platform gives', async () => {
    const { data, credentials } = platform;
    const devices = data.products
      .filter((p) => p.userKey === credentials.user.userKey)
      .slice(0, 2)
      .map((p) => data.devicesByProduct.get(p.productKey)![0]);
    const view = {
      name: 'Gates',
      grid: { columns: 3, rows: 1 },
      tiles: [
        { deviceKey: devices[0].deviceKey, column: 1, row: 1 },
        { deviceKey: devices[1].deviceKey, column: 2, row: 1 },
        // A name the sender gave is kept, whatever the platform calls the device.
        { deviceKey: devices[1].deviceKey, deviceName: 'North gate', column: 3, row: 1 },
      ],
    };
    const sent = value(await core.call('room:send', { screen: 'wall-pc', command: { view } }));

    await until(async () => {
      const desired = (await ownScreen())?.desired;
      return desired?.rev === sent.rev && 'view' in desired && desired.view.tiles.every((t) => t.deviceName);
    }, 'the names on the screen’s wanted view');
    const desired = (await ownScreen())!.desired!;
    expect('view' in desired && desired.view.tiles.map((t) => [t.deviceKey, t.deviceName])).toEqual([
      [devices[0].deviceKey, devices[0].deviceName],
      [devices[1].deviceKey, devices[1].deviceName],
      [devices[1].deviceKey, 'North gate'],
    ]);
    // The same revision: nothing was sent again, the screen learnt the names itself.
    expect(desired).toMatchObject({ rev: sent.rev, by: 'wall-pc' });
  });
});
