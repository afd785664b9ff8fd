import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

export interface EnginePage {
  url: string;
  close(): Promise<void>;
}

/**
 * Build the engine test page with Vite (the same bundler as the renderer, so mpegts.js and hls.js are
 * bundled as the app bundles them) into a temporary folder, and serve it on 127.0.0.1. Another test
 * page (its folder with an index.html) is built and served the same way when `root` names it.
 */
export async function serveEnginePage(root: string = here, name = 'engine-page'): Promise<EnginePage> {
  const outDir = await mkdtemp(join(tmpdir(), `${name}-`));
  await build({
    root,
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
