/** One held long-lived HTTP connection; `release()` may be called any number of times. */
export interface ConnectionLease {
  readonly origin: string;
  release(): void;
}

export interface ConnectionBudgetOptions {
  /** Chromium's HTTP/1.1 limit per host and port. */
  perOrigin?: number;
  /** Connections kept free for short requests (API calls, HLS segments) to the same origin. */
  reserve?: number;
}

/**
 * Long-lived HTTP connections held per origin by all tiles of a page.
 *
 * Chromium opens at most 6 HTTP/1.1 connections per host and port; a 7th request waits until one
 * closes, and a progressive stream (HTTP-FLV, HTTP-TS, HTTP-fMP4) never closes. So a tile takes a
 * lease before it opens one, and when none is left it must choose a WebSocket, HLS or WebRTC variant
 * (a WebRTC tile's one request, its offer, is short; its media comes over UDP).
 * One budget is shared by every tile of the page (the limit is the browser's, not the tile's).
 */
export class ConnectionBudget {
  readonly limit: number;
  private readonly held = new Map<string, number>();

  constructor(options: ConnectionBudgetOptions = {}) {
    const perOrigin = options.perOrigin ?? 6;
    const reserve = options.reserve ?? 1;
    this.limit = Math.max(0, perOrigin - reserve);
  }

  /** Leases held now for this origin. */
  inUse(origin: string): number {
    return this.held.get(origin) ?? 0;
  }

  available(origin: string): number {
    return Math.max(0, this.limit - this.inUse(origin));
  }

  /** A lease, or null when the origin's long-lived connections are all taken. */
  tryAcquire(origin: string): ConnectionLease | null {
    if (this.available(origin) === 0) return null;
    this.held.set(origin, this.inUse(origin) + 1);
    let released = false;
    return {
      origin,
      release: () => {
        if (released) return;
        released = true;
        const left = this.inUse(origin) - 1;
        if (left > 0) this.held.set(origin, left);
        else this.held.delete(origin);
      },
    };
  }
}
