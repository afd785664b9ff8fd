import { buildCsp } from '../shared/csp';

/** The CSP both shells send, built once. */
const CSP = buildCsp();

/**
 * Headers every answer of the browser shell carries, whatever it is (page, asset, API, refusal).
 *
 * The CSP is the very string the Electron shell sends. The rest close what a CSP leaves open in a
 * real browser: MIME sniffing, the Referer (a media host must never learn our URL), being opened in
 * or embedded by another origin. No Access-Control-* header is ever sent: other origins get nothing.
 */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}
