/**
 * Where the renderer lives: `app://wall/…`, served by protocol.ts from the built renderer.
 *
 * A custom standard scheme gives the page a real, stable origin of its own (not `file://`, which
 * every local file shares), so the sender check of IPC and the navigation guard can compare it.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'wall';
export const APP_START_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Whether `url` is on the app's origin.
 *
 * Compares scheme and host, not `URL.origin`: WHATWG URL gives custom schemes the opaque origin
 * "null", so an origin comparison would either fail or, worse, match every opaque origin.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
