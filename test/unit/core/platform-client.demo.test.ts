import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArchiveTemplateResultSchema,
  CREDENTIAL_TYPE_LABELS,
  CredentialTypeSchema,
  DeviceSchema,
  OperationSchema,
  pageSchema,
  ProductSchema,
  refusalMessage,
  secretValues,
  StreamPlaybackSchema,
  canPerform,
  type ArchiveTemplateSaveDto,
  type Credentials,
  type CredentialType,
  type Operation,
  type Placement,
} from '../../../electron/shared/domain';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { Http } from '../../../electron/core/http-port';
import { createLogger } from '../../../electron/core/logger';
import { PlatformClient, type PlatformProfile } from '../../../electron/core/platform-client';
import { PlatformError } from '../../../electron/core/platform-error';

let demo: DemoPlatform;
const logLines: string[] = [];
let sent = 0;
/** The real fetch, counted: "nothing is sent" is a count of zero. */
const countingHttp: Http = (url, init) => {
  sent++;
  return fetch(url, init);
};

beforeAll(async () => {
  demo = await startDemoPlatform({ seed: 1, log: () => undefined });
});
afterAll(() => demo.close());

function credentialsOf(type: CredentialType): Credentials {
  return { type, ...demo.credentials[type] } as Credentials;
}

function client(
  type: CredentialType,
  placement: Placement = 'query',
  more: Partial<PlatformProfile> = {},
  http = countingHttp,
) {
  return new PlatformClient(
    { baseUrl: demo.baseUrl, credentials: credentialsOf(type), placement, ...more },
    { http, logger: createLogger('platform', { sink: (l) => logLines.push(l) }) },
  );
}

/** Keys each credential type can really reach in the seeded data. */
function targets(type: CredentialType) {
  const { data, credentials } = demo;
  const ownerOf: Record<CredentialType, string> = {
    user: credentials.user.userKey,
    product: data.productByKey.get(credentials.product.productKey)!.userKey,
    device: data.deviceByKey.get(credentials.device.deviceKey)!.userKey,
    project: data.projects.find((p) => p.projectKey === credentials.project.projectKey)!.userKey,
  };
  const owner = ownerOf[type];
  const productKey =
    type === 'product'
      ? credentials.product.productKey
      : data.products.find((p) => p.userKey === owner)!.productKey;
  const deviceKey =
    type === 'device'
      ? credentials.device.deviceKey
      : (data.devicesByProduct.get(productKey)?.[0]?.deviceKey ?? credentials.device.deviceKey);
  const projectKey =
    type === 'project'
      ? credentials.project.projectKey
      : (data.projects.find((p) => p.userKey === owner)?.projectKey ?? 'none');
  return { productKey, deviceKey, projectKey };
}

let templateCount = 0;
function template(): ArchiveTemplateSaveDto {
  templateCount++;
  return {
    name: `Climate ${templateCount}`,
    desc: 'room sensors',
    parameters: [
      {
        dataType: 'INTEGER',
        identifier: 'temp',
        name: 'Temperature',
        map: { min: '-20', max: '60', step: '1', unitName: 'C' },
      },
      {
        dataType: 'DOUBLE',
        identifier: 'hum',
        name: 'Humidity',
        map: { min: '0', max: '100', step: '0.5', unitName: '%' },
      },
      { dataType: 'STRING', identifier: 'note', name: 'Note', map: { max: '64' } },
    ],
  };
}

async function run(c: PlatformClient, type: CredentialType, op: Operation): Promise<unknown> {
  const t = targets(type);
  switch (op) {
    case 'streamStart':
      return c.startStream(t.deviceKey);
    case 'listDevices':
      return c.listDevices(t.productKey, { pageSize: 5 });
    case 'listProducts':
      return c.listProducts({ pageSize: 5 });
    case 'createTemplate':
      return c.createTemplate(t.projectKey, template());
  }
}

const RESULT_SCHEMAS = {
  streamStart: StreamPlaybackSchema.strict(),
  listDevices: pageSchema(DeviceSchema),
  listProducts: pageSchema(ProductSchema),
  createTemplate: ArchiveTemplateResultSchema,
};

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

const cases = (['query', 'headers'] as const).flatMap((placement) =>
  CredentialTypeSchema.options.flatMap((type) =>
    OperationSchema.options.map((op) => [placement, type, op] as const),
  ),
);

describe('every operation × credential type × placement, against the demo platform', () => {
  it.each(cases)('%s: %s credentials, %s', async (placement, type, op) => {
    const before = sent;
    if (canPerform(type, op)) {
      const result = await run(client(type, placement), type, op);
      expect(RESULT_SCHEMAS[op].safeParse(result).success).toBe(true);
      if (op === 'listDevices' || op === 'listProducts')
        expect((result as { data: unknown[] }).data.length).toBeGreaterThan(0);
      expect(sent - before).toBe(1);
    } else {
      const e = await failure(run(client(type, placement), type, op));
      expect(e.toData()).toMatchObject({
        kind: 'forbidden',
        message: refusalMessage(type, op),
        code: 'platform.notAllowed',
        params: { type, operation: op },
      });
      expect(e.message).toContain(`${CREDENTIAL_TYPE_LABELS[type]} credentials cannot`);
      expect(sent - before).toBe(0);
    }
  });
});

describe('paging and search against the demo platform', () => {
  const biggest = () =>
    [...demo.data.devicesByProduct.entries()]
      .filter(([key]) => demo.data.productByKey.get(key)?.userKey === demo.credentials.user.userKey)
      .sort((a, b) => b[1].length - a[1].length)[0];

  it('caps pageSize at 100 and pages on', async () => {
    const [productKey, devices] = biggest();
    expect(devices.length).toBeGreaterThan(1000);
    const c = client('user');
    const page1 = await c.listDevices(productKey, { pageSize: 500 });
    const page2 = await c.listDevices(productKey, { page: 2, pageSize: 500 });
    expect(page1).toMatchObject({ page: 1, pageSize: 100, total: devices.length });
    expect(page1.data).toHaveLength(100);
    expect(page2.page).toBe(2);
    const first = new Set(page1.data.map((d) => d.deviceKey));
    expect(page2.data.some((d) => first.has(d.deviceKey))).toBe(false);
    expect(page2.data[0].deviceKey).toBe(devices[100].deviceKey);
    const last = Math.ceil(devices.length / 100);
    expect((await c.listDevices(productKey, { page: last, pageSize: 100 })).data).toHaveLength(
      devices.length - (last - 1) * 100,
    );
  });

  it('uses the spec defaults when no paging is given', async () => {
    const page = await client('user').listProducts();
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('lists only the calling user’s own products', async () => {
    const user = demo.credentials.user.userKey;
    const page = await client('user').listProducts({ pageSize: 100 });
    const own = demo.data.products.filter((p) => p.userKey === user);
    expect(own.length).toBeLessThan(demo.data.products.length);
    expect(page.total).toBe(own.length);
    expect(page.data.every((p) => p.userKey === user)).toBe(true);
  });

  it('filters devices by a case-insensitive part of their name', async () => {
    const [productKey, devices] = biggest();
    const word = devices[0].deviceName.split(' ').at(-2)!;
    const expected = devices.filter((d) => d.deviceName.toLowerCase().includes(word.toLowerCase()));
    expect(expected.length).toBeLessThan(devices.length);
    for (const keyword of [word.toUpperCase(), word.toLowerCase()]) {
      const page = await client('project', 'headers').listDevices(productKey, { keyword, pageSize: 100 });
      expect(page.total).toBe(expected.length);
      expect(page.data.every((d) => d.deviceName.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    }
  });
});

describe('platform errors from the demo platform', () => {
  it('reads wrong credentials as auth, in the server’s words, without the wrong secret', async () => {
    const wrong = { ...credentialsOf('user'), authSecret: 'CANARY-wrong-9d2e' } as Credentials;
    for (const placement of ['query', 'headers'] as const) {
      const c = new PlatformClient(
        { baseUrl: demo.baseUrl, credentials: wrong, placement },
        { logger: createLogger('platform', { sink: (l) => logLines.push(l) }) },
      );
      const e = await failure(c.listProducts());
      expect(e.kind).toBe('auth');
      expect(e.status).toBe(401);
      expect(e.message.length).toBeGreaterThan(5);
      const printed = [
        JSON.stringify(e),
        String(e),
        inspect(e, { depth: Infinity, showHidden: true }),
        ...logLines,
      ].join('\n');
      expect(printed).not.toContain('CANARY-wrong-9d2e');
    }
  });

  it('reads another product as forbidden and an unknown device as not found', async () => {
    const other = demo.data.products.find((p) => p.productKey !== demo.credentials.product.productKey)!;
    const forbidden = await failure(client('product').listDevices(other.productKey));
    expect(forbidden).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(forbidden.message).toMatch(/own product/);
    const missing = await failure(client('user').startStream('no-such-device'));
    expect(missing).toMatchObject({ kind: 'not-found', status: 404 });
    expect(missing.message).toContain('no-such-device');
  });

  it("passes the platform's template problems through as details", async () => {
    // The client checks templates with the same rule book, so only a tampered body reaches the server.
    const tampering: Http = (url, init) =>
      fetch(url, {
        ...init,
        body: JSON.stringify({
          name: 'Bad',
          desc: '',
          parameters: [{ dataType: 'FLOAT', identifier: '1x', name: 'x', map: { min: '9', max: '1' } }],
        }),
      });
    const e = await failure(
      client('project', 'query', {}, tampering).createTemplate(targets('project').projectKey, template()),
    );
    expect(e.kind).toBe('invalid-request');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^The template is not valid: parameters\[0\]\.identifier/);
    expect(e.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'parameters[0].identifier' }),
        expect.objectContaining({ path: 'parameters[0].map.max' }),
      ]),
    );
  });

  it('reads a duplicate template name as an invalid request with the field', async () => {
    const c = client('user');
    const t = template();
    const created = await c.createTemplate(targets('user').projectKey, t);
    expect(created.templateName).toBe(t.name);
    const e = await failure(c.createTemplate(targets('user').projectKey, t));
    expect(e).toMatchObject({
      kind: 'invalid-request',
      status: 409,
      details: [expect.objectContaining({ path: 'name' })],
    });
  });

  it('reads an outage as a server error, and recovers', async () => {
    demo.setDown(true);
    try {
      const e = await failure(client('device').startStream(targets('device').deviceKey));
      expect(e).toMatchObject({ kind: 'server', status: 503 });
      expect(e.message).toMatch(/temporarily unavailable/);
    } finally {
      demo.setDown(false);
    }
    expect((await client('device').startStream(targets('device').deviceKey)).streamId).not.toBe('');
  });

  it('times out a slow platform', async () => {
    const slow = await startDemoPlatform({ seed: 1, latencyMs: 2_000, log: () => undefined });
    try {
      const c = new PlatformClient(
        { baseUrl: slow.baseUrl, credentials: credentialsOf('user'), placement: 'query', timeoutMs: 200 },
        { logger: createLogger('platform', { sink: () => undefined }) },
      );
      const e = await failure(c.listProducts());
      expect(e.kind).toBe('timeout');
    } finally {
      await slow.close();
    }
  });

  it('logged every call without a single secret', () => {
    expect(logLines.length).toBeGreaterThan(30);
    const all = logLines.join('\n');
    for (const type of CredentialTypeSchema.options)
      for (const secret of secretValues(credentialsOf(type))) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/\?|authSecret|querySecret|queryToken|projectAuthSecret/);
  });
});
