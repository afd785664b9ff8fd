import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * `npm start` where Electron's binary cannot be downloaded. The download host is a local server
 * (ELECTRON_MIRROR) that refuses or never answers; Electron's download cache and dist folder point
 * into a temporary folder, so the test behaves the same on a machine that has the binary, and
 * never touches node_modules.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

let work: string;
let refusing: Server;
let silent: Server;
const sockets = new Set<Socket>();

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    ),
  );
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'wall-start-'));
  refusing = createServer((_req, res) => res.writeHead(404).end('no such file'));
  // Accepts connections and never answers: a download host that hangs.
  silent = createServer(() => {});
  silent.on('connection', (socket) => sockets.add(socket));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([refusing, silent].map((s) => new Promise((resolve) => s.close(resolve))));
  await rm(work, { recursive: true, force: true });
});

function start(
  mirror: string,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'scripts/start.mjs'), '--provision', 'wall.json'],
      {
        cwd: root,
        env: {
          ...process.env,
          ELECTRON_MIRROR: mirror,
          ELECTRON_OVERRIDE_DIST_PATH: path.join(work, 'dist'),
          electron_config_cache: path.join(work, 'cache'),
          WALL_ELECTRON_DOWNLOAD_TIMEOUT_MS: String(timeoutMs),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - began }));
  });
}

function expectExplanation(stderr: string): void {
  const paragraphs = stderr
    .split(/\n\s*\n/)
    .filter((p) => p.includes("Electron's binary could not be downloaded"));
  expect(paragraphs).toHaveLength(1);
  const [paragraph] = paragraphs;
  expect(paragraph).toMatch(/offline or cannot reach the download host/);
  expect(paragraph).toContain('npm run web');
  // One paragraph: no stack trace from the installer.
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('scripts/start.mjs without a downloadable Electron', () => {
  it('explains in one paragraph and exits 1 when the download fails', async () => {
    const result = await start(await listen(refusing), 30_000);
    expect(result.code).toBe(1);
    expectExplanation(result.stderr);
    // It stopped before building.
    expect(result.stdout + result.stderr).not.toMatch(/vite v\d/);
    expect(await readdir(work)).not.toContain('dist');
  });

  it('gives up on a download host that never answers', async () => {
    const result = await start(await listen(silent), 1500);
    expect(result.code).toBe(1);
    expectExplanation(result.stderr);
    expect(result.stderr).toContain('no answer within 2 s');
    expect(result.ms).toBeLessThan(15_000);
  });
});
