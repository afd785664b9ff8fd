import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { ProfileView, ProfileTestResult } from '../../../electron/shared/profile';
import { startShellFixture, type ShellFixture } from './shell-fixture';

/**
 * A hostile page (or a compromised renderer) holds the browser shell's API. Whatever it asks, a saved
 * secret must reach only the platform it was entered for: each test points the core at a capture
 * server on loopback that must receive no secret.
 */

/** Everything a capture server was sent: request line, headers and body, as one text per request. */
class Capture {
  readonly seen: string[] = [];
  private server!: Server;
  constructor(
    private readonly answer?: (req: IncomingMessage) => {
      status: number;
      headers?: Record<string, string>;
      body?: string;
    },
  ) {}
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.seen.push(
          `${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${Buffer.concat(chunks).toString()}`,
        );
        const a = this.answer?.(req) ?? { status: 401, body: '{"code":401,"message":"who are you"}' };
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(a.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let demo: DemoPlatform;
let f: ShellFixture;
let capture: Capture;
let saved: ProfileView;
let secret: string;

beforeAll(async () => {
  demo = await startDemoPlatform({ log: () => undefined });
  f = await startShellFixture({ demoPlatform: demo });
  capture = await new Capture().start();
  const user = demo.credentials.user;
  secret = user.authSecret;
  const res = await f.call<ProfileView>('profiles:save', {
    id: 'site-a',
    name: 'Site A',
    baseUrl: demo.baseUrl,
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: secret },
  });
  if (!res.result.ok) throw new Error(res.result.error.message);
  saved = res.result.value;
});
afterEach(() => {
  capture.seen.length = 0;
});
afterAll(async () => {
  await capture?.close();
  await f?.close();
  await demo?.close();
});

const draft = (change: Record<string, unknown>) => ({
  id: saved.id,
  name: saved.name,
  baseUrl: saved.baseUrl,
  credentialType: 'user',
  keys: saved.keys,
  secrets: {},
  ...change,
});

function expectNoSecret(texts: readonly string[]): void {
  for (const t of texts) expect(t).not.toContain(secret);
}

describe('browser shell: a saved secret goes only to its own platform', () => {
  it('profiles:test with a saved id, another baseUrl and blank secrets sends nothing and says why', async () => {
    const { result } = await f.call<ProfileTestResult>('profiles:test', {
      draft: draft({ baseUrl: capture.origin }),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-input');
    expect(result.error.details?.[0]).toMatchObject({ path: 'secrets.authSecret' });
    expect(result.error.message).toContain('platform address changed');
    expect(capture.seen).toEqual([]);
  });

  it('profiles:save with another baseUrl and blank secrets is refused; the profile is unchanged', async () => {
    const { result } = await f.call('profiles:save', draft({ baseUrl: `${capture.origin}/api` }));
    expect(result.ok).toBe(false);
    const list = await f.call<ProfileView[]>('profiles:list');
    expect(list.result.ok && list.result.value.find((p) => p.id === saved.id)?.baseUrl).toBe(demo.baseUrl);
    // The saved profile still lists products from its own platform; the capture server heard nothing.
    expect((await f.call('products:list', { profileId: saved.id })).result.ok).toBe(true);
    expect(capture.seen).toEqual([]);
  });

  it('a media host pointed elsewhere with blank secrets is refused: no stream secret reaches it', async () => {
    const host = new URL(capture.origin).host;
    const { result } = await f.call('profiles:save', draft({ mediaHost: { http: host, https: host } }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.details?.[0]).toMatchObject({ path: 'secrets.authSecret' });
      expect(result.error.message).toContain('media host changed');
    }
    // The wall's stream addresses still name the platform's own media server, never the capture host.
    const stream = await f.call<{ urls?: Record<string, unknown> }>('streams:start', {
      profileId: saved.id,
      deviceKey: 'dk-any',
    });
    expect(JSON.stringify(stream.result)).not.toContain(host);
    expect(capture.seen).toEqual([]);
  });

  it('changed keys on the same origin need the secret typed again', async () => {
    const { result } = await f.call('profiles:test', {
      draft: draft({ keys: { ...saved.keys, userKey: 'someone-else' } }),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain('userKey changed');
  });

  it('a secret typed for a new address goes there, and only that one', async () => {
    const typed = 'typed-for-the-capture-server';
    const { result } = await f.call<ProfileTestResult>('profiles:test', {
      draft: draft({ baseUrl: capture.origin, secrets: { authSecret: typed } }),
    });
    expect(result.ok && result.value.ok).toBe(false);
    expect(capture.seen.join('\n')).toContain(typed);
    expectNoSecret(capture.seen);
  });

  it('never follows a redirect: a platform that redirects elsewhere gets an error, the target nothing', async () => {
    const redirecting = await new Capture(() => ({
      status: 307,
      headers: { location: `${capture.origin}/products` },
    })).start();
    try {
      const user = demo.credentials.user;
      const res = await f.call<ProfileTestResult>('profiles:test', {
        draft: {
          name: 'Redirects',
          baseUrl: redirecting.origin,
          credentialType: 'user',
          keys: { userKey: user.userKey, authKey: user.authKey },
          secrets: { authSecret: secret },
        },
      });
      expect(res.result.ok && res.result.value.ok).toBe(false);
      expect(res.result.ok && res.result.value.message).toContain('redirect');
      expect(redirecting.seen.length).toBeGreaterThan(0);
      expect(capture.seen).toEqual([]);
    } finally {
      await redirecting.close();
    }
  });

  it('the placement probe (headers, then query) goes to the profile’s own origin only', async () => {
    const { result } = await f.call<ProfileTestResult>('profiles:test', { id: saved.id });
    expect(result.ok && result.value).toMatchObject({ ok: true, placement: 'headers' });
    expect(capture.seen).toEqual([]);
  });
});
