import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BacklogMeter } from '../../../../../src/lib/wall-engine/backlog-meter';
import { DEFAULT_LIVENESS_SETTINGS } from '../../../../../src/lib/wall-engine/liveness-policy';
import { LoadMonitor, type FrameLoad } from '../../../../../src/lib/wall-engine/load-monitor';
import { WallEngine } from '../../../../../src/lib/wall-engine/wall-engine';
import { autoPlay, fakeStartStream, ok, playback, ratedFactory, SizedVideo, type FakePlayer } from './fakes';

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));

const none = { PressureObserver: null, PerformanceObserver: null };

/** A second of `tiles` tiles presenting every picture, with this backlog. */
function second(backlog: FrameLoad['backlog'], tiles = 9): FrameLoad {
  const decoded = tiles * 25;
  return {
    decoded,
    dropped: 0,
    presented: decoded,
    expected: decoded,
    presentedOfExpected: decoded,
    callbackLatenessMs: 5,
    tiles,
    backlog,
  };
}

describe('BacklogMeter', () => {
  it('the median tile’s growth of behindMs per second; a tile catching up counts 0, one new counts from its next reading', () => {
    const meter = new BacklogMeter();
    expect(meter.sample([{ id: 'a', behindMs: 100 }], 0)).toBeNull();
    const tiles = (a: number, b: number, c: number) => [
      { id: 'a', behindMs: a },
      { id: 'b', behindMs: b },
      { id: 'c', behindMs: c },
    ];
    meter.sample(tiles(100, 200, 300), 1_000);
    // a grew 300 ms in a second, b 250, c fell (caught up: 0): median 250; and as far beyond the
    // least each showed (a 300, b 250, c 0).
    expect(meter.sample(tiles(400, 450, 0), 2_000)).toEqual({
      tiles: 3,
      growthMsPerS: 250,
      medianBehindMs: 250,
    });
    const next = meter.sample([...tiles(700, 700, 100), { id: 'd', behindMs: 5_000 }], 3_000)!;
    expect(next.tiles).toBe(3);
    expect(next.growthMsPerS).toBe(250);
    // Unmeasured tiles are left out.
    expect(meter.sample([{ id: 'a', behindMs: null }], 4_000)).toBeNull();
  });

  it('one camera on a slow link does not move the median of a wall', () => {
    const meter = new BacklogMeter();
    const wall = (slow: number) => [
      ...Array.from({ length: 8 }, (_, i) => ({ id: `t${i}`, behindMs: 200 + (i % 2) * 50 })),
      { id: 'slow', behindMs: slow },
    ];
    meter.sample(wall(1_000), 0);
    expect(meter.sample(wall(2_000), 1_000)).toMatchObject({ growthMsPerS: 0, medianBehindMs: 0 });
  });

  it('a wall of HLS tiles, 4 s behind by design from the start, has no backlog', () => {
    const meter = new BacklogMeter();
    const wall = Array.from({ length: 9 }, (_, i) => ({ id: `t${i}`, behindMs: 4_000 + (i % 3) * 100 }));
    meter.sample(wall, 0);
    expect(meter.sample(wall, 1_000)).toMatchObject({ growthMsPerS: 0, medianBehindMs: 0 });
  });
});

describe('LoadMonitor: the backlog counts as load', () => {
  it('pictures falling behind live by a tenth of real time overload the wall, with no frame dropped', () => {
    const monitor = new LoadMonitor({}, none);
    let reading = monitor.sample(second(null), 0);
    for (let t = 1; t <= 8; t++)
      reading = monitor.sample(
        second({ tiles: 9, growthMsPerS: 250, medianBehindMs: 400 + t * 250 }),
        t * 1000,
      );
    expect(reading.level).toBe('overloaded');
    expect(reading.reason).toBe('pictures 0.3 s more behind live each second');
  });

  it('a wall steadily 2.4 s behind live is overloaded, though it falls no further', () => {
    const monitor = new LoadMonitor({}, none);
    let reading = monitor.sample(second(null), 0);
    for (let t = 1; t <= 8; t++)
      reading = monitor.sample(second({ tiles: 9, growthMsPerS: 0, medianBehindMs: 2_400 }), t * 1000);
    expect(reading).toMatchObject({ level: 'overloaded', reason: 'pictures 2.4 s behind live' });
  });

  it('a healthy wall (a few hundred ms behind, not growing) has room to spare; a slight backlog is no room', () => {
    const healthy = new LoadMonitor({}, none);
    let reading = healthy.sample(second(null), 0);
    for (let t = 1; t <= 8; t++)
      reading = healthy.sample(second({ tiles: 9, growthMsPerS: 10, medianBehindMs: 300 }), t * 1000);
    expect(reading.level).toBe('spare');
    const slipping = new LoadMonitor({}, none);
    for (let t = 0; t <= 8; t++)
      reading = slipping.sample(second({ tiles: 9, growthMsPerS: 60, medianBehindMs: 600 }), t * 1000);
    expect(reading.level).toBe('healthy');
  });
});

describe('WallEngine: a wall that falls behind live degrades to overview pictures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rising behindMs across tiles moves the smallest tiles to overview; the status bar counts tiles behind live', async () => {
    const { factory, players } = ratedFactory();
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true },
      createPlayer: factory,
      log: () => undefined,
      loadSource: new LoadMonitor({}, none),
      decodeBudget: { minFullTiles: 0, demoteCooldownMs: 2_000, notOursAfterShare: 1 },
      // No catch-up within the test: what the load and the count do with tiles left behind.
      settings: { liveness: { ...DEFAULT_LIVENESS_SETTINGS, catchUpAfterMs: 600_000 } },
    });
    const sizes: [number, number][] = [
      [400, 300],
      [300, 200],
      [200, 150],
      [100, 75],
    ];
    const tiles = sizes.map((size, i) =>
      engine.createTile({
        id: `tile-${i}`,
        video: new SizedVideo(size).asElement(),
        startStream: fakeStartStream(ok(playback({ ws_flv: `ws://m:1/live/c${i}.live.flv?secret=s` }))).fn,
      }),
    );
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tiles.map((t) => t.snapshot().rate)).toEqual(Array(4).fill('full'));
    expect(engine.behindLive()).toBe(0);

    // Every picture still shown, none dropped: only the pictures fall behind the camera, 0.3 s a second.
    const falling = new Map<FakePlayer, number>();
    const timer = setInterval(() => {
      for (const p of players) {
        if (p.destroyed) continue;
        const ms = (falling.get(p) ?? 200) + 30;
        falling.set(p, ms);
        p.liveness = { behindMs: ms, trailMs: ms - 100, queuedMs: 100 };
      }
    }, 100);
    await vi.advanceTimersByTimeAsync(9_000);
    clearInterval(timer);
    expect(engine.budgetStatus()).toMatchObject({
      load: 'overloaded',
      byReason: { load: expect.any(Number) },
    });
    expect(engine.budgetStatus().byReason.load).toBeGreaterThan(0);
    // What made the budget move tiles, in words.
    expect(engine.budgetStatus().reason).toMatch(/^pictures \d\.\d s (more )?behind live/);
    // The smallest tile goes first (the simulated backlog keeps rising, so more follow, larger last).
    expect(tiles[3].snapshot()).toMatchObject({ rate: 'overview', degradedReason: 'load' });
    const rates = tiles.map((t) => t.snapshot().rate).join(' ');
    expect(rates).toMatch(/^(full )*overview( overview)*$/);
    // Every tile is past the 2 s margin: none is counted live.
    expect(engine.behindLive()).toBe(4);
    engine.destroy();
  });

  it('a tile catching up (a planned new player) does not stop the load from being read, as a wall starting does', async () => {
    // The wall's first players show a picture at once; the later ones take most of a second.
    const { factory } = ratedFactory((player, i) => autoPlay(i < 3 ? 100 : 950)(player));
    const sampled: number[] = [];
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true },
      createPlayer: factory,
      log: () => undefined,
      loadSource: {
        sample: (_frames, now) => {
          sampled.push(now);
          return { level: 'healthy', score: 0.5, reason: null };
        },
        stop: () => undefined,
      },
    });
    const tiles = [0, 1, 2].map((i) =>
      engine.createTile({
        id: `tile-${i}`,
        video: new SizedVideo([200, 150]).asElement(),
        startStream: fakeStartStream(ok(playback({ ws_flv: `ws://m:1/live/c${i}.live.flv?secret=s` }))).fn,
      }),
    );
    for (const t of tiles) t.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const before = sampled.length;
    expect(before).toBeGreaterThan(0);
    // One tile gets a new player five times a second (its sound switched on and off, as a catch-up
    // would): it is starting all the time.
    for (let i = 0; i < 50; i++) {
      tiles[0].setAudio(i % 2 === 0);
      expect(tiles[0].snapshot()).toMatchObject({ state: 'starting', restart: 'audio' });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(sampled.length - before).toBeGreaterThanOrEqual(8);
    engine.destroy();
  });
});
