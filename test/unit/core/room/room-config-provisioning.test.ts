import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../electron/core/core';
import { CoreError } from '../../../../electron/core/core-error';
import { RoomConfigStore } from '../../../../electron/core/room/room-config-store';
import { VAULT_MARKER } from '../../../../electron/shared/provisioning';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { folderText, openCore, value } from '../../../support/core-harness';
import { TestCipher } from '../../../fakes/test-cipher';

let dir: string;
let data: string;
let file: string;
let core: Core;
let cipher: TestCipher;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'room-provision-'));
  data = path.join(dir, 'data');
  await mkdir(data);
  file = path.join(dir, 'room.json');
  cipher = new TestCipher();
  core = (await openCore({ store: new FileStore(data), cipher, hostName: 'wall-pc-3' })).core;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const password = () => `room-pw-${randomUUID()}`;
const roomFile = (room: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  version: 1,
  room: {
    brokerUrl: 'mqtts://broker.example:8883',
    username: 'wall-pc-3',
    screens: [
      { name: 'wall-left', display: 1 },
      { name: 'wall-right', display: 2 },
    ],
    ...room,
  },
  ...extra,
});
const write = (content: unknown) => writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
const stored = () =>
  new RoomConfigStore({
    store: new FileStore(data),
    cipher,
    onNotice: () => undefined,
    hostName: 'x',
  }).current();

/** The refusal of a file, with its problems. */
async function refusal(work: Promise<unknown>): Promise<CoreError> {
  const outcome = await work.then(
    () => new Error('the file was applied'),
    (e: unknown) => e,
  );
  if (!(outcome instanceof CoreError)) throw outcome;
  return outcome;
}

describe("a provisioning file's room section", () => {
  it('joins the room, keeps the password in the vault only, and strips it from the file', async () => {
    const secret = password();
    await write(roomFile({ password: secret }));
    const result = await core.applyProvisioningFile(file);
    expect(result.file).toBe('secrets-stripped');
    expect(result.summary.room).toEqual({
      enabled: true,
      pcName: 'wall-pc-3',
      screens: ['wall-left', 'wall-right'],
      hostedBroker: false,
    });
    expect(value(await core.call('room:config', undefined))).toMatchObject({
      enabled: true,
      brokerUrl: 'mqtts://broker.example:8883',
      username: 'wall-pc-3',
      pcName: 'wall-pc-3',
      screens: [
        { name: 'wall-left', display: 1 },
        { name: 'wall-right', display: 2 },
      ],
      hasPassword: true,
    });
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text).room.password).toBe(VAULT_MARKER);
    expect(text).not.toContain(secret);
    expect(await folderText(data)).not.toContain(secret);
    expect((await stored()).password).toBe(secret);

    // The stripped file again: nothing changes, the password stays.
    expect((await core.applyProvisioningFile(file)).file).toBe('unchanged');
    expect((await stored()).password).toBe(secret);
  });

  it('honours afterImport: delete-file removes the file with the password', async () => {
    await write(roomFile({ password: password() }, { afterImport: 'delete-file' }));
    expect((await core.applyProvisioningFile(file)).file).toBe('deleted');
    expect(await readdir(dir)).toEqual(['data']);
    expect(value(await core.call('room:config', undefined)).hasPassword).toBe(true);
  });

  it('refuses the vault marker for another broker, or where none is stored, and applies nothing', async () => {
    const secret = password();
    await write(roomFile({ password: secret }));
    await core.applyProvisioningFile(file);

    const moved = JSON.parse(await readFile(file, 'utf8'));
    moved.room.brokerUrl = 'mqtts://elsewhere.example:8883';
    moved.room.pcName = 'renamed';
    await write(moved);
    const refused = await refusal(core.applyProvisioningFile(file));
    expect(refused.details).toEqual([
      {
        path: '$.room.password',
        message: expect.stringMatching(
          /broker address changed .*type the password again; put the password itself in the file/,
        ),
      },
    ]);
    expect(await stored()).toMatchObject({
      config: { brokerUrl: 'mqtts://broker.example:8883', pcName: 'wall-pc-3' },
      password: secret,
    });

    // Another PC given the stripped file: no password stored there.
    await rm(path.join(data, 'room-secret.json'));
    const other = (await openCore({ store: new FileStore(data), cipher })).core;
    await write(roomFile({ password: VAULT_MARKER }));
    expect((await refusal(other.applyProvisioningFile(file))).details).toEqual([
      { path: '$.room.password', message: expect.stringMatching(/this computer has none stored/) },
    ]);
  });

  it('forgets the stored password when a file moves the room to another broker without one', async () => {
    await write(roomFile({ password: password() }));
    await core.applyProvisioningFile(file);
    await write(roomFile({ brokerUrl: 'mqtt://anonymous-broker.example' }));
    await core.applyProvisioningFile(file);
    expect(await stored()).toMatchObject({
      config: { brokerUrl: 'mqtt://anonymous-broker.example' },
      password: null,
    });
    expect(value(await core.call('room:config', undefined)).hasPassword).toBe(false);
  });

  it('refuses a hosted broker open beyond this PC without a login', async () => {
    await write(roomFile({ username: undefined, hostedBroker: { enabled: true, host: '0.0.0.0' } }));
    // The stored settings have no username either.
    const refused = await refusal(core.applyProvisioningFile(file));
    expect(refused.details).toEqual([
      {
        path: '$.room.hostedBroker.host',
        message: expect.stringMatching(/only with a username and password/),
      },
    ]);
    expect(value(await core.call('room:config', undefined)).enabled).toBe(false);
  });

  it('is applied all or nothing with the rest of the file', async () => {
    const secret = password();
    // A layout of a profile that exists nowhere: the whole file is refused, the room included.
    await write(
      roomFile(
        { password: secret },
        { layouts: [{ id: 'v', name: 'V', profile: 'missing', grid: { columns: 1, rows: 1 }, tiles: [] }] },
      ),
    );
    await refusal(core.applyProvisioningFile(file));
    expect(value(await core.call('room:config', undefined))).toMatchObject({
      enabled: false,
      hasPassword: false,
    });
    expect(await folderText(data)).not.toContain(secret);
    expect(JSON.parse(await readFile(file, 'utf8')).room.password).toBe(secret);
  });

  it('refuses the password where the machine can only store it weakly, unless the file accepts that', async () => {
    cipher.setTier('weak');
    await write(roomFile({ password: password() }));
    expect((await refusal(core.applyProvisioningFile(file))).details).toEqual([
      { path: '$.room.acceptWeakStorage', message: expect.stringMatching(/weak secret storage/) },
    ]);
    await write(roomFile({ password: password(), acceptWeakStorage: true }));
    expect((await core.applyProvisioningFile(file)).summary.room?.enabled).toBe(true);
  });
});
