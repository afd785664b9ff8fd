import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../../electron/core/logger';
import type { DemoPlatform } from '../../../electron/demo-platform/server';
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../../electron/shared/contract';
import { DEFAULT_ROOM_ROOT } from '../../../electron/shared/room';
import { startWebShell, type WebShell } from '../../../electron/web-shell/server';
import type { BenchBroker } from './room-broker';

/** One PC of the benchmark's room: a browser shell on its own data folder, in this process. */
export interface BenchPc {
  name: string;
  shell: WebShell;
  /** A channel through the shell's HTTP API, as a script would call it; throws on a failure. */
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>;
  close(): Promise<void>;
}

/**
 * Start a PC of the room: its shell (the demo platform behind `demo:start` when it plays cameras),
 * then its room settings (the broker, this PC's login, its screens; empty: one screen named after
 * the PC), as test/e2e/room.spec.ts starts one.
 */
export async function startBenchPc(options: {
  name: string;
  broker: BenchBroker;
  rendererDir: string;
  /** The cameras it plays (a screen PC); a console needs none. */
  demo?: DemoPlatform;
  screens?: string[];
}): Promise<BenchPc> {
  const { name, broker } = options;
  const dir = await mkdtemp(path.join(tmpdir(), `room-bench-${name}-`));
  const shell = await startWebShell({
    port: 0,
    dataDir: path.join(dir, 'data'),
    rendererDir: options.rendererDir,
    ...(options.demo && { demoPlatform: options.demo }),
    secrets: { keyring: null, keyDir: path.join(dir, 'keys') },
    standingProvisioning: false,
    fileLog: false,
    logger: createLogger(`web-shell ${name}`, { sink: () => undefined }),
  });
  const call = async <C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const res = await fetch(`${shell.origin}/api/${channel}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shell.token}`,
        ...(input !== undefined && { 'content-type': 'application/json' }),
      },
      ...(input !== undefined && { body: JSON.stringify(input) }),
    });
    const result = (await res.json()) as Result<ChannelOutput<C>>;
    if (!result.ok) throw new Error(`${name}: ${channel} failed: ${result.error.message}`);
    return result.value;
  };
  const pc: BenchPc = {
    name,
    shell,
    call,
    async close() {
      await shell.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    if (options.demo) await call('demo:start');
    const login = broker.login(name);
    await call('room:configure', {
      enabled: true,
      brokerUrl: broker.url,
      username: login?.username ?? null,
      ...(login && { password: login.password }),
      pcName: name,
      screens: (options.screens ?? []).map((screen) => ({ name: screen })),
      root: DEFAULT_ROOM_ROOT,
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
    });
    return pc;
  } catch (error) {
    await pc.close();
    throw error;
  }
}

/** A signed-in page of a PC's shell on `appPath` (e.g. `/?screen=wall-2`), once the app is ready. */
export async function openPcPage(context: BrowserContext, pc: BenchPc, appPath = '/'): Promise<Page> {
  const page = await context.newPage();
  const url = new URL(appPath, pc.shell.origin);
  url.searchParams.set('token', pc.shell.token);
  // A busy machine loading the app in its eighth page: the readiness wait below is what counts.
  await page.goto(url.href, { timeout: 90_000, waitUntil: 'domcontentloaded' });
  await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor({ timeout: 90_000 });
  return page;
}

/** A browser context for one PC's screens (its own cookies, like another machine). */
export function pcContext(
  browser: Browser,
  viewport = { width: 1280, height: 720 },
): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}
