import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../../electron/core/logger';
import type { Channel, Result } from '../../../electron/shared/contract';
import { startWebShell, type WebShell, type WebShellOptions } from '../../../electron/web-shell/server';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The Host header to send; default the shell's own `127.0.0.1:PORT`; null sends none. */
  host?: string | null;
}

export interface ShellFixture {
  shell: WebShell;
  /** Temp folder holding data/, renderer/ and whatever a test adds. */
  dir: string;
  dataDir: string;
  rendererDir: string;
  /** Every log line the shell wrote (instead of stderr). */
  logs: string[];
  /** A raw HTTP/1.1 request: path as given (no normalisation), any Host. */
  request(pathAndQuery: string, options?: RawRequest): Promise<RawResponse>;
  /** POST /api/<channel> with the Bearer token; `input` undefined sends no body. */
  call<T = unknown>(
    channel: Channel | string,
    input?: unknown,
  ): Promise<{ status: number; result: Result<T> }>;
  close(): Promise<void>;
}

/** A stand-in for out/renderer: an index page, a script, a style sheet. Enough to test serving. */
export async function writeFakeRenderer(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/app-1a2b.js"></script>' +
      '<link rel="stylesheet" href="./assets/app-1a2b.css"></head><body><div id="root">FAKE-RENDERER</div></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log("fake renderer");\n');
  await writeFile(path.join(dir, 'assets', 'app-1a2b.css'), 'body { margin: 0; }\n');
}

function rawRequest(port: number, pathAndQuery: string, options: RawRequest = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.host !== null) headers.host = options.host ?? `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: options.method ?? 'GET',
        headers,
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Start a browser shell on a temp data folder and a fake renderer, logging into `logs`. */
export async function startShellFixture(options: Partial<WebShellOptions> = {}): Promise<ShellFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'web-shell-'));
  const dataDir = path.join(dir, 'data');
  const rendererDir = path.join(dir, 'renderer');
  await writeFakeRenderer(rendererDir);
  const logs: string[] = [];
  let shell: WebShell;
  try {
    shell = await startWebShell({
      port: 0,
      dataDir,
      rendererDir,
      demo: false,
      // No OS keyring in tests; key files in this fixture's folder, never the user's.
      secrets: { keyring: null, keyDir: path.join(dir, 'keys') },
      logger: createLogger('web-shell', { sink: (line) => logs.push(line), level: 'debug' }),
      ...options,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const request = (p: string, o?: RawRequest) => rawRequest(shell.port, p, o);
  return {
    shell,
    dir,
    dataDir,
    rendererDir,
    logs,
    request,
    async call<T>(channel: string, input?: unknown) {
      const res = await request(`/api/${channel}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${shell.token}`,
          ...(input !== undefined && { 'content-type': 'application/json' }),
        },
        ...(input !== undefined && { body: JSON.stringify(input) }),
      });
      return { status: res.status, result: JSON.parse(res.text) as Result<T> };
    },
    async close() {
      await shell.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
