import { describe, expect, it } from 'vitest';
import type { BudgetStatus, TileFigure, TileState } from '../../../../../src/lib/wall-engine';
import {
  behindLiveText,
  computeWallFigures,
  decodingLoadText,
  degradedText,
  estimatedPixelRate,
  formatBitrate,
  formatPixelRate,
  PIXEL_RATE_PER_CORE,
} from '../../../../../src/features/wall/wall-figures';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The English words, which these tests read (the app starts its language before the first render).
startI18n('en');

const health = (patch: Partial<Record<TileState, number>> = {}): Record<TileState, number> => ({
  idle: 0,
  starting: 0,
  playing: 0,
  stalled: 0,
  reconnecting: 0,
  failed: 0,
  'paused-hidden': 0,
  ...patch,
});
const budget = (patch: Partial<BudgetStatus> = {}): BudgetStatus => ({
  enabled: true,
  load: 'healthy',
  score: 0.3,
  loadReason: null,
  degraded: 0,
  byReason: { load: 0, 'start-up': 0, pinned: 0 },
  reason: null,
  capacity: 36,
  ...patch,
});
/** n tiles of 640 × 360 decoding `fps` pictures a second (their stream at 25). */
const tiles = (n: number, fps = 25, rate: 'full' | 'overview' = 'full'): TileFigure[] =>
  Array.from({ length: n }, (_, i) => ({
    tileId: `t${i}`,
    label: `cam-${i}`,
    rate,
    width: 640,
    height: 360,
    decodedFps: fps,
    fullFps: 25,
    bitrateKbps: 800,
  }));

describe('computeWallFigures', () => {
  it('sums bitrate and decoded pixels, and counts tiles by what an operator cares for', () => {
    const f = computeWallFigures({
      health: health({ playing: 9, stalled: 1, reconnecting: 1, failed: 2, starting: 1 }),
      tiles: tiles(9),
      budget: budget(),
      sustainedPixelRate: 1_000_000_000,
      cores: 8,
    });
    expect(f).toMatchObject({ playing: 9, stalled: 2, failed: 2, other: 1, bitrateKbps: 7200 });
    expect(f.pixelRate).toBe(9 * 640 * 360 * 25);
    expect(f).toMatchObject({
      capacity: 1_000_000_000,
      capacitySource: 'setting',
      level: 'ok',
      suggestion: null,
    });
    expect(f.share).toBeCloseTo(0.05184, 5);
  });

  it('estimates from the cores when no figure is set: 36 tiles of 360p25 on the 2-core reference', () => {
    expect(estimatedPixelRate(2)).toBe(36 * 640 * 360 * 25);
    expect(estimatedPixelRate(undefined)).toBe(estimatedPixelRate(2));
    expect(estimatedPixelRate(1)).toBe(estimatedPixelRate(2));
    expect(estimatedPixelRate(8)).toBe(8 * PIXEL_RATE_PER_CORE);
    const f = computeWallFigures({
      health: health(),
      tiles: [],
      budget: budget(),
      sustainedPixelRate: null,
      cores: 4,
    });
    expect(f).toMatchObject({ capacitySource: 'estimate', capacity: 4 * PIXEL_RATE_PER_CORE, pixelRate: 0 });
  });

  it('warns from 85 % of what the machine sustains, with a smaller layout that fits', () => {
    const at = (n: number) =>
      computeWallFigures({
        health: health({ playing: n }),
        tiles: tiles(n),
        budget: budget(),
        sustainedPixelRate: null,
        cores: 2,
      });
    expect(at(30).level).toBe('ok');
    const near = at(31); // 31 / 36 = 86 %
    expect(near.level).toBe('warning');
    expect(near.warning).toBe('Near what this computer can decode.');
    // No tour runs: none is suggested to pause.
    expect(near.suggestion).toBe('About 30 tiles like these fit at full rate: try a 5×5 grid.');
    expect(at(36)).toMatchObject({ level: 'over', warning: 'More than this computer can decode.' });
  });

  it('counts a WebCodecs picture as half of one through Media Source: 64 such tiles near, not over, on 2 cores', () => {
    const wall = (n: number, webcodecs: boolean) =>
      computeWallFigures({
        health: health({ playing: n }),
        tiles: tiles(n).map((tile) => ({ ...tile, webcodecs })),
        budget: budget(),
        sustainedPixelRate: null,
        cores: 2,
      });
    // The 2-core machine played 64 WebCodecs tiles of 360p live, 83 % busy: near its figure.
    const cheap = wall(64, true);
    expect(cheap.capacity).toBe(2 * estimatedPixelRate(2));
    expect(cheap.pixelRate).toBe(64 * 640 * 360 * 25);
    expect(cheap.share).toBeCloseTo(64 / 72, 6);
    expect(cheap).toMatchObject({ level: 'warning', warning: 'Near what this computer can decode.' });
    expect(wall(60, true).level).toBe('ok');
    // The same wall through Media Source is over it.
    expect(wall(64, false).level).toBe('over');
    // Half and half: the figure for that mix (36 + 18 tile-equivalents of 360p25 at 36 + 18 × ½ cost).
    const mixed = computeWallFigures({
      health: health({ playing: 36 }),
      tiles: [...tiles(18), ...tiles(18).map((tile) => ({ ...tile, webcodecs: true }))],
      budget: budget(),
      sustainedPixelRate: null,
      cores: 2,
    });
    expect(mixed.share).toBeCloseTo(0.75, 6);
    // A figure set in Settings was measured: taken as it is, whatever decodes.
    const set = computeWallFigures({
      health: health({ playing: 64 }),
      tiles: tiles(64).map((tile) => ({ ...tile, webcodecs: true })),
      budget: budget(),
      sustainedPixelRate: 400_000_000,
      cores: 2,
    });
    expect(set.capacity).toBe(400_000_000);
  });

  it('says how many tiles are in overview and why, and warns while the budget holds tiles back for load', () => {
    const f = computeWallFigures({
      health: health({ playing: 49 }),
      tiles: [...tiles(29), ...tiles(20, 0.5, 'overview')],
      budget: budget({
        load: 'healthy',
        degraded: 20,
        byReason: { load: 14, 'start-up': 4, pinned: 2 },
        reason: '12 % of frames dropped',
      }),
      sustainedPixelRate: null,
      cores: 2,
    });
    expect(f.level).toBe('warning');
    expect(f.share).toBeLessThan(0.85);
    expect(f.fullPixelRate).toBe(49 * 640 * 360 * 25);
    expect(f.degradedWhy).toBe('12 % of frames dropped');
    expect(degradedText(f)).toBe('20 in overview: 14 for load, 4 at start-up, 2 pinned');
    expect(f.suggestion).toMatch(/try a 5×5 grid/);
  });

  it('an overloaded load reading warns whatever the pixel figure, with the load’s reason', () => {
    const f = computeWallFigures({
      health: health({ playing: 4 }),
      tiles: tiles(4),
      budget: budget({ load: 'overloaded', loadReason: 'long tasks' }),
      sustainedPixelRate: null,
      cores: 2,
    });
    // Four tiles use a few % of the computer: the gauge would contradict "overloaded".
    expect(f.level).toBe('warning');
    expect(f.warning).toBe(
      `Pictures arrive late or are dropped (long tasks), though the wall uses only ${Math.round(f.share * 100)} % of this computer.`,
    );
    expect(f.warning).not.toMatch(/overloaded/);
    // Not "try a smaller layout" as if they were the cause; no tour runs, so none to pause.
    expect(f.suggestion).toBe(
      'Another program may be using the processor. A smaller grid still lightens it.',
    );
  });

  it('says overloaded where the gauge agrees, and suggests pausing a tour only while one runs', () => {
    const f = (tourRunning: boolean) =>
      computeWallFigures({
        health: health({ playing: 25 }),
        tiles: tiles(25), // 25 / 36 = 69 % of the computer
        budget: budget({ load: 'overloaded', loadReason: 'long tasks' }),
        sustainedPixelRate: null,
        cores: 2,
        tourRunning,
      });
    expect(f(false).warning).toBe('This computer is overloaded: long tasks.');
    expect(f(false).suggestion).not.toMatch(/tour/);
    expect(f(true).suggestion).toMatch(/pausing the tour|pause the tour/);
    expect(decodingLoadText(f(false).share)).toBe('Decoding load 69 %');
  });

  it('formats as the bar shows it', () => {
    expect(formatPixelRate(207_360_000)).toBe('207 Mpx/s');
    expect(formatPixelRate(2_400_000_000)).toBe('2.4 Gpx/s');
    expect(formatPixelRate(450_000)).toBe('450 kpx/s');
    expect(formatBitrate(12_400)).toBe('12.4 Mbit/s');
    expect(formatBitrate(800)).toBe('800 kbit/s');
    expect(degradedText({ degraded: 0, byReason: { load: 0, 'start-up': 0, pinned: 0 } })).toBeNull();
  });
});

describe('tiles behind live', () => {
  it('are counted among the playing ones, never more than play, and worded for the status bar', () => {
    const input = { tiles: tiles(4), budget: budget(), sustainedPixelRate: null, cores: 2 };
    expect(computeWallFigures({ ...input, health: health({ playing: 4 }) }).behind).toBe(0);
    expect(computeWallFigures({ ...input, health: health({ playing: 4 }), behind: 3 }).behind).toBe(3);
    expect(computeWallFigures({ ...input, health: health({ playing: 2 }), behind: 3 }).behind).toBe(2);
    expect(behindLiveText(0)).toBeNull();
    expect(behindLiveText(1)).toBe('1 tile behind live');
    expect(behindLiveText(3)).toBe('3 tiles behind live');
  });
});
