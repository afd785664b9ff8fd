/**
 * Text as JSON, or a plain "not JSON".
 *
 * A failed parse is a value, not a throw: the caller decides what a non-JSON answer means.
 */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A JSON object, as opposed to an array, a scalar or null. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
