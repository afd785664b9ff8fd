import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';

/** Where a viewer's bytes go: an HTTP response or a WebSocket. */
export interface Transport {
  /** Write these chunks in order, as one unit (one WebSocket message). */
  send(chunks: Buffer[]): void;
  /** Bytes accepted but not yet handed to the kernel. */
  buffered(): number;
  /** Finish normally once written. */
  end(): void;
  /** Cut the connection at once. */
  destroy(): void;
  onClose(listener: () => void): void;
}

export class HttpTransport implements Transport {
  constructor(private readonly res: ServerResponse) {}

  send(chunks: Buffer[]): void {
    if (this.res.destroyed || this.res.writableEnded) return;
    if (chunks.length === 1) {
      this.res.write(chunks[0]);
      return;
    }
    this.res.cork();
    for (const chunk of chunks) this.res.write(chunk);
    this.res.uncork();
  }

  buffered(): number {
    return this.res.writableLength;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  destroy(): void {
    this.res.destroy();
    this.res.socket?.destroy();
  }

  onClose(listener: () => void): void {
    this.res.once('close', listener);
  }
}

export class WsTransport implements Transport {
  constructor(private readonly ws: WebSocket) {}

  send(chunks: Buffer[]): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), { binary: true });
  }

  buffered(): number {
    return this.ws.bufferedAmount;
  }

  end(): void {
    this.ws.close(1000);
  }

  destroy(): void {
    this.ws.terminate();
  }

  onClose(listener: () => void): void {
    this.ws.once('close', listener);
  }
}

const PACE_INTERVAL_MS = 50;

/**
 * A transport that, when given a rate, lets bytes out no faster than that (the `throttle` fault).
 * Without a rate it passes everything straight through.
 */
export class PacedTransport implements Transport {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private bytesPerMs = 0;
  private allowance = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private ending = false;

  constructor(private readonly inner: Transport) {
    inner.onClose(() => this.stopTimer());
  }

  setRate(kbps: number | undefined): void {
    if (kbps === undefined) {
      this.bytesPerMs = 0;
      this.stopTimer();
      this.flushAll();
      return;
    }
    this.bytesPerMs = (kbps * 1000) / 8 / 1000;
    this.last = performance.now();
    this.allowance = 0;
    this.timer ??= setInterval(() => this.drain(), PACE_INTERVAL_MS);
  }

  send(chunks: Buffer[]): void {
    if (this.bytesPerMs === 0) {
      this.inner.send(chunks);
      return;
    }
    for (const chunk of chunks) {
      this.queue.push(chunk);
      this.queued += chunk.length;
    }
  }

  buffered(): number {
    return this.queued + this.inner.buffered();
  }

  end(): void {
    this.ending = true;
    if (this.queued === 0) this.inner.end();
  }

  destroy(): void {
    this.stopTimer();
    this.inner.destroy();
  }

  onClose(listener: () => void): void {
    this.inner.onClose(listener);
  }

  private drain(): void {
    const now = performance.now();
    this.allowance = Math.min(
      this.allowance + (now - this.last) * this.bytesPerMs,
      this.bytesPerMs * PACE_INTERVAL_MS * 2,
    );
    this.last = now;
    const out: Buffer[] = [];
    while (this.queue.length > 0 && this.allowance >= 1) {
      const head = this.queue[0];
      const take = Math.min(head.length, Math.floor(this.allowance));
      out.push(take === head.length ? head : head.subarray(0, take));
      if (take === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(take);
      this.queued -= take;
      this.allowance -= take;
    }
    if (out.length > 0) this.inner.send(out);
    if (this.ending && this.queued === 0) this.inner.end();
  }

  private flushAll(): void {
    if (this.queue.length > 0) this.inner.send(this.queue.splice(0));
    this.queued = 0;
    if (this.ending) this.inner.end();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
