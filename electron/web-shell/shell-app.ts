import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { createStreamBody } from '@hono/node-server/utils/stream';
import { Hono } from 'hono';
import type { Core } from '../core/core';
import type { Logger } from '../core/logger';
import { isChannel } from '../core/run-handler';
import type { AppError, Channel } from '../shared/contract';
import type { EventStream } from './event-stream';
import { messagePage } from './html-pages';
import type { RequestGuard } from './request-guard';
import { readBody } from './request-body';
import { securityHeaders } from './security-headers';
import type { StaticFiles } from './static-files';

/** Bodies above this are refused: the largest input (a provisioning file) is 1 MB of text. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Node's own request is `c.env.incoming`; a call's channel is passed from its checks to its handler. */
type ShellEnv = { Bindings: HttpBindings; Variables: { channel: Channel } };

export interface ShellAppParts {
  guard: RequestGuard;
  files: StaticFiles;
  events: EventStream;
  core: Pick<Core, 'call'>;
  log: Logger;
}

/** The one failure shape of the transport: a Result, as every channel answers. */
function failure(
  kind: AppError['kind'],
  message: string,
  code: string,
  params?: AppError['params'],
): { ok: false; error: AppError } {
  return { ok: false, error: { kind, message, code, ...(params && { params }) } };
}

/** A bare answer for a request too malformed to route (the Node adapter refuses it): still with our headers. */
export function malformedRequest(): Response {
  return new Response('Bad request.', {
    status: 400,
    headers: {
      ...securityHeaders(),
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * The request target as the client sent it: the path not percent-decoded and its `.` and `..` not
 * folded away (the adapter's URL has done both), so the static files decide on exactly what was asked.
 */
function requestTarget(incoming: IncomingMessage | undefined): { path: string; query: URLSearchParams } {
  const target = incoming?.url ?? '/';
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return { path: target, query: new URLSearchParams() };
  return { path: target.slice(0, queryAt), query: new URLSearchParams(target.slice(queryAt + 1)) };
}

/** `/api/<name>` to its channel name; '' when it is not correctly percent-encoded. */
function channelOf(path: string): string {
  try {
    return decodeURIComponent(path.slice('/api/'.length));
  } catch {
    return '';
  }
}

/**
 * The browser shell's HTTP surface.
 *
 * `POST /api/<channel>` runs the core's handler through runHandler (the contract's input schema,
 * the handler, the output schema) and answers the Result as JSON, 200 even for app errors; 4xx
 * are for the transport's own refusals (Host, Origin, token, method, body). `GET /api/events` is
 * the push events as SSE. Anything else is the built renderer. Routes see the raw request path.
 */
export function createShellApp({ guard, files, events, core, log }: ShellAppParts): Hono<ShellEnv> {
  const app = new Hono<ShellEnv>({
    getPath: (_request, options) => requestTarget(options?.env?.incoming).path,
  });

  // Every answer, whatever it is (page, asset, API, refusal, error), carries the security headers;
  // none may be cached unless it says otherwise.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(securityHeaders())) c.header(name, value);
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    log.debug(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });

  // The Host first, for pages and API alike: a foreign one is a DNS-rebinding page.
  app.use(async (c, next) => {
    const refusal = guard.checkHost(c.env.incoming.headers);
    if (refusal) return c.text(refusal.message, refusal.status);
    await next();
  });

  app.use('/api/*', async (c, next) => {
    const headers = c.env.incoming.headers;
    const refusal = guard.checkOrigin(headers) ?? guard.checkSession(headers);
    if (refusal)
      return c.json(
        failure(refusal.status === 401 ? 'auth' : 'forbidden', refusal.message, refusal.code),
        refusal.status,
      );
    await next();
  });

  app.all('/api/events', (c) =>
    c.req.method === 'GET'
      ? events.open(c)
      : c.json(failure('invalid-request', 'Use GET for /api/events.', 'shell.useGet'), 405, { Allow: 'GET' }),
  );

  app.all(
    '/api/*',
    async (c, next) => {
      const channel = channelOf(c.req.path);
      if (!isChannel(channel))
        return c.json(
          failure('invalid-input', `Unknown channel "${channel}".`, 'input.unknownChannel', { channel }),
          404,
        );
      if (c.req.method !== 'POST')
        return c.json(
          failure('invalid-request', `Use POST for ${channel}.`, 'shell.usePost', { channel }),
          405,
          { Allow: 'POST' },
        );
      c.set('channel', channel);
      await next();
    },
    async (c) => {
      const body = await readBody(c.req.raw, MAX_BODY_BYTES);
      if (body.kind === 'too-large')
        // The rest of the upload is not read: close the connection after the answer.
        return c.json(
          failure(
            'invalid-input',
            `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
            'shell.bodyTooLarge',
            {
              max: MAX_BODY_BYTES,
            },
          ),
          413,
          {
            Connection: 'close',
          },
        );
      if (body.kind === 'not-utf8')
        return c.json(
          failure('invalid-input', 'The request body is not UTF-8 text.', 'shell.bodyNotUtf8'),
          400,
        );
      if (body.kind === 'broken')
        return c.json(
          failure('invalid-input', 'The request body could not be read to its end.', 'shell.bodyBroken'),
          400,
        );
      const text = body.text;
      // No body (none sent, or an empty chunked one) is no input: the channel's schema decides.
      let input: unknown;
      if (text.trim() !== '') {
        if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
          return c.json(
            failure('invalid-input', 'Send the input as application/json.', 'shell.notJsonType'),
            415,
          );
        try {
          input = JSON.parse(text);
        } catch {
          return c.json(
            failure('invalid-input', 'The request body is not valid JSON.', 'shell.bodyNotJson'),
            400,
          );
        }
      }
      const result = await core.call(c.get('channel'), input);
      // Input the contract refuses is the caller's mistake, in HTTP terms too (the body says what and where).
      return c.json(result, !result.ok && result.error.kind === 'invalid-input' ? 400 : 200);
    },
  );

  app.all('*', async (c) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return c.text('Method not allowed.', 405, { Allow: 'GET, HEAD' });
    const found = await files.lookup(c.req.path);
    if (found.kind === 'refused') return c.text('Not allowed.', 403);
    if (found.kind === 'missing') return c.text('Not found.', 404);

    const headers: Record<string, string> = {
      'Content-Type': found.type,
      'Content-Length': String(found.size),
    };
    if (found.isHtml) {
      // The page is the app: only a signed-in browser gets it. The first visit signs in with the
      // token of the printed URL (the page then takes the token out of the address bar).
      const viaToken = guard.matches(requestTarget(c.env.incoming).query.get('token') ?? undefined);
      if (!viaToken && !guard.hasSession(c.env.incoming.headers))
        return c.html(
          messagePage(
            'Not signed in',
            'Open the URL that `npm run web` printed: it carries this run’s token. A link from an earlier run no longer works.',
            [
              {
                lang: 'zh-CN',
                title: '未登录',
                text: '请打开 `npm run web` 打印出的网址：它带有本次运行的令牌。之前运行的链接已不再有效。',
              },
            ],
          ),
          401,
        );
      if (viaToken) headers['Set-Cookie'] = guard.sessionCookie();
      headers['Cache-Control'] = 'no-store';
    } else {
      // Vite names bundled assets by their content hash: a name never changes its bytes.
      headers['Cache-Control'] = c.req.path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
    }
    if (method === 'HEAD') return c.body(null, 200, headers);
    return c.body(createStreamBody(createReadStream(found.file)), 200, headers);
  });

  app.onError((error, c) => {
    log.error('request failed', { error: error.message });
    return c.json(failure('internal', 'The browser shell failed on this request.', 'shell.failed'), 500);
  });

  return app;
}
