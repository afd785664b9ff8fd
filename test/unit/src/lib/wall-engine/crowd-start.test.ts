import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PictureRate } from '../../../../../src/lib/players/player';
import type { LoadReading } from '../../../../../src/lib/wall-engine/decode-budget';
import type { LoadSource } from '../../../../../src/lib/wall-engine/load-monitor';
import { StartScheduler } from '../../../../../src/lib/wall-engine/start-scheduler';
import { fakeStartStream, ok, playback, ratedFactory, SizedVideo, type FakePlayer } from './fakes';

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));
const { WallEngine } = await import('../../../../../src/lib/wall-engine/wall-engine');

const CAPS = { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true };
const healthy: LoadReading = { level: 'healthy', score: 0.6, reason: null };

describe('StartScheduler priority', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('admits waiting starts by priority, in request order within one priority', async () => {
    const scheduler = new StartScheduler({ concurrency: 1 });
    const admitted: string[] = [];
    const tickets = [
      scheduler.request(() => admitted.push('a0'), 0),
      scheduler.request(() => admitted.push('b0'), 0),
      scheduler.request(() => admitted.push('c5'), 5),
      scheduler.request(() => admitted.push('d0'), 0),
      scheduler.request(() => admitted.push('e5'), 5),
      scheduler.request(() => admitted.push('f9'), 9),
    ];
    await Promise.resolve();
    for (let i = 0; i < 6; i++) {
      const next = admitted.length;
      tickets.forEach((t) => t.admitted && t.release());
      await Promise.resolve();
      expect(admitted.length).toBe(Math.min(6, next + 1));
    }
    expect(admitted).toEqual(['f9', 'c5', 'e5', 'a0', 'b0', 'd0']);
  });
});

describe('WallEngine: a big wall starting (fake players, fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /**
   * Players that can change rate, whose first picture comes `firstMs` after start (the cost of
   * starting), and that report their connection at once (`connected`, as the FLV player does).
   */
  const startingIn = (firstMs: number) => (player: FakePlayer) => {
    queueMicrotask(() => player.events.emit('connected', { at: Date.now() }));
    setTimeout(() => {
      if (!player.destroyed) player.play();
    }, firstMs);
  };

  function wall(
    count: number,
    options: { firstMs?: number; sizes?: (i: number) => [number, number]; startConcurrency?: number } = {},
  ) {
    const { factory, players, rates } = ratedFactory(startingIn(options.firstMs ?? 400));
    const load: LoadSource = { sample: () => healthy, stop: () => undefined };
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: CAPS,
      createPlayer: factory,
      log: () => undefined,
      loadSource: load,
      startConcurrency: options.startConcurrency,
    });
    const tiles = Array.from({ length: count }, (_, i) =>
      engine.createTile({
        id: `tile-${String(i).padStart(2, '0')}`,
        label: `dev-${i}`,
        video: new SizedVideo(options.sizes?.(i) ?? [240, 135]).asElement(),
        startStream: fakeStartStream(ok(playback({ ws_flv: `ws://m:1/live/c${i}.live.flv` }))).fn,
      }),
    );
    return { engine, tiles, players, rates };
  }

  /** The rate each player started at (the first one it was told). */
  const startRates = (players: FakePlayer[], rates: Map<FakePlayer, PictureRate[]>) =>
    players.map((p) => rates.get(p)![0]);

  it('a wall of up to 16 tiles starts every tile at full rate', async () => {
    const { tiles, players, rates } = wall(16);
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tiles.every((t) => t.snapshot().state === 'playing')).toBe(true);
    expect(startRates(players, rates)).toEqual(Array(16).fill('full'));
    expect(players.every((p) => rates.get(p)!.length === 1)).toBe(true);
  });

  it('a 64-tile wall starts at most 4 tiles at full rate at once, the others with overview pictures, then brings them to full once it is up', async () => {
    const { engine, tiles, players, rates } = wall(64);
    for (const t of tiles) t.start();
    // The slots are handed on at `connected`, so tiles open far faster than they show pictures.
    await vi.advanceTimersByTimeAsync(50);
    expect(engine.scheduler.active).toBeLessThanOrEqual(10);
    expect(players.length).toBeGreaterThan(10);
    let mostFullStarting = 0;
    for (let t = 0; t < 40; t++) {
      const startingFull = tiles.filter(
        (tile) => tile.awaitingFirstPicture && tile.snapshot().rate === 'full',
      ).length;
      mostFullStarting = Math.max(mostFullStarting, startingFull);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(mostFullStarting).toBeLessThanOrEqual(4);
    // Every first picture within the start (fake players take 400 ms each): the wall is up.
    expect(tiles.every((t) => t.snapshot().state === 'playing')).toBe(true);
    const started = startRates(players, rates);
    expect(started.filter((r) => r === 'overview').length).toBeGreaterThan(40);
    expect(tiles.filter((t) => t.snapshot().degradedReason === 'start-up').length).toBeGreaterThan(0);

    // Once up, the budget takes over: its first budget (36 full-tile units, an overview tile costing
    // 0.35 of one: 20 tiles at full rate, 44 in overview), in strict priority (one size, assigned
    // together: by id).
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual([
      ...Array(20).fill('full'),
      ...Array(44).fill('overview'),
    ]);
    expect(tiles.slice(20).every((t) => t.snapshot().degradedReason === 'start-up')).toBe(true);
    // On the same players: no reconnect.
    expect(players).toHaveLength(64);
  });

  it('the maximised and the larger tiles open first and start at full rate', async () => {
    const sizes = (i: number): [number, number] => (i >= 60 ? [960, 540] : [240, 135]);
    // One start at a time, so the order the players are made in is the order of admission.
    const { engine, tiles, players, rates } = wall(64, { sizes, startConcurrency: 1 });
    engine.setTileFocus(tiles[30], { maximised: true });
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const order = players.map((p) => Number(/c(\d+)\.live/.exec(p.source.url)![1]));
    expect(order[0]).toBe(30);
    expect(order.slice(1, 5).sort()).toEqual([60, 61, 62, 63]);
    // The first four to open start at full rate (the maximised tile counts among them).
    expect(startRates(players, rates).slice(0, 4)).toEqual(Array(4).fill('full'));
    expect(tiles[30].snapshot().rate).toBe('full');
  });

  it('a tile that starts again alone on a playing wall starts at full rate', async () => {
    const { tiles, players, rates } = wall(64);
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(tiles.every((t) => t.snapshot().state === 'playing')).toBe(true);
    const before = players.length;
    players[0].fail('network');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(players.length).toBe(before + 1);
    expect(rates.get(players[before])![0]).toBe('full');
  });
});
