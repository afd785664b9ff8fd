import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadReading } from '../../../../../src/lib/wall-engine/decode-budget';
import type { FrameLoad, LoadSource } from '../../../../../src/lib/wall-engine/load-monitor';
import { fakeStartStream, ok, playback, ratedFactory, SizedVideo } from './fakes';
import { healthy, overloaded, spare } from './load-readings';
import { computeWallFigures } from '../../../../../src/features/wall/wall-figures';
import { startI18n } from '../../../../../src/i18n/start-i18n';

startI18n('en');

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));
const { WallEngine } = await import('../../../../../src/lib/wall-engine/wall-engine');

describe('WallEngine with the decode budget (fake load, fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const CAPS = { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true };

  /** A load source the test sets; it records what the engine measured. */
  function fakeLoad() {
    let reading: LoadReading = healthy;
    const seen: FrameLoad[] = [];
    const source: LoadSource = {
      sample(frames) {
        seen.push(frames);
        return reading;
      },
      stop: () => undefined,
    };
    return {
      source,
      seen,
      set(next: LoadReading) {
        reading = next;
      },
    };
  }

  function wall(sizes: [number, number][], options: { budget?: false } = {}) {
    const load = fakeLoad();
    const { factory, players, rates } = ratedFactory();
    const log: string[] = [];
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: CAPS,
      createPlayer: factory,
      log: (line) => log.push(line),
      loadSource: load.source,
      decodeBudget:
        options.budget === false ? false : { minFullTiles: 0, demoteCooldownMs: 2_000, notOursAfterShare: 1 },
    });
    const tiles = sizes.map((size, i) =>
      engine.createTile({
        id: `tile-${i}`,
        label: `dev-${i}`,
        video: new SizedVideo(size).asElement(),
        startStream: fakeStartStream(ok(playback({ ws_flv: `ws://m:1/live/c${i}.live.flv?secret=s` }))).fn,
      }),
    );
    for (const t of tiles) t.start();
    return { engine, tiles, players, rates, load, log };
  }

  it('a simulated overload moves the smallest tiles to overview first and never the maximised one; spare brings them back', async () => {
    const { engine, tiles, load } = wall([
      [400, 300],
      [200, 150],
      [200, 150],
      [100, 75],
    ]);
    const changes: string[] = [];
    engine.onRateChange((c) => changes.push(`${c.tileId}:${c.rate}:${c.reason ?? ''}`));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tiles.map((t) => t.snapshot().state)).toEqual(Array(4).fill('playing'));
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(Array(4).fill('full'));

    engine.setTileFocus('tile-3', { maximised: true });
    load.set(overloaded());
    await vi.advanceTimersByTimeAsync(1_000);
    // tile-1 and tile-2 are the same size, assigned together: the later in the layout goes first.
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['full', 'full', 'overview', 'full']);
    expect(tiles[2].snapshot()).toMatchObject({ rate: 'overview', degradedReason: 'load' });
    await vi.advanceTimersByTimeAsync(20_000);
    // tile-3 is the smallest but maximised: it keeps full rate.
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['overview', 'overview', 'overview', 'full']);
    expect(engine.budgetStatus()).toMatchObject({ degraded: 3, byReason: { load: 3 }, load: 'overloaded' });
    expect(engine.budgetStatus().reason).toBe('12 % of frames dropped');

    load.set(spare);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['full', 'overview', 'overview', 'full']);
    expect(changes[0]).toBe('tile-2:overview:load');
    expect(changes.at(-1)).toBe('tile-0:full:');
  });

  it('words the load in the app’s language for the status bar, and hands the log its finding as a kind and figure', async () => {
    const { engine, tiles, load } = wall([
      [200, 150],
      [100, 75],
    ]);
    const causes: unknown[] = [];
    engine.onRateChange((c) => causes.push(c.cause));
    await vi.advanceTimersByTimeAsync(5_000);
    load.set({ ...overloaded(), cause: { kind: 'dropped', percent: 12 } });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tiles.map((t) => t.snapshot().rate)).toContain('overview');
    expect(causes).toContainEqual({ kind: 'dropped', percent: 12 });
    expect(engine.budgetStatus()).toMatchObject({
      loadReason: '12 % of frames dropped',
      reason: '12 % of frames dropped',
    });
    startI18n('zh-CN');
    try {
      const status = engine.budgetStatus();
      expect(status.loadReason).toContain('12');
      expect(status.loadReason).not.toMatch(/[A-Za-z]/);
      const figures = computeWallFigures({
        health: {
          idle: 0,
          starting: 0,
          playing: 2,
          stalled: 0,
          reconnecting: 0,
          failed: 0,
          'paused-hidden': 0,
        },
        tiles: [],
        budget: status,
        sustainedPixelRate: null,
        cores: 4,
      });
      // The status bar's warning: "这台计算机过载：12% 的画面被丢弃。" in shape, no English left.
      expect(figures.warning).toContain(status.loadReason as string);
      expect(figures.warning).not.toMatch(/[A-Za-z]/);
    } finally {
      startI18n('en');
    }
  });

  it('passes the rate to the player in place: no new player, no new connection', async () => {
    const { engine, players, rates, load } = wall([
      [200, 150],
      [100, 75],
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    load.set(overloaded());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(players).toHaveLength(2);
    expect(rates.get(players[1])).toEqual(['full', 'overview']);
    engine.pinRate('tile-1', 'full');
    expect(rates.get(players[1])).toEqual(['full', 'overview', 'full']);
    expect(players.every((p) => !p.destroyed)).toBe(true);
  });

  it('pins hold against the load; the budget setting off brings every unpinned tile back at once', async () => {
    const { engine, tiles, load } = wall([
      [200, 150],
      [200, 150],
      [200, 150],
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    engine.pinRate('tile-0', 'full');
    engine.pinRate('tile-2', 'overview');
    expect(tiles[2].snapshot()).toMatchObject({ rate: 'overview', degradedReason: 'pinned' });
    load.set(overloaded());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['full', 'overview', 'overview']);
    engine.setDecodeBudget(false);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['full', 'full', 'overview']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(['full', 'full', 'overview']);
  });

  it('measures the full-rate tiles only, once they have settled', async () => {
    const { load } = wall([
      [200, 150],
      [200, 150],
    ]);
    await vi.advanceTimersByTimeAsync(6_000);
    const last = load.seen.at(-1)!;
    expect(last.tiles).toBe(2);
    expect(last.decoded).toBeGreaterThan(0);
    expect(last.dropped).toBe(0);
  });

  it('an overview tile whose keyframes keep coming is not stalled; one whose pictures stop is', async () => {
    const { engine, tiles, players } = wall([[200, 150]]);
    await vi.advanceTimersByTimeAsync(2_000);
    engine.pinRate('tile-0', 'overview');
    // One picture every 2 s, as keyframes only.
    players[0].live = false;
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(2_000);
      players[0].frame();
    }
    expect(tiles[0].snapshot().state).toBe('playing');
    expect(tiles[0].staleMs()).toBeNull();
    // The keyframes stop: stalled after the overview timeout (6 s), not the full-rate 3 s.
    const states: string[] = [];
    tiles[0].subscribe((snap) => states.push(snap.state));
    await vi.advanceTimersByTimeAsync(4_500);
    expect(states).toEqual(['playing']);
    expect(tiles[0].staleMs()).toBeGreaterThan(4_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(states).toContain('stalled');
    // A new player, which starts in overview too.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(players).toHaveLength(2);
    expect(tiles[0].snapshot()).toMatchObject({
      state: 'playing',
      rate: 'overview',
      degradedReason: 'pinned',
    });
  });

  it('a big wall starts its lowest-priority tiles in overview, so every first picture comes quickly', async () => {
    const sizes: [number, number][] = Array.from({ length: 64 }, (_, i) => (i < 4 ? [480, 270] : [240, 135]));
    const { tiles, rates, players } = wall(sizes);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tiles.every((t) => t.snapshot().state === 'playing')).toBe(true);
    const full = tiles.filter((t) => t.snapshot().rate === 'full');
    expect(full.length).toBeGreaterThanOrEqual(16);
    expect(full.length).toBeLessThan(64);
    expect(tiles.slice(0, 4).every((t) => t.snapshot().rate === 'full')).toBe(true);
    expect(tiles.filter((t) => t.snapshot().degradedReason === 'start-up')).toHaveLength(64 - full.length);
    // Each player was told its rate before it started; the 4 largest started at full rate and never
    // switched, and the others switched at most once: from overview at start to full once the wall
    // was up (crowd-start.test.ts).
    expect(players.every((p) => rates.get(p)!.length <= 2)).toBe(true);
    const largest = players.filter((p) => /\/c[0-3]\.live/.test(p.source.url));
    expect(largest.map((p) => rates.get(p))).toEqual(Array(4).fill(['full']));
  });
});
