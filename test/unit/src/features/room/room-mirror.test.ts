import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_ROOT } from '../../../../../electron/shared/room';
import { startRoomMirror, useRoomMirror } from '../../../../../src/features/room/room-mirror';
import {
  callsOf,
  startCoreHarness,
  untilState,
  type CoreHarness,
} from '../../../../support/core-api-harness';
import { startAedes, type TestBroker } from '../../../../support/room-parts';

let h: CoreHarness;
let broker: TestBroker;
let stop: (() => void) | undefined;

beforeAll(async () => {
  [h, broker] = await Promise.all([startCoreHarness(), startAedes()]);
});
afterAll(async () => {
  await h.close();
  await broker.stop();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  h.delay = undefined;
});

describe('the room mirror', () => {
  it('is filled once by room:status and then kept by room:changed alone', async () => {
    h.calls.length = 0;
    stop = startRoomMirror(h.api);
    const first = await untilState(useRoomMirror, (s) => s.status === 'ready');
    expect(first.room?.connection.state).toBe('off');

    const configured = await h.api.room.configure({
      enabled: true,
      brokerUrl: broker.url,
      username: null,
      pcName: 'pc-1',
      screens: [{ name: 'wall-left' }],
      root: DEFAULT_ROOM_ROOT,
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
    });
    expect(configured.ok).toBe(true);
    const online = await untilState(
      useRoomMirror,
      (s) => s.room?.connection.state === 'online' && s.room.screens.some((x) => x.name === 'wall-left'),
    );
    expect(online.room?.pcName).toBe('pc-1');
    expect(online.room?.screens.find((x) => x.name === 'wall-left')?.local).toBe(true);
    expect(callsOf(h, 'room:status')).toHaveLength(1);
  });

  it('drops an answer that arrives after an event (the event is at least as new)', async () => {
    let release = () => {};
    h.delay = (call) =>
      call.channel === 'room:status' ? new Promise<void>((resolve) => (release = resolve)) : undefined;
    stop = startRoomMirror(h.api);
    // An event while the read is held: the broker goes, the room says so.
    await broker.stop();
    const away = await untilState(useRoomMirror, (s) => s.room?.connection.state === 'away');
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(useRoomMirror.getState().room).toBe(away.room);
    await broker.start();
  });
});
