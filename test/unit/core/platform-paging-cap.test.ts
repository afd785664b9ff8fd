import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { createLogger } from '../../../electron/core/logger';
import { PlatformClient } from '../../../electron/core/platform-client';
import type { Credentials } from '../../../electron/shared/domain';

/**
 * The core reading pages as real platforms send them, against the demo platform over loopback: one
 * that caps pageSize below what was asked, and one with records whose fields have unexpected types.
 */

let demo: DemoPlatform;
let client: PlatformClient;
let productKey: string;
let keys: string[];

beforeAll(async () => {
  demo = await startDemoPlatform({ seed: 1, maxPageSize: 50, log: () => undefined });
  client = new PlatformClient(
    {
      baseUrl: demo.baseUrl,
      credentials: { type: 'user', ...demo.credentials.user } as Credentials,
      placement: 'query',
    },
    { http: (url, init) => fetch(url, init), logger: createLogger('platform', { sink: () => undefined }) },
  );
  const product = demo.data.products.find(
    (p) => demo.data.devicesByProduct.get(p.productKey)?.length === 150,
  )!;
  productKey = product.productKey;
  keys = demo.data.devicesByProduct.get(productKey)!.map((d) => d.deviceKey);
});
afterAll(() => demo.close());

describe('a platform that caps pageSize at 50', () => {
  it('is paged by its envelope: page 2 asked at 100 holds records 51–100, pageSize 50', async () => {
    const page = await client.listDevices(productKey, { page: 2, pageSize: 100 });
    expect(page).toMatchObject({ page: 2, pageSize: 50, total: 150 });
    expect(page.data.map((d) => d.deviceKey)).toEqual(keys.slice(50, 100));
    // Every page of its size, walked to the end, lists every device once.
    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(page.total / page.pageSize); n++)
      seen.push(
        ...(await client.listDevices(productKey, { page: n, pageSize: 100 })).data.map((d) => d.deviceKey),
      );
    expect(seen).toEqual(keys);
  });
});

describe('a page with odd records', () => {
  it('lists every record, keeps the odd fields raw and counts the records that had them', async () => {
    demo.setListQuirks({ oddRecords: true, maxPageSize: 100 });
    try {
      const page = await client.listDevices(productKey, { page: 1, pageSize: 20 });
      expect(page.data.map((d) => d.deviceKey)).toEqual(keys.slice(0, 20));
      expect(page.oddRecords).toBe(2);
      expect(page.unreadableRecords).toBeUndefined();
      const odd = page.data[3];
      const seeded = demo.data.devicesByProduct.get(productKey)![3];
      expect(odd.odd).toEqual({ createAt: String(seeded.createAt), createAck: '(missing)' });
      // The numeric text keeps its number; the missing flag reads false.
      expect(odd.createAt).toBe(seeded.createAt);
      expect(odd.createAck).toBe(false);
      expect(page.data[4].odd).toBeUndefined();

      const products = await client.listProducts({ pageSize: 20 });
      expect(products.oddRecords).toBe(1);
      expect(Object.keys(products.data[3].odd ?? {}).sort()).toEqual(['productStatus', 'updateAt']);
    } finally {
      demo.setListQuirks({ oddRecords: false, maxPageSize: 50 });
    }
  });
});
