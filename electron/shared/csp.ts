/**
 * The Content Security Policy of the renderer, the one string both shells send.
 *
 * The Electron shell sets it as a response header of the `app://` protocol, the browser shell as a
 * header of its HTTP server: a header (not a `<meta>` tag) also covers the first bytes of the page and
 * `frame-ancestors`, which a meta tag cannot carry.
 */

/** Directive name -> its sources. Order is kept when the string is built. */
export type CspDirectives = Record<string, readonly string[]>;

const BASE_DIRECTIVES: CspDirectives = {
  // Nothing is allowed unless a directive below says so.
  'default-src': ["'none'"],
  // Only our own bundled scripts: no inline script, no eval, no remote code.
  'script-src': ["'self'"],
  // Our bundled CSS plus React's inline `style` attributes (tile positions, sizes); styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Icons from the bundle, data: URIs for small inlined assets, blob: for snapshots taken from a video.
  'img-src': ["'self'", 'data:', 'blob:'],
  // The players attach blob: MediaSource URLs; native playback (fMP4, HLS in Safari-like paths) reads
  // straight from the platform's media hosts, which can be any host a device streams from.
  'media-src': ["'self'", 'blob:', 'http:', 'https:'],
  // The players fetch FLV/TS/HLS segments and open WS-FLV sockets on arbitrary platform hosts; the
  // browser shell's own API is 'self'.
  'connect-src': ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
  // mpegts.js runs its demuxer in a worker it creates from a blob: URL.
  'worker-src': ["'self'", 'blob:'],
  // Bundled fonts only.
  'font-src': ["'self'"],
  // A <base> tag could re-point every relative URL of the page.
  'base-uri': ["'none'"],
  // The app submits no HTML forms; a form must not post data anywhere.
  'form-action': ["'none'"],
  // No one may frame the wall (clickjacking); the app frames nothing itself either (default-src).
  'frame-ancestors': ["'none'"],
  // No plugins.
  'object-src': ["'none'"],
};

/**
 * Build the CSP header value.
 *
 * `extra` adds sources to a directive (or adds a directive), for example a dev server origin; it
 * never removes one of the base sources.
 */
export function buildCsp(extra: CspDirectives = {}): string {
  const merged: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(BASE_DIRECTIVES)) merged[name] = [...sources];
  for (const [name, sources] of Object.entries(extra)) {
    // 'none' must stand alone: adding a source to a 'none' directive replaces it.
    const current = (merged[name] ?? []).filter((source) => source !== "'none'" || sources.length === 0);
    merged[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return Object.entries(merged)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
