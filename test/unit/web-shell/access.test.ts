import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

const bearer = () => ({ authorization: `Bearer ${f.shell.token}` });

describe('browser shell: where it listens', () => {
  it('listens on 127.0.0.1 and prints a URL that carries a 32-byte token once', () => {
    expect(f.shell.origin).toBe(`http://127.0.0.1:${f.shell.port}`);
    const url = new URL(f.shell.url);
    expect(url.origin).toBe(f.shell.origin);
    expect(url.searchParams.get('token')).toBe(f.shell.token);
    expect(Buffer.from(f.shell.token, 'base64url')).toHaveLength(32);
  });
});

describe('browser shell: Host check (DNS rebinding)', () => {
  it('answers 127.0.0.1:PORT and localhost:PORT', async () => {
    expect((await f.request('/api/app:info', { method: 'POST', headers: bearer() })).status).toBe(200);
    const viaLocalhost = await f.request('/api/app:info', {
      method: 'POST',
      headers: bearer(),
      host: `localhost:${f.shell.port}`,
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it.each([
    ['a rebinding name', (port: number) => `attacker.example:${port}`],
    ['another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['no port', () => '127.0.0.1'],
    ['a subdomain trick', (port: number) => `localhost.attacker.example:${port}`],
  ])('refuses %s with 421, even with the token, on pages and API alike', async (_what, host) => {
    for (const [path, method] of [
      ['/api/app:info', 'POST'],
      [`/?token=${f.shell.token}`, 'GET'],
      ['/assets/app-1a2b.js', 'GET'],
    ] as const) {
      const res = await f.request(path, { method, headers: bearer(), host: host(f.shell.port) });
      expect(res.status, `${method} ${path}`).toBe(421);
      expect(res.text).not.toContain('FAKE-RENDERER');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a request without any Host header (Node itself answers 400 before us)', async () => {
    const res = await f.request('/api/app:info', { method: 'POST', headers: bearer(), host: null });
    expect([400, 421]).toContain(res.status);
    expect(res.text).not.toContain('"ok":true');
  });
});

describe('browser shell: the per-run token', () => {
  it('refuses API calls without a token, or with a wrong one, as a typed auth error', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${f.shell.token}x` },
      { cookie: `wall-session-${f.shell.port}=wrong` },
      // The right token under another shell's cookie name does not count.
      { cookie: `wall-session-${f.shell.port + 1}=${f.shell.token}` },
    ];
    for (const headers of attempts) {
      const res = await f.request('/api/profiles:list', { method: 'POST', headers });
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: { kind: 'auth' } });
    }
  });

  it('refuses the event stream without a token', async () => {
    const res = await f.request('/api/events');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).not.toContain('event-stream');
  });

  it('does not serve the app page without the token, nor with a wrong one', async () => {
    for (const path of ['/', '/?token=nope', '/wall/lobby']) {
      const res = await f.request(path);
      expect(res.status, path).toBe(401);
      expect(res.text).not.toContain('FAKE-RENDERER');
      expect(res.text).toContain('Open the URL');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('trades the URL token for an HttpOnly, SameSite=Strict session cookie that then opens the API', async () => {
    const first = await f.request(`/?token=${f.shell.token}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('FAKE-RENDERER');
    const [cookie] = first.headers['set-cookie'] ?? [];
    expect(cookie).toBeDefined();
    const attributes = cookie.split(';').map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(attributes.some((a) => /^expires|^max-age|^domain/i.test(a))).toBe(false);
    const pair = attributes[0];

    const page = await f.request('/wall/lobby', { headers: { cookie: pair } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('FAKE-RENDERER');
    expect(page.headers['set-cookie']).toBeUndefined();

    const call = await f.request('/api/app:info', {
      method: 'POST',
      headers: { cookie: `other=1; ${pair}` },
    });
    expect(call.status).toBe(200);
    expect(JSON.parse(call.text)).toMatchObject({ ok: true, value: { shell: 'web' } });
  });
});

describe('browser shell: Origin check and no CORS', () => {
  it('refuses calls whose Origin is not ours, and cross-site fetches', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'http://attacker.example' },
      { origin: 'null' },
      { origin: `http://localhost:${f.shell.port}` },
      { origin: `https://127.0.0.1:${f.shell.port}` },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await f.request('/api/profiles:list', {
        method: 'POST',
        headers: { ...bearer(), ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    const sse = await f.request('/api/events', {
      headers: { ...bearer(), origin: 'http://attacker.example' },
    });
    expect(sse.status).toBe(403);
  });

  it('accepts our own Origin', async () => {
    const res = await f.request('/api/profiles:list', {
      method: 'POST',
      headers: { ...bearer(), origin: f.shell.origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
  });

  it('sends no CORS header to anyone: preflights and simple requests alike', async () => {
    const answers = [
      await f.request('/api/profiles:list', {
        method: 'OPTIONS',
        headers: {
          origin: 'http://attacker.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
      await f.request('/api/profiles:list', {
        method: 'POST',
        headers: { ...bearer(), origin: 'http://attacker.example' },
      }),
      await f.request('/assets/app-1a2b.js', { headers: { origin: 'http://attacker.example' } }),
      await f.request('/api/profiles:list', { method: 'POST', headers: bearer() }),
    ];
    for (const res of answers) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    expect(answers[0].status).toBeGreaterThanOrEqual(400);
  });
});
