import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url);
// The platform in one process (node --import tsx): neither npx nor tsx's own CLI stands between the test's
// SIGTERM and the platform (tsx's signal relay, on a busy machine, could answer 143 for a platform that closed).
const TSX_LOADER = '--import=tsx';

let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
});

describe('npm run demo-platform (electron/demo-platform/cli.ts)', () => {
  it('prints exactly one JSON line first, answers with those credentials, and closes on SIGTERM', async () => {
    child = spawn(process.execPath, [TSX_LOADER, 'electron/demo-platform/cli.ts', '--port', '0', '--seed', '1'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout! });
    reader.on('line', (line) => lines.push(line));
    const [first] = (await once(reader, 'line')) as [string];

    const printed = JSON.parse(first) as {
      baseUrl: string;
      credentials: Record<'user' | 'product' | 'device' | 'project', Record<string, string>>;
    };
    expect(Object.keys(printed)).toEqual(['baseUrl', 'credentials']);
    expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(printed.credentials.user)).toEqual(['userKey', 'authKey', 'authSecret']);
    expect(Object.keys(printed.credentials.product)).toEqual(['productKey', 'queryKey', 'querySecret']);
    expect(Object.keys(printed.credentials.device)).toEqual(['deviceKey', 'queryToken']);
    expect(Object.keys(printed.credentials.project)).toEqual([
      'projectKey',
      'projectAuthKey',
      'projectAuthSecret',
    ]);

    const { product, device } = printed.credentials;
    const url = new URL(`/products/${product.productKey}/devices`, printed.baseUrl);
    for (const [name, value] of Object.entries(product)) url.searchParams.set(name, value);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { data: { deviceKey: string }[]; total: number };
    // The printed device belongs to the printed product.
    expect(page.data.map((d) => d.deviceKey)).toContain(device.deviceKey);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(lines).toEqual([first]);
    expect(stderr).toContain(`/products/${product.productKey}/devices 200`);
    for (const secret of [printed.credentials.user.authSecret, product.querySecret, device.queryToken])
      expect(stderr).not.toContain(secret);
  });
});

describe('npm run demo-platform with the list quirks and an advertised media host', () => {
  it('serves capped pages with odd records and stream URLs naming the advertised host', async () => {
    const quirky = spawn(
      process.execPath,
      [
        TSX_LOADER,
        'electron/demo-platform/cli.ts',
        '--max-page-size',
        '30',
        '--odd-records',
        '--advertised-host',
        'cams.invalid',
      ],
      { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const reader = createInterface({ input: quirky.stdout! });
      const [first] = (await once(reader, 'line')) as [string];
      const printed = JSON.parse(first) as { baseUrl: string; credentials: { user: Record<string, string> } };
      const { user } = printed.credentials;
      const products = new URL('/products', printed.baseUrl);
      for (const [name, value] of Object.entries(user)) products.searchParams.set(name, value);
      const listed = (await (await fetch(products)).json()) as { data: { productKey: string }[] };
      const devices = new URL(`/products/${listed.data[0].productKey}/devices`, printed.baseUrl);
      devices.search = products.search;
      devices.searchParams.set('pageSize', '100');
      const page = (await (await fetch(devices)).json()) as {
        pageSize: number;
        data: { deviceKey: string; createAt: unknown }[];
      };
      expect(page.pageSize).toBe(30);
      expect(page.data).toHaveLength(30);
      expect(typeof page.data[3].createAt).toBe('string');
      const stream = new URL(`/videos/${page.data[0].deviceKey}/streamStart`, printed.baseUrl);
      stream.search = products.search;
      const played = (await (await fetch(stream)).json()) as { ws_flv: string };
      expect(new URL(played.ws_flv).hostname).toBe('cams.invalid');
    } finally {
      quirky.kill('SIGTERM');
      await once(quirky, 'exit');
    }
  });

  it('refuses a page size cap outside 1–100 with its usage', async () => {
    const refused = spawn(
      process.execPath,
      [TSX_LOADER, 'electron/demo-platform/cli.ts', '--max-page-size', '500'],
      {
        cwd: repo,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    refused.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(refused, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toMatch(/--max-page-size needs a whole number from 1 to 100/);
  });
});

describe('npm run demo-platform -- --zlm', () => {
  it('serves streams as a real ZLMediaKit does: FLV with audio, a wrong secret refused with 401', async () => {
    const zlm = spawn(process.execPath, [TSX_LOADER, 'electron/demo-platform/cli.ts', '--zlm'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const reader = createInterface({ input: zlm.stdout! });
      const [first] = (await once(reader, 'line')) as [string];
      const printed = JSON.parse(first) as {
        baseUrl: string;
        credentials: { device: Record<string, string> };
      };
      const { device } = printed.credentials;
      const stream = new URL(`/videos/${device.deviceKey}/streamStart`, printed.baseUrl);
      for (const [name, value] of Object.entries(device)) stream.searchParams.set(name, value);
      const played = (await (await fetch(stream)).json()) as { flv: string };

      const controller = new AbortController();
      const flv = await fetch(played.flv, { signal: controller.signal });
      const body = flv.body!.getReader();
      let bytes = Buffer.alloc(0);
      while (bytes.length < 13) bytes = Buffer.concat([bytes, (await body.read()).value!]);
      controller.abort();
      expect(bytes.toString('latin1', 0, 3)).toBe('FLV');
      expect(bytes[4]).toBe(0x05); // audio and video: every camera carries audio (silent AAC at least)

      const refused = await fetch(played.flv.replace(/secret=[0-9a-f]{32}/, `secret=${'0'.repeat(32)}`));
      expect(refused.status).toBe(401);
    } finally {
      zlm.kill('SIGTERM');
      await once(zlm, 'exit');
    }
  });
});
