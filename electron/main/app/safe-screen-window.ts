import { app, BrowserWindow, session, type WebPreferences } from 'electron';
import { safeScreenUrl } from './safe-screen';
import { guardSession } from './session-guard';
import { guardWebContents } from './web-contents-guard';
import { LOCKDOWN } from './window';

/** The safe screen trusts nothing: it navigates nowhere and is granted no permission. */
const trustNothing = (): boolean => false;

/**
 * The safe screen's powers: the wall's lockdown (no Node, isolation, sandbox, no webview, no
 * experimental or Blink features switched on), and no script at all (its page has none).
 */
function safeScreenWebPreferences(): WebPreferences {
  return {
    ...LOCKDOWN,
    javascript: false,
    safeDialogs: true,
  };
}

/**
 * Show the page that stands in for the wall after a crash loop at start-up.
 *
 * The guards come first: the navigation guard is set for every webContents before the window exists
 * (Electron applies it as the contents are created), and the session's deny-all permission handlers
 * before the page can ask for anything. Created in the other order, the window's first moments were
 * unguarded.
 */
export async function showSafeScreen(details: Parameters<typeof safeScreenUrl>[0]): Promise<BrowserWindow> {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, trustNothing));
  await app.whenReady();
  guardSession(session.defaultSession, trustNothing);
  const window = new BrowserWindow({
    width: 960,
    height: 640,
    backgroundColor: '#0b0f14',
    autoHideMenuBar: true,
    webPreferences: safeScreenWebPreferences(),
  });
  // Idempotent: already guarded by the listener above; said again so this window never depends on it.
  guardWebContents(window.webContents, trustNothing);
  void window.loadURL(safeScreenUrl(details));
  return window;
}
