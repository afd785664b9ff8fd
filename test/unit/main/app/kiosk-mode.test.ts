import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const normal = { label: 'the default menu' };
  let current: unknown = normal;
  return {
    normal,
    Menu: {
      getApplicationMenu: vi.fn(() => current),
      setApplicationMenu: vi.fn((menu: unknown) => {
        current = menu;
      }),
    },
    reset() {
      current = normal;
    },
  };
});
vi.mock('electron', () => ({ Menu: electron.Menu, default: { Menu: electron.Menu } }));

import { KioskMode, opensDevTools } from '../../../../electron/main/app/kiosk-mode';

function fakeWindow() {
  let devTools = false;
  const contents = Object.assign(new EventEmitter(), {
    closeDevTools: vi.fn(() => {
      devTools = false;
    }),
    isDevToolsOpened: () => devTools,
    openDevTools() {
      devTools = true;
      contents.emit('devtools-opened');
    },
  });
  return Object.assign(new EventEmitter(), {
    webContents: contents,
    setKiosk: vi.fn(),
    isDestroyed: () => false,
  });
}

/** Fire a preventable Electron event; true when a listener prevented it. */
function fire(target: EventEmitter, name: string, ...args: unknown[]): boolean {
  let prevented = false;
  target.emit(name, { preventDefault: () => (prevented = true) }, ...args);
  return prevented;
}

const key = (k: string, mods: Partial<Record<'control' | 'meta' | 'shift' | 'alt', boolean>> = {}) => ({
  type: 'keyDown' as const,
  key: k,
  control: false,
  meta: false,
  shift: false,
  alt: false,
  ...mods,
});

beforeEach(() => {
  electron.reset();
  electron.Menu.setApplicationMenu.mockClear();
});

describe('kiosk mode on the wall window (mocked electron)', () => {
  it('goes kiosk, removes the application menu, and puts both back when turned off', () => {
    const win = fakeWindow();
    const kiosk = new KioskMode(win as never);
    kiosk.apply({ enabled: true, locked: true });
    expect(win.setKiosk).toHaveBeenLastCalledWith(true);
    expect(electron.Menu.setApplicationMenu).toHaveBeenLastCalledWith(null);
    kiosk.apply({ enabled: false, locked: false });
    expect(win.setKiosk).toHaveBeenLastCalledWith(false);
    expect(electron.Menu.setApplicationMenu).toHaveBeenLastCalledWith(electron.normal);
  });

  it('swallows the DevTools keys and the context menu only in kiosk mode', () => {
    const win = fakeWindow();
    const kiosk = new KioskMode(win as never);
    const devKeys = [
      key('F12'),
      key('I', { control: true, shift: true }),
      key('j', { meta: true, alt: true }),
    ];
    for (const k of devKeys) expect(fire(win.webContents, 'before-input-event', k)).toBe(false);
    expect(fire(win.webContents, 'context-menu', {})).toBe(false);
    kiosk.apply({ enabled: true, locked: false });
    for (const k of devKeys) expect(fire(win.webContents, 'before-input-event', k)).toBe(true);
    expect(fire(win.webContents, 'before-input-event', key('a'))).toBe(false);
    expect(fire(win.webContents, 'context-menu', {})).toBe(true);
  });

  it('closes DevTools that open anyway, and any already open when kiosk mode starts', () => {
    const win = fakeWindow();
    const kiosk = new KioskMode(win as never);
    win.webContents.openDevTools();
    expect(win.webContents.closeDevTools).not.toHaveBeenCalled();
    kiosk.apply({ enabled: true, locked: true });
    expect(win.webContents.isDevToolsOpened()).toBe(false);
    win.webContents.openDevTools();
    expect(win.webContents.isDevToolsOpened()).toBe(false);
  });

  it('knows the DevTools keys of every platform and no others', () => {
    expect(opensDevTools(key('F12'))).toBe(true);
    expect(opensDevTools(key('c', { control: true, shift: true }))).toBe(true);
    expect(opensDevTools(key('i', { meta: true, alt: true }))).toBe(true);
    expect(opensDevTools(key('i', { control: true }))).toBe(false);
    expect(opensDevTools({ ...key('F12'), type: 'keyUp' as never })).toBe(false);
  });

  it('a locked kiosk does not close at a keystroke; the admin unlock or the app quitting lets it', () => {
    let now = 1_000;
    const refused = vi.fn();
    const win = fakeWindow();
    const kiosk = new KioskMode(win as never, { now: () => now, onRefusedClose: refused });
    expect(fire(win, 'close')).toBe(false);
    kiosk.apply({ enabled: true, locked: true });
    expect(fire(win, 'close')).toBe(true);
    expect(refused).toHaveBeenCalledTimes(1);
    kiosk.setUnlockedUntil(now + 60_000);
    expect(fire(win, 'close')).toBe(false);
    now += 60_000;
    expect(fire(win, 'close')).toBe(true);
    kiosk.allowQuit();
    expect(fire(win, 'close')).toBe(false);
  });
});
