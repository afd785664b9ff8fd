import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_DIR_NAME } from '../../../electron/web-shell/data-folder-lock';
import { firstUrl, runShellCli } from './shell-cli';
import { writeFakeRenderer } from './shell-fixture';

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
  return runShellCli(
    ['--no-open', '--no-build', '--renderer-dir', rendererDir, '--data-dir', dataDir, '--port', '0'],
    {
      // Key files go to this test's folder, and no real keyring is touched (on Linux the Secret
      // Service cannot be reached without a session bus, so the key goes to a file).
      XDG_STATE_HOME: path.join(dir, 'state'),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    },
  );
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
