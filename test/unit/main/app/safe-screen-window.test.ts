import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWebContents } from './fake-web-contents';

/** The safe screen's window, with Electron mocked: what is installed, in which order, with which powers. */
const electron = vi.hoisted(() => {
  const calls: string[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const created: { options: Record<string, unknown>; webContents: unknown; loadURL: unknown }[] = [];
  const handlers: { request?: unknown; check?: unknown; device?: unknown } = {};
  const app = {
    on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      calls.push(`app.on:${event}`);
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    }),
    whenReady: vi.fn(async () => {
      calls.push('app.whenReady');
    }),
  };
  const session = {
    defaultSession: {
      setPermissionRequestHandler: vi.fn((h: unknown) => {
        calls.push('session.setPermissionRequestHandler');
        handlers.request = h;
      }),
      setPermissionCheckHandler: vi.fn((h: unknown) => {
        calls.push('session.setPermissionCheckHandler');
        handlers.check = h;
      }),
      setDevicePermissionHandler: vi.fn((h: unknown) => {
        calls.push('session.setDevicePermissionHandler');
        handlers.device = h;
      }),
    },
  };
  const BrowserWindow = vi.fn();
  return { calls, listeners, created, handlers, app, session, BrowserWindow };
});
vi.mock('electron', () => ({ ...electron, default: electron }));

import { showSafeScreen } from '../../../../electron/main/app/safe-screen-window';

beforeEach(() => {
  electron.calls.length = 0;
  electron.created.length = 0;
  electron.listeners.clear();
  electron.BrowserWindow.mockReset();
  electron.BrowserWindow.mockImplementation(function (
    this: Record<string, unknown>,
    options: Record<string, unknown>,
  ) {
    electron.calls.push('new BrowserWindow');
    const webContents = fakeWebContents(electron.created.length + 1);
    // Electron announces the contents as the window makes them.
    for (const l of electron.listeners.get('web-contents-created') ?? []) l({}, webContents);
    this.webContents = webContents;
    this.loadURL = vi.fn(async (url: string) => {
      electron.calls.push(`loadURL:${url.slice(0, 22)}`);
    });
    electron.created.push({ options, webContents, loadURL: this.loadURL });
  });
});

const show = () =>
  showSafeScreen({
    starts: 5,
    lastFailure: 'boom',
    logFile: '/var/log/wall.log',
    appName: 'Control Room Wall',
  });

describe('the safe screen after a crash loop', () => {
  it('installs the navigation guard and the permission handlers before its window exists', async () => {
    await show();
    const windowAt = electron.calls.indexOf('new BrowserWindow');
    expect(windowAt).toBeGreaterThan(-1);
    for (const first of [
      'app.on:web-contents-created',
      'session.setPermissionRequestHandler',
      'session.setPermissionCheckHandler',
      'session.setDevicePermissionHandler',
    ])
      expect(electron.calls.indexOf(first), first).toBeGreaterThan(-1);
    for (const first of [
      'app.on:web-contents-created',
      'session.setPermissionRequestHandler',
      'session.setPermissionCheckHandler',
      'session.setDevicePermissionHandler',
    ])
      expect(electron.calls.indexOf(first), first).toBeLessThan(windowAt);
    expect(electron.calls.at(-1)).toBe('loadURL:data:text/html;charset');
  });

  it('navigates nowhere, opens nothing and is granted nothing', async () => {
    await show();
    const contents = electron.created[0].webContents as ReturnType<typeof fakeWebContents>;
    expect(contents.emitPreventable('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.emitPreventable('will-redirect', 'app://wall/index.html')).toBe(true);
    expect(contents.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    const request = electron.handlers.request as (
      wc: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    const callback = vi.fn();
    request(null, 'fullscreen', callback, { requestingUrl: 'data:text/html,x' });
    expect(callback).toHaveBeenCalledWith(false);
    const check = electron.handlers.check as (wc: unknown, permission: string, origin: string) => boolean;
    expect(check(null, 'clipboard-sanitized-write', 'data:')).toBe(false);
  });

  it('runs with the wall’s lockdown, no script, and no experimental or Blink features', async () => {
    await show();
    const prefs = electron.created[0].options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      javascript: false,
      experimentalFeatures: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('preload');
  });
});
