import { setTimeout as delay } from 'node:timers/promises';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { getPath } from 'hono/utils/url';
import { API_ROUTES, type ApiContext } from './api-routes';
import type { Authenticator } from './authenticate';
import { CORS_OPTIONS, errorReply, limitBody, MethodNotAllowedError, onDemoError } from './http-reply';
import { DemoHttpError } from './media-backend';
import { redactedTarget } from './request-log';

/** The largest request body the platform accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiAppOptions {
  ctx: ApiContext;
  auth: Authenticator;
  latencyMs: number;
  isDown(): boolean;
  log(line: string): void;
}

/** Hono's path, where a trailing slash names the same resource. */
function pathOf(request: Request): string {
  const path = getPath(request);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The path parameters of a route, by name in path order. */
const paramNames = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/**
 * The demo platform's API: CORS, outage switch, routing, body, credentials, the matrix, the route,
 * and one log line per request, which never holds a credential.
 *
 * A path parameter that is not correctly percent-encoded is a 400, not a guess.
 */
export function createApiApp(options: ApiAppOptions): Hono {
  const { ctx, auth } = options;
  const app = new Hono({ getPath: pathOf });

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    const query = new URL(c.req.url).searchParams;
    options.log(`[demo] ${c.req.method} ${redactedTarget(c.req.path, query)} ${c.res.status} ${ms}ms`);
  });
  app.use(cors(CORS_OPTIONS));
  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (options.isDown())
      throw new DemoHttpError(
        503,
        'UNAVAILABLE',
        'The platform is temporarily unavailable. Try again shortly.',
      );
    await next();
  });

  // A path the platform knows, asked with a method it does not take there: 405 with Allow.
  for (const path of new Set(API_ROUTES.map((r) => r.path))) {
    const methods = API_ROUTES.filter((r) => r.path === path).map((r) => r.method);
    const allow = [...new Set(methods), 'OPTIONS'].join(', ');
    app.use(path, async (c, next) => {
      const method = c.req.method;
      if (!methods.some((m) => m === method))
        throw new MethodNotAllowedError(allow, `${method} is not allowed on ${c.req.path}; use ${allow}.`);
      await next();
    });
  }

  for (const route of API_ROUTES) {
    const names = paramNames(route.path);
    const limit = route.method === 'POST' ? [limitBody(MAX_BODY_BYTES)] : [];
    app.on(
      route.method,
      route.path,
      async (c, next) => {
        try {
          decodeURIComponent(c.req.path);
        } catch {
          throw new DemoHttpError(400, 'INVALID_PATH', 'The request path is not correctly percent-encoded.');
        }
        await next();
      },
      ...limit,
      async (c) => {
        const params = names.map((name) => c.req.param(name) ?? '');
        // The body is read (and bounded) first, so a refusal never leaves an unread upload behind.
        const body = route.method === 'POST' ? Buffer.from(await c.req.arrayBuffer()) : Buffer.alloc(0);
        if (options.latencyMs > 0) await delay(options.latencyMs);
        const query = new URL(c.req.url).searchParams;
        const caller = auth.authenticate((name) => query.get(name) ?? c.req.header(name));
        ctx.access.requireOperation(caller, route.operation);
        return c.json(await route.handle(ctx, caller, { params, query, body }));
      },
    );
  }

  app.notFound((c) => errorReply(c, new DemoHttpError(404, 'NOT_FOUND', `No such endpoint: ${c.req.path}`)));
  app.onError(onDemoError(options.log));
  return app;
}
