import type { z } from 'zod';
import { formatPath, kindForStatus } from '../shared/domain';
import { parseJson } from './json-value';
import { detailsOf, htmlTitle, messageOf, plainTextMessage, serverFailure } from './platform-messages';
import { PlatformError } from './platform-error';
import { unwrap } from './platform-wrapper';

/**
 * Status, body and wrapper to a value, or the PlatformError they describe.
 *
 * A redirect is refused (credentials must not follow it), any other non-2xx is an error in the
 * server's words, an empty or non-JSON 2xx is a bad response, and a JSON answer is unwrapped.
 */
export function interpret(response: Response, text: string): unknown {
  const { status } = response;
  const json = parseJson(text);

  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    const target = location ? originAndPath(location, response.url) : undefined;
    const where = target ? ` to ${target}` : '';
    throw new PlatformError(
      'server',
      `The platform answered with a redirect (HTTP ${status})${where}; use that address as the platform URL.`,
      target
        ? { status, code: 'platform.redirect', params: { status, location: target } }
        : { status, code: 'platform.redirectNowhere', params: { status } },
    );
  }

  if (status < 200 || status >= 300) {
    const words = json.ok
      ? messageOf(json.value)
      : plainTextMessage(text, response.headers.get('content-type'));
    throw serverFailure(
      kindForStatus(status),
      words ?? `The platform answered HTTP ${status}${statusText(response)}.`,
      {
        status,
        details: json.ok ? detailsOf(json.value) : undefined,
        // The platform's words are its own, shown as sent; with none, the core words the status.
        said: words !== undefined,
        ...(words === undefined && { code: 'platform.noWords', params: { status } }),
      },
    );
  }

  if (text.trim() === '')
    throw new PlatformError('bad-response', `The platform's answer (HTTP ${status}) is empty.`, {
      code: 'platform.emptyAnswer',
      params: { status },
    });
  if (!json.ok) {
    const type = response.headers.get('content-type') || 'no content type';
    const title = htmlTitle(text);
    throw new PlatformError(
      'bad-response',
      `The platform's answer is not JSON (${type}, ${text.length} characters${title ? `, titled "${title}"` : ''}).`,
      {
        code: title ? 'platform.notJsonTitled' : 'platform.notJson',
        params: { type, length: text.length, ...(title && { title }) },
      },
    );
  }
  return unwrap(json.value);
}

/** Which answer of the platform's is read: the code of its words (errors:platform.what.*). */
export type AnswerKind = 'stream' | 'devicePage' | 'productPage' | 'templateResult';

/** The answers' English words, for the core's own (English) message. */
const ANSWER_ENGLISH: Record<AnswerKind, string> = {
  stream: 'stream',
  devicePage: 'device page',
  productPage: 'product page',
  templateResult: 'template result',
};

/**
 * An unwrapped answer checked against its domain schema.
 *
 * A mismatch names the first three offending paths, so a user can tell the platform's maker what
 * was wrong.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, raw: unknown, what: AnswerKind): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const first = result.error.issues.slice(0, 3);
  const issues = first.map((i) => `${formatPath(i.path) || '(top)'}: ${i.message}`);
  const more = result.error.issues.length > 3 ? `; and ${result.error.issues.length - 3} more` : '';
  throw new PlatformError(
    'bad-response',
    `The platform's ${ANSWER_ENGLISH[what]} is not in the expected shape: ${issues.join('; ')}${more}.`,
    {
      code: 'platform.badShape',
      params: {
        what,
        paths: first.map((i) => formatPath(i.path) || '(top)').join(', '),
        count: result.error.issues.length,
      },
    },
  );
}

function statusText(response: Response): string {
  return response.statusText ? ` ${response.statusText}` : '';
}

/** A redirect target without its query, which may echo credentials. */
function originAndPath(location: string, base: string): string {
  try {
    const url = new URL(location, base || undefined);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'another address';
  }
}
