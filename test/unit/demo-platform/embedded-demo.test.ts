import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDemo } from '../../../electron/demo-platform/embedded-demo';

/** A logger that keeps nothing (the embedded demo logs through the shell's scoped logger). */
const quiet = {
  child: () => quiet,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
};

let demo: EmbeddedDemo | undefined;
const saved = process.env.DEMO_PLATFORM_ZLM;

afterEach(async () => {
  await demo?.close();
  demo = undefined;
  if (saved === undefined) delete process.env.DEMO_PLATFORM_ZLM;
  else process.env.DEMO_PLATFORM_ZLM = saved;
});

/** The first bytes of the HTTP-FLV stream of the first device the demo user sees. */
async function firstFlvHeader(): Promise<Buffer> {
  demo = new EmbeddedDemo(quiet);
  const { baseUrl, credentials } = await demo.start();
  const { type: _type, ...user } = credentials as { type: string } & Record<string, string>;
  const withUser = (url: URL): URL => {
    for (const [name, value] of Object.entries(user)) url.searchParams.set(name, value);
    return url;
  };
  const products = (await (await fetch(withUser(new URL('/products', baseUrl)))).json()) as {
    data: { productKey: string }[];
  };
  const devices = (await (
    await fetch(withUser(new URL(`/products/${products.data[0].productKey}/devices`, baseUrl)))
  ).json()) as { data: { deviceKey: string }[] };
  const played = (await (
    await fetch(withUser(new URL(`/videos/${devices.data[0].deviceKey}/streamStart`, baseUrl)))
  ).json()) as { flv: string };
  const controller = new AbortController();
  const reader = (await fetch(played.flv, { signal: controller.signal })).body!.getReader();
  let bytes = Buffer.alloc(0);
  while (bytes.length < 13) bytes = Buffer.concat([bytes, (await reader.read()).value!]);
  controller.abort();
  return bytes;
}

describe('the demo the app embeds', () => {
  it('serves media as a real ZLMediaKit does when DEMO_PLATFORM_ZLM=1 (FLV with audio)', async () => {
    process.env.DEMO_PLATFORM_ZLM = '1';
    const header = await firstFlvHeader();
    expect(header.toString('latin1', 0, 3)).toBe('FLV');
    expect(header[4]).toBe(0x05);
  });

  it('serves video-only FLV as before without it', async () => {
    delete process.env.DEMO_PLATFORM_ZLM;
    const header = await firstFlvHeader();
    expect(header[4]).toBe(0x01);
  });
});
