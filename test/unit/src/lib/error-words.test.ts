import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Core } from '../../../../electron/core/core';
import { CoreError } from '../../../../electron/core/core-error';
import { UNAVAILABLE_STORAGE_MESSAGE } from '../../../../electron/core/credential-vault';
import { WEAK_ROOM_STORAGE_MESSAGE } from '../../../../electron/core/room/room-config-secret';
import { PlatformError } from '../../../../electron/core/platform-error';
import { interpret } from '../../../../electron/core/platform-response';
import { REFUSED_WORDS } from '../../../../electron/core/kiosk-lock';
import { redactor } from '../../../../electron/core/redact';
import { toResult } from '../../../../electron/core/run-handler';
import type { AppError, Channel } from '../../../../electron/shared/contract';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { plainError } from '../../../../src/lib/plain-error';
import { MemoryStore } from '../../../fakes/memory-store';
import { error, openCore, saveSiteProfile } from '../../../support/core-harness';

/**
 * The core's errors carry a code and parameters; the renderer words them in the operator's language.
 * Driven through core.call (the path both shells use), on a kiosk a provisioning file locked.
 */
const SECRET = 'CANARY-error-words-71f3';

/** What a call throws (it must throw). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
let core: Core;

beforeAll(async () => {
  ({ core } = await openCore({ store: new MemoryStore() }));
  await saveSiteProfile(core, SECRET);
  await core.importProvisioning(
    JSON.stringify({
      version: 1,
      layouts: [{ id: 'wall', name: 'Wall', profile: 'site', grid: { columns: 2, rows: 2 }, tiles: [] }],
      kiosk: { enabled: true, startLayout: 'wall', locked: true, adminPin: '2468' },
    }),
  );
  startI18n('en');
});
afterAll(() => void startI18n('en'));

const saveLayout = { name: 'Other', profileId: 'site', grid: { columns: 2, rows: 2 }, tiles: [] };

describe('a locked kiosk’s refusal, in the operator’s language', () => {
  it('is coded with the action it refused, and worded in Chinese from that code', async () => {
    const refused = error(await core.call('layouts:save', saveLayout));
    expect(refused).toMatchObject({ kind: 'locked', code: 'kiosk.locked', params: { action: 'saveLayout' } });

    startI18n('zh-CN');
    const words = plainError(refused).message;
    expect(words).toBe(
      '此电视墙已锁定为展台，不允许保存布局。管理员可用管理员 PIN 码解锁，或用预配文件更改。',
    );

    startI18n('en');
    expect(plainError(refused).message).toBe(refused.message);
  });

  it('has English catalog words that say exactly what the core says, for every action it names', async () => {
    startI18n('en');
    const { default: en } = await import('../../../../src/i18n/locales/en/errors.json');
    for (const [channel, refusal] of Object.entries(REFUSED_WORDS) as [
      Channel,
      { words: string; action: string },
    ][]) {
      expect(en.kiosk.action[refusal.action as keyof typeof en.kiosk.action], channel).toBe(refusal.words);
    }
    const refused = error(await core.call('layouts:save', saveLayout));
    expect(en.kiosk.locked.replace('{{action}}', en.kiosk.action.saveLayout)).toBe(refused.message);
    // Worded ahead of their codes (see the report): the same words as the core's, to the letter.
    expect(en.vault.unavailable).toBe(UNAVAILABLE_STORAGE_MESSAGE);
    expect(en.vault.weakRoom).toBe(WEAK_ROOM_STORAGE_MESSAGE);
  });

  it('words a wrong admin PIN, and the wait it earns, from their codes', async () => {
    const wrong = error(await core.call('kiosk:unlock', { pin: '0000' }));
    expect(wrong).toMatchObject({ kind: 'locked', code: 'kiosk.pin.wrong', message: 'Wrong PIN.' });
    error(await core.call('kiosk:unlock', { pin: '0001' }));
    const third = error(await core.call('kiosk:unlock', { pin: '0002' }));
    expect(third).toMatchObject({ code: 'kiosk.pin.wrongWait', params: { seconds: 30 } });
    const waiting = error(await core.call('kiosk:unlock', { pin: '2468' }));
    expect(waiting).toMatchObject({ code: 'kiosk.pin.tooMany' });
    const seconds = Number(waiting.params?.seconds);
    expect(waiting.message).toBe(`Too many wrong PINs: try again in ${seconds} s.`);

    startI18n('zh-CN');
    expect(plainError(wrong).message).toBe('PIN 码错误。');
    expect(plainError(third).message).toBe('PIN 码错误。请在 30 秒后重试。');
    expect(plainError(waiting).message).toBe(`PIN 码错误次数过多：请在 ${seconds} 秒后重试。`);
    startI18n('en');
  });
});

describe('bad input, in the operator’s language', () => {
  it('names each path and words each problem from its zod code', async () => {
    const bad = error(
      await core.call('profiles:save', {
        name: 'x'.repeat(10_000),
        baseUrl: 'http://127.0.0.1:1',
        credentialType: 'device',
        keys: { deviceKey: 'k'.repeat(1_000_000) },
        secrets: { queryToken: 't' },
      }),
    );
    expect(bad.code).toBe('input.invalid');
    expect(bad.details?.find((d) => d.path === 'keys.deviceKey')).toMatchObject({
      code: 'input.tooBig',
      params: { origin: 'string' },
    });
    startI18n('zh-CN');
    const words = plainError(bad).message;
    expect(words).toMatch(/^输入无效：/);
    expect(words).toMatch(/keys\.deviceKey：最多 \d+ 个字符/);
    startI18n('en');
    expect(plainError(bad).message).toBe(bad.message);
  });
});

describe('what has no words here, and what must never be a parameter', () => {
  it('shows the English message of a code the renderer does not know', () => {
    startI18n('zh-CN');
    const newer: AppError = { kind: 'storage', message: 'The disk is full.', code: 'storage.someNewThing' };
    expect(plainError(newer).message).toBe('The disk is full.');
    // A known code whose action it does not know is not worded by halves either.
    const odd: AppError = {
      kind: 'locked',
      message: 'Frobbing is not allowed: this wall is locked as a kiosk.',
      code: 'kiosk.locked',
      params: { action: 'frob' },
    };
    expect(plainError(odd).message).toBe(odd.message);
    startI18n('en');
  });

  it('shows a platform’s message as it sent it, marked as the platform’s', () => {
    const answered: AppError = {
      kind: 'invalid-request',
      message: '设备不存在',
      status: 404,
      code: 'platform.answered',
      params: { status: 404, platformMessage: '设备不存在' },
    };
    startI18n('zh-CN');
    expect(plainError(answered).message).toBe('平台原话：设备不存在');
    startI18n('en');
    expect(plainError(answered).message).toBe('The platform said: 设备不存在');
  });

  it('marks as the platform’s only what the platform said: a bare status is the app’s sentence', () => {
    const bare = toResult(
      thrown(() => interpret(new Response('', { status: 502, statusText: 'Bad Gateway' }), '')),
    ).error;
    expect(bare).toMatchObject({ code: 'platform.noWords', params: { status: 502 } });
    const said = toResult(new PlatformError('server', '数据库繁忙', { status: 503 })).error;
    expect(said).toMatchObject({
      code: 'platform.answered',
      params: { status: 503, platformMessage: '数据库繁忙' },
    });
    startI18n('zh-CN');
    expect(plainError(bare).message).toBe('平台返回了 HTTP 502，没有说明原因。');
    expect(plainError(said).message).toBe('平台原话：数据库繁忙');
    startI18n('en');
    expect(plainError(bare).message).toBe('The platform answered HTTP 502 Bad Gateway.');
  });

  it('passes parameters through the redactor, as messages are', () => {
    redactor.add(SECRET);
    const e = new CoreError(
      'invalid-input',
      `about ${SECRET}`,
      [{ path: 'x', message: 'bad', params: { v: SECRET } }],
      {
        code: 'input.custom',
        params: { message: `got ${SECRET}` },
      },
    );
    expect(JSON.stringify(toResult(e))).not.toContain(SECRET);

    const zodError = new z.ZodError([
      { code: 'custom', path: ['name'], message: `near ${SECRET}`, input: SECRET },
    ]);
    const result = toResult(zodError);
    expect(result.error.details?.[0]).toMatchObject({ code: 'input.custom' });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('asks for a secret again naming the field and what changed, never its value', async () => {
    const { missingSecrets } = await import('../../../../electron/shared/secret-binding');
    const [problem] = missingSecrets(
      { baseUrl: 'http://127.0.0.2:1', credentialType: 'user', keys: { userKey: 'u', authKey: 'a' } },
      {
        baseUrl: 'http://127.0.0.1:1',
        credentialType: 'user',
        keys: { userKey: 'u', authKey: 'a' },
        storedSecrets: () => true,
      },
    );
    expect(problem).toMatchObject({
      path: 'secrets.authSecret',
      code: 'secret.address',
      params: { name: 'authSecret', from: 'http://127.0.0.1:1', to: 'http://127.0.0.2:1' },
    });
    expect(JSON.stringify(problem)).not.toContain(SECRET);
    startI18n('zh-CN');
    const words = plainError({
      kind: 'invalid-input',
      message: `Invalid input: ${problem.path}: ${problem.message}`,
      code: 'input.invalid',
      details: [problem],
    }).message;
    expect(words).toBe(
      '输入无效：secrets.authSecret：需要重新输入 authSecret：平台地址已更改（从 http://127.0.0.1:1 改为 http://127.0.0.2:1），已保存的密钥只发送给输入它时的平台',
    );
    startI18n('en');
  });
});
