import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoomService } from '../../../../electron/core/room/room-service';
import type { RoomStatus } from '../../../../electron/shared/room';
import {
  roomConfig,
  startAedes,
  testRoomService,
  TestRoomSettings,
  until,
  type TestBroker,
} from '../../../support/room-parts';

/**
 * The room service's life: off until the settings turn it on, restarted when they change, queueing
 * commands and reports while the broker is away and delivering them when it is back.
 */

let broker: TestBroker;
const services: RoomService[] = [];

function pc(settings: TestRoomSettings, events: RoomStatus[] = []): RoomService {
  const service = testRoomService({ settings, emit: (status) => events.push(status) });
  services.push(service);
  return service;
}

const screenOf = (service: RoomService, name: string) =>
  service.status().screens.find((s) => s.name === name);

beforeEach(async () => {
  broker = await startAedes();
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await broker.stop();
});

// Broker restarts take a reconnect period or two; a busy machine takes longer.
describe('the room service', { timeout: 90_000 }, () => {
  it('is off while the room is off, joins when turned on and follows a rename of its screens', async () => {
    const settings = new TestRoomSettings(roomConfig(broker.url, 'pc-a', { enabled: false }));
    const events: RoomStatus[] = [];
    const service = pc(settings, events);
    await service.start();
    expect(service.status()).toMatchObject({ connection: { state: 'off' }, pcName: 'pc-a', screens: [] });
    await expect(service.send('x', { clear: true })).rejects.toMatchObject({ kind: 'not-configured' });
    expect(await service.report({ screen: 'pc-a', rev: 0, shows: { kind: 'none' }, tiles: [] })).toEqual({
      published: false,
    });

    settings.set({ enabled: true });
    await until(() => service.status().connection.state === 'online', 'online');
    await until(() => screenOf(service, 'pc-a')?.presence?.state === 'online', 'its screen online');
    await until(() => events.some((e) => e.connection.state === 'online'), 'room:changed says online');

    settings.set({ screens: [{ name: 'wall-1' }] });
    await until(() => screenOf(service, 'wall-1')?.presence?.state === 'online', 'the new screen online');
    // The old screen is still on the bus (retained), no longer this PC's, and said offline as it left.
    expect(service.status().screens.map((s) => [s.name, s.local])).toEqual([
      ['pc-a', false],
      ['wall-1', true],
    ]);
    await until(() => screenOf(service, 'pc-a')?.presence?.state === 'offline', 'the old screen offline');
    await expect(
      service.report({ screen: 'pc-a', rev: 0, shows: { kind: 'none' }, tiles: [] }),
    ).rejects.toMatchObject({
      kind: 'invalid-input',
    });
  });

  it('queues a command sent while the broker is away; the screen applies it when the broker is back', async () => {
    const consolePc = pc(new TestRoomSettings(roomConfig(broker.url, 'console-1')));
    const screenPc = pc(new TestRoomSettings(roomConfig(broker.url, 'wall-pc')));
    await Promise.all([consolePc.start(), screenPc.start()]);
    await until(() => screenOf(consolePc, 'wall-pc')?.presence?.state === 'online', 'the screen online');
    const first = await consolePc.send('wall-pc', { clear: true });
    expect(first).toEqual({ rev: 1, queued: false });
    await until(() => screenOf(screenPc, 'wall-pc')?.desired?.rev === 1, 'rev 1 applied');
    await screenPc.report({ screen: 'wall-pc', rev: 1, shows: { kind: 'none' }, tiles: [] });
    await until(() => screenOf(consolePc, 'wall-pc')?.reported?.rev === 1, 'rev 1 reported');

    await broker.stop();
    await until(() => consolePc.status().connection.state === 'away', 'the console away');
    await until(() => screenPc.status().connection.state === 'away', 'the screen away');
    expect(consolePc.status().connection.reason).toBeTruthy();
    const view = { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'cam-9' }] };
    const sent = await consolePc.send('wall-pc', { view });
    expect(sent).toEqual({ rev: 2, queued: true });
    // The screen keeps what it was told while away; its report waits for the broker.
    expect(screenOf(screenPc, 'wall-pc')?.desired?.rev).toBe(1);

    await broker.start();
    await until(
      () => screenOf(screenPc, 'wall-pc')?.desired?.rev === 2,
      'rev 2 applied after the broker came back',
      60_000,
    );
    expect(screenOf(screenPc, 'wall-pc')?.desired).toMatchObject({ view, by: 'console-1' });
    const shown = {
      screen: 'wall-pc',
      rev: 2,
      shows: { kind: 'view' as const, grid: { columns: 1, rows: 1 } },
      tiles: [],
    };
    await screenPc.report(shown);
    await until(() => screenOf(consolePc, 'wall-pc')?.reported?.rev === 2, 'rev 2 reported', 60_000);
    expect(screenOf(consolePc, 'wall-pc')?.pending).toBe(false);
  });

  it('says its last report again after a broker restart that lost every retained message', async () => {
    const screenPc = pc(new TestRoomSettings(roomConfig(broker.url, 'wall-pc')));
    await screenPc.start();
    await until(() => screenPc.status().connection.state === 'online', 'online');
    const shown = { rev: 0, shows: { kind: 'none' as const }, tiles: [] };
    expect(await screenPc.report({ screen: 'wall-pc', ...shown })).toEqual({ published: true });
    await broker.stop();
    await until(() => screenPc.status().connection.state === 'away', 'away');
    await broker.start();
    // A console that joins now finds the screen's state on the new broker.
    const freshConsole = pc(new TestRoomSettings(roomConfig(broker.url, 'console-2')));
    await freshConsole.start();
    const seen = await until(
      () => screenOf(freshConsole, 'wall-pc')?.reported,
      'the report said again',
      60_000,
    );
    expect(seen).toMatchObject({ ...shown, pc: 'wall-pc' });
  });

  it('holds a report made while away and publishes the latest one when back', async () => {
    const consolePc = pc(new TestRoomSettings(roomConfig(broker.url, 'console-1')));
    const screenPc = pc(new TestRoomSettings(roomConfig(broker.url, 'wall-pc')));
    await Promise.all([consolePc.start(), screenPc.start()]);
    await until(() => screenPc.status().connection.state === 'online', 'online');
    await broker.stop();
    await until(() => screenPc.status().connection.state === 'away', 'away');
    const tiles = (state: 'connecting' | 'playing') => [{ column: 1, row: 1, deviceKey: 'cam-1', state }];
    const shows = { kind: 'view' as const, grid: { columns: 1, rows: 1 } };
    expect(await screenPc.report({ screen: 'wall-pc', rev: 0, shows, tiles: tiles('connecting') })).toEqual({
      published: false,
    });
    expect(await screenPc.report({ screen: 'wall-pc', rev: 0, shows, tiles: tiles('playing') })).toEqual({
      published: false,
    });
    await broker.start();
    const seen = await until(
      () => screenOf(consolePc, 'wall-pc')?.reported,
      'the report after the broker came back',
      60_000,
    );
    expect(seen.tiles).toEqual(tiles('playing'));
  });
});
