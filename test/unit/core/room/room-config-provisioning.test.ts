import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../electron/core/core';
import { CoreError } from '../../../../electron/core/core-error';
import { RoomConfigStore } from '../../../../electron/core/room/room-config-store';
import type { CodedFieldProblem } from '../../../../electron/shared/domain';
import { VAULT_MARKER } from '../../../../electron/shared/provisioning';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { codeWords, fieldProblemWords } from '../../../../src/lib/error-words';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { folderText, openCore, value } from '../../../support/core-harness';
import { TestCipher } from '../../../fakes/test-cipher';

let dir: string;
let data: string;
let file: string;
let core: Core;
let opened: Core[] = [];
let cipher: TestCipher;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'room-provision-'));
  data = path.join(dir, 'data');
  await mkdir(data);
  file = path.join(dir, 'room.json');
  cipher = new TestCipher();
  core = (await openCore({ store: new FileStore(data), cipher, hostName: 'wall-pc-3' })).core;
  opened = [core];
});
afterEach(async () => {
  // No room link of these cores may keep retrying in the files that share this worker.
  await Promise.all(opened.map((one) => one.close()));
  await rm(dir, { recursive: true, force: true });
});

const password = () => `room-pw-${randomUUID()}`;

/** A problem as an operator reads it in English and in Chinese, from its code (never its English). */
function wordedInBoth(problem: CodedFieldProblem): [string, string] {
  const coded = { ...problem, message: 'not worded from its code' };
  startI18n('en');
  const en = codeWords(coded.code!, coded.params) ?? coded.message;
  startI18n('zh-CN');
  const zh = fieldProblemWords(coded);
  startI18n('en');
  return [en, zh];
}
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
        code: 'problem.vault.roomRebind',
        params: { from: 'mqtts://broker.example:8883', to: 'mqtts://elsewhere.example:8883' },
      },
    ]);
    expect(wordedInBoth(refused.details![0])).toEqual([
      'says the password is in the vault, but the stored one cannot be used: the broker address changed (from mqtts://broker.example:8883 to mqtts://elsewhere.example:8883), and a saved password is only sent to the broker it was entered for: put the password itself in the file',
      '文件说密码已在保管库中，但无法使用已保存的密码：消息代理地址已更改（从 mqtts://broker.example:8883 改为 mqtts://elsewhere.example:8883），已保存的密码只发送给输入它时的消息代理：请把密码本身写入文件',
    ]);
    expect(await stored()).toMatchObject({
      config: { brokerUrl: 'mqtts://broker.example:8883', pcName: 'wall-pc-3' },
      password: secret,
    });

    // Another PC given the stripped file: no password stored there.
    await rm(path.join(data, 'room-secret.json'));
    const other = (await openCore({ store: new FileStore(data), cipher })).core;
    opened.push(other);
    await write(roomFile({ password: VAULT_MARKER }));
    const none = (await refusal(other.applyProvisioningFile(file))).details!;
    expect(none).toEqual([
      {
        path: '$.room.password',
        message: expect.stringMatching(/this computer has none stored/),
        code: 'problem.vault.noRoomPassword',
      },
    ]);
    expect(wordedInBoth(none[0])).toEqual([
      'says the password is in the vault, but this computer has none stored: put the password itself in the file',
      '文件说密码已在保管库中，但本机没有保存密码：请把密码本身写入文件',
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
        // The store's own problem keeps its code on its way into the file's problems.
        code: 'room.problem.hostNeedsLogin',
        params: { host: '0.0.0.0' },
      },
    ]);
    expect(wordedInBoth(refused.details![0])[1]).toBe(
      '托管的消息代理监听 0.0.0.0（本机以外）时必须设置用户名和密码：请同时填写，或监听 127.0.0.1',
    );
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
    const weak = (await refusal(core.applyProvisioningFile(file))).details!;
    expect(weak).toEqual([
      {
        path: '$.room.acceptWeakStorage',
        message: expect.stringMatching(/weak secret storage/),
        code: 'problem.vault.roomWeak',
      },
    ]);
    expect(wordedInBoth(weak[0])).toEqual([
      'only weak secret storage exists here (Linux basic_text); set true to store the password anyway',
      '此处只有弱密钥存储（Linux basic_text）；设为 true 才会仍然保存密码',
    ]);
    await write(roomFile({ password: password(), acceptWeakStorage: true }));
    expect((await core.applyProvisioningFile(file)).summary.room?.enabled).toBe(true);
  });

  it('refuses the password where the machine cannot encrypt at all, coded and worded in both languages', async () => {
    cipher.setTier('unavailable');
    await write(roomFile({ password: password() }));
    const problems = (await refusal(core.applyProvisioningFile(file))).details!;
    expect(problems).toContainEqual({
      path: '$.room.password',
      message: 'this machine cannot encrypt secrets now, so it cannot be stored',
      code: 'problem.vault.roomCannotEncrypt',
    });
    const problem = problems.find((p) => p.code === 'problem.vault.roomCannotEncrypt')!;
    expect(wordedInBoth(problem)).toEqual([
      'this machine cannot encrypt secrets now, so it cannot be stored',
      '本机目前无法加密密钥，因此无法保存密码',
    ]);
  });
});
