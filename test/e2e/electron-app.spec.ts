import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The real desktop app, launched through Playwright's Electron driver: built app, real Electron, real
 * IPC through the preload, the embedded demo platform on loopback.
 *
 * Electron 45 downloads its binary on first launch; where that never happened (an offline machine)
 * there is nothing to launch, and this file says so and skips. The same renderer and core are covered
 * in Chromium by the browser-shell tests.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** The installed Electron binary, found the way electron/index.js finds it but without its download. */
function electronBinary(): { path: string } | { missing: string } {
  const electronDir = path.dirname(require.resolve('electron/package.json'));
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile))
    return { missing: `${pathFile} does not exist (the binary was never downloaded)` };
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
  const binary = path.join(distDir, readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `${binary} does not exist` };
}

const found = electronBinary();
const hasBinary = 'path' in found;
if (!('path' in found)) {
  console.warn(
    `[e2e] SKIPPING the real-Electron test: no Electron binary (${found.missing}). ` +
      'Run `npm start` once on a machine that can download Electron; the browser-shell tests cover the same app in Chromium.',
  );
}

/** Minimal view of window.wallApi for the calls this test makes (the page is typed by the contract). */
interface PageResult<T> {
  ok: boolean;
  value?: T;
  error?: { kind: string; message: string };
}

function buildApp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`electron-vite build exited with ${code}`)),
    );
  });
}

describe('Electron app (real binary)', () => {
  let app: ElectronApplication | undefined;
  let page: Page;
  let userData: string;

  beforeAll(async () => {
    if (!('path' in found)) return;
    await buildApp();
    userData = await mkdtemp(path.join(tmpdir(), 'wall-electron-e2e-'));
    const args = [root, `--user-data-dir=${userData}`];
    // Chromium refuses to start as root without this (containers, CI); the page sandbox stays on.
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    const env = { ...process.env } as Record<string, string>;
    delete env.ELECTRON_RUN_AS_NODE;
    app = await _electron.launch({ executablePath: found.path, args, env, timeout: 60_000 });
    page = await app.firstWindow();
    await page.waitForSelector('[data-testid="app-root"][data-state="ready"]', { timeout: 60_000 });
  });

  afterAll(async () => {
    await app?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it.skipIf(!hasBinary)('serves the page from app://wall with no Node in the page', async () => {
    expect(page.url()).toBe('app://wall/index.html');
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      api: Object.keys((window as unknown as { wallApi: object }).wallApi).sort(),
    }));
    expect(globals.require).toBe('undefined');
    expect(globals.process).toBe('undefined');
    expect(globals.api).toContain('products');
    expect(globals.api).not.toContain('invoke');
    // The CSP header forbids eval.
    expect(
      await page.evaluate(() => {
        try {
          return String(new Function('return "ran"')());
        } catch {
          return 'blocked';
        }
      }),
    ).toBe('blocked');
  });

  it.skipIf(!hasBinary)('starts the demo platform and lists its products through the preload', async () => {
    const started = await page.evaluate(async () => {
      const api = (window as unknown as { wallApi: { demo: { start(): Promise<unknown> } } }).wallApi;
      return api.demo.start();
    });
    expect(started).toMatchObject({
      ok: true,
      value: { baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) },
    });

    const products = (await page.evaluate(async () => {
      const api = (window as unknown as { wallApi: { products: { list(i?: unknown): Promise<unknown> } } })
        .wallApi;
      return api.products.list({ pageSize: 5 });
    })) as PageResult<{ data: Array<{ productKey: string; productName: string }>; total: number }>;
    expect(products.ok, JSON.stringify(products.error)).toBe(true);
    expect(products.value!.data).toHaveLength(5);
    expect(products.value!.total).toBeGreaterThanOrEqual(12);
    expect(products.value!.data[0].productKey).toEqual(expect.any(String));
  });

  it.skipIf(!hasBinary)('reloads the page by itself when its renderer process dies', async () => {
    // Driven from the main process: Playwright's page object does not outlive its renderer's crash.
    await app!.evaluate(({ BrowserWindow }) => {
      BrowserWindow.getAllWindows()[0].webContents.forcefullyCrashRenderer();
    });
    // A second later the window loads the app again, in a new process, and the page says why.
    await expect
      .poll(
        () =>
          app!.evaluate(async ({ BrowserWindow }) => {
            const contents = BrowserWindow.getAllWindows()[0].webContents;
            if (contents.isCrashed() || contents.isLoading()) return 'down';
            try {
              return (await contents.executeJavaScript(
                `document.querySelector('[data-testid="app-root"][data-state="ready"]') ? window.wallApi.app.info().then((r) => JSON.stringify(r)) : 'loading'`,
              )) as string;
            } catch {
              return 'down';
            }
          }),
        { timeout: 30_000 },
      )
      .toContain("The wall's page stopped (its process was ended) and was reloaded");
  });
});
