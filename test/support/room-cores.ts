import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '../../electron/core/core';
import { operatorLogDir } from '../../electron/core/operator-log';
import type { EventName } from '../../electron/shared/contract';
import type { RoomConfigureInput, RoomStatus } from '../../electron/shared/room';
import { DEFAULT_ROOM_ROOT } from '../../electron/shared/room';
import { FileStore } from '../../electron/web-shell/adapters/file-store';
import { openCore, value } from './core-harness';
import { until } from './room-parts';

/** A profile secret every room test's PC holds: it must never reach the bus. */
export const PROFILE_SECRET = 'profile-secret-CANARY-7d3f';

/** One PC of a room: a real core on its own data folder (closed and opened again on the same one). */
export interface RoomPc {
  dir: string;
  core: Core;
  events: [EventName, unknown][];
  /** Close the core (its room says offline and closes its links). */
  close(): Promise<void>;
  /** Close it and create a new core on the same folder. */
  reopen(): Promise<void>;
  /** Remove the folder (after close). */
  remove(): Promise<void>;
  status(): Promise<RoomStatus>;
}

export async function roomPc(options: {
  pcName: string;
  brokerUrl: string;
  username?: string;
  password?: string;
  screens?: string[];
}): Promise<RoomPc> {
  const dir = await mkdtemp(path.join(tmpdir(), `room-${options.pcName}-`));
  const open = () =>
    openCore({
      store: new FileStore(path.join(dir, 'data')),
      operatorLogDir: operatorLogDir(path.join(dir, 'data')),
      app: { shell: 'web', version: '4.5.6' },
    });
  let opened = await open();
  const pc: RoomPc = {
    dir,
    core: opened.core,
    events: opened.events,
    close: () => pc.core.close(),
    async reopen() {
      await pc.core.close();
      opened = await open();
      pc.core = opened.core;
      pc.events = opened.events;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
    status: async () => value(await pc.core.call('room:status', undefined)),
  };
  value(
    await pc.core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl: 'http://127.0.0.1:9',
      credentialType: 'user',
      keys: { userKey: 'operator', authKey: 'auth-key' },
      secrets: { authSecret: PROFILE_SECRET },
      select: true,
    }),
  );
  const config: RoomConfigureInput = {
    enabled: true,
    brokerUrl: options.brokerUrl,
    username: options.username ?? null,
    pcName: options.pcName,
    screens: (options.screens ?? []).map((name) => ({ name })),
    root: DEFAULT_ROOM_ROOT,
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
    ...(options.password && { password: options.password }),
  };
  value(await pc.core.call('room:configure', config));
  await until(async () => (await pc.status()).connection.state === 'online', `${options.pcName} online`);
  return pc;
}

/** A screen of the room as a PC sees it now. */
export async function screenAt(pc: RoomPc, name: string) {
  return (await pc.status()).screens.find((s) => s.name === name);
}
