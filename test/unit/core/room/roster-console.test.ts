import { connect } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/logger';
import { createMqttRoomLink } from '../../../../electron/core/room/mqtt-room-link';
import type { RoomLinkOptions } from '../../../../electron/core/room/room-link';
import { RoomService } from '../../../../electron/core/room/room-service';
import { DEFAULT_ROOM_ROOT, screenTopic, type RoomScreenStatus } from '../../../../electron/shared/room';
import {
  mqttClient,
  roomConfig,
  startAedes,
  TestRoomSettings,
  until,
  type TestBroker,
} from '../../../support/room-parts';

/**
 * The console's view of the room: every screen on the bus with its presence, desired and reported
 * state, validated; junk is ignored and counted without its payload; pending until applied.
 */

let broker: TestBroker;
const services: RoomService[] = [];
let logLines: string[];
let opened: RoomLinkOptions[];

function pc(pcName: string, screens: string[] = []): RoomService {
  const service = new RoomService({
    settings: new TestRoomSettings(
      roomConfig(broker.url, pcName, { screens: screens.map((name) => ({ name })) }),
    ),
    openLink: (options) => {
      opened.push(options);
      return createMqttRoomLink(options);
    },
    facts: { selectedProfile: async () => ({ id: 'p', name: 'P' }), savedViews: async () => [] },
    version: '1.0.0',
    now: () => Date.now(),
    log: createLogger('room', { sink: (line) => logLines.push(line) }),
    emit: () => undefined,
    record: () => undefined,
  });
  services.push(service);
  return service;
}

const screenOf = (service: RoomService, name: string): RoomScreenStatus | undefined =>
  service.status().screens.find((s) => s.name === name);

beforeEach(async () => {
  broker = await startAedes();
  logLines = [];
  opened = [];
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await broker.stop();
});

describe("the console's view of the room", () => {
  it("lists the other PC's screens with their presence, and its own as local", async () => {
    const consolePc = pc('console-1');
    const wallPc = pc('wall-pc', ['wall-left', 'wall-right']);
    await Promise.all([consolePc.start(), wallPc.start()]);
    await until(() => screenOf(consolePc, 'wall-right')?.presence?.state === 'online', 'wall-right online');
    expect(screenOf(consolePc, 'wall-left')).toMatchObject({
      local: false,
      presence: { state: 'online', pc: 'wall-pc' },
    });
    expect(screenOf(consolePc, 'console-1')).toMatchObject({ local: true });
    expect(screenOf(wallPc, 'wall-left')).toMatchObject({ local: true });
    await until(() => consolePc.status().connection.state === 'online', 'online');

    // A screen that leaves cleanly says so itself (no last will on a clean close).
    await wallPc.close();
    await until(() => screenOf(consolePc, 'wall-left')?.presence?.state === 'offline', 'wall-left offline');
  });

  it('gives every screen link a retained offline last will, shown with the time it arrived', async () => {
    const consolePc = pc('console-1');
    const wallPc = pc('wall-pc', ['wall-left']);
    await Promise.all([consolePc.start(), wallPc.start()]);
    const will = opened.find((o) => o.clientId === 'wall-pc-wall-left')?.will;
    expect(will).toMatchObject({
      topic: screenTopic(DEFAULT_ROOM_ROOT, 'wall-left', 'presence'),
      retain: true,
      qos: 1,
    });
    expect(JSON.parse(will!.payload)).toMatchObject({ state: 'offline', pc: 'wall-pc' });
    await until(() => screenOf(consolePc, 'wall-left')?.presence?.state === 'online', 'online');
    await wallPc.close();

    // A link that dies (its socket cut) with that will: the broker says it for the screen.
    const dying = connect(broker.url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      will: { ...will!, payload: Buffer.from(will!.payload) },
    });
    await new Promise((resolve) => dying.once('connect', resolve));
    await dying.publishAsync(
      will!.topic,
      JSON.stringify({ state: 'online', since: new Date().toISOString(), pc: 'wall-pc' }),
      { qos: 1, retain: true },
    );
    await until(() => screenOf(consolePc, 'wall-left')?.presence?.state === 'online', 'online again');
    const before = Date.now();
    dying.stream.destroy();
    const gone = await until(() => {
      const p = screenOf(consolePc, 'wall-left')?.presence;
      return p?.state === 'offline' ? p : null;
    }, 'the will');
    expect(Date.parse(gone.since)).toBeGreaterThanOrEqual(before - 1000);
    dying.end(true);
  });

  it('ignores junk and counts it in the log without its payload', async () => {
    const consolePc = pc('console-1');
    await consolePc.start();
    await until(() => consolePc.status().connection.state === 'online', 'online');
    const script = await mqttClient(broker.url);
    const topic = (leaf: string) => `${DEFAULT_ROOM_ROOT}/screens/odd/${leaf}`;
    await script.publishAsync(topic('desired'), 'PAYLOAD-CANARY not json', { qos: 1 });
    await script.publishAsync(topic('reported'), JSON.stringify({ rev: 'PAYLOAD-CANARY' }), { qos: 1 });
    await script.publishAsync(topic('whatever'), 'PAYLOAD-CANARY', { qos: 1 });
    await script.publishAsync(
      topic('presence'),
      JSON.stringify({ state: 'online', since: new Date().toISOString() }),
      { qos: 1 },
    );
    await until(
      () => screenOf(consolePc, 'odd')?.presence?.state === 'online',
      'the valid message after the junk',
    );
    await script.endAsync();
    const odd = screenOf(consolePc, 'odd');
    expect(odd).toMatchObject({ desired: null, reported: null, local: false });
    expect(logLines.some((l) => l.includes('ignored a message') && l.includes('1 ignored so far'))).toBe(
      true,
    );
    expect(logLines.join('\n')).not.toContain('PAYLOAD-CANARY');
  });

  it('shows a command pending until the screen reports it applied or refused', async () => {
    const consolePc = pc('console-1');
    const wallPc = pc('wall-pc', ['wall-left']);
    await Promise.all([consolePc.start(), wallPc.start()]);
    await until(() => screenOf(consolePc, 'wall-left')?.presence?.state === 'online', 'online');
    // A view that does not fit its grid is refused at the console, before it reaches the bus.
    const outside = { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'a', column: 2, row: 1 }] };
    await expect(consolePc.send('wall-left', { view: outside })).rejects.toMatchObject({
      kind: 'invalid-input',
      details: [{ path: 'command.view.tiles[0].column' }],
    });
    const { rev } = await consolePc.send('wall-left', { clear: true });
    expect(rev).toBe(1);
    expect(screenOf(consolePc, 'wall-left')).toMatchObject({
      pending: true,
      desired: { rev: 1, by: 'console-1' },
    });
    await until(() => screenOf(wallPc, 'wall-left')?.desired?.rev === 1, 'the screen has it');
    await wallPc.report({ screen: 'wall-left', rev: 1, shows: { kind: 'none' }, tiles: [] });
    await until(() => screenOf(consolePc, 'wall-left')?.pending === false, 'applied');

    // A refusal the screen's window found ends pending as well, and says why.
    const second = await consolePc.send('wall-left', { clear: true });
    expect(second.rev).toBe(2);
    await until(() => screenOf(wallPc, 'wall-left')?.desired?.rev === 2, 'the screen has rev 2');
    await wallPc.report({
      screen: 'wall-left',
      rev: 1,
      shows: { kind: 'none' },
      tiles: [],
      rejected: { rev: 2, reason: 'the window could not open' },
    });
    const refused = await until(() => {
      const s = screenOf(consolePc, 'wall-left');
      return s?.reported?.rejected ? s : null;
    }, 'the refusal');
    expect(refused).toMatchObject({
      pending: false,
      reported: { rev: 1, rejected: { rev: 2, reason: 'the window could not open' } },
    });
  });
});
