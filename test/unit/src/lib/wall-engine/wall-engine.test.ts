import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFactory, FakeVideo, fakeStartStream, ok, playback } from './fakes';

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));
const { WallEngine } = await import('../../../../../src/lib/wall-engine/wall-engine');

const CAPS = { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true };
const urls = (i: number) =>
  playback({
    flv: `http://m:1/live/c${i}.live.flv?secret=s`,
    ws_flv: `ws://m:1/live/c${i}.live.flv?secret=s`,
  });

describe('WallEngine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function wall(tiles: number, order: ('flv' | 'ws-flv')[]) {
    const { factory, players } = fakeFactory();
    const engine = new WallEngine({ order, capabilities: CAPS, createPlayer: factory, log: () => undefined });
    const supervisors = Array.from({ length: tiles }, (_, i) =>
      engine.createTile({ video: new FakeVideo().asElement(), startStream: fakeStartStream(ok(urls(i))).fn }),
    );
    return { engine, supervisors, players };
  }

  it('shares one connection budget and one start scheduler between its tiles', async () => {
    const { engine, supervisors } = wall(9, ['flv', 'ws-flv']);
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.scheduler.active).toBe(9);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(supervisors.map((s) => s.snapshot().transport)).toEqual([
      ...Array(5).fill('flv'),
      ...Array(4).fill('ws-flv'),
    ]);
    expect(engine.budget.inUse('http://m:1')).toBe(5);
  });

  it('applies a new transport order from the next attempt', async () => {
    const { engine, supervisors, players } = wall(1, ['flv', 'ws-flv']);
    supervisors[0].start();
    await vi.advanceTimersByTimeAsync(500);
    engine.update({ order: ['ws-flv'] });
    expect(supervisors[0].snapshot().transport).toBe('flv');
    players[0].fail('ended');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(supervisors[0].snapshot()).toMatchObject({ state: 'playing', transport: 'ws-flv' });
  });

  it('when the network comes back, retries at once the tiles waiting after a network fault', async () => {
    const { engine, supervisors, players } = wall(3, ['ws-flv']);
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(engine.networkRestored()).toBe(0);
    players[0].fail('network');
    players[1].fail('ended');
    expect(engine.health()).toMatchObject({ playing: 1, reconnecting: 2 });
    expect(engine.networkRestored()).toBe(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(engine.health()).toMatchObject({ playing: 3 });
    expect(players).toHaveLength(5);
  });

  it("the toolbar's Retry now: every tile waiting out a backoff tries again now, whatever its fault", async () => {
    const { factory, players } = fakeFactory();
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: CAPS,
      createPlayer: factory,
      log: () => undefined,
    });
    let offline = true;
    const offlineStart = async () =>
      offline
        ? ({ ok: false, error: { kind: 'server', status: 503, message: 'device is offline' } } as const)
        : ({ ok: true, value: urls(9) } as const);
    const tiles = [
      engine.createTile({ video: new FakeVideo().asElement(), startStream: offlineStart }),
      engine.createTile({ video: new FakeVideo().asElement(), startStream: fakeStartStream(ok(urls(1))).fn }),
      engine.createTile({ video: new FakeVideo().asElement(), startStream: fakeStartStream(ok(urls(2))).fn }),
    ];
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(20_000);
    players[1].fail('network');
    expect(tiles.map((t) => t.snapshot().state)).toEqual(['failed', 'playing', 'reconnecting']);
    expect(tiles[0].waitingToRetry && tiles[2].waitingToRetry && !tiles[1].waitingToRetry).toBe(true);
    expect(engine.waitingToRetry()).toBe(2);
    offline = false;
    expect(engine.retryAllNow()).toBe(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(tiles.map((t) => t.snapshot().state)).toEqual(['playing', 'playing', 'playing']);
    expect(engine.retryAllNow()).toBe(0);
    expect(engine.waitingToRetry()).toBe(0);
  });

  it('counts its tiles by state, and forgets destroyed ones', async () => {
    const { engine, supervisors, players } = wall(4, ['ws-flv']);
    expect(engine.health()).toMatchObject({ idle: 4, playing: 0 });
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(engine.health()).toMatchObject({ idle: 0, playing: 4 });
    players[0].fail('ended');
    expect(engine.health()).toMatchObject({ playing: 3, reconnecting: 1 });
    supervisors[3].destroy();
    expect(engine.health()).toMatchObject({ playing: 2, reconnecting: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(engine.health()).toMatchObject({ playing: 3, reconnecting: 0, failed: 0 });
  });

  it('destroy() stops every tile and frees every connection', async () => {
    const { engine, supervisors, players } = wall(3, ['flv']);
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(500);
    engine.destroy();
    expect(players.every((p) => p.destroyed)).toBe(true);
    expect(engine.budget.inUse('http://m:1')).toBe(0);
    expect(supervisors.every((s) => s.snapshot().state === 'idle')).toBe(true);
  });
});
