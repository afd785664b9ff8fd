import type { Session } from 'electron';

/** A URL whose query carries a `secret` (every stream URL the platform mints does). */
export function carriesSecret(url: string): boolean {
  try {
    const { searchParams } = new URL(url);
    for (const name of searchParams.keys()) if (name.toLowerCase() === 'secret') return true;
    return false;
  } catch {
    return false;
  }
}

/**
 * Keep stream responses whose URL carries a secret out of Chromium's disk cache.
 *
 * The HTTP cache is keyed by URL, so a cached HLS segment or manifest would leave its stream secret
 * on disk in the profile's Cache folder for anyone to read. `Cache-Control: no-store` on the response
 * tells Chromium not to store it. Only such responses are touched; the app's own pages keep their
 * caching. (Electron allows one onHeadersReceived listener per session: this is it.)
 */
export function keepSecretUrlsOutOfCache(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!carriesSecret(details.url)) {
      callback({});
      return;
    }
    const responseHeaders = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => !/^(cache-control|expires|etag|last-modified)$/i.test(name),
      ),
    );
    responseHeaders['Cache-Control'] = ['no-store'];
    callback({ responseHeaders });
  });
}
