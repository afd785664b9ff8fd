import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../../../electron/core/connection-tester';
import type { Connection } from '../../../../../electron/core/credential-vault';
import { createLogger } from '../../../../../electron/core/logger';
import { PlatformClient } from '../../../../../electron/core/platform-client';
import { startDemoPlatform, type DemoPlatform } from '../../../../../electron/demo-platform/server';
import type { Credentials } from '../../../../../electron/shared/domain';
import type { ProfileTestResult } from '../../../../../electron/shared/profile';
import { outcomeWords, probeWords, testErrorWords } from '../../../../../src/features/profiles/test-words';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import { closedPort } from '../../../../fakes/hostile-server';

/**
 * The connection test's words are codes the renderer words in the reader's language: run for real
 * against the demo platform over loopback, then read in Chinese and in English.
 */
const HAN = /\p{Script=Han}/u;
let platform: DemoPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  startI18n('en');
  await platform?.close();
});

const run = (credentials: Credentials, baseUrl = platform.baseUrl): Promise<ProfileTestResult> => {
  const connection: Connection = { baseUrl, placement: 'headers', credentials };
  return testConnection(
    connection,
    (c) => new PlatformClient(c, { logger: createLogger('platform', { sink: () => undefined }) }),
  );
};

describe('the connection test in the reader’s language', () => {
  it('a success: the headline and every row’s note from their codes, the same as the core’s English', async () => {
    const { user } = platform.credentials;
    const own = platform.data.products.filter((p) => p.userKey === user.userKey).length;
    const result = await run({ type: 'user', ...user });
    expect(result.words).toEqual({
      code: 'connected',
      params: { placement: 'headers', note: 'products', total: own },
    });
    expect(result.operations.listProducts?.noteWords).toEqual({ code: 'products', params: { total: own } });
    expect(result.operations.listDevices?.noteWords).toEqual({ code: 'notCalled' });

    startI18n('zh-CN');
    expect(outcomeWords(result)).toBe(
      `已连接：平台接受了通过HTTP 请求头发送的这些凭证（查询了一个产品；平台上有 ${own} 个产品）。`,
    );
    for (const check of Object.values(result.operations))
      expect(HAN.test(probeWords(check.noteWords) ?? '')).toBe(true);

    startI18n('en');
    expect(outcomeWords(result)).toBe(result.message);
    for (const check of Object.values(result.operations))
      expect(probeWords(check.noteWords)).toBe(check.note);
  });

  it('a refusal: the platform’s own words shown as it sent them, marked as its', async () => {
    const { product } = platform.credentials;
    const result = await run({ type: 'product', ...product, querySecret: 'not-the-secret' });
    expect(result.ok).toBe(false);
    expect(result.words?.code).toBe('refusedTwice');
    expect(result.error).toMatchObject({ code: 'platform.answered', status: 401 });
    startI18n('zh-CN');
    expect(outcomeWords(result)).toBe('无论通过 HTTP 请求头还是查询字符串发送，平台都拒绝了这些凭证：');
    const said = testErrorWords(result.error!);
    expect(said).toEqual({ text: result.error!.params!.platformMessage, platform: true });
    // An operation the credential type may not call: why, in the reader's language.
    const refused = result.operations.listProducts!;
    expect(refused.noteWords).toEqual({
      code: 'platform.notAllowed',
      params: { type: 'product', operation: 'listProducts', allowed: 'user' },
    });
    expect(probeWords(refused.noteWords)).toBe('产品凭据不能执行此操作：列出自己的产品。只有用户凭据可以。');
  });

  it('a platform that cannot be reached: undecided, and why in the reader’s language', async () => {
    const port = await closedPort();
    const result = await run({ type: 'user', ...platform.credentials.user }, `http://127.0.0.1:${port}`);
    expect(result.words?.code).toBe('undecided');
    expect(result.error).toMatchObject({ code: 'platform.unreachable' });
    startI18n('zh-CN');
    expect(outcomeWords(result)).toBe('无法判断这些凭证是否有效：');
    expect(testErrorWords(result.error!)).toEqual({
      text: `无法连接 http://127.0.0.1:${port} 上的平台：该地址无人应答；平台可能已停止，或配置中的地址有误。`,
      platform: false,
    });
  });

  it('a plain http:// platform across a network: the warning as its host, worded here', async () => {
    const port = await closedPort();
    const result = await run(
      { type: 'user', ...platform.credentials.user },
      `http://192.0.2.1:${port}`,
    ).catch(() => undefined);
    // A TEST-NET address never answers; whatever the failure, the warning names the host.
    expect(result?.plainHttpHost).toBe(`192.0.2.1:${port}`);
  });
});
