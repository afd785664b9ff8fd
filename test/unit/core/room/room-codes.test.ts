import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../../electron/core/core-error';
import { createLogger } from '../../../../electron/core/logger';
import { describeLinkError, scrubReason } from '../../../../electron/core/room/mqtt-link-reason';
import type { NoticeInput } from '../../../../electron/core/ports';
import { startHostedBroker } from '../../../../electron/core/room/hosted-broker';
import { HostedBrokerRunner } from '../../../../electron/core/room/hosted-broker-runner';
import { RoomConfigStore } from '../../../../electron/core/room/room-config-store';
import type { RoomService } from '../../../../electron/core/room/room-service';
import { DEFAULT_ROOM_ROOT, type RoomConfigureInput } from '../../../../electron/shared/room';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../../fakes/test-cipher';
import { freePort } from '../../../support/mosquitto';
import {
  roomConfig,
  startAedes,
  testRoomService,
  TestRoomSettings,
  until,
  type TestBroker,
} from '../../../support/room-parts';

/**
 * Every error and status the room's core gives an operator carries a code and its parameters
 * (issue #32.4), so the renderer words it in the operator's language: the settings' refusals field
 * by field, the vault's about the broker password, a command refused, and why the broker is away.
 */

let dir: string;
let cipher: TestCipher;
const services: RoomService[] = [];
const brokers: TestBroker[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'room-codes-'));
  cipher = new TestCipher();
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await Promise.all(brokers.splice(0).map((b) => b.stop()));
  await rm(dir, { recursive: true, force: true });
});

const storeOn = (withCipher = cipher) =>
  new RoomConfigStore({
    store: new FileStore(dir),
    cipher: withCipher,
    onNotice: () => undefined,
    hostName: 'pc',
  });

const base = (extra: Partial<RoomConfigureInput> = {}): RoomConfigureInput => ({
  enabled: true,
  brokerUrl: 'mqtt://broker-a.example:1883',
  username: 'wall',
  pcName: 'wall-pc',
  screens: [{ name: 'left', display: 1 }],
  root: DEFAULT_ROOM_ROOT,
  hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  ...extra,
});

/** What a call threw, as the renderer receives it. */
async function refusal(run: Promise<unknown>) {
  const thrown = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(CoreError);
  return (thrown as CoreError).toData();
}

const service = (settings: TestRoomSettings) => {
  const created = testRoomService({ settings });
  services.push(created);
  return created;
};

describe('the room settings’ refusals are coded field by field', () => {
  it('the schema’s findings: names, root, broker address, port and display', async () => {
    const refused = await refusal(
      storeOn().configure({
        ...base({
          brokerUrl: 'http://nowhere',
          pcName: 'a/b',
          root: '/x',
          screens: [{ name: '', display: 40 }],
        }),
        hostedBroker: { enabled: false, host: '127.0.0.1', port: Number.NaN },
      }),
    );
    expect(refused).toMatchObject({ kind: 'invalid-input', code: 'input.invalid' });
    // The first problem of each field, as the form shows it (a blank name is not of the pattern either).
    const codes: Record<string, string | undefined> = {};
    for (const d of refused.details ?? []) codes[d.path] ??= d.code;
    expect(codes).toEqual({
      brokerUrl: 'room.problem.brokerUrlForm',
      pcName: 'room.problem.namePattern',
      root: 'room.problem.rootPattern',
      'screens[0].name': 'room.problem.nameRequired',
      'screens[0].display': 'room.problem.display',
      'hostedBroker.port': 'room.problem.port',
    });
  });

  it('the core’s own: user info in the address, no broker, a hosted broker open without a login, one name twice', async () => {
    const refused = await refusal(
      storeOn().configure(
        base({
          brokerUrl: 'mqtt://user:hunter22@broker.example',
          username: null,
          screens: [{ name: 'left' }, { name: 'LEFT' }],
          hostedBroker: { enabled: true, host: '0.0.0.0', port: 1883 },
        }),
      ),
    );
    expect(refused.code).toBe('input.invalid');
    expect(refused.details).toEqual([
      expect.objectContaining({ path: 'brokerUrl', code: 'room.problem.brokerUrlUserInfo' }),
      expect.objectContaining({
        path: 'hostedBroker.host',
        code: 'room.problem.hostNeedsLogin',
        params: { host: '0.0.0.0' },
      }),
      expect.objectContaining({
        path: 'screens[1].name',
        code: 'room.problem.nameTaken',
        params: { name: 'LEFT', number: 1 },
        message: '"LEFT" is already the name of screen 1',
      }),
    ]);
    expect(JSON.stringify(refused)).not.toContain('hunter22');

    const noBroker = await refusal(storeOn().configure(base({ brokerUrl: null })));
    expect(noBroker.details).toEqual([
      expect.objectContaining({ path: 'brokerUrl', code: 'room.problem.brokerUrlNeeded' }),
    ]);
  });

  it('a stored password that would go to another broker, by which side is this PC’s own', async () => {
    const store = storeOn();
    await store.configure({ ...base(), password: `pw-${randomUUID()}` });
    const moved = await refusal(store.configure(base({ brokerUrl: 'mqtt://broker-b.example:1883' })));
    expect(moved.details).toEqual([
      expect.objectContaining({
        path: 'password',
        code: 'room.problem.passwordRebind',
        params: { from: 'mqtt://broker-a.example:1883', to: 'mqtt://broker-b.example:1883' },
      }),
    ]);
    const hosted = await refusal(
      store.configure(
        base({ brokerUrl: null, hostedBroker: { enabled: true, host: '127.0.0.1', port: 1883 } }),
      ),
    );
    expect(hosted.details).toEqual([
      expect.objectContaining({
        code: 'room.problem.passwordRebindToHosted',
        params: { from: 'mqtt://broker-a.example:1883' },
      }),
    ]);
  });

  it('the vault’s: weak storage, no encryption, and a password stored with another key', async () => {
    cipher.setTier('weak');
    const weak = await refusal(storeOn().configure({ ...base(), password: 'weak-pw-123' }));
    expect(weak).toMatchObject({ kind: 'weak-storage', code: 'vault.weakRoom' });
    expect(weak.details).toEqual([
      expect.objectContaining({ path: 'acceptWeakStorage', code: 'room.problem.weakStorage' }),
    ]);

    cipher.setTier('test');
    await storeOn().configure({ ...base(), password: 'pw-of-this-machine' });
    // Another machine's key: what this one stored cannot be read there.
    const elsewhere = new TestCipher();
    elsewhere.decrypt = async () => {
      throw new Error('not made by this key');
    };
    expect(await refusal(storeOn(elsewhere).current())).toMatchObject({
      kind: 'vault',
      code: 'vault.roomUnreadable',
    });
  });
});

describe('the room’s commands and status are coded', () => {
  it('a command while the room is off; a report from a screen that is not this PC’s', async () => {
    const broker = await startAedes();
    brokers.push(broker);
    const settings = new TestRoomSettings(roomConfig(broker.url, 'pc-a', { enabled: false }));
    const room = service(settings);
    await room.start();
    expect(room.status().connection).toMatchObject({
      state: 'off',
      reason: 'the room is off in Settings',
      reasonCode: 'room.off.disabled',
    });
    const off = await refusal(room.send('pc-a', { clear: true }));
    expect(off).toMatchObject({ kind: 'not-configured', code: 'room.notOn' });

    settings.set({ enabled: true });
    await until(async () => room.status().connection.state === 'online', 'pc-a online');
    const notMine = await refusal(
      room.report({ screen: 'elsewhere', rev: 0, shows: { kind: 'none' }, tiles: [] }),
    );
    expect(notMine).toMatchObject({
      code: 'room.notThisPc',
      params: { screen: 'elsewhere', screens: 'pc-a' },
      details: [expect.objectContaining({ path: 'screen', code: 'room.problem.notThisPc' })],
    });
    const unfit = await refusal(
      room.send('pc-a', {
        view: { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'cam', column: 2, row: 1 }] },
      }),
    );
    expect(unfit).toMatchObject({ code: 'room.viewDoesNotFit', params: { count: 1 } });
  });

  it('why this PC could not host the broker: its port in use, coded with where', async () => {
    const port = await freePort();
    const squatter = await startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
    const notices: NoticeInput[] = [];
    const runner = new HostedBrokerRunner({
      onNotice: (n) => notices.push(n),
      log: createLogger('room', { sink: () => undefined }),
    });
    try {
      const config = roomConfig('mqtt://127.0.0.1:1', 'pc-h', {
        brokerUrl: null,
        hostedBroker: { enabled: true, host: '127.0.0.1', port },
      });
      await runner.apply({ config, password: null });
      expect(notices).toEqual([
        expect.objectContaining({
          level: 'error',
          source: 'room',
          code: 'room.hosted.portInUse',
          params: { host: '127.0.0.1', port },
        }),
      ]);
    } finally {
      await runner.close();
      await squatter.close();
    }
  });

  it('why the broker is away: nothing answering at its address, coded with where', async () => {
    const port = await freePort();
    const room = service(new TestRoomSettings(roomConfig(`mqtt://127.0.0.1:${port}`, 'pc-b')));
    await room.start();
    await until(async () => room.status().connection.state === 'away', 'pc-b away');
    expect(room.status().connection).toMatchObject({
      reason: `nothing answers at 127.0.0.1:${port} (is the broker running?)`,
      reasonCode: 'room.link.noAnswer',
      reasonParams: { where: `127.0.0.1:${port}` },
    });
  });

  it('a refused login, a refusal code, a TLS or other failure; the password scrubbed from every word', () => {
    expect(describeLinkError({ code: 4 }, 'b:1883')).toMatchObject({ code: 'room.link.login' });
    expect(describeLinkError({ code: 5 }, 'b:1883')).toMatchObject({ code: 'room.link.notAllowed' });
    expect(describeLinkError({ code: 135 }, 'b:1883')).toMatchObject({ code: 'room.link.notAllowed' });
    expect(describeLinkError({ code: 99 }, 'b:1883')).toMatchObject({
      code: 'room.link.refused',
      params: { code: 99 },
    });
    const tls = Object.assign(new Error('self-signed certificate, pw s3cret-pw'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    const said = scrubReason(describeLinkError(tls, 'b:8883'), 's3cret-pw');
    expect(said).toMatchObject({ code: 'room.link.tls', params: { where: 'b:8883' } });
    expect(JSON.stringify(said)).not.toContain('s3cret-pw');
    expect(describeLinkError(new Error('odd'), 'b:1883')).toMatchObject({
      code: 'room.link.failed',
      params: { where: 'b:1883', technical: 'odd' },
    });
  });
});
