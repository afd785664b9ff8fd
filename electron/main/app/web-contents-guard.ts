import type { WebContents } from 'electron';
import { createLogger } from '../../core/logger';

const log = createLogger('window');

const guarded = new WeakSet<WebContents>();

/**
 * Lock a webContents to the app (Electron security checklist, items 13-15).
 *
 * The wall never leaves its own origin: navigation and redirects elsewhere are stopped, window.open
 * opens nothing, and <webview> cannot be attached (a webview could bring its own preload and Node).
 * Applied to every webContents the app creates; idempotent.
 */
export function guardWebContents(contents: WebContents, isTrustedUrl: (url: string) => boolean): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);

  const stopUntrusted = (event: { preventDefault(): void }, url: string): void => {
    if (isTrustedUrl(url)) return;
    event.preventDefault();
    log.warn(`navigation to another origin refused: ${safeOrigin(url)}`);
  };
  // Main frame only: the CSP (default-src 'none', no frame-src) already keeps frames out of the page.
  contents.on('will-navigate', (event) => stopUntrusted(event, event.url));
  contents.on('will-redirect', (event) => stopUntrusted(event, event.url));
  contents.setWindowOpenHandler(({ url }) => {
    log.warn(`window.open refused: ${safeOrigin(url)}`);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('<webview> refused');
  });
}

/** Only the origin goes to the log: a refused URL may carry a query with credentials. */
function safeOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(unparseable URL)';
  }
}
