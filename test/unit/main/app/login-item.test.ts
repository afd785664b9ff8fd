import { describe, expect, it } from 'vitest';
import {
  desktopEntry,
  planLoginItem,
  quoteExecArg,
  xdgAutostartDir,
  type LoginItemInput,
} from '../../../../electron/main/app/login-item';

const base: LoginItemInput = {
  platform: 'linux',
  openAtLogin: true,
  execPath: '/opt/Control Room Wall/control-room-wall',
  isPackaged: true,
  appPath: '/opt/Control Room Wall/resources/app.asar',
  appName: 'Control Room Wall',
  desktopId: 'control-room-wall',
  home: '/home/kiosk',
};

describe('planLoginItem', () => {
  it('Windows: a login item with the executable and the data folder, and removes it the same way', () => {
    const on = planLoginItem({
      ...base,
      platform: 'win32',
      execPath: 'C:\\Wall\\Wall.exe',
      userDataDir: 'D:\\wall',
    });
    expect(on).toEqual({
      kind: 'login-item',
      settings: { openAtLogin: true, path: 'C:\\Wall\\Wall.exe', args: ['--user-data-dir=D:\\wall'] },
    });
    const off = planLoginItem({
      ...base,
      platform: 'win32',
      execPath: 'C:\\Wall\\Wall.exe',
      openAtLogin: false,
    });
    expect(off).toEqual({
      kind: 'login-item',
      settings: { openAtLogin: false, path: 'C:\\Wall\\Wall.exe', args: [] },
    });
  });

  it('macOS: the bundle itself, no path or arguments (Electron ignores them there)', () => {
    expect(planLoginItem({ ...base, platform: 'darwin', userDataDir: '/Users/k/wall' })).toEqual({
      kind: 'login-item',
      settings: { openAtLogin: true },
    });
  });

  it('Linux: an autostart entry in ~/.config/autostart, removed when off', () => {
    const on = planLoginItem(base);
    expect(on).toMatchObject({
      kind: 'xdg-autostart',
      file: '/home/kiosk/.config/autostart/control-room-wall.desktop',
    });
    expect(planLoginItem({ ...base, openAtLogin: false })).toEqual({
      kind: 'xdg-autostart-remove',
      file: '/home/kiosk/.config/autostart/control-room-wall.desktop',
    });
  });

  it('Linux: honours an absolute $XDG_CONFIG_HOME, ignores a relative one (the spec says so)', () => {
    expect(xdgAutostartDir('/srv/cfg', '/home/k')).toBe('/srv/cfg/autostart');
    expect(xdgAutostartDir('cfg', '/home/k')).toBe('/home/k/.config/autostart');
    expect(xdgAutostartDir('', '/home/k')).toBe('/home/k/.config/autostart');
    expect(planLoginItem({ ...base, xdgConfigHome: '/srv/cfg' })).toMatchObject({
      file: '/srv/cfg/autostart/control-room-wall.desktop',
    });
  });

  it('Linux AppImage: starts the AppImage file, not the mount it runs from this time', () => {
    const plan = planLoginItem({
      ...base,
      execPath: '/tmp/.mount_WallAb12/control-room-wall',
      appImage: '/home/kiosk/Apps/Control Room Wall.AppImage',
    });
    expect(plan.kind === 'xdg-autostart' && plan.content).toContain(
      'Exec="/home/kiosk/Apps/Control Room Wall.AppImage"\n',
    );
  });

  it('unpackaged: the Electron binary is given the app folder first', () => {
    const plan = planLoginItem({
      ...base,
      isPackaged: false,
      execPath: '/src/node_modules/electron/dist/electron',
      appPath: '/src/wall',
      userDataDir: '/data/wall',
    });
    expect(plan.kind === 'xdg-autostart' && plan.content).toContain(
      'Exec="/src/node_modules/electron/dist/electron" "/src/wall" "--user-data-dir=/data/wall"\n',
    );
  });

  it('elsewhere: says it is not supported', () => {
    expect(planLoginItem({ ...base, platform: 'freebsd' })).toMatchObject({ kind: 'unsupported' });
  });
});

describe('desktopEntry', () => {
  it('is a Desktop Entry an autostart-aware session starts', () => {
    const text = desktopEntry('Control Room Wall', { path: '/usr/bin/control-room-wall', args: [] });
    const lines = text.split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toContain('Type=Application');
    expect(lines).toContain('Name=Control Room Wall');
    expect(lines).toContain('Exec="/usr/bin/control-room-wall"');
    expect(lines).toContain('Terminal=false');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('quotes Exec arguments as the spec asks: reserved characters escaped, % doubled, backslash as four', () => {
    expect(quoteExecArg('/a b/c')).toBe('"/a b/c"');
    expect(quoteExecArg('50%')).toBe('"50%%"');
    expect(quoteExecArg('say "hi" $HOME `x`')).toBe('"say \\\\"hi\\\\" \\\\$HOME \\\\`x\\\\`"');
    expect(quoteExecArg('a\\b')).toBe('"a\\\\\\\\b"');
  });

  it('keeps a name with a line break on one line', () => {
    expect(desktopEntry('Wall\nTwo', { path: '/x', args: [] })).toContain('Name=Wall Two\n');
  });
});
