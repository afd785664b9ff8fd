import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { StreamingApi } from 'hono/utils/stream';
import { events, type EventName, type EventPayload } from '../shared/contract';
import type { Logger } from '../core/logger';

const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the stream broke. */
const RETRY_MS = 2_000;

/** One open stream, and how to end its response. */
interface Client {
  stream: StreamingApi;
  end(): void;
}

/**
 * The core's push events as Server-Sent Events (`GET /api/events`).
 *
 * Each payload is parsed with the contract's event schema on the way out, as channel outputs are,
 * so a field no view declares (a secret, say) can never ride along. A comment line every 15 s keeps
 * idle proxies and the browser from giving up on a quiet stream, and shows a dead client early.
 */
export class EventStream {
  private readonly clients = new Set<Client>();
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

  /** The answer to `GET /api/events`: a stream that stays open for as long as the client stays. */
  open(c: Context): Response {
    c.header('Content-Type', 'text/event-stream; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    c.header('Connection', 'keep-alive');
    // Also what tells the Node adapter to send each event at once rather than gather the body.
    c.header('X-Accel-Buffering', 'no');
    return stream(
      c,
      (opened) =>
        new Promise<void>((end) => {
          const client: Client = { stream: opened, end };
          opened.onAbort(() => {
            this.clients.delete(client);
            end();
          });
          void opened.write(`retry: ${RETRY_MS}\n: connected\n\n`);
          this.clients.add(client);
        }),
    );
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
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(chunk: string): void {
    for (const client of this.clients) {
      if (client.stream.aborted || client.stream.closed) this.clients.delete(client);
      else void client.stream.write(chunk);
    }
  }
}
