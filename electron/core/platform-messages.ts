import {
  FieldProblemSchema,
  type ErrorParams,
  type FieldProblem,
  type PlatformErrorKind,
} from '../shared/domain';
import { isRecord } from './json-value';
import { PlatformError } from './platform-error';
import { redactor } from './redact';

const MAX_MESSAGE_CHARS = 300;

/**
 * A failure the server described, as the error to throw.
 *
 * Its words are redacted and flattened to one short line: a server may echo a request or send a
 * whole stack trace.
 */
export function serverFailure(
  kind: PlatformErrorKind,
  message: string,
  opts: {
    status?: number;
    details?: FieldProblem[];
    /** The message is the platform's own words: coded `platform.answered`, to be shown as sent. */
    said?: boolean;
    code?: string;
    params?: ErrorParams;
  },
): PlatformError {
  const { said, ...rest } = opts;
  const words = truncate(redactor.redact(message));
  if (!said) return new PlatformError(kind, words, rest);
  return new PlatformError(kind, words, {
    ...rest,
    code: 'platform.answered',
    params: { ...(opts.status !== undefined && { status: opts.status }), platformMessage: words },
  });
}

/**
 * The server's own words in a JSON answer, wherever a platform may put them.
 *
 * The spec shows no error shape, so the usual names are tried in order, as a string or as an
 * object with a `message`.
 */
export function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (!isRecord(value)) return undefined;
  for (const key of ['message', 'msg', 'error_description', 'error', 'detail']) {
    const field = value[key];
    if (typeof field === 'string' && field.trim() !== '') return field.trim();
    if (isRecord(field) && typeof field.message === 'string' && field.message.trim() !== '')
      return field.message.trim();
  }
  return undefined;
}

/** The well-formed entries of a `details` list; malformed ones are dropped, not fatal. */
export function detailsOf(value: unknown): FieldProblem[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.details)) return undefined;
  const good = value.details.flatMap((d) => {
    const p = FieldProblemSchema.safeParse(d);
    // Only its path and words: a `code` of the platform's own is not one the renderer words.
    return p.success ? [{ path: p.data.path, message: p.data.message }] : [];
  });
  return good.length > 0 ? good : undefined;
}

/** A short plain-text body is the server's words; HTML gives its title; anything else nothing. */
export function plainTextMessage(text: string, contentType: string | null): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/html/i.test(contentType ?? '') || /^<(!doctype|html)/i.test(trimmed)) return htmlTitle(trimmed);
  return trimmed;
}

export function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text) ?? /<h1[^>]*>([^<]{1,200})<\/h1>/i.exec(text);
  const title = m?.[1].replace(/\s+/g, ' ').trim();
  return title ? redactor.redact(title) : undefined;
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_MESSAGE_CHARS ? `${flat.slice(0, MAX_MESSAGE_CHARS - 1)}…` : flat;
}
