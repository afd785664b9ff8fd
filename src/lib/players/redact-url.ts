/** Query parameters whose values are secret (the spec's `secret`, and the usual token names). */
const SECRET_PARAM = /secret|token|sign|auth|key|pass|pwd/i;

/**
 * A URL that is safe to log or show: every secret-looking query value becomes `***`.
 *
 * Stream URLs carry the stream's `secret`; logs, thrown errors and the stats overlay only ever see
 * this form.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL we can take apart: keep only what precedes the query.
    return url.split(/[?#]/)[0] + (/[?#]/.test(url) ? '?***' : '');
  }
  if (parsed.username || parsed.password) {
    parsed.username = '***';
    parsed.password = '';
  }
  const names = [...new Set(parsed.searchParams.keys())];
  for (const name of names) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, '***');
  }
  parsed.hash = '';
  // URLSearchParams encodes '*' as %2A; keep the marker readable.
  return parsed.href.replace(/%2A%2A%2A/g, '***');
}

/** Redact every URL inside a free text (a library's error message may quote the URL it failed on). */
export function redactUrlsIn(text: string): string {
  return text.replace(/\b(?:https?|wss?|rtmps?|rtsps?|webrtc):\/\/[^\s"'<>]+/gi, (match) => redactUrl(match));
}
