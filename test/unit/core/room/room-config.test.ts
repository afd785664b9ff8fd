import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../electron/core/core';
import { createLogger } from '../../../../electron/core/logger';
import { pcNameFromHost } from '../../../../electron/core/room/room-config-defaults';
import { RoomConfigStore, type RoomCurrent } from '../../../../electron/core/room/room-config-store';
import { DEFAULT_ROOM_ROOT, type RoomConfigureInput } from '../../../../electron/shared/room';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { error, folderText, openCore, value } from '../../../support/core-harness';
import { freePort, waitForPort } from '../../../support/mosquitto';
import { TestCipher } from '../../../fakes/test-cipher';
import { linkHarness, reachState } from './link-behaviour';

let dir: string;
let core: Core;
let logLines: string[];
let cipher: TestCipher;
/** Every core a test opened: closed after it, so no room link of one keeps retrying in later files. */
let opened: Core[] = [];

const openOn = async (folder: string) => {
  const { core: one } = await openCore({
    store: new FileStore(folder),
    cipher,
    hostName: 'WALL PC #2',
    logger: createLogger('core', { sink: (line) => logLines.push(line) }),
  });
  opened.push(one);
  return one;
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'room-config-'));
  logLines = [];
  cipher = new TestCipher();
  core = await openOn(dir);
});
afterEach(async () => {
  // A hosted broker a test started must not outlive it.
  const now = await core.call('room:config', undefined);
  if (now.ok && now.value.hostedBroker.enabled)
    value(
      await core.call('room:configure', {
        ...strip(now.value),
        enabled: false,
        hostedBroker: { ...now.value.hostedBroker, enabled: false },
      }),
    );
  await Promise.all(opened.map((one) => one.close()));
  opened = [];
  await rm(dir, { recursive: true, force: true });
});

/** The view without `hasPassword`: what room:configure takes back. */
function strip<T extends { hasPassword: boolean }>(view: T): Omit<T, 'hasPassword'> {
  const { hasPassword: _hasPassword, ...config } = view;
  return config;
}

const base = (extra: Partial<RoomConfigureInput> = {}): RoomConfigureInput => ({
  enabled: true,
  brokerUrl: 'mqtt://broker-a.example:1883',
  username: 'wall-pc-2',
  pcName: 'wall-pc-2',
  screens: [{ name: 'wall-left', display: 1 }],
  root: DEFAULT_ROOM_ROOT,
  hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  ...extra,
});

describe("the room's settings", () => {
  it('start off, with this PC named after its host and the default topic root', async () => {
    expect(value(await core.call('room:config', undefined))).toEqual({
      enabled: false,
      brokerUrl: null,
      username: null,
      pcName: 'WALL-PC-2',
      screens: [],
      root: DEFAULT_ROOM_ROOT,
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
      hasPassword: false,
    });
  });

  it('make a valid room name of any host name', () => {
    expect(pcNameFromHost('wall-pc-1.local')).toBe('wall-pc-1.local');
    expect(pcNameFromHost('Überwachung PC 3')).toBe('Uberwachung-PC-3');
    expect(pcNameFromHost('--#/+')).toBe('pc');
    expect(pcNameFromHost('x'.repeat(300))).toHaveLength(64);
  });

  it('keep the password in the vault only: never in a file of the data folder, the view or the log', async () => {
    const password = `room-pw-${randomUUID()}`;
    const view = value(await core.call('room:configure', { ...base(), password }));
    expect(view).toMatchObject({ brokerUrl: 'mqtt://broker-a.example:1883', hasPassword: true });
    expect(JSON.stringify(view)).not.toContain(password);
    expect(await folderText(dir)).not.toContain(password);
    expect(await folderText(dir)).toContain('broker-a.example');

    // Still there after a restart, and the core's room parts get it back.
    const again = await openOn(dir);
    expect(value(await again.call('room:config', undefined)).hasPassword).toBe(true);
    const store = new RoomConfigStore({
      store: new FileStore(dir),
      cipher,
      onNotice: () => undefined,
      hostName: 'x',
    });
    expect((await store.current()).password).toBe(password);
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('refuse to send the stored password to another broker: a new host with a blank password says to type it again', async () => {
    const password = `room-pw-${randomUUID()}`;
    value(await core.call('room:configure', { ...base(), password }));

    const refused = error(
      await core.call('room:configure', base({ brokerUrl: 'mqtt://broker-b.example:1883' })),
    );
    expect(refused.kind).toBe('invalid-input');
    expect(refused.message).toMatch(/broker address changed .*type the password again/);
    expect(refused.details).toEqual([expect.objectContaining({ path: 'password' })]);
    expect(JSON.stringify(refused)).not.toContain(password);
    // Nothing changed.
    expect(value(await core.call('room:config', undefined))).toMatchObject({
      brokerUrl: 'mqtt://broker-a.example:1883',
      hasPassword: true,
    });

    // Another scheme or port of the same host is another broker too.
    expect(
      error(await core.call('room:configure', base({ brokerUrl: 'mqtt://broker-a.example:1884' }))).kind,
    ).toBe('invalid-input');
    // The same broker with other settings keeps it; typed again, it follows the new broker.
    expect(value(await core.call('room:configure', base({ pcName: 'renamed' }))).hasPassword).toBe(true);
    const moved = value(
      await core.call('room:configure', {
        ...base({ brokerUrl: 'mqtt://broker-b.example:1883' }),
        password: 'new-pw-1234',
      }),
    );
    expect(moved).toMatchObject({ brokerUrl: 'mqtt://broker-b.example:1883', hasPassword: true });
    // Forgotten on request.
    expect(
      value(
        await core.call('room:configure', {
          ...base({ brokerUrl: 'mqtt://broker-b.example:1883' }),
          clearPassword: true,
        }),
      ).hasPassword,
    ).toBe(false);
  });

  it('never hand out the password for a broker address changed behind its back (a hand-edited file)', async () => {
    const password = `room-pw-${randomUUID()}`;
    value(await core.call('room:configure', { ...base(), password }));
    const file = path.join(dir, 'room.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('broker-a.example', 'evil.example'));

    const store = new RoomConfigStore({
      store: new FileStore(dir),
      cipher,
      onNotice: () => undefined,
      hostName: 'x',
    });
    expect(await store.current()).toMatchObject({
      config: { brokerUrl: 'mqtt://evil.example:1883' },
      password: null,
    });
    expect((await store.view()).hasPassword).toBe(false);
  });

  it('refuse a username or password inside the broker address', async () => {
    const refused = error(
      await core.call('room:configure', base({ brokerUrl: 'mqtt://user:hunter22@broker.example' })),
    );
    expect(refused.details).toEqual([expect.objectContaining({ path: 'brokerUrl' })]);
    expect(value(await core.call('room:config', undefined)).brokerUrl).toBeNull();
  });

  it('refuse a hosted broker open beyond this PC without a username and password', async () => {
    const open = { enabled: true, host: '0.0.0.0', port: 1883 };
    const refused = error(await core.call('room:configure', base({ username: null, hostedBroker: open })));
    expect(refused.kind).toBe('invalid-input');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'hostedBroker.host' })]);
    expect(refused.message).toMatch(/username and password/);
    // A username without a password is not enough either.
    expect(error(await core.call('room:configure', base({ hostedBroker: open }))).details).toEqual([
      expect.objectContaining({ path: 'hostedBroker.host' }),
    ]);
  });

  it('refuse a password where the machine can only store it weakly (unless accepted) or not at all', async () => {
    cipher.setTier('weak');
    expect(error(await core.call('room:configure', { ...base(), password: 'weak-pw-123' })).kind).toBe(
      'weak-storage',
    );
    cipher.setTier('unavailable');
    expect(error(await core.call('room:configure', { ...base(), password: 'no-pw-123' })).kind).toBe('vault');
    expect(value(await core.call('room:config', undefined))).toMatchObject({
      enabled: false,
      hasPassword: false,
    });
  });

  it('tell listeners every change, with the password inside the core', async () => {
    const store = new RoomConfigStore({
      store: new FileStore(dir),
      cipher,
      onNotice: () => undefined,
      hostName: 'x',
    });
    const heard: RoomCurrent[] = [];
    store.onChange((current) => heard.push(current));
    await store.configure({ ...base(), password: 'listened-pw-1' });
    await store.configure(base({ screens: [] }));
    expect(heard.map((c) => [c.config.screens.length, c.password])).toEqual([
      [1, 'listened-pw-1'],
      [0, 'listened-pw-1'],
    ]);
  });

  describe('the hosted broker', () => {
    const harness = linkHarness();

    it('starts when the settings say so, lets the room login in, and stops when they no longer do', async () => {
      const port = await freePort();
      const password = `hosted-pw-${randomUUID()}`;
      const hosting = base({ brokerUrl: null, hostedBroker: { enabled: true, host: '127.0.0.1', port } });
      value(await core.call('room:configure', { ...hosting, password }));
      await waitForPort(port);
      const member = harness.open(`mqtt://127.0.0.1:${port}`, { username: 'wall-pc-2', password });
      await reachState(member, 'online');
      const stranger = harness.open(`mqtt://127.0.0.1:${port}`, {
        username: 'wall-pc-2',
        password: 'guess-1234',
      });
      expect(await reachState(stranger, 'away')).toMatch(/refused the login/);

      const gone = reachState(member, 'away');
      value(
        await core.call('room:configure', {
          ...hosting,
          enabled: false,
          hostedBroker: { enabled: false, host: '127.0.0.1', port },
        }),
      );
      await gone;
    });

    it('says in a notice why it could not start (its port in use)', async () => {
      const port = await freePort();
      const { startHostedBroker } = await import('../../../../electron/core/room/hosted-broker');
      const squatter = await startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
      harness.later(() => squatter.close());
      const notices: string[] = [];
      core.on('app:notice', (n) => notices.push(n.message));
      value(
        await core.call(
          'room:configure',
          base({ brokerUrl: null, hostedBroker: { enabled: true, host: '127.0.0.1', port } }),
        ),
      );
      expect(notices).toContainEqual(expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`));
    });
  });
});
