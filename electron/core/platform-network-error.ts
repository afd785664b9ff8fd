import { PlatformError } from './platform-error';

/**
 * A failed fetch as a network error that names the host, never the query.
 *
 * The query may hold credentials; the origin is what a user needs to check. A known system code
 * becomes a hint of what to look at; `when` says whether the answer had started arriving.
 */
export function networkError(e: unknown, base: URL, when = ''): PlatformError {
  const code = errorCode(e);
  const reason = code ? (NETWORK_REASONS[code] ?? `${code}`) : 'the connection failed';
  const at = when ? ` ${when}` : '';
  return new PlatformError('network', `Cannot reach the platform at ${base.origin}${at}: ${reason}.`, {
    cause: e,
  });
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the platform running, and is the port right?)',
  ENOTFOUND: 'the host name does not resolve (check the address and the network)',
  EAI_AGAIN: 'the host name could not be resolved right now (check the network)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection closed before the whole answer arrived',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** Undici hides the system code in `cause` (or in `errors` of an AggregateError), a few levels down. */
function errorCode(e: unknown, depth = 0): string | undefined {
  if (depth > 4 || e === null || typeof e !== 'object') return undefined;
  const rec = e as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof rec.code === 'string') return rec.code;
  if (Array.isArray(rec.errors))
    for (const inner of rec.errors) {
      const c = errorCode(inner, depth + 1);
      if (c) return c;
    }
  return errorCode(rec.cause, depth + 1);
}
