import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWebContents } from './fake-web-contents';

const electron = vi.hoisted(() => {
  const created: Array<{
    options: Record<string, unknown>;
    webContents: unknown;
    once: ReturnType<typeof vi.fn>;
  }> = [];
  return { created, BrowserWindow: vi.fn() };
});
vi.mock('electron', () => ({ ...electron, default: electron }));

import { APP_START_URL, isAppUrl } from '../../../../electron/main/app/app-origin';
import { createWallWindow } from '../../../../electron/main/app/window';

beforeEach(() => {
  electron.created.length = 0;
  electron.BrowserWindow.mockReset();
  electron.BrowserWindow.mockImplementation(function (
    this: Record<string, unknown>,
    options: Record<string, unknown>,
  ) {
    this.webContents = fakeWebContents(electron.created.length + 1);
    this.once = vi.fn();
    this.show = vi.fn();
    electron.created.push({
      options,
      webContents: this.webContents,
      once: this.once as ReturnType<typeof vi.fn>,
    });
  });
});

function openWindow() {
  const window = createWallWindow({ preloadPath: '/app/out/preload/index.cjs', isTrustedUrl: isAppUrl });
  const { options } = electron.created[0];
  const webContents = electron.created[0].webContents as ReturnType<typeof fakeWebContents>;
  return { window, options, webPreferences: options.webPreferences as Record<string, unknown>, webContents };
}

describe('createWallWindow', () => {
  it('locks down the renderer: isolation, sandbox, no Node, web security, no webview', () => {
    const { webPreferences } = openWindow();
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });

  it('switches on no experimental or Blink features', () => {
    const { webPreferences } = openWindow();
    expect(webPreferences.experimentalFeatures).toBe(false);
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('keeps playing when covered or minimised', () => {
    const { webPreferences } = openWindow();
    expect(webPreferences.backgroundThrottling).toBe(false);
    expect(webPreferences.autoplayPolicy).toBe('no-user-gesture-required');
  });

  it('cannot be given other webPreferences through the window options', () => {
    const window = createWallWindow({
      preloadPath: '/p.cjs',
      isTrustedUrl: isAppUrl,
      window: { fullscreen: true, webPreferences: { sandbox: false, nodeIntegration: true } } as never,
    });
    expect(window).toBeDefined();
    const prefs = electron.created[0].options.webPreferences as Record<string, unknown>;
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(electron.created[0].options.fullscreen).toBe(true);
  });

  it('starts hidden and shows on ready-to-show', () => {
    const { options, window } = openWindow();
    expect(options.show).toBe(false);
    const once = electron.created[0].once;
    expect(once).toHaveBeenCalledWith('ready-to-show', expect.any(Function));
    (once.mock.calls[0][1] as () => void)();
    expect((window as unknown as { show: ReturnType<typeof vi.fn> }).show).toHaveBeenCalled();
  });

  it('refuses navigation and redirects away from app://wall, allows it within', () => {
    const { webContents } = openWindow();
    expect(webContents.emitPreventable('will-navigate', 'https://evil.example/')).toBe(true);
    expect(webContents.emitPreventable('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(webContents.emitPreventable('will-navigate', 'app://other/index.html')).toBe(true);
    expect(webContents.emitPreventable('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(webContents.emitPreventable('will-navigate', APP_START_URL)).toBe(false);
  });

  it('denies window.open, whatever the URL', () => {
    const { webContents } = openWindow();
    expect(webContents.openWindow('https://example.com/')).toEqual({ action: 'deny' });
    expect(webContents.openWindow(APP_START_URL)).toEqual({ action: 'deny' });
  });

  it('prevents <webview> from attaching', () => {
    const { webContents } = openWindow();
    expect(webContents.emitPreventable('will-attach-webview')).toBe(true);
  });
});
