import { get, type IncomingHttpHeaders } from 'node:http';
import { WebSocket } from 'ws';

/** How often a reader looks at what it has so far to decide whether to stop. */
const CHECK_EVERY_MS = 50;

/** One chunk as it arrived, with when (ms since the request was sent). */
interface Arrival {
  at: number;
  bytes: number;
}

export interface StreamRead {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  arrivals: Arrival[];
  /** When the response headers came (ms since the request). */
  headersAt: number;
  /** The server ended or cut the connection before we stopped reading. */
  endedByServer: boolean;
  /** ms from the request until the connection ended (ours or theirs). */
  endedAt: number;
  error?: string;
}

export interface ReadOptions {
  /** Stop reading when this holds for the bytes so far. */
  until?: (body: Buffer) => boolean;
  /** Stop reading when this holds (checked per chunk, without gathering the body: cheap for many readers). */
  stop?: () => boolean;
  /** Stop reading after this long in any case. */
  maxMs: number;
  /** Runs once headers are in: lets a test pause the reader. */
  onResponse?: (pause: () => void, resume: () => void) => void;
}

/** GET a (live) URL over plain loopback HTTP and collect what arrives. */
export function readHttp(url: string, options: ReadOptions): Promise<StreamRead> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    const arrivals: Arrival[] = [];
    let size = 0;
    let done = false;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let headersAt = -1;
    let lastCheck = -Infinity;
    const finish = (endedByServer: boolean, error?: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      const body = Buffer.concat(chunks);
      resolve({
        status,
        headers,
        body,
        arrivals,
        headersAt,
        endedByServer,
        endedAt: performance.now() - t0,
        error,
      });
    };
    const req = get(url, { agent: false }, (res) => {
      status = res.statusCode ?? 0;
      headers = res.headers;
      headersAt = performance.now() - t0;
      options.onResponse?.(
        () => res.pause(),
        () => res.resume(),
      );
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        arrivals.push({ at: performance.now() - t0, bytes: chunk.length });
        if (options.stop?.()) finish(false);
        else if (options.until && performance.now() - lastCheck >= CHECK_EVERY_MS) {
          // Gathering and parsing the body on every chunk would cost the (same-process) server its pace.
          lastCheck = performance.now();
          if (options.until(Buffer.concat(chunks, size))) finish(false);
        }
      });
      res.on('end', () => finish(true));
      res.on('aborted', () => finish(true, 'aborted'));
      res.on('error', (e) => finish(true, e.message));
    });
    req.on('error', (e) => finish(true, e.message));
    const timer = setTimeout(() => finish(false), options.maxMs);
  });
}

export interface WsRead {
  opened: boolean;
  /** Status of a refused handshake. */
  refusedStatus?: number;
  messages: Buffer[];
  body: Buffer;
  arrivals: Arrival[];
  endedByServer: boolean;
}

/** Open a WebSocket and collect binary messages. */
export function readWs(url: string, options: ReadOptions): Promise<WsRead> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const messages: Buffer[] = [];
    const arrivals: Arrival[] = [];
    let opened = false;
    let refusedStatus: number | undefined;
    let lastCheck = -Infinity;
    let done = false;
    const ws = new WebSocket(url);
    const finish = (endedByServer: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ws.terminate();
      resolve({ opened, refusedStatus, messages, body: Buffer.concat(messages), arrivals, endedByServer });
    };
    ws.on('open', () => {
      opened = true;
    });
    ws.on('unexpected-response', (_req, res) => {
      refusedStatus = res.statusCode;
      finish(true);
    });
    ws.on('message', (data: Buffer) => {
      messages.push(data);
      arrivals.push({ at: performance.now() - t0, bytes: data.length });
      if (options.stop?.()) finish(false);
      else if (options.until && performance.now() - lastCheck >= CHECK_EVERY_MS) {
        lastCheck = performance.now();
        if (options.until(Buffer.concat(messages))) finish(false);
      }
    });
    ws.on('close', () => finish(true));
    ws.on('error', () => finish(true));
    const timer = setTimeout(() => finish(false), options.maxMs);
  });
}

/** GET a small resource completely. */
export async function fetchBytes(url: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
