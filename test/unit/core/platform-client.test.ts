import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OPERATION_MATRIX,
  OperationSchema,
  refusalMessage,
  type ArchiveTemplateSaveDto,
  type Credentials,
  type CredentialType,
  type Operation,
} from '../../../electron/shared/domain';
import type { Http } from '../../../electron/core/http-port';
import { createLogger } from '../../../electron/core/logger';
import { PlatformClient, type PlatformProfile } from '../../../electron/core/platform-client';
import { PlatformError } from '../../../electron/core/platform-error';
import { json, startHostileServer, type HostileServer } from '../../fakes/hostile-server';
import { sampleDevice, samplePage, sampleProduct, sampleStream } from '../../fakes/platform-samples';

const CREDENTIALS: Record<CredentialType, Credentials> = {
  user: { type: 'user', userKey: 'uk', authKey: 'ak', authSecret: 'CANARY-auth-7f3a' },
  product: { type: 'product', productKey: 'pk', queryKey: 'qk', querySecret: 'CANARY-query-91be' },
  device: { type: 'device', deviceKey: 'dk', queryToken: 'CANARY-token-c0de' },
  project: {
    type: 'project',
    projectKey: 'prj',
    projectAuthKey: 'pak',
    projectAuthSecret: 'CANARY-proj-5e11',
  },
};

const TEMPLATE: ArchiveTemplateSaveDto = {
  name: 'Climate',
  desc: 'room sensors',
  parameters: [
    {
      dataType: 'INTEGER',
      identifier: 'temp',
      name: 'Temperature',
      map: { min: '-20', max: '60', step: '1', unitName: 'C' },
    },
    { dataType: 'STRING', identifier: 'note', name: 'Note', map: { max: '64' } },
  ],
};

function call(client: PlatformClient, op: Operation, signal?: AbortSignal): Promise<unknown> {
  switch (op) {
    case 'streamStart':
      return client.startStream('dev-1', {}, { signal });
    case 'listDevices':
      return client.listDevices('prod-1', {}, { signal });
    case 'listProducts':
      return client.listProducts({}, { signal });
    case 'createTemplate':
      return client.createTemplate('prj', TEMPLATE, { signal });
  }
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

describe('PlatformClient refuses before sending', () => {
  const refused = OperationSchema.options.flatMap((op) =>
    (Object.keys(CREDENTIALS) as CredentialType[])
      .filter((type) => !OPERATION_MATRIX[op].includes(type))
      .map((type) => [type, op] as const),
  );

  it.each(refused)('%s credentials cannot %s, and nothing goes out', async (type, op) => {
    const http = vi.fn<Http>();
    const client = new PlatformClient(
      { baseUrl: 'http://127.0.0.1:9', credentials: CREDENTIALS[type], placement: 'query' },
      { http, logger: createLogger('test', { sink: () => undefined }) },
    );
    const e = await failure(call(client, op));
    expect(e.kind).toBe('forbidden');
    expect(e.message).toBe(refusalMessage(type, op));
    expect(http).not.toHaveBeenCalled();
  });

  it('covers every refusal of the matrix', () => {
    expect(refused).toHaveLength(6);
  });

  it('rejects an invalid template with its problems, and nothing goes out', async () => {
    const http = vi.fn<Http>();
    const client = new PlatformClient(
      { baseUrl: 'http://127.0.0.1:9', credentials: CREDENTIALS.project, placement: 'query' },
      { http },
    );
    const bad: ArchiveTemplateSaveDto = {
      name: '',
      desc: '',
      parameters: [{ dataType: 'FLOAT', identifier: '9x', name: 'x', map: { min: '5', max: '1' } }],
    };
    const e = await failure(client.createTemplate('prj', bad));
    expect(e.kind).toBe('invalid-request');
    expect(e.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'name is required', code: 'template.nameRequired' },
        expect.objectContaining({ path: 'parameters[0].identifier' }),
        expect.objectContaining({ path: 'parameters[0].map.max' }),
      ]),
    );
    expect(e.message).toContain('name name is required');
    expect(e.toData()).toMatchObject({ kind: 'invalid-request', details: e.details });
    expect(http).not.toHaveBeenCalled();
  });

  it('rejects empty keys, bad pages and an already-cancelled signal without sending', async () => {
    const http = vi.fn<Http>();
    const client = new PlatformClient(
      { baseUrl: 'http://127.0.0.1:9', credentials: CREDENTIALS.user, placement: 'query' },
      { http },
    );
    expect((await failure(client.startStream('  '))).kind).toBe('invalid-request');
    expect((await failure(client.listDevices(''))).kind).toBe('invalid-request');
    expect((await failure(client.listProducts({ page: 0 }))).kind).toBe('invalid-request');
    expect((await failure(client.listProducts({ pageSize: Number.NaN }))).kind).toBe('invalid-request');
    expect((await failure(client.createTemplate('', TEMPLATE))).kind).toBe('invalid-request');
    expect((await failure(client.listProducts({}, { signal: AbortSignal.abort() }))).kind).toBe('cancelled');
    expect(http).not.toHaveBeenCalled();
  });

  it('refuses a base URL that is not http(s)', () => {
    const make = (baseUrl: string) => () =>
      new PlatformClient({ baseUrl, credentials: CREDENTIALS.user, placement: 'query' });
    expect(make('ftp://host')).toThrow(PlatformError);
    expect(make('not a url')).toThrow(/not a URL/);
  });
});

describe('PlatformClient requests', () => {
  let server: HostileServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startHostileServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    lines.length = 0;
    server.on('GET', '/products', (_req, res) => json(res, 200, samplePage([sampleProduct(1)])));
    server.on('GET', '/products/prod-1/devices', (_req, res) =>
      json(res, 200, samplePage([sampleDevice(1)])),
    );
    server.on('GET', '/videos/cam%201%2F%C3%A4%3F%23/streamStart', (_req, res) =>
      json(res, 200, sampleStream()),
    );
    server.on('POST', '/api/v2/archives/template/prj', (_req, res) =>
      json(res, 200, { projectKey: 'prj', templateId: 7, templateName: 'Climate' }),
    );
  });

  const client = (profile: Partial<PlatformProfile> = {}) =>
    new PlatformClient(
      { baseUrl: server.baseUrl, credentials: CREDENTIALS.user, placement: 'query', ...profile },
      { logger: createLogger('platform', { sink: (l) => lines.push(l) }) },
    );

  it('URL-encodes path parameters', async () => {
    const stream = await client().startStream('cam 1/ä?#');
    expect(stream.streamId).toBe('live-1');
    expect(server.requests[0].url.split('?')[0]).toBe('/videos/cam%201%2F%C3%A4%3F%23/streamStart');
  });

  it('sends only the query parameters the caller gave, and no empty ones', async () => {
    await client().startStream('cam 1/ä?#', { sipId: '3402', channelId: '' });
    await client().listDevices('prod-1', { keyword: '', page: 2 });
    const [stream, devices] = server.requests;
    expect(stream.query.get('sipId')).toBe('3402');
    expect(stream.query.has('channelId')).toBe(false);
    expect(devices.query.has('keyword')).toBe(false);
    expect(devices.query.get('page')).toBe('2');
    expect(devices.query.has('pageSize')).toBe(false);
  });

  it('caps pageSize at 100', async () => {
    await client().listProducts({ pageSize: 500 });
    expect(server.requests[0].query.get('pageSize')).toBe('100');
  });

  it('puts credentials in the query by default, under the spec names', async () => {
    await client().listProducts();
    const { query, headers } = server.requests[0];
    expect([...query.entries()]).toEqual([
      ['userKey', 'uk'],
      ['authKey', 'ak'],
      ['authSecret', 'CANARY-auth-7f3a'],
    ]);
    expect(headers.authsecret).toBeUndefined();
  });

  it('puts credentials in headers with the same names when the profile says so', async () => {
    await client({ placement: 'headers', credentials: CREDENTIALS.product }).listDevices('prod-1', {
      keyword: 'cam',
    });
    const { query, headers } = server.requests[0];
    expect([...query.keys()]).toEqual(['keyword']);
    expect(headers).toMatchObject({ productkey: 'pk', querykey: 'qk', querysecret: 'CANARY-query-91be' });
  });

  it('refuses a secret that cannot travel in a header, quoting it nowhere', async () => {
    const credentials: Credentials = { type: 'device', deviceKey: 'dk', queryToken: 'CANARY-tök\n-x' };
    const e = await failure(client({ placement: 'headers', credentials }).startStream('dk'));
    expect(e.kind).toBe('invalid-request');
    expect(e.message).toMatch(/queryToken .*query parameters instead/);
    expect(JSON.stringify(e) + e.stack).not.toContain('CANARY-tök');
    expect(server.requests).toHaveLength(0);
  });

  it('posts the template as JSON under a base URL with a path', async () => {
    const result = await client({ baseUrl: `${server.baseUrl}/api/v2/` }).createTemplate('prj', TEMPLATE);
    expect(result).toEqual({ projectKey: 'prj', templateId: 7, templateName: 'Climate' });
    const req = server.requests[0];
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual(TEMPLATE);
  });

  it('logs method, path, status and time, never the query', async () => {
    await client().listProducts({ page: 1 });
    await failure(client().listDevices('nope'));
    expect(lines[0]).toMatch(/ INFO +\[platform\] GET \/products 200 \d+ms$/);
    expect(lines[1]).toMatch(/ WARN +\[platform\] GET \/products\/nope\/devices failed: not-found 404 \d+ms/);
    expect(lines.join('\n')).not.toMatch(/CANARY|authKey|page=/);
  });
});
