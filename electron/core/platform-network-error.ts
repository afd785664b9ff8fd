import { PlatformError } from './platform-error';

/**
 * A failed fetch as a network error that names the host, never the query.
 *
 * The query may hold credentials; the origin is what a user needs to check. A known system code
 * becomes what an operator can check (the platform, the address in the profile, this computer's
 * network), in their words, not a developer's; an unknown one is kept in brackets for whoever helps.
 * `when` says whether the answer had started arriving. The error is coded (`platform.unreachable`
 * with the origin and the system code as its reason) for the renderer to word.
 */
export function networkError(e: unknown, base: URL, when?: 'arriving'): PlatformError {
  const code = errorCode(e);
  const reason = code
    ? (NETWORK_REASONS[code] ?? `the connection failed (${code})`)
    : 'the connection failed';
  const at = when === 'arriving' ? ' while the answer was arriving' : '';
  return new PlatformError('network', `Cannot reach the platform at ${base.origin}${at}: ${reason}.`, {
    cause: e,
    // The reason is a system code the renderer words (errors:platform.reason.*), or none.
    code: when === 'arriving' ? 'platform.unreachableArriving' : 'platform.unreachable',
    params: {
      origin: base.origin,
      reason: code === undefined ? 'none' : NETWORK_REASONS[code] ? code : 'other',
      ...(code !== undefined && { system: code }),
    },
  });
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED:
    'nothing answered at that address; the platform may be stopped, or the address in the profile may be wrong',
  ENOTFOUND: 'that server name is not known; check the address in the profile and this computer’s network',
  EAI_AGAIN: 'that server name could not be looked up just now; check this computer’s network',
  ECONNRESET: 'the connection was broken off',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection closed before the whole answer arrived',
  ETIMEDOUT: 'no answer came in time',
  UND_ERR_CONNECT_TIMEOUT: 'no answer came in time',
  EHOSTUNREACH: 'the server cannot be reached from this computer',
  ENETUNREACH: 'this computer has no network path to it',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its security certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its security certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its security certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its security certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its security certificate is for another server name',
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
