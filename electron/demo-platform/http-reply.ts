import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CREDENTIAL_FIELDS } from '../shared/domain';
import { DemoHttpError } from './media-backend';

/** Every credential parameter name, as a header a browser may send. */
const CREDENTIAL_HEADERS = Object.values(CREDENTIAL_FIELDS).flatMap((f) => [...f.keys, ...f.secrets]);

/** CORS of the API (hono/cors): the renderer may call the demo platform straight from a browser in tests. */
export const CORS_OPTIONS = {
  origin: '*',
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', ...CREDENTIAL_HEADERS],
  maxAge: 600,
};

/** The JSON error body of every failure: `{code, message, details?}`. */
interface ErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

/** A 405 that names the methods the path does take. */
export class MethodNotAllowedError extends DemoHttpError {
  constructor(
    readonly allow: string,
    message: string,
  ) {
    super(405, 'METHOD_NOT_ALLOWED', message);
  }
}

function errorBody(error: DemoHttpError): ErrorBody {
  return error.details
    ? { code: error.code, message: error.message, details: error.details }
    : { code: error.code, message: error.message };
}

/** The answer to a DemoHttpError: its status and `{code, message, details?}`, with the headers its status needs. */
export function errorReply(c: Context, error: DemoHttpError): Response {
  const headers: Record<string, string> = {};
  if (error instanceof MethodNotAllowedError) headers.Allow = error.allow;
  // An upload refused part-way is not read further: close the connection after the answer.
  if (error.status === 413) headers.Connection = 'close';
  if (error.status === 503) headers['Retry-After'] = '1';
  return c.json(errorBody(error), error.status as ContentfulStatusCode, headers);
}

/**
 * Hono's onError for the platform's apps: a DemoHttpError is answered as such; anything else is a
 * 500 whose body says nothing of what failed (`log` gets that, once).
 */
export function onDemoError(log: (line: string) => void): ErrorHandler {
  return (error, c) => {
    if (error instanceof DemoHttpError) return errorReply(c, error);
    log(`[demo] internal error on ${c.req.method} ${c.req.path}: ${error.message}`);
    return c.json({ code: 'INTERNAL', message: 'The platform failed to handle the request.' }, 500);
  };
}

/**
 * For Node's adapter (its `errorHandler`): a request target it cannot parse (a backslash in the
 * path, say) is still answered `{code, message}`, with `headers`.
 */
export function malformedRequest(headers: Record<string, string> = {}): () => Response {
  const body = errorBody(new DemoHttpError(400, 'INVALID_PATH', 'The request target is malformed.'));
  return () => Response.json(body, { status: 400, headers });
}

/**
 * Request bodies of at most `maxBytes` (hono/body-limit): a declared Content-Length over the limit
 * is refused before anything is read; a body without one is counted as it arrives and refused at
 * the limit, so a hostile client cannot make the server buffer without bound. 413 PAYLOAD_TOO_LARGE.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new DemoHttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`);
    },
  });
}
