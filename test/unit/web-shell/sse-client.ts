import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
}

/** A minimal EventSource for tests: collects comments and events, resolves waits as they arrive. */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** Everything received, byte for byte (for scans). */
  raw = '';
  status = 0;
  contentType = '';
  private buffer = '';
  private waiters: (() => void)[] = [];
  private res: IncomingMessage | undefined;

  static open(port: number, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/events', headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          client.res = res;
          client.status = res.statusCode ?? 0;
          client.contentType = String(res.headers['content-type'] ?? '');
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => client.receive(chunk));
          // Resolve once the stream's preamble arrived: the server has registered us by then.
          client.until(() => client.comments.includes('connected')).then(() => resolve(client), reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  async until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(`SSE: condition not met in ${timeoutMs} ms; got ${this.raw}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.res?.destroy();
  }

  private receive(chunk: string): void {
    this.raw += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) this.events.push({ event, data: data.join('\n') });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }
}
