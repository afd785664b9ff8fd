import type { ServerResponse } from 'node:http';
import { CREDENTIAL_FIELDS } from '../shared/domain';
import type { DemoHttpError } from './media-backend';

/** Every credential parameter name, as a header a browser may send. */
const CREDENTIAL_HEADERS = Object.values(CREDENTIAL_FIELDS).flatMap((f) => [...f.keys, ...f.secrets]);

/** CORS for every answer: the renderer may call the demo platform straight from a browser in tests. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': ['Content-Type', ...CREDENTIAL_HEADERS].join(', '),
  'Access-Control-Max-Age': '600',
};

/** The JSON error body of every failure: `{code, message, details?}`. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function errorBody(error: DemoHttpError): ErrorBody {
  return error.details
    ? { code: error.code, message: error.message, details: error.details }
    : { code: error.code, message: error.message };
}
