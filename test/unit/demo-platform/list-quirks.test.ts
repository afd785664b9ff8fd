import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { demoRequest } from './demo-request';

/** The demo platform's list quirks, over loopback: a page size cap and records with odd fields. */

let demo: DemoPlatform;
let productKey: string;

beforeAll(async () => {
  demo = await startDemoPlatform({ seed: 1, log: () => undefined });
  // Traffic Intersections: 150 devices.
  productKey = demo.data.products.find(
    (p) => demo.data.devicesByProduct.get(p.productKey)?.length === 150,
  )!.productKey;
});
afterAll(() => demo.close());
beforeEach(() => demo.setListQuirks({ maxPageSize: 100, oddRecords: false }));

const listDevices = (query: Record<string, string>) =>
  demoRequest(demo, `/products/${productKey}/devices`, { credentials: demo.credentials.user, query });

describe('demo platform list quirks', () => {
  it('serves 100 a page by default, and at most maxPageSize when capped, saying so in its envelope', async () => {
    const all = demo.data.devicesByProduct.get(productKey)!.map((d) => d.deviceKey);
    const full = await listDevices({ page: '2', pageSize: '100' });
    expect(full.json).toMatchObject({ page: 2, pageSize: 100, total: 150 });
    expect(full.json.data).toHaveLength(50);

    demo.setListQuirks({ maxPageSize: 50 });
    const capped = await listDevices({ page: '2', pageSize: '100' });
    expect(capped.status).toBe(200);
    expect(capped.json).toMatchObject({ page: 2, pageSize: 50, total: 150 });
    // Page 2 of pages of 50: records 51–100.
    expect(capped.json.data.map((d: { deviceKey: string }) => d.deviceKey)).toEqual(all.slice(50, 100));
    // Asking for less than the cap is served as asked.
    expect((await listDevices({ page: '1', pageSize: '20' })).json).toMatchObject({ pageSize: 20 });
  });

  it('refuses a cap outside 1–100', () => {
    expect(() => demo.setListQuirks({ maxPageSize: 0 })).toThrow(/maxPageSize/);
    expect(() => demo.setListQuirks({ maxPageSize: 101 })).toThrow(/maxPageSize/);
    expect(() => demo.setListQuirks({ maxPageSize: 2.5 })).toThrow(/maxPageSize/);
  });

  it('serves every tenth record from the fourth with odd fields, and only while asked to', async () => {
    demo.setListQuirks({ oddRecords: true });
    const page = (await listDevices({ page: '1', pageSize: '20' })).json.data as Record<string, unknown>[];
    const odd = page.flatMap((d, i) => (typeof d.createAt === 'string' ? [i] : []));
    expect(odd).toEqual([3, 13]);
    expect(page[3]).not.toHaveProperty('createAck');
    expect(page[3].createAt).toMatch(/^\d+$/);
    expect(typeof page[4].createAck).toBe('boolean');
    // Positions count in the whole list: the second page of 20 has them at 23 and 33.
    const second = (await listDevices({ page: '2', pageSize: '20' })).json.data as Record<string, unknown>[];
    expect(second.flatMap((d, i) => (typeof d.createAt === 'string' ? [i] : []))).toEqual([3, 13]);

    const products = await demoRequest(demo, '/products', {
      credentials: demo.credentials.user,
      query: { pageSize: '20' },
    });
    expect(typeof products.json.data[3].productStatus).toBe('string');
    expect(typeof products.json.data[3].updateAt).toBe('string');
    expect(typeof products.json.data[2].productStatus).toBe('number');

    demo.setListQuirks({ oddRecords: false });
    const plain = (await listDevices({ page: '1', pageSize: '20' })).json.data as Record<string, unknown>[];
    expect(plain.every((d) => typeof d.createAt === 'number' && typeof d.createAck === 'boolean')).toBe(true);
  });

  it('takes both from its options', async () => {
    const other = await startDemoPlatform({
      seed: 1,
      maxPageSize: 30,
      oddRecords: true,
      log: () => undefined,
    });
    try {
      const answer = await demoRequest(other, `/products/${productKey}/devices`, {
        credentials: other.credentials.user,
        query: { pageSize: '100' },
      });
      expect(answer.json).toMatchObject({ page: 1, pageSize: 30, total: 150 });
      expect(typeof answer.json.data[3].createAt).toBe('string');
    } finally {
      await other.close();
    }
    await expect(startDemoPlatform({ maxPageSize: 500, log: () => undefined })).rejects.toThrow(
      /maxPageSize/,
    );
  });
});
