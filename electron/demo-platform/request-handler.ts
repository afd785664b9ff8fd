import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { API_ROUTES, type ApiContext } from './api-routes';
import type { Authenticator } from './authenticate';
import { errorBody, PREFLIGHT_HEADERS, sendJson } from './http-reply';
import { DemoHttpError } from './media-backend';
import { readBody } from './read-body';
import { redactedTarget } from './request-log';

export interface HandlerOptions {
  ctx: ApiContext;
  auth: Authenticator;
  latencyMs: number;
  isDown(): boolean;
  log(line: string): void;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function decodeParams(match: RegExpMatchArray): string[] {
  try {
    return match.slice(1).map((p) => decodeURIComponent(p));
  } catch {
    throw new DemoHttpError(400, 'INVALID_PATH', 'The request path is not correctly percent-encoded.');
  }
}

/**
 * One HTTP request, end to end: CORS, outage switch, routing, body, credentials, the matrix,
 * the route, and one log line that never holds a credential.
 */
export function createRequestHandler(options: HandlerOptions) {
  const { ctx, auth } = options;

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    if (options.isDown())
      throw new DemoHttpError(
        503,
        'UNAVAILABLE',
        'The platform is temporarily unavailable. Try again shortly.',
      );

    const matching = API_ROUTES.map((route) => ({ route, match: path.match(route.pattern) })).filter(
      (m) => m.match !== null,
    );
    if (matching.length === 0) throw new DemoHttpError(404, 'NOT_FOUND', `No such endpoint: ${path}`);
    const hit = matching.find((m) => m.route.method === method);
    if (!hit) {
      const allow = [...new Set(matching.map((m) => m.route.method)), 'OPTIONS'].join(', ');
      throw Object.assign(
        new DemoHttpError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allow}.`),
        { allow },
      );
    }
    const params = decodeParams(hit.match!);
    // The body is read (and bounded) first, so a refusal never leaves an unread upload behind.
    const body = method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    if (options.latencyMs > 0) await delay(options.latencyMs);

    const caller = auth.authenticate(
      (name) => query.get(name) ?? headerValue(req.headers[name.toLowerCase()]),
    );
    ctx.access.requireOperation(caller, hit.route.operation);
    const result = await hit.route.handle(ctx, caller, { params, query, body });
    sendJson(res, 200, result);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    // A trailing slash names the same resource.
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
    res.once('close', () => {
      const ms = Math.round(performance.now() - started);
      options.log(`[demo] ${req.method} ${redactedTarget(path, query)} ${res.statusCode} ${ms}ms`);
    });
    try {
      await dispatch(req, res, path, query);
    } catch (error) {
      if (error instanceof DemoHttpError) {
        const headers: Record<string, string> = {};
        if ('allow' in error && typeof error.allow === 'string') headers.Allow = error.allow;
        // An upload refused part-way is not read further: close the connection after the answer.
        if (error.status === 413) headers.Connection = 'close';
        if (error.status === 503) headers['Retry-After'] = '1';
        sendJson(res, error.status, errorBody(error), headers);
        return;
      }
      options.log(
        `[demo] internal error on ${req.method} ${path}: ${error instanceof Error ? error.message : 'unknown'}`,
      );
      sendJson(res, 500, { code: 'INTERNAL', message: 'The platform failed to handle the request.' });
    }
  };
}
