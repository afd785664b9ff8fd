import { SECRET_FIELD_NAMES } from '../shared/domain';

export const REDACTED = '[REDACTED]';

const SECRET_NAMES = new Set<string>(SECRET_FIELD_NAMES);

/**
 * `authSecret=…`, `"querySecret":"…"`, `queryToken: …`: a secret named by its field, caught even when
 * its value was never registered (a server echoing a query string it was sent by someone else).
 */
const NAMED_SECRET = new RegExp(
  `(${SECRET_FIELD_NAMES.join('|')})((?:\\\\?["'])?\\s*[:=]\\s*(?:\\\\?["'])?)([^\\s"'&,;}\\]\\\\]+)`,
  'gi',
);

/**
 * Removes secrets from text and values before they reach a log, an error or the renderer.
 *
 * Secrets are registered by value (every form they may take on the wire: raw, URL-encoded,
 * form-encoded, JSON-escaped) and are also recognised by their field names. Replacing the
 * longest first means a secret that contains another is never half-redacted.
 */
export class Redactor {
  private readonly forms = new Set<string>();
  private ordered: string[] = [];

  add(secret: string): void {
    if (typeof secret !== 'string' || secret === '') return;
    const before = this.forms.size;
    for (const form of wireForms(secret)) if (form !== '') this.forms.add(form);
    if (this.forms.size !== before) this.ordered = [...this.forms].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = String(text);
    for (const form of this.ordered) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out.replace(NAMED_SECRET, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  }

  /**
   * A deep copy with every string redacted and every secret-named field blanked. Errors stay
   * errors (same prototype) so callers can still tell them apart; cycles are kept as cycles.
   */
  redactValue<T>(value: T): T {
    return this.copy(value, new WeakMap()) as T;
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
          value: SECRET_NAMES.has(key) ? REDACTED : this.copy(field, seen),
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
      for (const [k, v] of value) out.set(k, SECRET_NAMES.has(String(k)) ? REDACTED : this.copy(v, seen));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) return this.redact(describe(value));
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    for (const [key, field] of Object.entries(value)) {
      out[key] = SECRET_NAMES.has(key) && field !== undefined ? REDACTED : this.copy(field, seen);
    }
    return out;
  }
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
