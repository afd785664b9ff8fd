import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpTransport, createServiceContact } from '../../../../src/lib/http-transport';

/** An EventSource the test drives: open it, break it, as the browser would. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(): void {}
  close(): void {
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The connection broke; the browser reconnects by itself (CONNECTING) unless `closed`. */
  fail(closed = false): void {
    this.readyState = closed ? 2 : 0;
    this.onerror?.();
  }
}

/** A fetch whose answer the test switches: up (a Result), down (a connection error), or signed out. */
function switchableFetch() {
  let mode: 'up' | 'down' | 'signed-out' = 'up';
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(url);
    if (mode === 'down') throw new TypeError('Failed to fetch');
    if (mode === 'signed-out')
      return Response.json({ ok: false, error: { kind: 'auth', message: 'x' } }, { status: 401 });
    return Response.json({ ok: true, value: null });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, set: (m: typeof mode) => (mode = m) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('contact with the browser shell (src/lib/http-transport)', () => {
  it('reports lost contact, since when, when a call cannot connect, and ok again at the next answer', async () => {
    let now = Date.parse('2026-11-24T21:04:00Z');
    const contact = createServiceContact(() => now);
    const net = switchableFetch();
    const transport = createHttpTransport({ fetch: net.fetch, contact });
    const seen: string[] = [];
    contact.subscribe(() => seen.push(contact.get().state));

    await transport.invoke('app:info', undefined);
    expect(contact.get()).toEqual({ state: 'ok' });

    net.set('down');
    const failed = await transport.invoke('profiles:list', undefined);
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(contact.get()).toEqual({ state: 'lost', since: Date.parse('2026-11-24T21:04:00Z') });
    // A second failure keeps the first time: the banner says since when, not since the last try.
    now += 60_000;
    await transport.invoke('profiles:list', undefined);
    expect(contact.get()).toEqual({ state: 'lost', since: Date.parse('2026-11-24T21:04:00Z') });

    net.set('up');
    await transport.invoke('profiles:list', undefined);
    expect(contact.get()).toEqual({ state: 'ok' });
    expect(seen).toEqual(['lost', 'ok']);
  });

  it('says so when the shell answers but no longer knows this page (restarted with a new token)', async () => {
    const contact = createServiceContact(() => 5);
    const net = switchableFetch();
    net.set('signed-out');
    await createHttpTransport({ fetch: net.fetch, contact }).invoke('app:info', undefined);
    expect(contact.get()).toEqual({ state: 'signed-out', since: 5 });
  });

  it('notices a broken event stream, asks the shell every few seconds, and is back when it answers', async () => {
    vi.useFakeTimers();
    const contact = createServiceContact(() => 1_000);
    const net = switchableFetch();
    const transport = createHttpTransport({
      fetch: net.fetch,
      contact,
      probeMs: 3_000,
      createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    });
    const stop = transport.on('profiles:changed', () => undefined);
    const stream = FakeEventSource.last!;
    stream.open();
    expect(contact.get().state).toBe('ok');

    net.set('down');
    stream.fail();
    expect(contact.get()).toEqual({ state: 'lost', since: 1_000 });
    expect(net.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(net.calls).toEqual(['/api/app:info']);
    expect(contact.get().state).toBe('lost');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(net.calls).toHaveLength(2);

    net.set('up');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(contact.get()).toEqual({ state: 'ok' });
    // Back: no more asking.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.calls).toHaveLength(3);
    stop();
  });

  it('reopens a stream the browser gave up on at once when contact comes back', async () => {
    vi.useFakeTimers();
    const contact = createServiceContact();
    const net = switchableFetch();
    const transport = createHttpTransport({
      fetch: net.fetch,
      contact,
      reopenMs: 20_000,
      createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    });
    const stop = transport.on('profiles:changed', () => undefined);
    const first = FakeEventSource.last!;
    first.open();
    first.fail(true);
    expect(contact.get().state).toBe('lost');
    await transport.invoke('app:info', undefined);
    expect(contact.get().state).toBe('ok');
    expect(FakeEventSource.last).not.toBe(first);
    stop();
  });

  it('asks nothing while no one listens to events (a bare call that failed)', async () => {
    vi.useFakeTimers();
    const contact = createServiceContact();
    const net = switchableFetch();
    net.set('down');
    await createHttpTransport({ fetch: net.fetch, contact }).invoke('app:info', undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.calls).toHaveLength(1);
  });
});
