import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../electron/demo-platform/seed-demo-data';
import { DeviceSchema, ProductSchema, parseExtendData } from '../../../electron/shared/domain';

const data = seedDemoData(1);

describe('seeded demo data', () => {
  it('is identical for the same seed and different for another', () => {
    expect(JSON.stringify(seedDemoData(1))).toBe(JSON.stringify(data));
    expect(seedDemoData(1).credentials).toEqual(data.credentials);
    const other = seedDemoData(2);
    expect(other.devices[0].deviceKey).not.toBe(data.devices[0].deviceKey);
    expect(other.credentials.user.authSecret).not.toBe(data.credentials.user.authSecret);
  });

  it('holds 2,000 devices over at least 12 products of at least 2 users, one product with 1,000+', () => {
    expect(data.devices).toHaveLength(2000);
    expect(data.products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.products.map((p) => p.userKey)).size).toBeGreaterThanOrEqual(2);
    const sizes = data.products.map((p) => data.devicesByProduct.get(p.productKey)!.length);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(1000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(data.devices.filter((d) => d.productKey !== null).length);
  });

  it('gives every record the spec shape and unique keys', () => {
    expect(data.devices.filter((d) => !DeviceSchema.safeParse(d).success)).toEqual([]);
    expect(data.products.filter((p) => !ProductSchema.safeParse(p).success)).toEqual([]);
    expect(new Set(data.devices.map((d) => d.deviceKey)).size).toBe(2000);
    expect(new Set(data.products.map((p) => p.productKey)).size).toBe(data.products.length);
  });

  it('keeps timestamps in epoch milliseconds, update after create', () => {
    const min = Date.UTC(2020, 0, 1);
    const max = Date.UTC(2030, 0, 1);
    const wrong = [...data.devices, ...data.products].filter(
      (r) => !Number.isInteger(r.createAt) || r.createAt < min || r.updateAt > max || r.updateAt < r.createAt,
    );
    expect(wrong).toEqual([]);
  });

  it('links devices to gateways of the same product', () => {
    const gateways = data.devices.filter((d) => d.gateway);
    const linked = data.devices.filter((d) => d.gatewayKey !== null);
    expect(gateways.length).toBeGreaterThan(10);
    expect(linked.length).toBeGreaterThan(100);
    const wrong = linked.filter((d) => {
      const gateway = data.deviceByKey.get(d.gatewayKey!);
      return !gateway?.gateway || gateway.productKey !== d.productKey;
    });
    expect(wrong).toEqual([]);
  });

  it('has devices without a product, varied status codes and a mix of extendData', () => {
    expect(data.devices.filter((d) => d.productKey === null).length).toBeGreaterThan(0);
    expect(new Set(data.devices.map((d) => d.deviceStatus))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(data.products.map((p) => p.productStatus)).size).toBeGreaterThanOrEqual(3);

    const kinds = data.products.map((p) =>
      p.extendData === '' ? 'empty' : parseExtendData(p.extendData).kind === 'json' ? 'json' : 'invalid',
    );
    expect(new Set(kinds)).toEqual(new Set(['empty', 'json', 'invalid']));
    const deviceKinds = new Set(
      data.devices.map((d) => (d.extendData === null ? 'null' : typeof d.extendData)),
    );
    expect(deviceKinds).toEqual(new Set(['null', 'object', 'string']));
  });

  it('gives every device GB28181-style 20-digit channel ids', () => {
    const ids = data.devices.map((d) => data.channels.get(d.deviceKey)!);
    expect(ids.filter((c) => !/^\d{20}$/.test(c.sipId) || !/^\d{20}$/.test(c.channelId))).toEqual([]);
    expect(new Set(ids.map((c) => c.sipId)).size).toBe(2000);
  });

  it('prints credentials that belong together: the device is of the product, the product and project are the user’s', () => {
    const { user, product, device, project } = data.credentials;
    const p = data.productByKey.get(product.productKey)!;
    const d = data.deviceByKey.get(device.deviceKey)!;
    expect(d.productKey).toBe(p.productKey);
    expect(p.userKey).toBe(user.userKey);
    expect(data.projects.find((x) => x.projectKey === project.projectKey)!.userKey).toBe(user.userKey);
    // A modest product, so a person trying the product credentials sees a short list.
    expect(data.devicesByProduct.get(p.productKey)!.length).toBeLessThan(100);
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (data.devices[0] as { deviceName: string }).deviceName = 'changed';
    }).toThrow(TypeError);
  });
});
