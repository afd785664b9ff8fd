import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_DATA_FOLDER_UNWRITABLE } from '../../../electron/web-shell/cli-args';
import { firstUrl, runShellCli } from './shell-cli';
import { writeFakeRenderer } from './shell-fixture';

let dir: string;
let rendererDir: string;
const mounts: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-shell-storage-'));
  rendererDir = path.join(dir, 'renderer');
  await writeFakeRenderer(rendererDir);
});
afterEach(() => {
  for (const mount of mounts.splice(0)) spawnSync('umount', [mount]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(dataDir: string, extra: string[] = []) {
  return runShellCli(
    [
      '--no-open',
      '--no-build',
      '--renderer-dir',
      rendererDir,
      '--data-dir',
      dataDir,
      '--port',
      '0',
      ...extra,
    ],
    { XDG_STATE_HOME: path.join(dir, 'state'), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
  );
}

describe('npm run web and its data folder', () => {
  it('starts at once after the shell before it was killed (kill -9), not 20 s later', async () => {
    const dataDir = path.join(dir, 'killed');
    const first = run(dataDir);
    const second = { proc: undefined as ReturnType<typeof run> | undefined };
    try {
      await firstUrl(first);
      first.child.kill('SIGKILL');
      await first.exited;
      second.proc = run(dataDir);
      const url = await firstUrl(second.proc);
      expect(second.proc.stderr()).toContain(`from pid ${first.child.pid}, which no longer runs`);
      const res = await fetch(`${url.origin}/api/app:info`, {
        method: 'POST',
        headers: { authorization: `Bearer ${url.searchParams.get('token')}` },
      });
      expect(await res.json()).toMatchObject({ ok: true });
      second.proc.child.kill('SIGTERM');
      expect(await second.proc.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
      second.proc?.child.kill('SIGKILL');
    }
  }, 90_000);

  it('a read-only data folder: exit 4 with a message naming the folder and what to do, no stack', async (ctx) => {
    const mount = path.join(dir, 'ro');
    await mkdir(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', mount], {
      encoding: 'utf8',
    });
    if (process.platform !== 'linux' || mounted.status !== 0) {
      console.log(`skipped: cannot mount a read-only tmpfs (${(mounted.stderr || process.platform).trim()})`);
      ctx.skip();
    }
    mounts.push(mount);
    for (const dataDir of [mount, path.join(mount, 'web')]) {
      const proc = run(dataDir);
      expect(await proc.exited).toBe(EXIT_DATA_FOLDER_UNWRITABLE);
      expect((await proc.lines.next()).done).toBe(true);
      expect(proc.stderr()).toContain(
        `The data folder ${dataDir} cannot be written (it is on a read-only file system, EROFS)`,
      );
      expect(proc.stderr()).toContain('pass --data-dir with a writable folder');
      expect(proc.stderr()).not.toMatch(/^\s+at /m);
    }
  }, 90_000);

  it('refuses a provisioning file over 1 MB with exit 2, naming the file and the limit', async () => {
    const file = path.join(dir, 'huge.json');
    await writeFile(file, `{"version": 1, "padding": "${'x'.repeat(1_200_000)}"}`);
    const proc = run(path.join(dir, 'huge-data'), ['--provision', file]);
    expect(await proc.exited).toBe(2);
    expect(proc.stderr()).toContain(`The provisioning file ${file} was refused; nothing was applied.`);
    expect(proc.stderr()).toContain('$: 1,200,029 bytes: over the limit of 1 MB (1,000,000 bytes)');
  }, 90_000);
});
