import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../electron/core/logger';
import { keepStartAtLogin } from '../../../../electron/main/app/start-at-login';
import { DEFAULT_SETTINGS, type Settings } from '../../../../electron/shared/settings';
import type { NoticeInput } from '../../../../electron/core/ports';
import { zhNotice } from '../../../support/worded';

const withStart = (startAtLogin: boolean): Settings => ({
  ...DEFAULT_SETTINGS,
  kiosk: { ...DEFAULT_SETTINGS.kiosk, startAtLogin },
});

let home: string;
const log = createLogger('test', { sink: () => undefined });

function fakeApp() {
  return {
    isPackaged: true,
    getAppPath: () => '/opt/wall/resources/app.asar',
    getName: () => 'Control Room Wall',
    setLoginItemSettings: vi.fn(),
  };
}

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'wall-login-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('keepStartAtLogin on Linux (real files)', () => {
  it('writes the autostart entry when turned on and removes it when turned off', async () => {
    const app = fakeApp();
    const notify = vi.fn();
    const apply = keepStartAtLogin({
      app,
      log,
      notify,
      platform: 'linux',
      env: { APPIMAGE: '/home/kiosk/Wall.AppImage' },
      execPath: '/tmp/.mount_x/wall',
      home,
      userDataDir: '/data/wall one',
    });
    const file = path.join(home, '.config', 'autostart', 'control-room-wall.desktop');

    await apply(withStart(true));
    const text = await readFile(file, 'utf8');
    expect(text).toContain('Exec="/home/kiosk/Wall.AppImage" "--user-data-dir=/data/wall one"\n');
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    // No temp file left beside it.
    expect(await readdir(path.dirname(file))).toEqual(['control-room-wall.desktop']);

    await apply(withStart(false));
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('at start, with the setting off, removes an entry an earlier run left', async () => {
    const dir = path.join(home, 'cfg', 'autostart');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'control-room-wall.desktop'), '[Desktop Entry]\nExec=old\n');
    await writeFile(path.join(dir, 'other-app.desktop'), 'keep me');
    const apply = keepStartAtLogin({
      app: fakeApp(),
      log,
      notify: vi.fn(),
      platform: 'linux',
      env: { XDG_CONFIG_HOME: path.join(home, 'cfg') },
      home,
    });
    await apply(withStart(false));
    expect(await readdir(dir)).toEqual(['other-app.desktop']);
  });

  it('replaces an outdated entry whole and leaves a current one untouched', async () => {
    const dir = path.join(home, '.config', 'autostart');
    const file = path.join(dir, 'control-room-wall.desktop');
    await mkdir(dir, { recursive: true });
    await writeFile(file, '[Desktop Entry]\nExec="/old/path"\n');
    const run = () =>
      keepStartAtLogin({
        app: fakeApp(),
        log,
        notify: vi.fn(),
        platform: 'linux',
        env: {},
        execPath: '/usr/bin/wall',
        home,
      });
    await run()(withStart(true));
    expect(await readFile(file, 'utf8')).toContain('Exec="/usr/bin/wall"\n');
    const { mtimeMs } = await stat(file);
    // A second run with the same setting (a new process) finds the entry as it should be.
    const again = run();
    await new Promise((r) => setTimeout(r, 20));
    await again(withStart(true));
    expect((await stat(file)).mtimeMs).toBe(mtimeMs);
  });

  it('says so in a notice when the folder cannot be written, and tries again on the next change', async () => {
    // A file where the config folder should be: the autostart folder cannot be made.
    await writeFile(path.join(home, 'blocked'), 'not a folder');
    const notify = vi.fn();
    const apply = keepStartAtLogin({
      app: fakeApp(),
      log,
      notify,
      platform: 'linux',
      env: { XDG_CONFIG_HOME: path.join(home, 'blocked') },
      home,
    });
    await apply(withStart(true));
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        level: 'error',
        message: expect.stringContaining('Starting at login could not be turned on'),
        code: 'notice.kiosk.startAtLoginOn',
        params: { technical: expect.any(String) },
      }),
    );
    expect(zhNotice(notify.mock.calls[0][0] as NoticeInput)).toMatch(/^无法开启登录时启动（/);
    await apply(withStart(true));
    expect(notify).toHaveBeenCalledTimes(2);
  });
});

describe('keepStartAtLogin on Windows and macOS (login items)', () => {
  it('Windows: sets the login item with the executable and arguments, once per change', async () => {
    const app = fakeApp();
    const apply = keepStartAtLogin({
      app,
      log,
      notify: vi.fn(),
      platform: 'win32',
      env: {},
      execPath: 'C:\\Program Files\\Wall\\Wall.exe',
      home,
      userDataDir: 'D:\\wall',
    });
    await apply(withStart(false));
    await apply(withStart(true));
    await apply(withStart(true));
    await apply({ ...withStart(true), statsOverlay: true });
    expect(app.setLoginItemSettings.mock.calls).toEqual([
      [{ openAtLogin: false, path: 'C:\\Program Files\\Wall\\Wall.exe', args: ['--user-data-dir=D:\\wall'] }],
      [{ openAtLogin: true, path: 'C:\\Program Files\\Wall\\Wall.exe', args: ['--user-data-dir=D:\\wall'] }],
    ]);
    expect(await readdir(home)).toEqual([]);
  });

  it('macOS: the login item only', async () => {
    const app = fakeApp();
    const apply = keepStartAtLogin({ app, log, notify: vi.fn(), platform: 'darwin', env: {}, home });
    await apply(withStart(true));
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
  });

  it('a refusal by the OS becomes a notice, not a crash', async () => {
    const app = fakeApp();
    app.setLoginItemSettings.mockImplementation(() => {
      throw new Error('access denied');
    });
    const notify = vi.fn();
    const apply = keepStartAtLogin({ app, log, notify, platform: 'win32', env: {}, home });
    await expect(apply(withStart(true))).resolves.toBeUndefined();
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('access denied') }),
    );
  });
});
