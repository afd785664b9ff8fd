import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Product, StreamPlayback } from '../../../electron/shared/domain';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture({ demo: true });
});
afterAll(async () => {
  await f?.close();
});

type Page<T> = { total: number; data: T[] };

describe('browser shell: the embedded demo platform', () => {
  it('starts on demo:start with live media, so a demo stream really plays, and closes with the shell', async () => {
    const started = await f.call<{ baseUrl: string }>('demo:start');
    if (!started.result.ok) throw new Error(started.result.error.message);
    const { baseUrl } = started.result.value;
    expect(new URL(baseUrl).hostname).toBe('127.0.0.1');
    // A second demo:start reuses the running platform.
    const again = await f.call<{ baseUrl: string }>('demo:start');
    expect(again.result).toMatchObject({ ok: true, value: { baseUrl } });

    const products = await f.call<Page<Product>>('products:list', { pageSize: 1 });
    if (!products.result.ok) throw new Error(products.result.error.message);
    const productKey = products.result.value.data[0].productKey;
    const devices = await f.call<Page<Device>>('devices:list', { productKey, pageSize: 1 });
    if (!devices.result.ok) throw new Error(devices.result.error.message);
    const stream = await f.call<StreamPlayback>('streams:start', {
      deviceKey: devices.result.value.data[0].deviceKey,
    });
    if (!stream.result.ok) throw new Error(stream.result.error.message);

    const flvUrl = Object.values(stream.result.value).find(
      (u) => typeof u === 'string' && /^https?:\/\/[^/]+\/.*\.flv(\?|$)/.test(u),
    );
    expect(flvUrl, JSON.stringify(stream.result.value)).toBeDefined();
    const controller = new AbortController();
    const res = await fetch(flvUrl!, { signal: controller.signal });
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    controller.abort();
    expect(res.status).toBe(200);
    expect(Buffer.from(value!.subarray(0, 3)).toString('latin1')).toBe('FLV');

    await f.shell.close();
    await expect(fetch(`${baseUrl}/`)).rejects.toThrow();
    await expect(fetch(flvUrl!)).rejects.toThrow();
  });
});
