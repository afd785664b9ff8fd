import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { STREAM_URL_FIELDS } from '../../../electron/shared/domain';
import { demoRequest } from './demo-request';

const DEVICE_FIELDS = [
  'createAt',
  'updateAt',
  'deviceKey',
  'sn',
  'userKey',
  'productKey',
  'deviceType',
  'descr',
  'deviceName',
  'createProtocol',
  'deviceStatus',
  'createAck',
  'extendData',
  'gateway',
  'gatewayKey',
].sort();
const PRODUCT_FIELDS = [
  'createAt',
  'updateAt',
  'productKey',
  'userKey',
  'productName',
  'descr',
  'productStatus',
  'productIndustry',
  'productCategory',
  'extendData',
].sort();

let platform: DemoPlatform;
const logs: string[] = [];

beforeAll(async () => {
  platform = await startDemoPlatform({ log: (line) => logs.push(line) });
});
afterAll(() => platform.close());

const user = () => platform.credentials.user;
/** The 1,000+ device product (owned by the credential user). */
const bigProduct = () =>
  platform.data.products.reduce((a, b) =>
    platform.data.devicesByProduct.get(a.productKey)!.length >=
    platform.data.devicesByProduct.get(b.productKey)!.length
      ? a
      : b,
  );

describe('GET /products', () => {
  it('lists only the calling user’s own products, page 1 of 20 by default, in the spec shape', async () => {
    const answer = await demoRequest(platform, '/products', { credentials: user() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const own = platform.data.products.filter((p) => p.userKey === user().userKey);
    expect(answer.json).toEqual({ data: own, page: 1, pageSize: 20, total: own.length });
    expect(own.length).toBeLessThan(platform.data.products.length);
    for (const product of answer.json.data) expect(Object.keys(product).sort()).toEqual(PRODUCT_FIELDS);
  });

  it('gives another user that user’s products', async () => {
    const other = platform.data.users[1];
    const answer = await demoRequest(platform, '/products', {
      credentials: { userKey: other.userKey, authKey: other.authKey, authSecret: other.authSecret },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.total).toBeGreaterThan(0);
    expect(answer.json.data.every((p: { userKey: string }) => p.userKey === other.userKey)).toBe(true);
  });

  it('pages the product list', async () => {
    const answer = await demoRequest(platform, '/products', {
      credentials: user(),
      query: { page: '2', pageSize: '3' },
    });
    const own = platform.data.products.filter((p) => p.userKey === user().userKey);
    expect(answer.json).toEqual({ data: own.slice(3, 6), page: 2, pageSize: 3, total: own.length });
  });
});

describe('GET /products/{productKey}/devices', () => {
  const devicesOf = (key: string) => platform.data.devicesByProduct.get(key)!;

  it('answers page 1 of 20 by default with the spec’s Device fields', async () => {
    const product = bigProduct();
    const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: user(),
    });
    expect(answer.status).toBe(200);
    expect(answer.json.page).toBe(1);
    expect(answer.json.pageSize).toBe(20);
    expect(answer.json.total).toBeGreaterThanOrEqual(1000);
    expect(answer.json.data).toEqual(devicesOf(product.productKey).slice(0, 20));
    for (const device of answer.json.data) {
      expect(Object.keys(device).sort()).toEqual(DEVICE_FIELDS);
      expect(device.productKey).toBe(product.productKey);
    }
  });

  it('caps pageSize at 100 and says so in the envelope', async () => {
    const product = bigProduct();
    const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: user(),
      query: { pageSize: '500', page: '3' },
    });
    expect(answer.json.pageSize).toBe(100);
    expect(answer.json.page).toBe(3);
    expect(answer.json.data).toEqual(devicesOf(product.productKey).slice(200, 300));
  });

  it('walks every device of the large product exactly once, then answers an empty page past the end', async () => {
    const product = bigProduct();
    const seen: string[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
        credentials: user(),
        query: { page: String(page), pageSize: '100' },
      });
      total = answer.json.total;
      if (answer.json.data.length === 0) break;
      seen.push(...answer.json.data.map((d: { deviceKey: string }) => d.deviceKey));
    }
    expect(seen).toEqual(devicesOf(product.productKey).map((d) => d.deviceKey));
    expect(total).toBe(seen.length);

    const past = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: user(),
      query: { page: '999' },
    });
    expect(past.status).toBe(200);
    expect(past.json).toEqual({ data: [], page: 999, pageSize: 20, total: seen.length });
  });

  it.each([
    ['page', 'abc'],
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['pageSize', 'ten'],
    ['pageSize', '0'],
  ])('refuses %s=%s with a 400 that names the parameter', async (name, value) => {
    const answer = await demoRequest(platform, `/products/${bigProduct().productKey}/devices`, {
      credentials: user(),
      query: { [name]: value },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('INVALID_PARAMETER');
    expect(answer.json.message).toContain(name);
    expect(answer.json.details).toEqual([{ path: name, message: expect.any(String) }]);
  });

  it('filters by keyword as a case-insensitive substring of deviceName, with the filtered total', async () => {
    const product = bigProduct();
    const expected = devicesOf(product.productKey).filter((d) =>
      d.deviceName.toLowerCase().includes('north'),
    );
    expect(expected.length).toBeGreaterThan(100);
    const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: user(),
      query: { keyword: 'NoRtH', pageSize: '100' },
    });
    expect(answer.json.total).toBe(expected.length);
    expect(answer.json.data).toEqual(expected.slice(0, 100));

    const none = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: user(),
      query: { keyword: 'no such camera' },
    });
    expect(none.json).toEqual({ data: [], page: 1, pageSize: 20, total: 0 });
  });

  it('matches a keyword inside a name ("ptz 1" finds PTZ 1 and PTZ 10–19)', async () => {
    const product = platform.credentials.product;
    const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
      credentials: product,
      query: { keyword: 'ptz 1' },
    });
    const names = answer.json.data.map((d: { deviceName: string }) => d.deviceName);
    expect(names).toContain('Warehouse B PTZ 1');
    expect(names).toContain('Warehouse B PTZ 12');
    expect(names).not.toContain('Warehouse B PTZ 2');
  });

  it('lists no device without a product under any product, and answers an empty product with an empty page', async () => {
    const listed = new Set<string>();
    for (const product of platform.data.products.filter((p) => p.userKey === user().userKey)) {
      for (let page = 1; ; page++) {
        const answer = await demoRequest(platform, `/products/${product.productKey}/devices`, {
          credentials: user(),
          query: { page: String(page), pageSize: '100' },
        });
        if (answer.json.data.length === 0) break;
        for (const d of answer.json.data) listed.add(d.deviceKey);
      }
    }
    const orphans = platform.data.devices.filter(
      (d) => d.productKey === null && d.userKey === user().userKey,
    );
    expect(orphans.length).toBeGreaterThan(0);
    expect(orphans.some((d) => listed.has(d.deviceKey))).toBe(false);

    const empty = platform.data.products.find(
      (p) => platform.data.devicesByProduct.get(p.productKey)!.length === 0,
    )!;
    const owner = platform.data.users.find((u) => u.userKey === empty.userKey)!;
    const answer = await demoRequest(platform, `/products/${empty.productKey}/devices`, {
      credentials: { userKey: owner.userKey, authKey: owner.authKey, authSecret: owner.authSecret },
    });
    expect(answer.json).toEqual({ data: [], page: 1, pageSize: 20, total: 0 });
  });

  it('answers 404 for an unknown product', async () => {
    const answer = await demoRequest(platform, '/products/pk-nothing/devices', { credentials: user() });
    expect(answer.status).toBe(404);
    expect(answer.json.code).toBe('NOT_FOUND');
  });
});

describe('GET /videos/{deviceKey}/streamStart', () => {
  it('answers all 24 string fields, every URL with a secret, for the device’s own channel by default', async () => {
    const { deviceKey } = platform.credentials.device;
    const answer = await demoRequest(platform, `/videos/${deviceKey}/streamStart`, {
      credentials: platform.credentials.device,
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toHaveLength(24);
    const own = platform.data.channels.get(deviceKey)!;
    expect(answer.json.sipId).toBe(own.sipId);
    expect(answer.json.channelId).toBe(own.channelId);
    expect(answer.json.streamId).not.toBe('');
    for (const field of STREAM_URL_FIELDS) {
      const url = new URL(answer.json[field]);
      expect(url.searchParams.get('secret'), field).toMatch(/^\w{8,}$/);
    }
    const rtc = new URL(answer.json.rtc).searchParams;
    expect(rtc.get('app')).not.toBeNull();
    expect(rtc.get('stream')).not.toBeNull();
    expect(rtc.get('type')).not.toBeNull();
  });

  it('uses the sipId and channelId of the query when given', async () => {
    const { deviceKey } = platform.credentials.device;
    const answer = await demoRequest(platform, `/videos/${deviceKey}/streamStart`, {
      credentials: user(),
      query: { sipId: '34020000001320000001', channelId: '34020000001310000002' },
    });
    expect(answer.json.sipId).toBe('34020000001320000001');
    expect(answer.json.channelId).toBe('34020000001310000002');
  });

  it('streams a device that belongs to no product for its owner', async () => {
    const orphan = platform.data.devices.find((d) => d.productKey === null && d.userKey === user().userKey)!;
    const answer = await demoRequest(platform, `/videos/${orphan.deviceKey}/streamStart`, {
      credentials: user(),
    });
    expect(answer.status).toBe(200);
  });

  it('answers 404 for an unknown device', async () => {
    const answer = await demoRequest(platform, '/videos/dk-nothing/streamStart', { credentials: user() });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('device') });
  });
});

describe('protocol', () => {
  it('answers an unknown path 404 and a wrong method 405, both as JSON', async () => {
    const missing = await demoRequest(platform, '/nothing/here', { credentials: user() });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('NOT_FOUND');
    const wrong = await demoRequest(platform, '/products', { method: 'DELETE', credentials: user() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect(wrong.json).toMatchObject({ code: 'METHOD_NOT_ALLOWED', message: expect.any(String) });
    const post = await demoRequest(
      platform,
      `/archives/template/${platform.credentials.project.projectKey}`,
      {
        credentials: user(),
      },
    );
    expect(post.status).toBe(405);
  });

  it('allows cross-origin calls, credential headers included', async () => {
    const preflight = await fetch(`${platform.baseUrl}/products`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'userkey, authkey, authsecret',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const name of [
      'userkey',
      'authsecret',
      'querysecret',
      'querytoken',
      'projectauthsecret',
      'content-type',
    ])
      expect(allowed).toContain(name);
    const answer = await demoRequest(platform, '/products', { credentials: user() });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await demoRequest(platform, '/products');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('logs one line per request without any credential parameter', async () => {
    logs.length = 0;
    await demoRequest(platform, '/products', { credentials: user(), query: { page: '2' } });
    await demoRequest(platform, '/products', {
      credentials: { ...user(), authSecret: 'wrong-secret-value' },
    });
    await expect.poll(() => logs.length).toBe(2);
    expect(logs[0]).toMatch(/^\[demo\] GET \/products\?page=2 200 \d+ms$/);
    expect(logs[1]).toMatch(/^\[demo\] GET \/products 401 \d+ms$/);
    const text = logs.join('\n');
    for (const value of [...Object.values(user()), 'wrong-secret-value']) expect(text).not.toContain(value);
  });

  it('answers 503 to everything while down, and recovers', async () => {
    platform.setDown(true);
    try {
      const list = await demoRequest(platform, '/products', { credentials: user() });
      expect(list.status).toBe(503);
      expect(list.json).toEqual({ code: 'UNAVAILABLE', message: expect.any(String) });
      const stream = await demoRequest(
        platform,
        `/videos/${platform.credentials.device.deviceKey}/streamStart`,
        {
          credentials: platform.credentials.device,
        },
      );
      expect(stream.status).toBe(503);
    } finally {
      platform.setDown(false);
    }
    const again = await demoRequest(platform, '/products', { credentials: user() });
    expect(again.status).toBe(200);
  });
});
