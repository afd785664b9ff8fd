import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, findChromium } from '../../support/chromium';

/**
 * A Chromium page driven over a bare DevTools connection that only ever sends `Runtime.evaluate`,
 * `Page.navigate` and `Page.reload`, for measuring.
 *
 * Why not Playwright: it enables the Network domain on every page, and Chromium then reports every
 * WebSocket message to the client (binary payloads base64-encoded) and keeps every HTTP response body
 * for DevTools to show. Measured on a 36-tile WS-FLV wall: Chromium's CPU 89–94 % of a core driven by
 * Playwright against 76–80 % with no client attached; on a 16-tile HLS wall the renderer grew by
 * ~160 MiB of kept segments in four minutes under Playwright and stayed flat without it. A wall in
 * production has no DevTools attached, so the benchmark measures it that way.
 */
export interface BarePage {
  /** The browser process; its process tree is this page's whole cost. */
  pid: number;
  /** Evaluate an expression in the page (promises awaited), returning its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Poll `expression` until it is truthy. */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  navigate(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Any DevTools command on the page (the CPU profile of `--profile`: lib/cpu-profile.ts). */
  send<T>(method: string, params?: object): Promise<T>;
  /** Listen to DevTools events (only those of a domain a caller enabled come). */
  onEvent(listener: (method: string, params: unknown) => void): void;
  close(): Promise<void>;
}

export async function launchBarePage(options: {
  viewport: { width: number; height: number };
  /** More Chromium switches (a probe's own). */
  args?: string[];
}): Promise<BarePage> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'));
  const child = spawn(
    findChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      '--hide-scrollbars',
      '--mute-audio',
      `--window-size=${options.viewport.width},${options.viewport.height}`,
      `--user-data-dir=${userDataDir}`,
      '--remote-debugging-port=0',
      ...(options.args ?? []),
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    const port = await devToolsPort(userDataDir, child);
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
      type: string;
      webSocketDebuggerUrl: string;
    }>;
    const target = targets.find((t) => t.type === 'page');
    if (!target) throw new Error('the bare Chromium has no page');
    const cdp = await connect(target.webSocketDebuggerUrl);

    const evaluate = async <T>(expression: string): Promise<T> => {
      const reply = (await cdp.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })) as {
        result: { value?: T };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (reply.exceptionDetails)
        throw new Error(
          `in the page: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`,
        );
      return reply.result.value as T;
    };
    const waitFor = async (expression: string, timeoutMs = 30_000): Promise<void> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // During a navigation the context is replaced: an evaluation may fail; try again.
        const ok = await evaluate<boolean>(`Boolean(${expression})`).catch(() => false);
        if (ok) return;
        if (Date.now() > deadline)
          throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const loaded = () => waitFor(`document.readyState === 'complete' && location.href !== 'about:blank'`);
    return {
      pid: child.pid!,
      evaluate,
      waitFor,
      async navigate(url) {
        await cdp.send('Page.navigate', { url });
        await loaded();
      },
      async reload() {
        // Mark the old document so the wait below cannot pass on it.
        await evaluate(`window.__barePageOld = true`);
        await cdp.send('Page.reload', {});
        await waitFor(`!window.__barePageOld && document.readyState === 'complete'`);
      },
      send: async <T>(method: string, params: object = {}) => (await cdp.send(method, params)) as T,
      onEvent: (listener) => cdp.listeners.push(listener),
      async close() {
        cdp.close();
        await stop(child);
        await rm(userDataDir, { recursive: true, force: true, maxRetries: 5 });
      },
    };
  } catch (error) {
    await stop(child);
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5 });
    throw error;
  }
}

/** Chromium writes the port it chose to <user-data-dir>/DevToolsActivePort. */
async function devToolsPort(userDataDir: string, child: ChildProcess): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode} at start-up`);
    const text = await readFile(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(text.split('\n')[0]);
    if (port > 0) return port;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Chromium did not open its DevTools port within 20 s');
}

function connect(url: string): Promise<{
  send(method: string, params: object): Promise<unknown>;
  listeners: ((method: string, params: unknown) => void)[];
  close(): void;
}> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
    const listeners: ((method: string, params: unknown) => void)[] = [];
    let nextId = 1;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: unknown;
        result?: unknown;
        error?: { message: string };
      };
      if (message.method) for (const listener of listeners) listener(message.method, message.params);
      const call = message.id === undefined ? undefined : pending.get(message.id);
      if (!call) return;
      pending.delete(message.id!);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    });
    socket.on('close', () => {
      for (const call of pending.values()) call.reject(new Error('DevTools connection closed'));
      pending.clear();
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        listeners,
        send(method, params) {
          const id = nextId++;
          return new Promise((res, rej) => {
            pending.set(id, { resolve: res, reject: rej });
            socket.send(JSON.stringify({ id, method, params }));
          });
        },
        close: () => socket.close(),
      }),
    );
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
