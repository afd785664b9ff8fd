import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credentials } from '../../../electron/shared/domain';
import { createLogger } from '../../../electron/core/logger';
import {
  MAX_RESPONSE_BYTES,
  PlatformClient,
  type PlatformProfile,
} from '../../../electron/core/platform-client';
import { PlatformError, toPlatformError } from '../../../electron/core/platform-error';
import { closedPort, json, startHostileServer, text, type HostileServer } from '../../fakes/hostile-server';
import { sampleDevice, samplePage, sampleProduct, sampleStream } from '../../fakes/platform-samples';

const USER: Credentials = { type: 'user', userKey: 'uk', authKey: 'ak', authSecret: 'CANARY-auth-7f3a' };
const DEVICE: Credentials = { type: 'device', deviceKey: 'dk', queryToken: 'CANARY-token-c0de' };
const CANARIES = /CANARY-auth-7f3a|CANARY-token-c0de|CANARY/;

let server: HostileServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  lines.length = 0;
});

function client(profile: Partial<PlatformProfile> = {}): PlatformClient {
  return new PlatformClient(
    { baseUrl: server.baseUrl, credentials: USER, placement: 'query', ...profile },
    { logger: createLogger('platform', { sink: (l) => lines.push(l) }) },
  );
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

/** Every way a caller could print an error, plus every log line written so far. */
function everythingPrinted(e: PlatformError): string {
  return [
    JSON.stringify(e),
    String(e),
    e.stack,
    inspect(e, { depth: Infinity, showHidden: true }),
    JSON.stringify(e.toData()),
    inspect(e.cause, { depth: Infinity, showHidden: true }),
    ...lines,
  ].join('\n');
}

const products = samplePage([sampleProduct(1), sampleProduct(2)], 1, 20, 2);

describe('tolerant reader: wrappers', () => {
  it.each([
    ['code 0 + msg', { code: 0, msg: 'ok', data: products }],
    ['code "200" + message', { code: '200', message: 'success', data: products }],
    ['code "SUCCESS"', { code: 'SUCCESS', data: products }],
    ['code "ok" lower case', { code: 'ok', msg: '', data: products }],
    ['success: true', { success: true, data: products }],
    ['data as a JSON string', { code: 0, msg: 'ok', data: JSON.stringify(products) }],
    ['a wrapper that is itself the page', { code: 200, msg: '', ...products }],
  ])('unwraps a success wrapper (%s)', async (_name, body) => {
    server.on('GET', '/products', (_req, res) => json(res, 200, body));
    const page = await client().listProducts();
    expect(page.total).toBe(2);
    expect(page.data.map((p) => p.productKey)).toEqual(['prod-1', 'prod-2']);
  });

  it('does not mistake a bare page envelope or stream result for a wrapper', async () => {
    server.on('GET', '/products', (_req, res) => json(res, 200, products));
    server.on('GET', '/videos/dk/streamStart', (_req, res) =>
      json(res, 200, { ...sampleStream(), message: 'hi' }),
    );
    expect((await client().listProducts()).data).toHaveLength(2);
    expect((await client().startStream('dk')).streamId).toBe('live-1');
  });

  it.each([
    ['an HTTP-like code', { code: 401, msg: 'token expired', data: null }, 'auth', 'token expired'],
    [
      'a long code with an HTTP head',
      { code: 40300, msg: 'no right to this product' },
      'forbidden',
      'no right to this product',
    ],
    ['"404" as text', { code: '404', message: 'product gone' }, 'not-found', 'product gone'],
    ['a word code', { code: 'INVALID_PARAM', message: 'page is wrong' }, 'invalid-request', 'page is wrong'],
    ['an opaque number', { code: 1, msg: 'internal failure' }, 'server', 'internal failure'],
    ['success: false', { success: false, message: 'nope', data: null }, 'server', 'nope'],
    ['no message', { code: 500123, data: null }, 'server', 'The platform refused the request (code 500123).'],
  ])('turns a failing wrapper on HTTP 200 into an error (%s)', async (_name, body, kind, message) => {
    server.on('GET', '/products', (_req, res) => json(res, 200, body));
    const e = await failure(client().listProducts());
    expect(e.kind).toBe(kind);
    expect(e.message).toBe(message);
  });
});

describe('errors from the status', () => {
  it.each([
    [401, { code: 'UNAUTHORIZED', message: 'bad key' }, 'auth', 'bad key'],
    [403, { code: 'FORBIDDEN', message: 'not yours' }, 'forbidden', 'not yours'],
    [404, { error: 'no such product' }, 'not-found', 'no such product'],
    [408, { msg: 'too slow' }, 'timeout', 'too slow'],
    [422, { code: 1001, msg: 'unprocessable' }, 'invalid-request', 'unprocessable'],
    [500, { error: { message: 'db down' } }, 'server', 'db down'],
    [503, {}, 'server', 'The platform answered HTTP 503 Service Unavailable.'],
  ])('HTTP %i with JSON', async (status, body, kind, message) => {
    server.on('GET', '/products', (_req, res) => json(res, status, body));
    const e = await failure(client().listProducts());
    expect(e.toData()).toEqual({
      kind,
      status,
      message,
      // The platform's own words are marked as its; with none, the core words the status.
      ...(status === 503
        ? { code: 'platform.noWords', params: { status } }
        : { code: 'platform.answered', params: { status, platformMessage: message } }),
    });
  });

  it("keeps the demo platform's 400 details", async () => {
    const details = [
      { path: 'parameters[0].map.min', message: 'must be a number' },
      { path: 'name', message: 'name is required' },
    ];
    server.on('POST', '/archives/template/prj', (_req, res) =>
      json(res, 400, {
        code: 'INVALID_TEMPLATE',
        message: 'The template is not valid',
        details: [...details, { junk: 1 }],
      }),
    );
    const e = await failure(
      client().createTemplate('prj', {
        name: 'T',
        desc: '',
        parameters: [{ dataType: 'STRING', identifier: 's', name: 's', map: { max: '5' } }],
      }),
    );
    expect(e.toData()).toEqual({
      kind: 'invalid-request',
      status: 400,
      message: 'The template is not valid',
      details,
      code: 'platform.answered',
      params: { status: 400, platformMessage: 'The template is not valid' },
    });
  });

  it('reads a plain-text error body as the message, truncated', async () => {
    server.on('GET', '/products', (_req, res) => text(res, 500, '  database is down\n'));
    expect((await failure(client().listProducts())).message).toBe('database is down');
    server.on('GET', '/products', (_req, res) => text(res, 500, 'x'.repeat(5000)));
    const long = await failure(client().listProducts());
    expect(long.message.length).toBeLessThanOrEqual(300);
  });

  it("reads a proxy's HTML 502 by its title", async () => {
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    server.on('GET', '/products', (_req, res) => text(res, 502, html, 'text/html'));
    expect((await failure(client().listProducts())).toData()).toEqual({
      kind: 'server',
      status: 502,
      message: '502 Bad Gateway',
      code: 'platform.answered',
      params: { status: 502, platformMessage: '502 Bad Gateway' },
    });
  });

  it('does not follow a redirect, and names its target without the query', async () => {
    server.on('GET', '/products', (req, res) => {
      res.writeHead(302, { Location: `http://elsewhere.example/login${req.url}` });
      res.end();
    });
    const e = await failure(client({ placement: 'headers' }).listProducts());
    expect(e.kind).toBe('server');
    expect(e.status).toBe(302);
    expect(e.message).toContain('http://elsewhere.example/login/products');
    expect(e.message).not.toContain('?');
  });
});

describe('malformed answers', () => {
  it('a non-JSON 200 is a bad response that describes, not quotes, the body', async () => {
    server.on('GET', '/products', (_req, res) =>
      text(res, 200, '<html><title>Welcome</title>secret stuff</html>', 'text/html'),
    );
    const e = await failure(client().listProducts());
    expect(e.kind).toBe('bad-response');
    expect(e.message).toMatch(/not JSON \(text\/html, \d+ characters, titled "Welcome"\)/);
    expect(e.message).not.toContain('secret stuff');
  });

  it('truncated JSON is a bad response', async () => {
    server.on('GET', '/products', (_req, res) =>
      text(res, 200, '{"data":[{"productKey":"p', 'application/json'),
    );
    expect((await failure(client().listProducts())).kind).toBe('bad-response');
  });

  it('a connection cut mid-body is a network error', async () => {
    server.on('GET', '/products', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 1000 });
      res.write('{"data":[');
      res.once('finish', () => undefined);
      setImmediate(() => res.destroy());
    });
    const e = await failure(client().listProducts());
    expect(e.kind).toBe('network');
    expect(e.message).toContain('while the answer was arriving');
  });

  it('an empty 200 is a bad response', async () => {
    server.on('GET', '/products', (_req, res) => text(res, 200, ''));
    expect((await failure(client().listProducts())).message).toMatch(/empty/);
  });

  it('a record with an odd field is still listed, its odd fields kept raw; the page counts them', async () => {
    const { productKey: _key, ...keyless } = sampleProduct(3);
    const odd = samplePage([
      sampleProduct(1),
      { ...sampleProduct(2), createAt: '1700000000000', productStatus: 'ONLINE', productName: null },
      keyless,
    ]);
    server.on('GET', '/products', (_req, res) => json(res, 200, odd));
    const page = await client().listProducts();
    expect(page.data).toHaveLength(2);
    expect(page.data[0].odd).toBeUndefined();
    expect(page.data[1]).toMatchObject({
      productKey: sampleProduct(2).productKey,
      productName: '',
      createAt: 1700000000000,
      odd: { createAt: '1700000000000', productStatus: 'ONLINE' },
    });
    expect(page).toMatchObject({ oddRecords: 1, unreadableRecords: 1 });
  });

  it('an envelope of the wrong shape is a bad response naming the field', async () => {
    server.on('GET', '/products', (_req, res) =>
      json(res, 200, { ...samplePage([sampleProduct(1)]), total: 'many' }),
    );
    const e = await failure(client().listProducts());
    expect(e.kind).toBe('bad-response');
    expect(e.message).toContain('total');
  });

  it('a page without total is a bad response; without page and pageSize it reads as the page asked for', async () => {
    server.on('GET', '/products/p/devices', (_req, res) => json(res, 200, { data: [sampleDevice(1)] }));
    expect((await failure(client().listDevices('p'))).message).toContain('total');
    server.on('GET', '/products/p/devices', (_req, res) =>
      json(res, 200, { data: [sampleDevice(1)], total: '41' }),
    );
    expect(await client().listDevices('p', { page: 3, pageSize: 10 })).toMatchObject({
      page: 3,
      pageSize: 10,
      total: 41,
    });
  });

  it('a stream result without any URL is a bad response', async () => {
    server.on('GET', '/videos/dk/streamStart', (_req, res) =>
      json(res, 200, { streamId: 's1', sipId: null }),
    );
    const e = await failure(client().startStream('dk'));
    expect(e.kind).toBe('bad-response');
    expect(e.message).toContain('no playback URL');
  });

  it('reads a lenient stream result: numbers as strings, missing fields as empty', async () => {
    server.on('GET', '/videos/dk/streamStart', (_req, res) =>
      json(res, 200, { streamId: 42, flv: 'http://m/live/42.flv?secret=s' }),
    );
    const s = await client().startStream('dk');
    expect(s).toMatchObject({ streamId: '42', flv: 'http://m/live/42.flv?secret=s', hls: '', channelId: '' });
  });

  it(`stops reading a body past ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`, async () => {
    let sent = 0;
    let closed!: () => void;
    const serverDone = new Promise<void>((resolve) => (closed = resolve));
    server.on('GET', '/products', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && sent < 20 * MAX_RESPONSE_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      res.on('close', closed);
      pump();
    });
    const e = await failure(client().listProducts());
    expect(e.kind).toBe('bad-response');
    expect(e.message).toContain('larger than 8 MiB');
    await serverDone;
    expect(sent).toBeLessThan(4 * MAX_RESPONSE_BYTES);
  });

  it('refuses a body whose declared length is too large without reading it', async () => {
    server.on('GET', '/products', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': MAX_RESPONSE_BYTES + 1 });
      res.write('{');
    });
    expect((await failure(client().listProducts())).message).toContain('larger than');
  });
});

describe('time and cancellation', () => {
  it('times out a server that never answers', async () => {
    server.on('GET', '/products', () => undefined);
    const started = performance.now();
    const e = await failure(client({ timeoutMs: 300 }).listProducts());
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('The platform did not answer within 300 ms.');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('times out a body that stalls half way', async () => {
    server.on('GET', '/products', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[');
    });
    expect((await failure(client({ timeoutMs: 300 }).listProducts())).kind).toBe('timeout');
  });

  it('cancels when the caller aborts', async () => {
    server.on('GET', '/products', () => undefined);
    const controller = new AbortController();
    const pending = client().listProducts({}, { signal: controller.signal });
    await server.nextRequest();
    controller.abort();
    const e = await failure(pending);
    expect(e.kind).toBe('cancelled');
  });

  it('cancels while the body is arriving', async () => {
    const controller = new AbortController();
    server.on('GET', '/products', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[', () => controller.abort());
    });
    expect((await failure(client().listProducts({}, { signal: controller.signal }))).kind).toBe('cancelled');
  });

  it('leaves the caller signal without listeners once done', async () => {
    server.on('GET', '/products', (_req, res) => json(res, 200, products));
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
      removed++,
      remove(...args)
    )) as typeof remove;
    await client().listProducts({}, { signal });
    expect(added).toBeGreaterThan(0);
    expect(removed).toBe(added);
  });

  it('names the host, not the query, when the connection is refused', async () => {
    const port = await closedPort();
    const e = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).listProducts());
    expect(e.kind).toBe('network');
    expect(e.message).toBe(
      `Cannot reach the platform at http://127.0.0.1:${port}: nothing answered at that address; the platform may be stopped, or the address in the profile may be wrong.`,
    );
    expect(everythingPrinted(e)).not.toMatch(CANARIES);
  });
});

describe('redaction', () => {
  const echoes: [string, (url: string, token: string) => [number, string, string]][] = [
    [
      'a JSON error quoting the URL',
      (url) => [400, 'application/json', JSON.stringify({ message: `bad request ${url}` })],
    ],
    ['a plain-text error quoting the URL', (url) => [500, 'text/plain', `failed: GET ${url}`]],
    ['an HTML title quoting the token', (_u, t) => [502, 'text/html', `<title>token ${t} refused</title>`]],
    [
      'a wrapper quoting the token',
      (_u, t) => [200, 'application/json', JSON.stringify({ code: 401, msg: `token ${t}` })],
    ],
    [
      'details quoting the token',
      (_u, t) => [
        400,
        'application/json',
        JSON.stringify({ message: 'bad', details: [{ path: t, message: t }] }),
      ],
    ],
    ['a non-JSON 200 quoting the token', (_u, t) => [200, 'text/html', `<title>${t}</title>`]],
    [
      'a page whose field holds the token',
      (_u, t) => [
        200,
        'application/json',
        JSON.stringify({ data: [{ [t]: t }], page: 'x', pageSize: 1, total: 1 }),
      ],
    ],
  ];

  it.each(echoes)('never shows a secret a server echoes back (%s)', async (_name, make) => {
    for (const placement of ['query', 'headers'] as const) {
      lines.length = 0;
      server.on('GET', '/videos/dk/streamStart', (req, res) => {
        const token = String(req.headers.querytoken ?? req.query.get('queryToken'));
        const [status, type, body] = make(req.url, token);
        text(res, status, body, type);
      });
      const e = await failure(client({ credentials: DEVICE, placement }).startStream('dk'));
      const printed = everythingPrinted(e);
      expect(printed).not.toMatch(CANARIES);
      expect(lines.length).toBeGreaterThan(0);
    }
    // The echo really carried the secret: the redaction, not luck, kept it out.
    expect(server.requests.some((r) => r.url.includes('CANARY-token-c0de'))).toBe(true);
  });

  it('registers the secret value itself, not only its field name', async () => {
    server.on('GET', '/videos/dk/streamStart', (req, res) =>
      json(res, 403, { message: `device refused ${String(req.headers.querytoken)} today` }),
    );
    const e = await failure(client({ credentials: DEVICE, placement: 'headers' }).startStream('dk'));
    expect(e.message).toBe('device refused [REDACTED] today');
  });

  it('keeps secrets out of errors converted from anything thrown', () => {
    const raw = new TypeError('fetch failed', {
      cause: Object.assign(new Error('GET http://h/x?authSecret=CANARY-auth-7f3a failed'), {
        code: 'ECONNRESET',
      }),
    });
    const e = toPlatformError(raw);
    expect(e.kind).toBe('network');
    expect(everythingPrinted(e)).not.toMatch(CANARIES);
    expect(inspect(e, { depth: Infinity })).toContain('ECONNRESET');
  });
});
