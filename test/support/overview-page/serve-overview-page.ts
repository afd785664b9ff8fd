import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export interface OverviewPage {
  url: string;
  close(): Promise<void>;
}

/**
 * Build the overview test page with Vite (mpegts.js bundled as the app bundles it) into a temporary
 * folder and serve it on 127.0.0.1: the engine and its players in real Chromium, driven from the test.
 */
export async function serveOverviewPage(): Promise<OverviewPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'overview-page-'));
  await build({
    root: here,
    configFile: false,
    logLevel: 'error',
    base: './',
    build: { outDir, emptyOutDir: true, minify: false, sourcemap: false, reportCompressedSize: false },
  });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = resolve(outDir, '.' + normalize(path === '/' ? '/index.html' : path));
      if (!file.startsWith(outDir)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
