import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoPlatform } from '../demo-platform/server';
import { AesFileCipher } from './adapters/aes-file-cipher';
import { createCore, type Core } from '../core/core';
import type { DemoLaunch } from '../core/ports';
import { FileStore } from './adapters/file-store';
import { createLogger, type Logger } from '../core/logger';
import { redactor } from '../core/redact';
import { isChannel } from '../core/run-handler';
import type { AppError } from '../shared/contract';
import { EmbeddedDemo } from '../demo-platform/embedded-demo';
import { EventStream } from './event-stream';
import { messagePage } from './html-pages';
import { importProvisioningFile } from './import-provisioning-file';
import { BodyTooLargeError, readBody } from './read-body';
import { RequestGuard, type Refusal } from './request-guard';
import { securityHeaders } from './security-headers';
import { StaticFiles } from './static-files';

/** The built renderer, as vite.renderer.config.ts writes it. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));
/** The key of the secrets' AES key inside the data folder. */
export const KEY_FILE_NAME = 'secrets.key';
/** Bodies above this are refused: the largest input (a provisioning file) is 1 MB of text. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface WebShellOptions {
  /** 0 (default) picks a free port. The shell always listens on 127.0.0.1 only. */
  port?: number;
  /** Settings, layouts, profiles (secrets AES-256-GCM encrypted) and the 0600 key file. */
  dataDir: string;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  /** Imported (all or nothing) before anything is served; a refusal throws ProvisioningRefusedError. */
  provisionFile?: string;
  /** Allow demo:start (the embedded demo platform); default true. */
  demo?: boolean;
  /**
   * A demo platform already running (tests): demo:start connects to it instead of starting one.
   * It stays the caller's to close.
   */
  demoPlatform?: Pick<DemoPlatform, 'baseUrl' | 'credentials'>;
  /** Scoped logger; default `[web-shell]` on stderr. */
  logger?: Logger;
  /** Between SSE heartbeat comments; default 15 s. */
  heartbeatMs?: number;
}

export interface WebShell {
  /** `http://127.0.0.1:PORT/?token=…`: the one link that signs a browser in. */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** This run's token, for `Authorization: Bearer` from scripts and tests. */
  token: string;
  /** The core behind the API (tests, in-process callers). */
  core: Core;
  close(): Promise<void>;
}

/**
 * Start the browser shell: the built renderer and the Api over HTTP on 127.0.0.1.
 *
 * `POST /api/<channel>` runs the core's handler through runHandler (the contract's input schema,
 * the handler, the output schema) and answers the Result as JSON, 200 even for app errors; 4xx
 * are for the transport's own refusals (Host, Origin, token, method, body). `GET /api/events` is
 * the push events as SSE. Resolves once the server accepts connections.
 */
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const log = options.logger ?? createLogger('web-shell');
  const rendererDir = path.resolve(options.rendererDir ?? DEFAULT_RENDERER_DIR);
  await access(path.join(rendererDir, 'index.html')).catch(() => {
    throw new Error(
      `No built renderer in ${rendererDir} (index.html is missing): run \`npm run build:renderer\`.`,
    );
  });

  const dataDir = path.resolve(options.dataDir);
  const keyFile = path.join(dataDir, KEY_FILE_NAME);
  // What this start creates, so a refused provisioning file leaves the data folder as it was.
  const fresh = { dir: !(await exists(dataDir)), key: !(await exists(keyFile)) };
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const cipher = new AesFileCipher(keyFile);
  // Creates the key file (0600) now, so a broken data folder shows at start-up, not at first save.
  if ((await cipher.tier()) === 'unavailable')
    log.warn(`secret storage is unavailable: ${await cipher.describe()}`);

  const embedded =
    options.demo !== false && !options.demoPlatform ? new EmbeddedDemo(log.child('demo')) : undefined;
  const startDemo = demoStarter(options, embedded);
  const pkg = await readPackage();
  const core = await createCore({
    cipher,
    store: new FileStore(dataDir),
    ...(startDemo && { startDemo }),
    logger: log.child('core'),
    app: { shell: 'web', name: pkg.productName, version: pkg.version, platform: process.platform },
  });

  if (options.provisionFile) {
    const summary = await importProvisioningFile(core, options.provisionFile).catch(
      async (error: unknown) => {
        await embedded?.close();
        if (fresh.dir) await rm(dataDir, { recursive: true, force: true });
        else if (fresh.key) await rm(keyFile, { force: true });
        throw error;
      },
    );
    log.info(
      `provisioned from ${options.provisionFile}: ${summary.profiles.length} profile(s), ${summary.layouts.length} layout(s)`,
    );
  }

  const guard = new RequestGuard();
  // The token is a credential: no log line may ever show it.
  redactor.add(guard.token);
  const files = new StaticFiles(rendererDir);
  const stream = new EventStream(log.child('events'), options.heartbeatMs);
  const unsubscribe = core.onAny((event, payload) => stream.publish(event, payload));

  const server = createServer((req, res) => {
    const started = performance.now();
    res.on('finish', () => {
      const pathname = (req.url ?? '/').split('?')[0];
      log.debug(`${req.method} ${pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
    });
    route(req, res).catch((error: unknown) => {
      log.error('request failed', { error: (error as Error).message });
      if (!res.headersSent)
        sendJson(res, 500, failure('internal', 'The browser shell failed on this request.'));
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostRefusal = guard.checkHost(req);
    if (hostRefusal) return sendText(res, hostRefusal.status, hostRefusal.message);
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1));
    if (pathname === '/api' || pathname.startsWith('/api/'))
      return routeApi(req, res, pathname.slice('/api/'.length));
    return serveFile(req, res, pathname, query);
  }

  async function routeApi(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const refusal = guard.checkOrigin(req) ?? guard.checkSession(req);
    if (refusal) return sendJson(res, refusal.status, refusalResult(refusal));

    if (name === 'events') {
      if (req.method !== 'GET')
        return sendJson(res, 405, failure('invalid-request', 'Use GET for /api/events.'), { Allow: 'GET' });
      stream.attach(res, securityHeaders());
      return;
    }
    let channel: string;
    try {
      channel = decodeURIComponent(name);
    } catch {
      channel = '';
    }
    if (!isChannel(channel))
      return sendJson(res, 404, failure('invalid-input', `Unknown channel "${channel}".`));
    if (req.method !== 'POST')
      return sendJson(res, 405, failure('invalid-request', `Use POST for ${channel}.`), { Allow: 'POST' });

    let text: string;
    try {
      text = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader('Connection', 'close');
        return sendJson(res, 413, failure('invalid-input', error.message));
      }
      throw error;
    }
    let input: unknown;
    if (text.trim() !== '') {
      const type = req.headers['content-type'] ?? '';
      if (!/^application\/json\s*(;|$)/i.test(type))
        return sendJson(res, 415, failure('invalid-input', 'Send the input as application/json.'));
      try {
        input = JSON.parse(text);
      } catch {
        return sendJson(res, 400, failure('invalid-input', 'The request body is not valid JSON.'));
      }
    }
    sendJson(res, 200, await core.call(channel, input));
  }

  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    query: URLSearchParams,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const found = await files.lookup(pathname);
    if (found.kind === 'refused') return sendText(res, 403, 'Not allowed.');
    if (found.kind === 'missing') return sendText(res, 404, 'Not found.');

    const headers: Record<string, string> = {
      ...securityHeaders(),
      'Content-Type': found.type,
      'Content-Length': String(found.size),
    };
    if (found.isHtml) {
      // The page is the app: only a signed-in browser gets it. The first visit signs in with the
      // token of the printed URL (the page then takes the token out of the address bar).
      const viaToken = guard.matches(query.get('token') ?? undefined);
      if (!viaToken && !guard.hasSession(req))
        return sendHtml(
          res,
          401,
          messagePage(
            'Not signed in',
            'Open the URL that `npm run web` printed: it carries this run’s token. A link from an earlier run no longer works.',
          ),
        );
      if (viaToken) headers['Set-Cookie'] = guard.sessionCookie();
      headers['Cache-Control'] = 'no-store';
    } else {
      // Vite names bundled assets by their content hash: a name never changes its bytes.
      headers['Cache-Control'] = pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    await new Promise<void>((resolve, reject) => {
      const body = createReadStream(found.file);
      body.on('error', reject);
      res.on('close', resolve);
      body.pipe(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    unsubscribe();
    stream.close();
    await embedded?.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  guard.listeningOn(port);
  const origin = `http://127.0.0.1:${port}`;
  log.info(`serving ${rendererDir} on ${origin}; data in ${dataDir} (${await cipher.describe()})`);

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${guard.token}`,
    origin,
    port,
    token: guard.token,
    core,
    close() {
      closing ??= (async () => {
        unsubscribe();
        stream.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await embedded?.close();
      })();
      return closing;
    },
  };
}

function demoStarter(
  options: WebShellOptions,
  embedded: EmbeddedDemo | undefined,
): (() => Promise<DemoLaunch>) | undefined {
  if (options.demo === false) return undefined;
  const given = options.demoPlatform;
  if (given)
    return async () => ({ baseUrl: given.baseUrl, credentials: { type: 'user', ...given.credentials.user } });
  return embedded && (() => embedded.start());
}

async function readPackage(): Promise<{ productName?: string; version?: string }> {
  try {
    const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
    const { productName, version } = JSON.parse(text) as { productName?: string; version?: string };
    return { productName, version };
  } catch {
    return {};
  }
}

function failure(kind: AppError['kind'], message: string): { ok: false; error: AppError } {
  return { ok: false, error: { kind, message } };
}

function refusalResult(refusal: Refusal): { ok: false; error: AppError } {
  return failure(refusal.status === 401 ? 'auth' : 'forbidden', refusal.message);
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...securityHeaders(),
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...securityHeaders(),
    ...extra,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}
