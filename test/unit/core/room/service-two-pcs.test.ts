import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_ROOT, screenTopic } from '../../../../electron/shared/room';
import { value } from '../../../support/core-harness';
import { mosquittoMissing, ROOM_ACL_FILE, startMosquitto } from '../../../support/mosquitto';
import { PROFILE_SECRET, roomPc, screenAt, type RoomPc } from '../../../support/room-cores';
import { mqttClient, startAedes, tapBroker, until } from '../../../support/room-parts';

/**
 * Two PCs of a room as two real cores on their own data folders: a console sends a view to the
 * other PC's screen, which announces it and reports it applied; the screen's core is closed and
 * created again and gets the same view back with no call; a command sent while the broker is down
 * is applied when it returns; malformed, oversized and over-limit messages are refused with the
 * reason. A canary taps every message on the broker: no secret ever travels. Against the embedded
 * broker (aedes) and the real Mosquitto with the documented ACL file.
 */

const BROKER_PASSWORD = 'broker-password-CANARY-41c9';
const CANARY = { username: 'canary', password: 'canary-tap-pw' };

interface Broker {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** The login of each PC (the ACL lets a screen write only its own state), null on aedes. */
  login(name: string): { username: string; password: string } | null;
  tapLogin: { username: string; password: string } | null;
}

async function aedesBroker(): Promise<Broker> {
  const broker = await startAedes();
  return { ...broker, dispose: broker.stop, login: () => null, tapLogin: null };
}

async function mosquittoBroker(): Promise<Broker> {
  // The documented ACL, and one tap that may read everything (the canary).
  const acl = path.join(tmpdir(), `room-acl-${process.pid}-${Date.now()}`);
  await writeFile(acl, `${await readFile(ROOM_ACL_FILE, 'utf8')}\nuser canary\ntopic read #\n`);
  const users = ['console-1', 'wall-pc', 'console-2'].map((username) => ({
    username,
    password: BROKER_PASSWORD,
  }));
  const broker = await startMosquitto({ users: [...users, CANARY], aclFile: acl });
  return {
    url: broker.url,
    stop: broker.stop,
    start: broker.restart,
    dispose: broker.dispose,
    login: (username) => ({ username, password: BROKER_PASSWORD }),
    tapLogin: CANARY,
  };
}

const lobby = {
  name: 'Lobby',
  grid: { columns: 2, rows: 1 },
  tiles: [
    { deviceKey: 'cam-gate', deviceName: 'Gate', column: 1, row: 1 },
    { deviceKey: 'cam-yard', deviceName: 'Yard', column: 2, row: 1 },
  ],
};

const brokers: [string, () => Promise<Broker>, string | null][] = [
  ['the embedded broker (aedes)', aedesBroker, null],
  ['Mosquitto with the documented ACL', mosquittoBroker, mosquittoMissing()],
];

for (const [label, startBroker, missing] of brokers)
  describe.skipIf(missing !== null)(`two PCs of a room on ${label}`, { timeout: 90_000 }, () => {
    let broker: Broker;
    let tap: Awaited<ReturnType<typeof tapBroker>>;
    let consolePc: RoomPc;
    let wallPc: RoomPc;

    const pcOn = (pcName: string) => {
      const login = broker.login(pcName);
      return roomPc({
        pcName,
        brokerUrl: broker.url,
        ...(login && { username: login.username, password: login.password }),
      });
    };

    beforeAll(async () => {
      broker = await startBroker();
      tap = await tapBroker(broker.url, broker.tapLogin);
      consolePc = await pcOn('console-1');
      wallPc = await pcOn('wall-pc');
      await until(
        async () => (await screenAt(consolePc, 'wall-pc'))?.presence?.state === 'online',
        'wall-pc on the console',
      );
    }, 60_000);

    afterAll(async () => {
      await consolePc?.close();
      await wallPc?.close();
      await tap?.close();
      await broker?.dispose();
      await consolePc?.remove();
      await wallPc?.remove();
    });

    it('a console sends a view; the screen announces it, reports it applied, and logs who sent it', async () => {
      const sent = value(
        await consolePc.core.call('room:send', { screen: 'wall-pc', command: { view: lobby } }),
      );
      expect(sent).toEqual({ rev: 1, queued: false });
      expect(await screenAt(consolePc, 'wall-pc')).toMatchObject({ pending: true, local: false });

      await until(
        () =>
          wallPc.events.some(
            ([event, payload]) =>
              event === 'room:changed' &&
              (
                payload as { screens: { name: string; local: boolean; desired: { rev: number } | null }[] }
              ).screens.some((s) => s.name === 'wall-pc' && s.local && s.desired?.rev === 1),
          ),
        'room:changed on the screen PC',
      );
      expect(await screenAt(wallPc, 'wall-pc')).toMatchObject({
        local: true,
        desired: { rev: 1, by: 'console-1', view: lobby },
      });

      const tiles = lobby.tiles.map((t) => ({
        column: t.column,
        row: t.row,
        deviceKey: t.deviceKey,
        deviceName: t.deviceName,
        state: 'playing' as const,
      }));
      const report = {
        screen: 'wall-pc',
        rev: 1,
        shows: { kind: 'view' as const, name: 'Lobby', grid: lobby.grid },
        tiles,
      };
      expect(value(await wallPc.core.call('room:report', report))).toEqual({ published: true });
      const seen = await until(async () => {
        const s = await screenAt(consolePc, 'wall-pc');
        return s?.reported?.rev === 1 ? s : null;
      }, 'the report on the console');
      expect(seen).toMatchObject({ pending: false, reported: { pc: 'wall-pc', version: '4.5.6', tiles } });

      const log = value(await wallPc.core.call('oplog:list', { kinds: ['room-command'] }));
      expect(log.entries).toEqual([
        expect.objectContaining({
          kind: 'room-command',
          reason: expect.stringMatching(/"wall-pc" was told to show view "Lobby" .* by console-1/),
        }),
      ]);
    });

    it('the screen PC closed and created again on its folder gets the same view back with no call', async () => {
      const before = await screenAt(wallPc, 'wall-pc');
      await wallPc.close();
      await until(
        async () => (await screenAt(consolePc, 'wall-pc'))?.presence?.state === 'offline',
        'offline on the console',
      );
      await wallPc.reopen();
      const back = await until(
        async () => (await screenAt(wallPc, 'wall-pc'))?.desired,
        'the desired view back',
      );
      expect(back).toEqual(before?.desired);
      await until(
        async () => (await screenAt(consolePc, 'wall-pc'))?.presence?.state === 'online',
        'online again',
      );
      // Coming back to what it had applied is not a new change in the operator log.
      expect(value(await wallPc.core.call('oplog:list', { kinds: ['room-command'] })).entries).toHaveLength(
        1,
      );
    });

    it('a command sent while the broker is down is queued and applied when it is back', async () => {
      await broker.stop();
      await until(async () => (await consolePc.status()).connection.state === 'away', 'the console away');
      const sent = value(
        await consolePc.core.call('room:send', { screen: 'wall-pc', command: { clear: true } }),
      );
      expect(sent).toEqual({ rev: 2, queued: true });
      // The screen keeps what it shows while away, and says it is away.
      await until(async () => (await wallPc.status()).connection.state === 'away', 'the screen away');
      expect((await screenAt(wallPc, 'wall-pc'))?.desired?.rev).toBe(1);

      await broker.start();
      const applied = await until(
        async () => {
          const d = (await screenAt(wallPc, 'wall-pc'))?.desired;
          return d?.rev === 2 ? d : null;
        },
        'the queued command applied',
        60_000,
      );
      expect(applied).toMatchObject({ clear: true, by: 'console-1' });
      value(
        await wallPc.core.call('room:report', {
          screen: 'wall-pc',
          rev: 2,
          shows: { kind: 'none' },
          tiles: [],
        }),
      );
      await until(
        async () => (await screenAt(consolePc, 'wall-pc'))?.reported?.rev === 2,
        'reported after the outage',
        60_000,
      );
    });

    it('refuses malformed, oversized and over-limit messages and reports why', async () => {
      const script = await mqttClient(broker.url, broker.login('console-2'));
      const topic = screenTopic(DEFAULT_ROOM_ROOT, 'wall-pc', 'desired');
      const cases: [string | Buffer, RegExp][] = [
        ['{ "rev": 10, "view": ', /not JSON/],
        [Buffer.alloc(300 * 1024, 0x20), /above the limit of 262144 bytes/],
        [
          JSON.stringify({
            rev: 11,
            by: 'script',
            at: '2026-11-27T06:00:00Z',
            view: { grid: { columns: 12, rows: 1 }, tiles: [] },
          }),
          /view\.grid\.columns/,
        ],
        [
          JSON.stringify({
            rev: 12,
            by: 'script',
            at: '2026-11-27T06:00:00Z',
            view: { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'a', column: 1, row: 2 }] },
          }),
          /view\.tiles\[0\]\.row: reaches row 2/,
        ],
      ];
      try {
        for (const [payload, reason] of cases) {
          await script.publishAsync(topic, payload, { qos: 1, retain: true });
          const refused = await until(async () => {
            const r = (await screenAt(consolePc, 'wall-pc'))?.reported;
            return r?.rejected && reason.test(r.rejected.reason) ? r : null;
          }, `the refusal ${reason}`);
          // What the screen shows is unchanged.
          expect(refused.rev).toBe(2);
          expect((await screenAt(wallPc, 'wall-pc'))?.desired?.rev).toBe(2);
        }
      } finally {
        await script.endAsync();
      }
      const refusals = value(
        await wallPc.core.call('oplog:list', { kinds: ['room-command'] }),
      ).entries.filter((e) => /refused/.test(e.reason ?? ''));
      expect(refusals).toHaveLength(cases.length);
    });

    it('no secret of any profile, and no broker password, ever travels on the bus (canary)', async () => {
      expect(tap.messages.length).toBeGreaterThan(5);
      const traffic = tap.messages.map((m) => `${m.topic}\n${m.text}`).join('\n');
      expect(traffic).toContain('"by":"console-1"');
      expect(traffic).not.toContain(PROFILE_SECRET);
      expect(traffic).not.toContain(BROKER_PASSWORD);
    });
  });
