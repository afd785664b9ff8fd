import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
}));
vi.mock('electron', () => ({ ...electron, default: electron }));

import {
  createAppRequestHandler,
  registerAppScheme,
  serveAppProtocol,
} from '../../../../electron/main/app/protocol';
import { buildCsp } from '../../../../electron/shared/csp';

let workDir: string;
let root: string;
const csp = buildCsp();

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'wall-protocol-'));
  root = path.join(workDir, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>wall</title>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(root, 'assets', 'style.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  // A file beside the renderer folder that no request may reach.
  await writeFile(path.join(workDir, 'secret.txt'), 'outside');
  await writeFile(path.join(workDir, 'renderer-evil.txt'), 'sibling with a common prefix');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(() => vi.clearAllMocks());

describe('app:// protocol', () => {
  it('is registered as a standard, secure, fetchable, streaming scheme', () => {
    registerAppScheme();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });

  it('serves the renderer through protocol.handle with the CSP header', async () => {
    serveAppProtocol(root, csp);
    expect(electron.protocol.handle).toHaveBeenCalledTimes(1);
    const [scheme, handler] = electron.protocol.handle.mock.calls[0] as [
      string,
      (r: Request) => Promise<Response>,
    ];
    expect(scheme).toBe('app');
    const response = await handler(new Request('app://wall/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(await response.text()).toContain('<title>wall</title>');
  });

  it.each([
    ['app://wall/index.html', 'text/html; charset=utf-8'],
    ['app://wall/', 'text/html; charset=utf-8'],
    ['app://wall/assets/app.js', 'text/javascript; charset=utf-8'],
    ['app://wall/assets/style.css', 'text/css; charset=utf-8'],
    ['app://wall/assets/logo.svg', 'image/svg+xml'],
  ])('serves %s as %s with CSP and nosniff', async (url, type) => {
    const handler = createAppRequestHandler({ root, csp });
    const response = await handler(new Request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    'app://wall/..%2fsecret.txt',
    'app://wall/..%2F..%2Fsecret.txt',
    'app://wall/assets/..%2f..%2fsecret.txt',
    'app://wall/..%2frenderer-evil.txt',
    'app://wall/%2e%2e%2fsecret.txt',
  ])('refuses traversal %s', async (url) => {
    const handler = createAppRequestHandler({ root, csp });
    const response = await handler(new Request(url));
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).not.toContain('outside');
    expect(body).not.toContain('sibling');
    expect(response.headers.get('content-security-policy')).toBe(csp);
  });

  it('answers 404 with the CSP for a missing file, a folder, another host and a bad escape', async () => {
    const handler = createAppRequestHandler({ root, csp });
    for (const [url, status] of [
      ['app://wall/missing.js', 404],
      ['app://wall/assets', 404],
      ['app://other/index.html', 404],
      ['app://wall/%E0%A4%A', 400],
      ['app://wall/a%00b', 400],
    ] as const) {
      const response = await handler(new Request(url));
      expect(response.status, url).toBe(status);
      expect(response.headers.get('content-security-policy'), url).toBe(csp);
    }
  });

  it('refuses methods other than GET and HEAD; HEAD has no body', async () => {
    const handler = createAppRequestHandler({ root, csp });
    expect((await handler(new Request('app://wall/index.html', { method: 'POST', body: 'x' }))).status).toBe(
      405,
    );
    const head = await handler(new Request('app://wall/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
