import type { MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/logger';
import { createMqttRoomLink } from '../../../../electron/core/room/mqtt-room-link';
import { RoomService } from '../../../../electron/core/room/room-service';
import type { OperatorEventInput } from '../../../../electron/shared/contract/operator-log';
import {
  RoomReportedSchema,
  screenTopic,
  DEFAULT_ROOM_ROOT,
  type RoomReported,
  type RoomStatus,
} from '../../../../electron/shared/room';
import {
  mqttClient,
  roomConfig,
  startAedes,
  TestRoomSettings,
  until,
  type TestBroker,
} from '../../../support/room-parts';
import { zhWords } from '../../../support/worded';

/**
 * A screen of this PC obeys its `desired` topic: valid commands become its wanted state, anything
 * it cannot apply is answered on `reported` with the reason, and nothing changes. Real aedes, real
 * MQTT links; this PC's profile and saved views are given as facts.
 */

const view = (columns: number, rows: number, tiles: unknown[]) => ({ grid: { columns, rows }, tiles });
const desired = (rev: number, command: unknown) => ({
  rev,
  by: 'script',
  at: '2026-11-27T06:00:00Z',
  ...(command as object),
});

let broker: TestBroker;
let script: MqttClient;
let logLines: string[] = [];
const open: RoomService[] = [];

interface Screen {
  service: RoomService;
  settings: TestRoomSettings;
  oplog: OperatorEventInput[];
  events: RoomStatus[];
  profile: { id: string; name: string } | null;
}

async function screenPc(pcName: string, screens: string[] = []): Promise<Screen> {
  const settings = new TestRoomSettings(
    roomConfig(broker.url, pcName, { screens: screens.map((name) => ({ name })) }),
  );
  const oplog: OperatorEventInput[] = [];
  const events: RoomStatus[] = [];
  const screen: Screen = {
    service: undefined as unknown as RoomService,
    settings,
    oplog,
    events,
    profile: { id: 'demo', name: 'Demo' },
  };
  screen.service = new RoomService({
    settings,
    openLink: createMqttRoomLink,
    facts: {
      selectedProfile: async () => screen.profile,
      savedViews: async () => [{ id: 'lobby', name: 'Lobby', grid: { columns: 2, rows: 2 } }],
    },
    version: '9.8.7',
    now: () => Date.now(),
    log: createLogger('room', { sink: (line) => logLines.push(line) }),
    emit: (status) => events.push(status),
    record: (event) => oplog.push(event),
  });
  open.push(screen.service);
  await screen.service.start();
  await until(() => screen.service.status().connection.state === 'online', `${pcName} online`);
  return screen;
}

/** The retained `reported` of a screen as the broker holds it now. */
async function reportedOf(name: string): Promise<RoomReported | null> {
  const client = await mqttClient(broker.url);
  try {
    const got = new Promise<RoomReported | null>((resolve) => {
      client.on('message', (_topic, payload) =>
        resolve(RoomReportedSchema.parse(JSON.parse(payload.toString()))),
      );
    });
    await client.subscribeAsync(screenTopic(DEFAULT_ROOM_ROOT, name, 'reported'), { qos: 1 });
    // A retained message follows the subscription at once; none within this while means there is none.
    const none = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000));
    return await Promise.race([got, none]);
  } finally {
    await client.endAsync();
  }
}

const wantedOf = (screen: Screen, name: string) =>
  screen.service.status().screens.find((s) => s.name === name)?.desired ?? null;

beforeEach(async () => {
  broker = await startAedes();
  logLines = [];
  script = await mqttClient(broker.url);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  await script.endAsync();
  await broker.stop();
});

const publish = (name: string, payload: string | Buffer) =>
  script.publishAsync(screenTopic(DEFAULT_ROOM_ROOT, name, 'desired'), payload, { qos: 1, retain: true });

describe('a screen of this PC', () => {
  it('takes a valid command as its wanted state, announces it and logs who sent it', async () => {
    const pc = await screenPc('pc-b', ['wall-left']);
    await publish(
      'wall-left',
      JSON.stringify(desired(3, { view: view(2, 2, [{ deviceKey: 'cam-1', deviceName: 'Gate' }]) })),
    );
    const wanted = await until(() => wantedOf(pc, 'wall-left'), 'the wanted state');
    expect(wanted).toMatchObject({ rev: 3, by: 'script', view: { grid: { columns: 2, rows: 2 } } });
    await until(
      () =>
        pc.events.some((e) =>
          e.screens.some((s) => s.name === 'wall-left' && s.local && s.desired?.rev === 3),
        ),
      'room:changed with it',
    );
    expect(pc.oplog).toEqual([
      expect.objectContaining({
        kind: 'room-command',
        deviceKey: 'cam-1',
        reason: expect.stringContaining('by script'),
      }),
    ]);
    // Pending until the screen's window reports it applied.
    expect(pc.service.status().screens.find((s) => s.name === 'wall-left')?.pending).toBe(true);
    const shown = { rev: 3, shows: { kind: 'view' as const, grid: { columns: 2, rows: 2 } }, tiles: [] };
    expect(await pc.service.report({ screen: 'wall-left', ...shown })).toEqual({ published: true });
    // The same report again is not published again.
    expect(await pc.service.report({ screen: 'wall-left', ...shown })).toEqual({ published: false });
    const reported = await until(() => reportedOf('wall-left'), 'the reported state');
    expect(reported).toMatchObject({ rev: 3, version: '9.8.7', pc: 'pc-b' });
    await until(
      () => pc.service.status().screens.find((s) => s.name === 'wall-left')?.pending === false,
      'not pending',
    );
  });

  it('names the screen after the PC when no screens are set', async () => {
    const pc = await screenPc('pc-solo');
    expect(pc.service.status().screens).toEqual([expect.objectContaining({ name: 'pc-solo', local: true })]);
    await until(
      () => pc.service.status().screens[0]?.presence?.state === 'online',
      'its presence on the bus',
    );
  });

  // Each with the code a console words it by (`errors:room.rejected.*`).
  const refusals: [string, string | Buffer, number | null, RegExp, string][] = [
    ['not JSON', 'CANARY-42 is not JSON', null, /not JSON/, 'notJson'],
    [
      'oversized',
      Buffer.alloc(300 * 1024, 0x20),
      null,
      /307200 bytes, above the limit of 262144/,
      'tooLarge',
    ],
    [
      'not the contract',
      JSON.stringify({ rev: 4, by: 'x', at: '2026-11-27T06:00:00Z', view: { grid: { columns: 2 } } }),
      4,
      /view\.grid\.rows/,
      'invalid',
    ],
    [
      'a grid over the limits',
      JSON.stringify(desired(4, { view: view(9, 2, []) })),
      4,
      /view\.grid\.columns/,
      'invalid',
    ],
    [
      'a tile outside its grid',
      JSON.stringify(desired(4, { view: view(2, 2, [{ deviceKey: 'a', column: 3, row: 1 }]) })),
      4,
      /view\.tiles\[0\]\.column: reaches column 3/,
      'viewDoesNotFit',
    ],
    [
      'a tour of a view not saved here',
      JSON.stringify(
        desired(4, {
          tour: { id: 't', name: 'Round', kind: 'views', dwellSeconds: 10, views: ['lobby', 'nowhere'] },
        }),
      ),
      4,
      /tour\.views\[1\]: no view "nowhere" on pc-b/,
      'tourCannotRun',
    ],
  ];
  for (const [what, payload, rev, reason, code] of refusals)
    it(`refuses ${what}, says why on reported and keeps what it shows`, async () => {
      const pc = await screenPc('pc-b', ['wall-left']);
      await publish('wall-left', JSON.stringify(desired(2, { view: view(1, 1, [{ deviceKey: 'cam-1' }]) })));
      await until(() => wantedOf(pc, 'wall-left')?.rev === 2, 'rev 2 wanted');
      await pc.service.report({
        screen: 'wall-left',
        rev: 2,
        shows: { kind: 'view', grid: { columns: 1, rows: 1 } },
        tiles: [{ column: 1, row: 1, deviceKey: 'cam-1', state: 'playing' }],
      });

      await publish('wall-left', payload);
      const reported = await until(async () => {
        const r = await reportedOf('wall-left');
        return r?.rejected ? r : null;
      }, 'the refusal on reported');
      expect(reported.rejected?.rev).toBe(rev);
      expect(reported.rejected?.reason).toMatch(reason);
      expect(reported.rejected?.reasonCode).toBe(`room.rejected.${code}`);
      const { reason: message, reasonCode, reasonParams } = reported.rejected!;
      zhWords({ message, code: reasonCode, params: reasonParams });
      // What it shows is unchanged, and so is its wanted state.
      expect(reported).toMatchObject({
        rev: 2,
        shows: { kind: 'view' },
        tiles: [{ deviceKey: 'cam-1', state: 'playing' }],
      });
      expect(wantedOf(pc, 'wall-left')?.rev).toBe(2);
      // The refusal is logged, in words and without the payload.
      expect(logLines.some((l) => l.includes('screen wall-left refused'))).toBe(true);
      expect(`${logLines.join('\n')}${reported.rejected?.reason}`).not.toContain('CANARY');
      expect(pc.oplog.at(-1)).toMatchObject({
        kind: 'room-command',
        reason: expect.stringMatching(/refused/),
      });
      // The console's view: told something it refused is not pending.
      await until(
        () => pc.service.status().screens.find((s) => s.name === 'wall-left')?.reported?.rejected,
        'the roster has it',
      );
      expect(pc.service.status().screens.find((s) => s.name === 'wall-left')?.pending).toBe(false);
    });

  it('refuses a view when no profile is selected on this PC', async () => {
    const pc = await screenPc('pc-b', ['wall-left']);
    pc.profile = null;
    await publish('wall-left', JSON.stringify(desired(5, { view: view(1, 1, [{ deviceKey: 'cam-1' }]) })));
    const reported = await until(() => reportedOf('wall-left').then((r) => r?.rejected && r), 'the refusal');
    expect(reported.rejected).toEqual({
      rev: 5,
      reason: expect.stringMatching(/no profile is selected on pc-b/),
      reasonCode: 'room.rejected.noProfile',
      reasonParams: { pc: 'pc-b' },
    });
    zhWords({ message: reported.rejected!.reason, code: 'room.rejected.noProfile', params: { pc: 'pc-b' } });
    expect(reported).toMatchObject({ rev: 0, shows: { kind: 'none' }, tiles: [] });
    expect(wantedOf(pc, 'wall-left')).toBeNull();
    // Clearing needs no profile.
    await publish('wall-left', JSON.stringify(desired(6, { clear: true })));
    await until(() => wantedOf(pc, 'wall-left')?.rev === 6, 'clear applied');
  });

  it('keeps the highest revision: a lower one is refused as stale, the same one again ignored', async () => {
    const pc = await screenPc('pc-b', ['wall-left']);
    const seven = JSON.stringify(desired(7, { clear: true }));
    await publish('wall-left', seven);
    await until(() => wantedOf(pc, 'wall-left')?.rev === 7, 'rev 7');
    await publish('wall-left', JSON.stringify(desired(4, { view: view(1, 1, []) })));
    const reported = await until(
      () => reportedOf('wall-left').then((r) => r?.rejected && r),
      'the stale refusal',
    );
    expect(reported.rejected).toEqual({
      rev: 4,
      reason: expect.stringMatching(/revision 4 is not above revision 7/),
      reasonCode: 'room.rejected.staleRev',
      reasonParams: { rev: 4, highest: 7 },
    });
    zhWords({
      message: reported.rejected!.reason,
      code: 'room.rejected.staleRev',
      params: { rev: 4, highest: 7 },
    });
    expect(wantedOf(pc, 'wall-left')?.rev).toBe(7);
    const logged = pc.oplog.length;
    await publish('wall-left', seven);
    await publish('wall-left', JSON.stringify(desired(8, { clear: true })));
    await until(() => wantedOf(pc, 'wall-left')?.rev === 8, 'rev 8');
    // rev 7 again changed nothing and logged nothing; rev 8 is one entry.
    expect(pc.oplog.length).toBe(logged + 1);
  });
});
