import { SECRET_FIELD_NAMES } from '../shared/domain';

export const REDACTED = '[REDACTED]';

/** Values shorter than this are never redacted by value: they would hide pieces of every word. */
const MIN_REDACTED_LENGTH = 4;

/**
 * Bounds on what the redactor holds, so no caller can make it hold memory for good: a secret is
 * registered by its first MAX_SECRET_CHARS characters (no real credential is near it); at most
 * MAX_OWNED owners' secrets (the stored profiles; the oldest let go first) and the first MAX_TRANSIENT
 * unowned ones (`add`) are kept.
 */
export const REDACTOR_LIMITS = { MAX_SECRET_CHARS: 4096, MAX_OWNED: 256, MAX_TRANSIENT: 32 } as const;

/**
 * Whether a value is distinctive enough to be hidden wherever it appears. A short or word-like value
 * ("failed", "Password", "12345678") is hidden only where it stands as a whole value after `=` (a URL
 * query, a form body, key=value): hidden everywhere, it would turn every "failed" in the log into
 * the marker, and anyone who may test a draft could choose which words disappear.
 */
function isDistinctive(secret: string): boolean {
  if (secret.length >= 16) return true;
  return secret.length >= 8 && /\d/.test(secret) && /\D/.test(secret);
}

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

/** Where an unquoted value ends after `:` or an encoded `=`: the delimiters of a header list, JSON and prose. */
const BARE_END = /[\s"'&,;}\]\\]/;

/**
 * Where a credential's value after `=` ends when it is not quoted: only where the next pair begins
 * (`&page=1`, ` authSecretHint=`, ` {"status":`). A decoded query may hold quotes, spaces and `&` in the
 * secret itself, so a value never ends early at them: a line's tail hidden is better than a secret's.
 */
const NEXT_PAIR = /^[&\s;,{]+["']?[A-Za-z_][\w.-]*["']?\s*[=:]/;

/** Where a whole value stands: after `=` (or `%3D`), up to a delimiter of a query, a list, JSON or prose. */
const VALUE_BEFORE = '(?<=(?:=|%3[Dd])[ \\t]*)';
const VALUE_AFTER = '(?=$|[&;,\\s"\'#)\\]}\\\\]|%26)';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes secrets from text and values before they reach a log, an error or the renderer.
 *
 * Secrets are registered by value, in every form they may take on the wire or in a platform's echo of
 * it (raw, percent-encoded, form-encoded, JSON-escaped, and decoded again), and are also recognised by
 * their field names. All forms are replaced in one pass, longest first, so a secret that contains
 * another is never half-redacted and no replacement can make another form appear.
 *
 * Three ways in, so only what is stored stays: `register(owner, secret)` for a stored secret (replaced
 * or dropped when its owner's changes), `hold(secrets)` while a secret is in use without being stored
 * (a draft under test), and `add(secret)` for the few owned by nobody (the first few only).
 *
 * The result stays readable: a named secret keeps its name and its delimiters and only the value
 * becomes the marker (`authSecret=[REDACTED]&page=1`, `"querySecret":"[REDACTED]"`,
 * `queryToken: [REDACTED]`, `?secret=[REDACTED]`), and redacting twice changes nothing.
 */
export class Redactor {
  private readonly owned = new Map<string, string>();
  private readonly held = new Map<string, number>();
  private readonly transient = new Set<string>();
  private pattern: RegExp | null | undefined = null;

  /** The stored secret of `owner` (a profile's field): replaces the one before; undefined drops it. */
  register(owner: string, secret: string | undefined): void {
    if (this.owned.get(owner) === secret) return;
    this.owned.delete(owner);
    if (typeof secret === 'string' && secret.length >= MIN_REDACTED_LENGTH) {
      this.owned.set(owner, clip(secret));
      for (const old of this.owned.keys()) {
        if (this.owned.size <= REDACTOR_LIMITS.MAX_OWNED) break;
        this.owned.delete(old);
      }
    }
    this.changed();
  }

  /** Drop the secrets of every owner whose name starts with `prefix` (a removed profile's). */
  unregister(prefix: string): void {
    for (const owner of [...this.owned.keys()]) if (owner.startsWith(prefix)) this.owned.delete(owner);
    this.changed();
  }

  /** Redact these secrets until the returned function is called (a draft's, for the test of it). */
  hold(secrets: Iterable<string>): () => void {
    const values = [...secrets].filter((s) => typeof s === 'string' && s.length >= MIN_REDACTED_LENGTH);
    for (const v of values.map(clip)) this.held.set(v, (this.held.get(v) ?? 0) + 1);
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const v of values.map(clip)) {
        const n = (this.held.get(v) ?? 1) - 1;
        if (n > 0) this.held.set(v, n);
        else this.held.delete(v);
      }
      this.changed();
    };
  }

  /**
   * A secret with no owner (this run's API token, registered at start-up). One that is registered
   * or held already is left to its owner or holder (a platform client adds the secrets it is built
   * with: a stored profile's, or a draft's under test, which must go when the test ends). Only the
   * first MAX_TRANSIENT others are kept, and kept for good: a later flood can neither grow the
   * redactor nor push out the token.
   */
  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH) return;
    const value = clip(secret);
    if (this.held.has(value) || [...this.owned.values()].includes(value)) return;
    if (this.transient.has(value) || this.transient.size >= REDACTOR_LIMITS.MAX_TRANSIENT) return;
    this.transient.add(value);
    this.changed();
  }

  /**
   * Forget every secret: for a process that runs cores one after another, each starting clean (the
   * unit files that share one module graph, test/support/unit-shared-setup.ts). No channel reaches it.
   */
  reset(): void {
    this.owned.clear();
    this.held.clear();
    this.transient.clear();
    this.changed();
  }

  /** How much is held: the values and their characters (every form counted). */
  size(): { values: number; chars: number } {
    const values = this.values();
    return {
      values: values.size,
      chars: [...values].reduce((n, v) => n + wireForms(v).reduce((m, f) => m + f.length, 0), 0),
    };
  }

  redact(text: string): string {
    let out = String(text);
    const pattern = this.compiled();
    if (pattern) {
      // Between markers only, so a secret that happens to spell part of `[REDACTED]` cannot break one.
      out = out
        .split(REDACTED)
        .map((part) => part.replace(pattern, REDACTED))
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

  private values(): Set<string> {
    return new Set([...this.owned.values(), ...this.held.keys(), ...this.transient]);
  }

  private changed(): void {
    this.pattern = undefined;
  }

  /** Every form of every value, in one expression: distinctive ones anywhere, the others as whole values. */
  private compiled(): RegExp | null {
    if (this.pattern !== undefined) return this.pattern;
    const anywhere = new Set<string>();
    const asValue = new Set<string>();
    for (const value of this.values())
      for (const form of wireForms(value))
        // Each form judged on its own too: `%66%61%69%6C%65%64` decodes to a word.
        if (form.length >= MIN_REDACTED_LENGTH)
          (isDistinctive(value) && isDistinctive(form) ? anywhere : asValue).add(form);
    const alternation = (forms: Set<string>) =>
      [...forms]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|');
    const parts: string[] = [];
    if (anywhere.size) parts.push(`(?:${alternation(anywhere)})`);
    if (asValue.size) parts.push(`${VALUE_BEFORE}(?:${alternation(asValue)})${VALUE_AFTER}`);
    this.pattern = parts.length ? new RegExp(parts.join('|'), 'g') : null;
    return this.pattern;
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
    const value = readValue(text, valueStart, sep[3].toLowerCase() === '%3d', !isStream && sep[3] === '=');
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

/**
 * The span of the value at `start` to replace, inside its quotes if it has any. `extended`: a
 * credential after `=`, whose unquoted value runs to the next pair (see NEXT_PAIR).
 */
function readValue(
  text: string,
  start: number,
  encoded: boolean,
  extended = false,
): { start: number; end: number } | undefined {
  if (text.startsWith(REDACTED, start)) return undefined;
  const c = text[start];
  if (c === '"' || c === "'") {
    if (text.startsWith(REDACTED + c, start + 1)) return undefined;
    const end = closingQuote(text, start + 1, c, 0);
    // `authSecret="q"++…`: the quote was part of the value, not around it.
    if (!extended || end >= text.length || /[\s&,;}\])]/.test(text[end + 1] ?? ' '))
      return nonEmpty(start + 1, end);
  }
  if (c === '\\' && isQuote(text[start + 1])) {
    if (text.startsWith(REDACTED + '\\', start + 2)) return undefined;
    return nonEmpty(start + 2, closingQuote(text, start + 2, text[start + 1], 1));
  }
  if (extended) return nonEmpty(start, extendedEnd(text, start));
  let end = start;
  while (end < text.length && !BARE_END.test(text[end])) {
    if (encoded && /^%26/i.test(text.slice(end, end + 3))) break;
    end += 1;
  }
  return nonEmpty(start, end);
}

/**
 * Where an unquoted credential value after `=` ends: at the end of the line, where the next pair
 * begins, or at the close of the string it stands in (a URL inside JSON: `"…?authSecret=abc"`; inside
 * a JSON string inside JSON, at its `\"`).
 */
function extendedEnd(text: string, start: number): number {
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const before = text.slice(lineStart, start);
  const escapedQuotes = (before.match(/(?<!\\)\\"/g) ?? []).length;
  const plainQuotes = (before.match(/(?<!\\)"/g) ?? []).length;
  const closer = escapedQuotes % 2 === 1 ? '\\"' : plainQuotes % 2 === 1 ? '"' : undefined;
  let end = start;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') {
    if (closer === '"' && text[end] === '"' && text[end - 1] !== '\\') break;
    if (closer === '\\"' && text.startsWith(closer, end)) break;
    if (end > start && NEXT_PAIR.test(text.slice(end, end + 80))) break;
    end += 1;
  }
  return end;
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

/** A secret as registered: its first MAX_SECRET_CHARS characters. */
const clip = (secret: string): string => secret.slice(0, REDACTOR_LIMITS.MAX_SECRET_CHARS);

/**
 * Every form a secret takes on the wire and in an echo of it: raw; percent-encoded as a component, as
 * a URL (`encodeURI`) and as a form (`+` for space); JSON-escaped; and decoded again (a platform that
 * decodes a query it was sent raw, percent or form style, and repeats it in its error).
 */
function wireForms(secret: string): string[] {
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    encodeURI(secret),
    JSON.stringify(secret).slice(1, -1),
    secret.replace(/\+/g, ' '),
    // A form-encoded query percent-decoded by a platform that leaves `+` alone: spaces read as `+`.
    secret.replace(/ /g, '+'),
  ]);
  for (const text of [secret, secret.replace(/\+/g, ' ')]) {
    try {
      forms.add(decodeURIComponent(text));
    } catch {
      // Not percent-encoded text: no decoded form.
    }
  }
  forms.delete('');
  return [...forms];
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
