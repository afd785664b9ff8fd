import { describe, expect, it } from 'vitest';
import type { BudgetStatus, TileFigure, TileState } from '../../../../../src/lib/wall-engine';
import { computeWallFigures, formatBitrate } from '../../../../../src/features/wall/wall-figures';
import { startI18n } from '../../../../../src/i18n/start-i18n';

/**
 * The status bar's bitrate is the sum of what the playing tiles' players measured, and no figure
 * where none has one yet. The engine reads each tile's figure once a second, while its counts are
 * live: in the second after tiles begin to play the bar had "2 playing" and no figure for either,
 * and said "0 kbit/s".
 */

startI18n('en');

const health = (playing: number): Record<TileState, number> => ({
  idle: 0,
  starting: 0,
  playing,
  stalled: 0,
  reconnecting: 0,
  failed: 0,
  'paused-hidden': 0,
});
const budget: BudgetStatus = {
  enabled: true,
  load: 'healthy',
  score: 0.3,
  loadReason: null,
  degraded: 0,
  byReason: { load: 0, 'start-up': 0, pinned: 0 },
  reason: null,
  capacity: 36,
};
const tile = (bitrateKbps: number | null): TileFigure => ({
  tileId: 't',
  label: 'cam',
  rate: 'full',
  width: 640,
  height: 360,
  decodedFps: 25,
  fullFps: 25,
  bitrateKbps,
});
const figures = (playing: number, tiles: TileFigure[]) =>
  computeWallFigures({ health: health(playing), tiles, budget, sustainedPixelRate: null, cores: 2 });

describe('the status bar’s bitrate', () => {
  it('has no figure while tiles play and none of them has one', () => {
    expect(figures(2, []).bitrateKbps).toBeNull();
    expect(figures(2, [tile(null), tile(null)]).bitrateKbps).toBeNull();
    expect(formatBitrate(figures(2, []).bitrateKbps)).toBe('– kbit/s');
  });

  it('sums the figures there are, and says 0 when nothing plays', () => {
    expect(figures(2, [tile(600), tile(null)]).bitrateKbps).toBe(600);
    expect(figures(2, [tile(600), tile(500)]).bitrateKbps).toBe(1100);
    expect(figures(0, []).bitrateKbps).toBe(0);
    expect(formatBitrate(figures(0, []).bitrateKbps)).toBe('0 kbit/s');
  });
});
