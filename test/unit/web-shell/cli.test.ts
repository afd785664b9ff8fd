import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWebCliArgs } from '../../../electron/web-shell/cli-args';
import { defaultDataDir } from '../../../electron/web-shell/default-data-dir';
import { KEY_LOCATION_FILE_NAME } from '../../../electron/web-shell/data-key';
import { BROKEN_PATHS, BROKEN_PROVISIONING } from './provisioning-files';
import { runShellCli } from './shell-cli';
import { writeFakeRenderer } from './shell-fixture';

let dir: string;
let rendererDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-shell-cli-'));
  rendererDir = path.join(dir, 'renderer');
  await writeFakeRenderer(rendererDir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = runShellCli;

describe('npm run web (cli.ts)', () => {
  it('prints one JSON line with the URL first, serves the Api, and closes cleanly on SIGTERM', async () => {
    const xdg = path.join(dir, 'xdg');
    const proc = run(['--port', '0', '--no-open', '--renderer-dir', rendererDir], {
      XDG_CONFIG_HOME: xdg,
      XDG_STATE_HOME: path.join(dir, 'state'),
      // No session bus: the Secret Service cannot answer, so the key goes to a file (no real keyring).
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    try {
      const first = await proc.lines.next();
      const line = JSON.parse(String(first.value)) as { url: string };
      expect(Object.keys(line)).toEqual(['url']);
      const url = new URL(line.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(Number(url.port)).toBeGreaterThan(0);
      const token = url.searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(43);

      const res = await fetch(`${url.origin}/api/app:info`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await res.json()).toMatchObject({ ok: true, value: { shell: 'web', storageTier: 'file' } });
      // The default data folder under XDG_CONFIG_HOME; its owner-only key file under XDG_STATE_HOME.
      const { id } = JSON.parse(
        await readFile(path.join(xdg, 'control-room-wall', 'web', KEY_LOCATION_FILE_NAME), 'utf8'),
      ) as { id: string };
      const key = await stat(path.join(dir, 'state', 'control-room-wall', 'keys', `${id}.key`));
      if (process.platform !== 'win32') expect(key.mode & 0o777).toBe(0o600);
      // The token is a credential: the logs never show it.
      expect(proc.stderr()).not.toContain(token);

      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      expect((await proc.lines.next()).done).toBe(true);
      // Its log file, flushed on the way out: level, time and scope on every line; no token.
      const log = await readFile(path.join(xdg, 'control-room-wall', 'web', 'logs', 'wall.log'), 'utf8');
      expect(log).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO +\[web-shell\] serving /m);
      expect(log).toMatch(/\[web-shell\] SIGTERM: closing/);
      expect(log).not.toContain(token);
    } finally {
      proc.child.kill('SIGKILL');
    }
  });

  it('refuses a broken provisioning file with exit 2, naming every problem, and serves nothing', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, JSON.stringify(BROKEN_PROVISIONING));
    const proc = run([
      '--provision',
      file,
      '--no-open',
      '--renderer-dir',
      rendererDir,
      '--data-dir',
      path.join(dir, 'd'),
    ]);
    expect(await proc.exited).toBe(2);
    expect((await proc.lines.next()).done).toBe(true);
    for (const p of BROKEN_PATHS) expect(proc.stderr()).toContain(`${p}: `);
  });

  it('refuses an unknown flag with exit 2 and the usage', async () => {
    const proc = run(['--bogus']);
    expect(await proc.exited).toBe(2);
    expect(proc.stderr()).toContain('Usage: npm run web');
  });
});

describe('cli arguments', () => {
  it('reads every flag', () => {
    expect(
      parseWebCliArgs([
        '--port',
        '8080',
        '--provision',
        'p.json',
        '--data-dir',
        '/d',
        '--no-open',
        '--renderer-dir=/r',
      ]),
    ).toEqual({
      port: 8080,
      provisionFile: 'p.json',
      dataDir: '/d',
      rendererDir: '/r',
      open: false,
      build: true,
      help: false,
    });
    expect(parseWebCliArgs([])).toMatchObject({ port: undefined, open: true, build: true });
    expect(() => parseWebCliArgs(['--port', '70000'])).toThrow('--port');
    expect(() => parseWebCliArgs(['--port', '-1'])).toThrow();
    expect(() => parseWebCliArgs(['stray'])).toThrow();
  });

  it('defaults the data folder to XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe(
      path.join('/x', 'control-room-wall', 'web'),
    );
    expect(defaultDataDir({}, '/home/u')).toBe(path.join('/home/u', '.config', 'control-room-wall', 'web'));
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe(
      path.join('/home/u', '.config', 'control-room-wall', 'web'),
    );
  });
});
