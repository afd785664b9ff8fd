import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Credentials } from '../../../electron/shared/domain';
import { createLogger } from '../../../electron/core/logger';
import { PlatformClient, type PlatformProfile } from '../../../electron/core/platform-client';
import { PlatformError, toPlatformError } from '../../../electron/core/platform-error';
import { toResult } from '../../../electron/core/run-handler';
import type { AppError } from '../../../electron/shared/contract';
import { startI18n } from '../../../src/i18n/start-i18n';
import { plainError } from '../../../src/lib/plain-error';
import { closedPort, json, startHostileServer, text, type HostileServer } from '../../fakes/hostile-server';

/**
 * The platform client's failures that carry no HTTP status (a refused connection, a timeout, an
 * answer that is not JSON, a wrapper's refusal) are coded, so the renderer words them in the
 * operator's language; a platform's own words are coded `platform.answered` and shown as sent, marked.
 * Driven against a real loopback HTTP server.
 */
const USER: Credentials = { type: 'user', userKey: 'uk', authKey: 'ak', authSecret: 'CANARY-codes-5e1d' };
const DEVICE: Credentials = { type: 'device', deviceKey: 'dk', queryToken: 'CANARY-codes-token' };
const HAN = /\p{Script=Han}/u;

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  startI18n('en');
  await server.close();
});
beforeEach(() => server.reset());

function client(profile: Partial<PlatformProfile> = {}): PlatformClient {
  return new PlatformClient(
    { baseUrl: server.baseUrl, credentials: USER, placement: 'query', ...profile },
    { logger: createLogger('platform', { sink: () => undefined }) },
  );
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  // As the renderer gets it: through the core's Result.
  return toResult(e).error;
}

/** The words in Chinese and in English: Chinese from the code, English the core's own sentence. */
function words(error: AppError): { zh: string; en: string } {
  startI18n('zh-CN');
  const zh = plainError(error).message;
  startI18n('en');
  return { zh, en: plainError(error).message };
}

describe('platform failures without an HTTP status are coded', () => {
  it('a refused connection: its origin and its system code as the reason', async () => {
    const port = await closedPort();
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}/api` }).listProducts());
    expect(error).toMatchObject({
      kind: 'network',
      code: 'platform.unreachable',
      params: { origin: `http://127.0.0.1:${port}`, reason: 'ECONNREFUSED', system: 'ECONNREFUSED' },
    });
    const { zh, en } = words(error);
    expect(zh).toBe(
      `无法连接 http://127.0.0.1:${port} 上的平台：该地址无人应答；平台可能已停止，或配置中的地址有误。`,
    );
    expect(en).toBe(error.message);
  });

  it('a timeout names its bound', async () => {
    server.on('GET', '/products', () => new Promise<void>(() => undefined));
    const error = await failure(client({ timeoutMs: 300 }).listProducts());
    expect(error).toMatchObject({ kind: 'timeout', code: 'platform.timeoutMs', params: { ms: 300 } });
    expect(words(error).zh).toBe('平台在 300 毫秒内没有应答。');
  });

  it('an answer that is not JSON, an empty one, a redirect', async () => {
    server.on('GET', '/products', (_req, res) =>
      text(res, 200, '<html><title>Login</title></html>', 'text/html'),
    );
    const html = await failure(client().listProducts());
    expect(html).toMatchObject({
      kind: 'bad-response',
      code: 'platform.notJsonTitled',
      params: { type: 'text/html', title: 'Login' },
    });
    expect(words(html).zh).toMatch(/^平台的应答不是 JSON（text\/html，\d+ 个字符，标题为“Login”）。$/);

    server.on('GET', '/products', (_req, res) => text(res, 200, ''));
    const empty = await failure(client().listProducts());
    expect(empty).toMatchObject({ code: 'platform.emptyAnswer', params: { status: 200 } });
    expect(words(empty).zh).toBe('平台的应答（HTTP 200）为空。');

    server.on('GET', '/products', (_req, res) => {
      res.writeHead(302, { Location: 'http://elsewhere.example/login?token=x' });
      res.end();
    });
    const moved = await failure(client().listProducts());
    expect(moved).toMatchObject({
      code: 'platform.redirect',
      params: { status: 302, location: 'http://elsewhere.example/login' },
    });
    expect(words(moved).zh).toContain('http://elsewhere.example/login');
    expect(HAN.test(words(moved).zh)).toBe(true);
  });

  it('an answer of the wrong shape names the kind of answer and the paths', async () => {
    server.on('GET', '/products', (_req, res) => json(res, 200, { data: 'nope', total: 'x' }));
    const error = await failure(client().listProducts());
    expect(error).toMatchObject({ code: 'platform.badShape', params: { what: 'productPage' } });
    expect(words(error).zh).toMatch(/^平台的产品列表页格式不符合预期（位于 .+）。$/);
  });

  it('a wrapper’s refusal: its own words are the platform’s, shown as sent and marked; a bare code is worded', async () => {
    server.on('GET', '/products', (_req, res) =>
      json(res, 200, { code: 'E_SIGN', msg: 'Signature mismatch' }),
    );
    const said = await failure(client().listProducts());
    expect(said).toMatchObject({
      code: 'platform.answered',
      params: { platformMessage: 'Signature mismatch' },
    });
    expect(said.status).toBeUndefined();
    const { zh, en } = words(said);
    expect(zh).toBe('平台原话：Signature mismatch');
    expect(en).toBe('The platform said: Signature mismatch');

    server.on('GET', '/products', (_req, res) => json(res, 200, { code: 50010, data: null }));
    const bare = await failure(client().listProducts());
    expect(bare).toMatchObject({ code: 'platform.refusedCode', params: { code: '50010' } });
    expect(words(bare).zh).toBe('平台拒绝了请求（代码 50010）。');
  });

  it('a refusal by the credential matrix names the type, the operation and who may', async () => {
    const error = await failure(client({ credentials: DEVICE }).listProducts());
    expect(error).toMatchObject({
      kind: 'forbidden',
      code: 'platform.notAllowed',
      params: { type: 'device', operation: 'listProducts', allowed: 'user' },
    });
    const { zh } = words(error);
    expect(zh).toContain('设备');
    expect(zh).toContain('列出自己的产品');
  });

  it('a bad address, a missing key and a cancelled call', async () => {
    const notUrl = toResult(
      (() => {
        try {
          client({ baseUrl: 'not a url' });
        } catch (e) {
          return e;
        }
      })(),
    ).error;
    expect(notUrl).toMatchObject({ code: 'platform.addressNotUrl', params: { address: 'not a url' } });
    expect(words(notUrl).zh).toBe('平台地址“not a url”不是有效的 URL。');

    const noKey = await failure(client().listDevices('  '));
    expect(noKey).toMatchObject({ code: 'platform.keyRequired', params: { name: 'productKey' } });

    const controller = new AbortController();
    controller.abort();
    const cancelled = await failure(client().listProducts({}, { signal: controller.signal }));
    expect(cancelled).toMatchObject({ code: 'platform.cancelledBeforeSent' });
    expect(words(cancelled).zh).toBe('请求在发送前已取消。');
  });

  it('a thrown DOMException or fetch failure, read by toPlatformError, is coded too', () => {
    expect(toPlatformError(new DOMException('x', 'TimeoutError')).toData()).toMatchObject({
      code: 'platform.timeout',
    });
    expect(toPlatformError(new DOMException('x', 'AbortError')).toData()).toMatchObject({
      code: 'platform.cancelled',
    });
    expect(toPlatformError(new TypeError('fetch failed')).toData()).toMatchObject({
      code: 'platform.notReached',
    });
    // Its code survives the trip across IPC as plain data.
    const back = toPlatformError({ kind: 'network', message: 'm', code: 'platform.notReached' });
    expect(back.code).toBe('platform.notReached');
  });

  it('every network reason the core names has words in both languages', () => {
    const reasons = [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ECONNRESET',
      'EPIPE',
      'UND_ERR_SOCKET',
      'ETIMEDOUT',
      'UND_ERR_CONNECT_TIMEOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'CERT_HAS_EXPIRED',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'other',
      'none',
    ];
    for (const language of ['en', 'zh-CN'] as const) {
      startI18n(language);
      for (const reason of reasons)
        expect(i18next.exists(`platform.reason.${reason}`, { ns: 'errors' }), `${language} ${reason}`).toBe(
          true,
        );
    }
    startI18n('en');
  });
});
