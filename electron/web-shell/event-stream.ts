import type { ServerResponse } from 'node:http';
import { events, type EventName, type EventPayload } from '../shared/contract';
import type { Logger } from '../core/logger';

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the stream broke. */
const RETRY_MS = 2_000;

/**
 * The core's push events as Server-Sent Events (`GET /api/events`).
 *
 * Each payload is parsed with the contract's event schema on the way out, as channel outputs are,
 * so a field no view declares (a secret, say) can never ride along. A comment line every 15 s keeps
 * idle proxies and the browser from giving up on a quiet stream, and shows a dead client early.
 */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    heartbeatMs: number = HEARTBEAT_MS,
  ) {
    this.timer = setInterval(() => this.broadcast(': heartbeat\n\n'), heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Take over a response (headers given by the caller) for as long as the client stays. */
  attach(res: ServerResponse, headers: Record<string, string>): void {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  publish<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) {
      this.log.error(`event ${event} does not match its contract: not sent`);
      return;
    }
    this.broadcast(`event: ${event}\ndata: ${JSON.stringify(parsed.data)}\n\n`);
  }

  close(): void {
    clearInterval(this.timer);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private broadcast(chunk: string): void {
    for (const res of this.clients) {
      if (res.writableEnded || res.destroyed) this.clients.delete(res);
      else res.write(chunk);
    }
  }
}
