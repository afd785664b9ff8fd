import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/core/connection-tester';
import type { Connection } from '../../../electron/core/credential-vault';
import { createLogger } from '../../../electron/core/logger';
import { PlatformClient } from '../../../electron/core/platform-client';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { Credentials } from '../../../electron/shared/domain';

/** The connection test against the demo platform over loopback: what it says it did is what happened. */
let platform: DemoPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  await platform?.close();
});

const run = (credentials: Credentials) => {
  const connection: Connection = { baseUrl: platform.baseUrl, placement: 'headers', credentials };
  return testConnection(
    connection,
    (c) => new PlatformClient(c, { logger: createLogger('platform', { sink: () => undefined }) }),
  );
};

describe('the connection test says what the probe found', () => {
  it('User credentials: one product asked for, and the platform’s count of them (not “listed one product”)', async () => {
    const { user } = platform.credentials;
    const own = platform.data.products.filter((p) => p.userKey === user.userKey).length;
    expect(own).toBeGreaterThan(1);
    const result = await run({ type: 'user', ...user });
    expect(result.ok).toBe(true);
    expect(result.message).toBe(
      `Connected: the platform accepted these credentials in HTTP headers (asked for one product; the platform has ${own} products).`,
    );
    expect(result.message).not.toMatch(/listed one/);
    expect(result.operations.listProducts).toMatchObject({
      allowed: true,
      checked: 'ok',
      note: `asked for one product; the platform has ${own} products`,
    });
  });

  it('Product credentials: one device asked for, and how many the product has', async () => {
    const { product } = platform.credentials;
    const devices = platform.data.devicesByProduct.get(product.productKey)!.length;
    const result = await run({ type: 'product', ...product });
    expect(result.ok).toBe(true);
    expect(result.operations.listDevices?.note).toBe(
      `asked for one device of the product; the product has ${devices} ${devices === 1 ? 'device' : 'devices'}`,
    );
  });

  it('Project credentials: accepted, with the expected refusal of the made-up product kept as the answer', async () => {
    const result = await run({ type: 'project', ...platform.credentials.project });
    expect(result.ok).toBe(true);
    const check = result.operations.listDevices!;
    expect(check.allowed).toBe(true);
    expect(check.checked).not.toBe('ok');
    expect(check.note).toMatch(/made-up product/);
  });
});
