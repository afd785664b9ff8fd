import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Bytes of the per-run token (base64url in the URL and the cookie). */
const TOKEN_BYTES = 32;

/** Why a request was turned away: the status to answer and a sentence for whoever sent it. */
export interface Refusal {
  status: 401 | 403 | 421;
  message: string;
  /** The refusal as a stable code, for the renderer to word (AppError.code). */
  code: string;
}

/**
 * The browser shell's gatekeeper: per-run token, Host check, Origin check.
 *
 * - Host: only `127.0.0.1:<port>` and `localhost:<port>`. A DNS-rebinding page reaches our socket
 *   under its own host name, so a foreign Host is the sign of it (421).
 * - Token: 32 random bytes per run. The printed URL carries it once; the page gets an HttpOnly,
 *   SameSite=Strict cookie for it; scripts may send `Authorization: Bearer`. Compared in constant time.
 * - Origin: when a browser says where a call comes from, it must be us; `Sec-Fetch-Site: cross-site`
 *   is refused too (a browser that sends it knows better than any header we could check).
 *
 * The cookie name carries the port: cookies are per host, not per port, so two shells on one
 * machine must not overwrite each other's session.
 */
export class RequestGuard {
  readonly token: string;
  private port = 0;
  private readonly digest: Buffer;

  constructor(token: string = randomBytes(TOKEN_BYTES).toString('base64url')) {
    this.token = token;
    this.digest = sha256(token);
  }

  /** Called once the server listens (port 0 picks the port only then). */
  listeningOn(port: number): void {
    this.port = port;
  }

  get cookieName(): string {
    return `wall-session-${this.port}`;
  }

  /** The Set-Cookie value that signs this browser in for the rest of the run. */
  sessionCookie(): string {
    return `${this.cookieName}=${this.token}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** 421 unless the Host header names our loopback address and port exactly. */
  checkHost(headers: IncomingHttpHeaders): Refusal | undefined {
    const host = headers.host?.toLowerCase();
    if (host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`) return undefined;
    return {
      status: 421,
      message: 'This server answers only to 127.0.0.1 and localhost on its own port.',
      code: 'shell.wrongHost',
    };
  }

  /** For /api: the browser's own statement of who is calling must be us. Run after checkHost. */
  checkOrigin(headers: IncomingHttpHeaders): Refusal | undefined {
    if (headers['sec-fetch-site'] === 'cross-site')
      return { status: 403, message: 'Calls from other sites are refused.', code: 'shell.otherSite' };
    const origin = headers.origin;
    if (origin !== undefined && origin !== `http://${headers.host?.toLowerCase()}`)
      return { status: 403, message: 'Calls from other origins are refused.', code: 'shell.otherOrigin' };
    return undefined;
  }

  /** For /api: the session cookie or a Bearer token must carry this run's token. */
  checkSession(headers: IncomingHttpHeaders): Refusal | undefined {
    if (this.hasSession(headers)) return undefined;
    return {
      status: 401,
      message:
        'This page is not signed in to the browser shell (it was restarted, or the link lacked its token). ' +
        'Open the URL the shell printed.',
      code: 'shell.notSignedIn',
    };
  }

  hasSession(headers: IncomingHttpHeaders): boolean {
    const auth = headers.authorization;
    if (auth?.startsWith('Bearer ') && this.matches(auth.slice('Bearer '.length).trim())) return true;
    return this.matches(readCookie(headers.cookie, this.cookieName));
  }

  /** Constant-time comparison (of digests, so the lengths always agree). */
  matches(candidate: string | undefined): boolean {
    if (!candidate) return false;
    return timingSafeEqual(sha256(candidate), this.digest);
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
