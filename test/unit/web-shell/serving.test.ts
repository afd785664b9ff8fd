import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsp } from '../../../electron/shared/csp';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
let session: string;
const OUTSIDE = 'OUTSIDE-THE-RENDERER-FOLDER';

beforeAll(async () => {
  f = await startShellFixture();
  // Files next to the renderer folder that no URL may reach.
  await writeFile(path.join(f.dir, 'outside.txt'), OUTSIDE);
  await mkdir(path.join(f.rendererDir, 'linked'), { recursive: true });
  await symlink(path.join(f.dir, 'outside.txt'), path.join(f.rendererDir, 'linked', 'escape.txt'));
  const first = await f.request(`/?token=${f.shell.token}`);
  session = (first.headers['set-cookie'] ?? [])[0].split(';')[0];
});
afterAll(async () => {
  await f?.close();
});

const SECURITY_HEADERS = {
  'content-security-policy': buildCsp(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

describe('browser shell: static files', () => {
  it('serves the page and its assets with their MIME types and the same CSP as Electron', async () => {
    const page = await f.request('/', { headers: { cookie: session } });
    const script = await f.request('/assets/app-1a2b.js');
    const style = await f.request('/assets/app-1a2b.css');
    expect([page.status, script.status, style.status]).toEqual([200, 200, 200]);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(script.text).toContain('fake renderer');
    for (const res of [page, script, style]) expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(buildCsp()).toContain("script-src 'self'");
  });

  it('never lets the page or the API be cached; hashed assets may be', async () => {
    const page = await f.request('/', { headers: { cookie: session } });
    const api = await f.request('/api/settings:get', { method: 'POST', headers: { cookie: session } });
    const asset = await f.request('/assets/app-1a2b.js');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('puts the security headers on refusals and errors too', async () => {
    const answers = [
      await f.request('/assets/missing.js'),
      await f.request('/'),
      await f.request('/api/profiles:list', { method: 'POST' }),
      await f.request('/', { host: 'attacker.example' }),
      await f.request('/..%2foutside.txt'),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 401, 401, 421, 403]);
    for (const res of answers) expect(res.headers).toMatchObject(SECURITY_HEADERS);
  });

  it('answers an app route with index.html, and a missing asset with 404', async () => {
    const route = await f.request('/wall/lobby?x=1', { headers: { cookie: session } });
    expect(route.status).toBe(200);
    expect(route.text).toContain('FAKE-RENDERER');
    const missing = await f.request('/assets/nope.js', { headers: { cookie: session } });
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('FAKE-RENDERER');
  });

  it('answers HEAD without a body and refuses other methods on files', async () => {
    const head = await f.request('/assets/app-1a2b.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect((await f.request('/assets/app-1a2b.js', { method: 'PUT', body: 'x' })).status).toBe(405);
  });

  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/..%2foutside.txt',
    '/%2e%2e/outside.txt',
    '/%2E%2E%2Foutside.txt',
    '/assets/..%5c..%5coutside.txt',
    '/..\\outside.txt',
    '/assets/%2e%2e%2f%2e%2e%2foutside.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
    '/linked/escape.txt',
  ])('refuses the traversal %s', async (attempt) => {
    const res = await f.request(attempt, { headers: { cookie: session } });
    expect(res.status, attempt).toBeGreaterThanOrEqual(400);
    expect(res.text).not.toContain(OUTSIDE);
  });
});
