import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { z } from 'zod';
import { errorReply, limitBody, malformedRequest, MethodNotAllowedError, onDemoError } from '../http-reply';
import { DemoHttpError } from '../media-backend';
import { FaultSchema, type FaultController } from './fault-controller';

const MAX_BODY_BYTES = 16 * 1024;
const METHODS = ['GET', 'POST', 'DELETE'];

const SetFaultSchema = z.object({ target: z.string().min(1).max(256), fault: FaultSchema });

/** Loopback peers only: 127.0.0.0/8 and ::1, plain or IPv4-mapped. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * The fault switchboard: `GET /admin/faults` lists, `POST /admin/faults` `{target, fault}` sets,
 * `DELETE /admin/faults[?target=]` clears one or all.
 *
 * Loopback peers only. No CORS headers, and POST must be `application/json`, so a web page cannot reach
 * it from a browser (a JSON POST needs a preflight this endpoint never grants). Failures are the
 * platform's `{code, message, details?}`.
 */
export function adminListener(
  faults: FaultController,
  log: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(async (c, next) => {
    if (!isLoopback(getConnInfo(c).remote.address))
      throw new DemoHttpError(403, 'FORBIDDEN', 'The admin endpoint answers loopback clients only.');
    await next();
  });
  app.use('/admin/faults', async (c, next) => {
    if (!METHODS.includes(c.req.method))
      throw new MethodNotAllowedError(METHODS.join(', '), `${c.req.method} is not allowed here.`);
    await next();
  });

  app.get('/admin/faults', (c) =>
    c.json({ faults: faults.list().map(({ target, fault }) => ({ target, fault })) }),
  );
  app.delete('/admin/faults', (c) => c.json({ cleared: faults.clear(c.req.query('target')) }));
  app.post(
    '/admin/faults',
    async (c, next) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json'))
        throw new DemoHttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fault as application/json.');
      await next();
    },
    limitBody(MAX_BODY_BYTES),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new DemoHttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
      }
      const parsed = SetFaultSchema.safeParse(body);
      if (!parsed.success)
        throw new DemoHttpError(
          400,
          'INVALID_FAULT',
          'Send {"target": "<deviceKey or streamId>", "fault": {"type": ...}}.',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      const active = faults.set(parsed.data.target, parsed.data.fault);
      return c.json({ target: active.target, fault: active.fault });
    },
  );

  app.notFound((c) =>
    errorReply(c, new DemoHttpError(404, 'NOT_FOUND', `No such admin endpoint: ${c.req.path}`)),
  );
  app.onError(onDemoError(log));
  return getRequestListener(app.fetch, { overrideGlobalObjects: false, errorHandler: malformedRequest() });
}
