import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../../electron/shared/contract';
import { forgetUrlToken } from '../../../src/lib/forget-url-token';
import { createHttpTransport } from '../../../src/lib/http-transport';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

/** fetch as the signed-in page would send it (the cookie stands in as a Bearer header in Node). */
const signedIn = (): typeof fetch => (url, init) =>
  fetch(url, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${f.shell.token}` },
  });

describe('the renderer bridge over HTTP (src/lib/http-transport)', () => {
  it('calls channels through the same Api the preload gives', async () => {
    const api = buildApi(createHttpTransport({ baseUrl: f.shell.origin, fetch: signedIn() }));
    expect(await api.app.info()).toMatchObject({ ok: true, value: { shell: 'web' } });
    expect(await api.settings.set({ statsOverlay: true })).toMatchObject({
      ok: true,
      value: { statsOverlay: true },
    });
    const bad = await api.layouts.save({
      name: '',
      profileId: 'x',
      grid: { columns: 0, rows: 1 },
      tiles: [],
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!bad.ok && bad.error.details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(['name', 'grid.columns']),
    );
  });

  it('turns refusals and network failures into typed results, never throws', async () => {
    const notSignedIn = buildApi(createHttpTransport({ baseUrl: f.shell.origin }));
    expect(await notSignedIn.profiles.list()).toMatchObject({ ok: false, error: { kind: 'auth' } });

    const down = buildApi(createHttpTransport({ baseUrl: 'http://127.0.0.1:1' }));
    expect(await down.profiles.list()).toMatchObject({ ok: false, error: { kind: 'network' } });

    const html = buildApi(
      createHttpTransport({ fetch: async () => new Response('<html>proxy error</html>', { status: 502 }) }),
    );
    expect(await html.app.info()).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining('502') },
    });

    const odd = buildApi(createHttpTransport({ fetch: async () => Response.json({ hello: 1 }) }));
    expect(await odd.app.info()).toMatchObject({ ok: false, error: { kind: 'bad-response' } });

    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const local = buildApi(createHttpTransport({ fetch: signedIn() }));
    expect(await local.settings.set(cyclic as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
  });

  it('sends no body for a call without input, and JSON otherwise, same-origin credentials only', async () => {
    const sent: RequestInit[] = [];
    const transport = createHttpTransport({
      fetch: async (url, init) => {
        sent.push({ ...init, body: init?.body, headers: init?.headers });
        expect(url).toMatch(/^\/api\/(app:info|settings:set)$/);
        return Response.json({ ok: true, value: null });
      },
    });
    await transport.invoke('app:info', undefined);
    await transport.invoke('settings:set', { statsOverlay: true });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: undefined,
      headers: {},
    });
    expect(sent[1]).toMatchObject({
      body: '{"statsOverlay":true}',
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (e: { data: string }) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(name: string, data: unknown): void {
    for (const l of this.listeners.get(name) ?? []) l({ data: JSON.stringify(data) });
  }
  fail(): void {
    this.readyState = 2;
    this.onerror?.();
  }
}

describe('the renderer bridge: push events', () => {
  it('shares one EventSource among all listeners and closes it when the last one leaves', () => {
    FakeEventSource.opened = [];
    const transport = createHttpTransport({
      createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    });
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = transport.on('profiles:changed', (p) => a.push(p));
    const offB = transport.on('settings:changed', (p) => b.push(p));
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe('/api/events');
    source.emit('profiles:changed', { profiles: [] });
    source.emit('settings:changed', { settings: 1 });
    expect(a).toEqual([{ profiles: [] }]);
    expect(b).toEqual([{ settings: 1 }]);
    offA();
    expect(source.closed).toBe(false);
    offB();
    expect(source.closed).toBe(true);
  });

  it('reopens a stream the browser gave up on, for as long as someone listens', () => {
    vi.useFakeTimers();
    try {
      FakeEventSource.opened = [];
      const transport = createHttpTransport({
        createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
        reopenMs: 100,
      });
      const got: unknown[] = [];
      const off = transport.on('app:notice', (p) => got.push(p));
      FakeEventSource.opened[0].fail();
      expect(FakeEventSource.opened).toHaveLength(1);
      vi.advanceTimersByTime(100);
      expect(FakeEventSource.opened).toHaveLength(2);
      FakeEventSource.opened[1].emit('app:notice', { id: 'n' });
      expect(got).toEqual([{ id: 'n' }]);
      off();
      FakeEventSource.opened[1].fail();
      vi.advanceTimersByTime(10_000);
      expect(FakeEventSource.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('forgetUrlToken', () => {
  it('takes only the token out of the address bar, keeping the rest', () => {
    const replaced: string[] = [];
    const history = {
      state: { s: 1 },
      replaceState: (_s: unknown, _t: string, url?: string | URL | null) => replaced.push(String(url)),
    };
    expect(forgetUrlToken({ href: 'http://127.0.0.1:5000/wall/a?token=abc&kiosk=1#tile-2' }, history)).toBe(
      true,
    );
    expect(replaced).toEqual(['/wall/a?kiosk=1#tile-2']);
    expect(forgetUrlToken({ href: 'http://127.0.0.1:5000/?x=1' }, history)).toBe(false);
    expect(replaced).toHaveLength(1);
  });
});
