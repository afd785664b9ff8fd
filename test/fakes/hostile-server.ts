import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A loopback HTTP server whose every answer a test scripts: wrappers, garbage, silence, echoes.
 *
 * Unrouted paths answer 404 JSON. Every request is recorded, and `nextRequest()` resolves when
 * one arrives, so a test can act at that moment instead of sleeping.
 */
export interface HostileServer {
  baseUrl: string;
  requests: RecordedRequest[];
  on(method: string, path: string, handler: Handler): void;
  /** Forget routes and recorded requests (between tests). */
  reset(): void;
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  let waiters: ((r: RecordedRequest) => void)[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const pending = waiters;
      waiters = [];
      for (const w of pending) w(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      if (!handler) return json(res, 404, { code: 'NOT_FOUND', message: `no route ${recorded.path}` });
      Promise.resolve(handler(recorded, res)).catch((e: unknown) => {
        if (!res.headersSent) json(res, 500, { message: String(e) });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    on: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    reset: () => {
      routes.clear();
      requests.length = 0;
    },
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Handlers that never answer hold their sockets: cut them, then close.
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function text(res: ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A port that was just free and now has nobody listening: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
