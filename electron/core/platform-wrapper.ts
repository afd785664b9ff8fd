import { kindForStatus, type PlatformErrorKind } from '../shared/domain';
import { isRecord, parseJson } from './json-value';
import { detailsOf, messageOf, serverFailure } from './platform-messages';

/** Codes a `{code, msg, data}` wrapper uses to say "this worked". */
const SUCCESS_CODES = new Set(['0', '200', 'ok', 'success']);

/**
 * The tolerant reader: `{code, msg|message, data}` or `{success, data}` is a wrapper. A page
 * envelope `{data, page, pageSize, total}` or a bare resource has neither `code` nor `success`.
 *
 * A success wrapper gives its data; a failing one throws a PlatformError with the server's words.
 */
export function unwrap(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const hasPayload = 'data' in value || 'msg' in value || 'message' in value;
  const hasCode = 'code' in value && value.code !== null && value.code !== undefined;
  const hasSuccess = typeof value.success === 'boolean';
  if (!hasPayload || (!hasCode && !hasSuccess)) return value;

  const ok = value.success === true || (value.success !== false && hasCode && isSuccessCode(value.code));
  // `{code: 0, data: [...], total, page}`: the wrapper is itself the page envelope.
  if (ok) return Array.isArray(value.data) && 'total' in value ? value : decodeNested(value.data);

  const code = hasCode ? String(value.code) : undefined;
  const said = messageOf(value);
  const words = said ?? `The platform refused the request${code ? ` (code ${code})` : ''}.`;
  throw serverFailure(hasCode ? kindForCode(value.code) : 'server', words, {
    details: detailsOf(value),
    // Its own words are shown as it sent them, marked as its; without any, the core words its code.
    said: said !== undefined,
    ...(said === undefined &&
      (code ? { code: 'platform.refusedCode', params: { code } } : { code: 'platform.refused' })),
  });
}

function isSuccessCode(code: unknown): boolean {
  return (
    (typeof code === 'number' || typeof code === 'string') &&
    SUCCESS_CODES.has(String(code).trim().toLowerCase())
  );
}

/**
 * A failing wrapper code to an error kind: an HTTP-like number reads as that status, a longer
 * number by its first three digits (40100 → 401), a word by what it says.
 */
function kindForCode(code: unknown): PlatformErrorKind {
  const text = String(code).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 400 && n < 600) return kindForStatus(n);
    const head = Number(text.slice(0, 3));
    if (text.length > 3 && head >= 400 && head < 600) return kindForStatus(head);
    return 'server';
  }
  const word = text.toUpperCase();
  if (/UNAUTH|AUTH_?FAIL|TOKEN|SIGN|CREDENTIAL|LOGIN/.test(word)) return 'auth';
  if (/FORBID|DENIED|PERMISSION|NOT_?ALLOWED/.test(word)) return 'forbidden';
  if (/NOT_?FOUND|NO_?SUCH|UNKNOWN/.test(word)) return 'not-found';
  if (/INVALID|BAD_?REQUEST|VALIDAT|MISSING|REQUIRED|MALFORMED|PARAM/.test(word)) return 'invalid-request';
  if (/TIMEOUT|TIMED_?OUT/.test(word)) return 'timeout';
  return 'server';
}

/** Some wrappers carry their data as a JSON document in a string. */
function decodeNested(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const parsed = parseJson(data);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : data;
}
