import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { FaultSchema, type FaultController } from './fault-controller';

const MAX_BODY_BYTES = 16 * 1024;

const SetFaultSchema = z.object({ target: z.string().min(1).max(256), fault: FaultSchema });

/** Loopback peers only: 127.0.0.0/8 and ::1, plain or IPv4-mapped. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The fault switchboard: `GET /admin/faults` lists, `POST /admin/faults` `{target, fault}` sets,
 * `DELETE /admin/faults[?target=]` clears one or all.
 *
 * Loopback peers only. No CORS headers, and POST must be `application/json`, so a web page cannot reach
 * it from a browser (a JSON POST needs a preflight this endpoint never grants).
 */
export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  faults: FaultController,
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) {
    json(res, 403, { code: 'FORBIDDEN', message: 'The admin endpoint answers loopback clients only.' });
    return;
  }
  if (url.pathname !== '/admin/faults') {
    json(res, 404, { code: 'NOT_FOUND', message: `No such admin endpoint: ${url.pathname}` });
    return;
  }
  if (req.method === 'GET') {
    json(res, 200, { faults: faults.list().map(({ target, fault }) => ({ target, fault })) });
    return;
  }
  if (req.method === 'DELETE') {
    const target = url.searchParams.get('target') ?? undefined;
    json(res, 200, { cleared: faults.clear(target) });
    return;
  }
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'GET, POST, DELETE');
    json(res, 405, { code: 'METHOD_NOT_ALLOWED', message: `${req.method} is not allowed here.` });
    return;
  }
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    json(res, 415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the fault as application/json.' });
    return;
  }
  const text = await readBody(req);
  if (text === undefined) {
    json(res, 413, { code: 'TOO_LARGE', message: 'The request body is too large.' });
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    json(res, 400, { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
    return;
  }
  const parsed = SetFaultSchema.safeParse(body);
  if (!parsed.success) {
    json(res, 400, {
      code: 'INVALID_FAULT',
      message: 'Send {"target": "<deviceKey or streamId>", "fault": {"type": ...}}.',
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
    return;
  }
  const active = faults.set(parsed.data.target, parsed.data.fault);
  json(res, 200, { target: active.target, fault: active.fault });
}
