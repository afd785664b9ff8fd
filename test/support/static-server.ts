import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** Where the player libraries are served, as used by the renderer (no CDN: tests run offline). */
export const PLAYER_LIBRARIES = {
  mpegts: '/lib/mpegts.js',
  hls: '/lib/hls.js',
} as const;

const DEFAULT_FILES: Record<string, string> = {
  [PLAYER_LIBRARIES.mpegts]: 'node_modules/mpegts.js/dist/mpegts.js',
  [PLAYER_LIBRARIES.hls]: 'node_modules/hls.js/dist/hls.min.js',
};

const BLANK_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>test page</title></head><body></body></html>';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface StaticServer {
  /** http://127.0.0.1:port; `/` is a blank page, so a test page has a real http origin. */
  origin: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** URL path → file path (relative to the repository root or absolute). The player libraries are included. */
  files?: Record<string, string>;
  /** The page served at `/`. */
  html?: string;
}

/** A tiny loopback HTTP server for browser tests: a blank page and the player libraries from node_modules. */
export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  const files = { ...DEFAULT_FILES, ...options.files };
  const html = options.html ?? BLANK_PAGE;
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://static.invalid').pathname;
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' });
      res.end(html);
      return;
    }
    const file = files[pathname];
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    readFile(path.resolve(file)).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Content-Length': body.length,
        });
        res.end(body);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(`cannot read ${file}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
