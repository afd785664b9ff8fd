import { BrowserWindow, type BrowserWindowConstructorOptions, type WebPreferences } from 'electron';
import { guardWebContents } from './web-contents-guard';

/**
 * What every window of the app is denied, the wall's and the safe screen's alike: no Node anywhere,
 * context isolation and the Chromium sandbox on, web security on, no <webview>, no experimental or
 * Blink features switched on.
 */
export const LOCKDOWN = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const satisfies WebPreferences;

/**
 * The renderer's powers, fixed in one place (Electron security checklist).
 *
 * No Node anywhere, context isolation and the Chromium sandbox on, web security on, no <webview>.
 * backgroundThrottling off and autoplay without a gesture: a wall window must keep decoding and
 * playing when it is covered, minimised or on a screen nobody touches.
 */
function wallWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    ...LOCKDOWN,
    backgroundThrottling: false,
    autoplayPolicy: 'no-user-gesture-required',
    safeDialogs: true,
  };
}

export interface WallWindowOptions {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Pages this window may show; everything else is refused. */
  isTrustedUrl: (url: string) => boolean;
  title?: string;
  /** Extra window options (size, kiosk, fullscreen); never webPreferences. */
  window?: Omit<BrowserWindowConstructorOptions, 'webPreferences'>;
}

/** A wall window: locked-down preferences and guarded navigation; shown once its first paint is ready. */
export function createWallWindow(options: WallWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1600,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    backgroundColor: '#0b0f14',
    autoHideMenuBar: true,
    show: false,
    title: options.title ?? 'Control Room Wall',
    ...options.window,
    webPreferences: wallWebPreferences(options.preloadPath),
  });
  guardWebContents(window.webContents, options.isTrustedUrl);
  window.once('ready-to-show', () => window.show());
  return window;
}
