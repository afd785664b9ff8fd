import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { scanText, type Leak } from './needles';

/** Media and live streams: their bodies are video (and never end), so only their URL and headers count. */
const BINARY_TYPE = /video\/|audio\/|octet-stream|event-stream|mp2t|mp4|x-flv|image\//i;

/** What a browser context received and requested, collected as it happens. */
export class Evidence {
  readonly responses: { url: string; status: number; headers: string; body?: string }[] = [];
  readonly bodyFailures: { url: string; error: string }[] = [];
  readonly requestUrls: string[] = [];
  readonly webSockets: { url: string; textFrames: string[] }[] = [];
  readonly console: string[] = [];
  private readonly pending: Promise<void>[] = [];
  /** API calls sent and not yet answered in full. */
  private readonly inFlight = new Set<Request>();
  private idle: (() => void)[] = [];

  attach(context: BrowserContext, existing: Page[] = []): void {
    const isCall = (r: Request) => /^\/api\/(?!events$)/.test(new URL(r.url()).pathname);
    const done = (r: Request) => {
      this.inFlight.delete(r);
      if (this.inFlight.size > 0) return;
      const waiting = this.idle;
      this.idle = [];
      for (const resolve of waiting) resolve();
    };
    context.on('request', (r) => {
      this.requestUrls.push(r.url());
      if (isCall(r)) this.inFlight.add(r);
    });
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    context.on('response', (r) => this.pending.push(this.record(r)));
    const watch = (page: Page) => {
      page.on('console', (m) => this.console.push(`${m.type()}: ${m.text()}`));
      page.on('websocket', (ws) => {
        const entry = { url: ws.url(), textFrames: [] as string[] };
        this.webSockets.push(entry);
        ws.on('framereceived', (f) => {
          if (typeof f.payload === 'string') entry.textFrames.push(f.payload);
        });
        ws.on('framesent', (f) => {
          if (typeof f.payload === 'string') entry.textFrames.push(f.payload);
        });
      });
    };
    context.on('page', watch);
    existing.forEach(watch);
  }

  private async record(r: Response): Promise<void> {
    const entry: (typeof this.responses)[number] = { url: r.url(), status: r.status(), headers: '' };
    this.responses.push(entry);
    try {
      const headers = await r.allHeaders();
      entry.headers = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      if (BINARY_TYPE.test(headers['content-type'] ?? '') || r.request().method() === 'HEAD') return;
      entry.body = (await r.body()).toString('utf8');
    } catch (error) {
      this.bodyFailures.push({ url: r.url(), error: String(error) });
    }
  }

  /**
   * Wait until no API call is in flight and every body is read: a body must be read before the page
   * navigates, or the browser drops it.
   */
  async quiet(): Promise<void> {
    if (this.inFlight.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    await this.settle();
  }

  /** Wait for every body read so far. */
  async settle(): Promise<void> {
    for (let seen = 0; seen < this.pending.length;) {
      const batch = this.pending.slice(seen);
      seen = this.pending.length;
      await Promise.all(batch);
    }
  }

  scan(found: Leak[]): void {
    for (const r of this.responses) {
      scanText(`response URL ${r.url}`, r.url, found);
      scanText(`response headers ${r.url}`, r.headers, found);
      scanText(`response body ${r.url}`, r.body, found);
    }
    for (const url of this.requestUrls) scanText(`requested URL ${url.slice(0, 120)}`, url, found);
    for (const ws of this.webSockets) {
      scanText(`websocket URL ${ws.url}`, ws.url, found);
      for (const frame of ws.textFrames) scanText(`websocket frame ${ws.url}`, frame, found);
    }
    for (const line of this.console) scanText('console', line, found);
  }
}
