import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_DIR_NAME } from '../../../electron/web-shell/data-folder-lock';
import { writeFakeRenderer } from './shell-fixture';

/** Node with tsx's loader, not the tsx command: its signal relay stood between SIGTERM and the shell. */
const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'] as const;
const CLI = path.resolve('electron/web-shell/cli.ts');

let dir: string;
let rendererDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-shell-two-'));
  rendererDir = path.join(dir, 'renderer');
  await writeFakeRenderer(rendererDir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(dataDir: string) {
  const child = spawn(
    NODE_WITH_TSX[0],
    [
      ...NODE_WITH_TSX.slice(1),
      CLI,
      '--no-open',
      '--no-build',
      '--renderer-dir',
      rendererDir,
      '--data-dir',
      dataDir,
      '--port',
      '0',
    ],
    {
      env: {
        ...process.env,
        // Key files go to this test's folder, and no real keyring is touched (on Linux the Secret
        // Service cannot be reached without a session bus, so the key goes to a file).
        XDG_STATE_HOME: path.join(dir, 'state'),
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited, stderr: () => stderr };
}

async function firstUrl(proc: ReturnType<typeof run>): Promise<URL> {
  const first = await proc.lines.next();
  if (first.done) throw new Error(`the shell printed no URL: ${proc.stderr()}`);
  return new URL((JSON.parse(String(first.value)) as { url: string }).url);
}

/**
 * Every file of a folder with its bytes, but the log folder: the first shell, which holds the folder,
 * goes on writing its log while the second is refused (the second never opens the log).
 */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && path.relative(folder, entry.parentPath).split(path.sep)[0] !== 'logs') {
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(folder, file)] = (await readFile(file)).toString('base64');
    }
  return out;
}

describe('two browser shells on one data folder', () => {
  it('the second says so and exits 3, changing nothing; the first serves on; after it closes a new one starts', async () => {
    const dataDir = path.join(dir, 'data');
    const first = run(dataDir);
    const others: ReturnType<typeof run>[] = [];
    try {
      const url = await firstUrl(first);
      const before = await snapshot(dataDir);
      const keysBefore = await snapshot(path.join(dir, 'state'));

      const second = run(dataDir);
      others.push(second);
      expect(await second.exited).toBe(3);
      expect((await second.lines.next()).done).toBe(true);
      expect(second.stderr()).toMatch(
        new RegExp(
          `Another browser shell is already using the data folder ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(pid \\d+\\)\\. Close it first, or pass --data-dir\\.`,
        ),
      );
      expect(await snapshot(dataDir)).toEqual(before);
      expect(await snapshot(path.join(dir, 'state'))).toEqual(keysBefore);

      const res = await fetch(`${url.origin}/api/app:info`, {
        method: 'POST',
        headers: { authorization: `Bearer ${url.searchParams.get('token')}` },
      });
      expect(await res.json()).toMatchObject({ ok: true, value: { shell: 'web' } });

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(await readdir(dataDir)).not.toContain(LOCK_DIR_NAME);

      const third = run(dataDir);
      others.push(third);
      await firstUrl(third);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      for (const proc of [first, ...others]) proc.child.kill('SIGKILL');
    }
  }, 60_000);
});
