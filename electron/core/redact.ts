import { SECRET_FIELD_NAMES } from '../shared/domain';

export const REDACTED = '[REDACTED]';

/**
 * Secrets shorter than this are not replaced by value: a 1-character "secret" (a test value, a typo)
 * would turn every later line into "The U[REDACTED]er credential[REDACTED]…". They are still redacted
 * by their field name (`authSecret=…`), and such a value protects nothing anyway.
 */
export const MIN_REDACTED_LENGTH = 4;

/**
 * Names whose value is a secret wherever they appear: the four credential secrets, and `secret`, the
 * parameter the platform puts in every stream URL (`…/live/cam1.live.flv?secret=…`).
 */
const CREDENTIAL_NAMES: readonly string[] = SECRET_FIELD_NAMES;
const STREAM_SECRET_NAME = 'secret';

const SECRET_KEYS = new Set([...CREDENTIAL_NAMES, STREAM_SECRET_NAME].map((name) => name.toLowerCase()));

/** A field or map key that holds a secret: `authSecret`, `authsecret` (a header object), `secret`. */
function isSecretKey(key: unknown): boolean {
  return typeof key === 'string' && SECRET_KEYS.has(key.toLowerCase());
}

/**
 * A secret name standing on its own (not the tail of `xauthSecret` or of `querySecret`; after a URL escape
 * such as `%3F` it is on its own), longest first so `projectAuthSecret` is never read as `…authSecret`.
 */
const SECRET_NAME = new RegExp(
  `(?<=^|[^A-Za-z0-9]|%[0-9A-Fa-f]{2})(${[...CREDENTIAL_NAMES, STREAM_SECRET_NAME]
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
  'gi',
);

/** `=`, `:` or a URL-encoded `=` (a query string inside a query string), with optional spaces. */
const SEPARATOR = /^(\\?["'])?(\s*)(=|:|%3D)(\s*)/i;

/** Where an unquoted value ends: the delimiters of a query string, a header list, JSON and prose. */
const BARE_END = /[\s"'&,;}\]\\]/;

/**
 * Removes secrets from text and values before they reach a log, an error or the renderer.
 *
 * Secrets are registered by value (every form they may take on the wire: raw, URL-encoded,
 * form-encoded, JSON-escaped) and are also recognised by their field names. Replacing the
 * longest first means a secret that contains another is never half-redacted.
 *
 * The result stays readable: a named secret keeps its name and its delimiters and only the value
 * becomes the marker (`authSecret=[REDACTED]&page=1`, `"querySecret":"[REDACTED]"`,
 * `queryToken: [REDACTED]`, `?secret=[REDACTED]`), and redacting twice changes nothing.
 */
export class Redactor {
  private readonly forms = new Set<string>();
  private ordered: string[] = [];

  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH) return;
    const before = this.forms.size;
    for (const form of wireForms(secret)) if (form !== '') this.forms.add(form);
    if (this.forms.size !== before) this.ordered = [...this.forms].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = String(text);
    if (this.ordered.length > 0) {
      // Between markers only, so a secret that happens to spell part of `[REDACTED]` cannot break one.
      out = out
        .split(REDACTED)
        .map((part) => this.redactValues(part))
        .join(REDACTED);
    }
    return redactNamed(out);
  }

  /**
   * A deep copy with every string redacted and every secret-named field blanked. Errors stay
   * errors (same prototype) so callers can still tell them apart; cycles are kept as cycles.
   */
  redactValue<T>(value: T): T {
    return this.copy(value, new WeakMap()) as T;
  }

  private redactValues(text: string): string {
    let out = text;
    for (const form of this.ordered) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  private copy(value: unknown, seen: WeakMap<object, unknown>): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (value === null || typeof value !== 'object') return value;
    const known = seen.get(value);
    if (known !== undefined) return known;

    if (Array.isArray(value)) {
      const out: unknown[] = [];
      seen.set(value, out);
      for (const item of value) out.push(this.copy(item, seen));
      return out;
    }
    if (value instanceof Error) {
      const out = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
      seen.set(value, out);
      // message, stack and cause are own but not enumerable: copy them explicitly.
      for (const key of new Set([...Object.getOwnPropertyNames(value), 'message', 'stack', 'cause'])) {
        if (!(key in value)) continue;
        const field = (value as unknown as Record<string, unknown>)[key];
        Object.defineProperty(out, key, {
          value: isSecretKey(key) ? REDACTED : this.copy(field, seen),
          enumerable: Object.prototype.propertyIsEnumerable.call(value, key),
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    if (value instanceof Date || value instanceof RegExp) return value;
    if (value instanceof Map) {
      const out = new Map<unknown, unknown>();
      seen.set(value, out);
      for (const [k, v] of value) out.set(k, isSecretKey(k) ? REDACTED : this.copy(v, seen));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) return this.redact(describe(value));
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    for (const [key, field] of Object.entries(value)) {
      out[key] =
        isSecretKey(key) && field !== undefined && field !== null ? REDACTED : this.copy(field, seen);
    }
    return out;
  }
}

/**
 * Secrets caught by their name, even when their value was never registered (a server echoing a query
 * string someone else sent it). Only the value is replaced; the name, the separator and the quotes stay:
 *
 * - `authSecret=abc&page=1` → `authSecret=[REDACTED]&page=1` (and `authSecret%3Dabc%26…` inside an
 *   encoded query)
 * - `"querySecret":"a\"b"` → `"querySecret":"[REDACTED]"`, JSON escapes read whole; the same inside a
 *   JSON string (`\"queryToken\":\"…\"`)
 * - `queryToken: tok-1, other` → `queryToken: [REDACTED], other`
 * - `…/cam1.live.flv?secret=9f0c…&app=live` → `…?secret=[REDACTED]&app=live`
 *
 * The stream `secret` is a common word, so it is taken only as a parameter (`secret=`) or a quoted key
 * (`"secret":`), never from prose (`expired secret: retry`). A name with no separator after it
 * (`authSecret is required`) is left alone, and so is a value that is already the marker.
 */
function redactNamed(text: string): string {
  let out = '';
  let from = 0;
  SECRET_NAME.lastIndex = 0;
  for (let m = SECRET_NAME.exec(text); m !== null; m = SECRET_NAME.exec(text)) {
    const nameEnd = m.index + m[0].length;
    const sep = SEPARATOR.exec(text.slice(nameEnd, nameEnd + 16));
    if (!sep) continue;
    const quotedKey = sep[1] !== undefined || isQuote(text[m.index - 1]);
    const isStream = m[0].toLowerCase() === STREAM_SECRET_NAME;
    if (isStream && sep[3] === ':' && !quotedKey) continue;
    const valueStart = nameEnd + sep[0].length;
    const value = readValue(text, valueStart, sep[3].toLowerCase() === '%3d');
    if (value === undefined) continue;
    // `"authSecret":null` says there is no secret: nothing to hide.
    if (quotedKey && text.slice(value.start, value.end) === 'null') continue;
    out += text.slice(from, value.start) + REDACTED;
    from = value.end;
    SECRET_NAME.lastIndex = Math.max(SECRET_NAME.lastIndex, from);
  }
  return out + text.slice(from);
}

const isQuote = (c: string | undefined): boolean => c === '"' || c === "'";

/** The span of the value at `start` to replace, inside its quotes if it has any. */
function readValue(
  text: string,
  start: number,
  encoded: boolean,
): { start: number; end: number } | undefined {
  if (text.startsWith(REDACTED, start)) return undefined;
  const c = text[start];
  if (c === '"' || c === "'") {
    if (text.startsWith(REDACTED + c, start + 1)) return undefined;
    return nonEmpty(start + 1, closingQuote(text, start + 1, c, 0));
  }
  if (c === '\\' && isQuote(text[start + 1])) {
    if (text.startsWith(REDACTED + '\\', start + 2)) return undefined;
    return nonEmpty(start + 2, closingQuote(text, start + 2, text[start + 1], 1));
  }
  let end = start;
  while (end < text.length && !BARE_END.test(text[end])) {
    if (encoded && /^%26/i.test(text.slice(end, end + 3))) break;
    end += 1;
  }
  return nonEmpty(start, end);
}

/** An empty value (`authSecret=`, `"authSecret":""`) hides nothing and is left as it is. */
const nonEmpty = (start: number, end: number): { start: number; end: number } | undefined =>
  end > start ? { start, end } : undefined;

/**
 * Where a quoted string that starts at `from` closes, reading its escapes; `depth` 1 is a string inside
 * a JSON string, where the quotes are `\"` and an escape of the inner string is `\\` plus an escaped char.
 * A string that never closes (a cut-off message) runs to the end of the line.
 */
function closingQuote(text: string, from: number, quote: string, depth: 0 | 1): number {
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') return i;
    if (depth === 0) {
      if (c === quote) return i;
      i += c === '\\' ? 2 : 1;
      continue;
    }
    if (c === '\\' && text[i + 1] === quote) return i;
    if (c === '\\' && text[i + 1] === '\\') {
      // An escape of the inner string: `\\` then the escaped character, itself escaped if it is `\` or `"`.
      i += 2;
      i += text[i] === '\\' ? 2 : 1;
      continue;
    }
    i += 1;
  }
  return text.length;
}

function wireForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [secret, encodeURIComponent(secret), form, json];
}

/** Class instances other than errors (URL, Headers, Buffer…) are logged as their text. */
function describe(value: object): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** The process-wide redactor: every client registers its secrets here, every logger reads it. */
export const redactor = new Redactor();
