import i18next from 'i18next';
import { formatNumber } from '../../i18n/format';
import type { BudgetStatus, TileFigure, TileState } from '../../lib/wall-engine';

/** Words built here are read when they are shown (the status bar reads its figures at each render). */
const t = i18next.t.bind(i18next);

/**
 * What one logical core of this project's reference machine decodes and shows, in pixels per second,
 * when nothing else is set: 36 tiles of 640 × 360 at 25 fps held full rate on its 2 cores (README,
 * "A wall bigger than the machine": 36 tiles, nothing in overview, 24.95 fps; 49 tiles did not),
 * so 36 × 640 × 360 × 25 / 2 ≈ 104 million. The estimate is that times the page's logical cores
 * (at least 2): rough, since cores differ and hyper-threads count double; `npm run bench:wall`
 * measures a machine, and Settings keeps its figure (settings.sustainedPixelRate).
 */
export const PIXEL_RATE_PER_CORE = (36 * 640 * 360 * 25) / 2;

/**
 * What a picture decoded by WebCodecs counts for against one through Media Source, in the computer's
 * figure: on the 2-core machine that set PIXEL_RATE_PER_CORE (36 tiles of 360p the most a wall of
 * mpegts.js tiles kept live), 64 WebCodecs tiles played live at full rate with the machine 83 % busy
 * (docs/benchmarks.md, "64 tiles at full rate"): half.
 */
const WEBCODECS_PIXEL_COST = 0.5;

/** The status bar warns from this share of what the machine sustains. */
export const WARN_SHARE = 0.85;

/**
 * Below this share of the computer's figure the wall's own pictures do not explain a load reading
 * of "overloaded": it is then not called overload (the gauge would contradict it), but late or
 * dropped pictures from something else.
 */
const AGREE_SHARE = 0.5;

/** The built-in estimate for a machine with this many logical cores. */
export function estimatedPixelRate(cores: number | undefined): number {
  const n = Number.isFinite(cores) && (cores ?? 0) > 0 ? Math.floor(cores as number) : 2;
  return PIXEL_RATE_PER_CORE * Math.max(2, n);
}

export interface WallFiguresInput {
  health: Record<TileState, number>;
  tiles: readonly TileFigure[];
  budget: BudgetStatus;
  /** settings.sustainedPixelRate (null: the estimate). */
  sustainedPixelRate: number | null;
  /** navigator.hardwareConcurrency. */
  cores: number | undefined;
  /** Playing tiles whose picture is behind live (WallEngine.behindLive); default none. */
  behind?: number;
  /** A tour runs on the wall: only then is pausing it suggested. */
  tourRunning?: boolean;
}

type WallLoadLevel = 'ok' | 'warning' | 'over';

export interface WallFigures {
  playing: number;
  /** Of the playing tiles, those whose picture is behind live (past the liveness margin): not live. */
  behind: number;
  /** Stalled or reconnecting: no new picture, recovering. */
  stalled: number;
  failed: number;
  /** Starting, or paused while hidden. */
  other: number;
  /**
   * Received by every playing tile, kbit/s, as each tile's player measured it; null while no playing
   * tile has a figure yet (a tile's figure is read once a second: one that began playing since has
   * none), so the bar never says "0 kbit/s" beside tiles that play.
   */
  bitrateKbps: number | null;
  /** Decoded now, pixels per second (width × height × decoded pictures per second, summed). */
  pixelRate: number;
  /** What the same tiles would decode all at full rate. */
  fullPixelRate: number;
  /** What this machine sustains, and where that figure comes from. */
  capacity: number;
  capacitySource: 'setting' | 'estimate';
  /** pixelRate / capacity. */
  share: number;
  level: WallLoadLevel;
  /** The warning in words; null when all is well. */
  warning: string | null;
  /** Tiles showing overview pictures, by why. */
  degraded: number;
  byReason: BudgetStatus['byReason'];
  /** The load's own words when the budget moved tiles ("12 % of frames dropped"). */
  degradedWhy: string | null;
  budgetOn: boolean;
  /** What the operator could do, in words; null when all is well. */
  suggestion: string | null;
}

const GRIDS = [8, 7, 6, 5, 4, 3, 2];

/** The wall's figures for its status bar: pure, from what the engine says. */
export function computeWallFigures(input: WallFiguresInput): WallFigures {
  const { health, tiles, budget } = input;
  let bitrateKbps: number | null = null;
  let pixelRate = 0;
  let fullPixelRate = 0;
  /** The full-rate pixels weighed by what each costs (WEBCODECS_PIXEL_COST). */
  let costedFullRate = 0;
  for (const t of tiles) {
    const pixels = Math.max(0, t.width) * Math.max(0, t.height);
    if (t.bitrateKbps !== null) bitrateKbps = (bitrateKbps ?? 0) + t.bitrateKbps;
    pixelRate += pixels * Math.max(0, t.decodedFps);
    const full = pixels * Math.max(0, t.fullFps ?? t.decodedFps);
    fullPixelRate += full;
    costedFullRate += full * (t.webcodecs ? WEBCODECS_PIXEL_COST : 1);
  }
  // Nothing plays: nothing is received (as the bar means it), which is a figure, not an unknown.
  if (health.playing === 0) bitrateKbps ??= 0;
  const capacitySource = input.sustainedPixelRate ? 'setting' : 'estimate';
  // The estimate is for pictures through Media Source; of pictures like these (WebCodecs ones cost
  // half) the computer sustains more. A figure set in Settings was measured, and is taken as it is.
  const mix = fullPixelRate > 0 ? costedFullRate / fullPixelRate : 1;
  const capacity = input.sustainedPixelRate ?? estimatedPixelRate(input.cores) / mix;
  const share = capacity > 0 ? pixelRate / capacity : 0;
  const overloadDegraded = budget.byReason.load > 0;
  // The pixels say how near the computer's figure the wall is; the load monitor (dropped and late
  // pictures) says the computer struggles now, whatever from.
  const struggling = budget.load === 'overloaded' || overloadDegraded;
  const level: WallLoadLevel = share >= 1 ? 'over' : share >= WARN_SHARE || struggling ? 'warning' : 'ok';
  const why = budget.loadReason ?? budget.reason;
  // "Overloaded" only where the gauge agrees; a wall asking a few % is not what overloads it.
  const percent = formatNumber(Math.round(share * 100));
  const warning =
    share >= 1
      ? t('tiles:figures.over')
      : share >= WARN_SHARE
        ? t('tiles:figures.near')
        : struggling && share >= AGREE_SHARE
          ? why
            ? t('tiles:figures.overloadedWhy', { why })
            : t('tiles:figures.overloaded')
          : struggling
            ? why
              ? t('tiles:figures.lateWhy', { why, percent })
              : t('tiles:figures.late', { percent })
            : null;

  let suggestion: string | null = null;
  if (level !== 'ok' || fullPixelRate > capacity * WARN_SHARE) {
    const perTile = tiles.length > 0 ? fullPixelRate / tiles.length : 0;
    const fit = perTile > 0 ? Math.floor((capacity * WARN_SHARE) / perTile) : 0;
    const grid = GRIDS.find((n) => n * n <= fit && n * n < tiles.length);
    const tour = input.tourRunning ?? false;
    suggestion =
      fit >= tiles.length
        ? // The wall's own pictures fit: the load comes from elsewhere (another program, a busy disk).
          t(tour ? 'tiles:figures.elsewhereTour' : 'tiles:figures.elsewhere')
        : grid !== undefined
          ? t(tour ? 'tiles:figures.fitTour' : 'tiles:figures.fit', {
              fit: formatNumber(fit),
              grid: formatNumber(grid),
            })
          : t(tour ? 'tiles:figures.smallerTour' : 'tiles:figures.smaller');
  }

  return {
    playing: health.playing,
    behind: Math.min(health.playing, Math.max(0, input.behind ?? 0)),
    stalled: health.stalled + health.reconnecting,
    failed: health.failed,
    other: health.starting + health['paused-hidden'],
    bitrateKbps,
    pixelRate,
    fullPixelRate,
    capacity,
    capacitySource,
    share,
    level,
    warning,
    degraded: budget.degraded,
    byReason: budget.byReason,
    degradedWhy: budget.reason ?? budget.loadReason,
    budgetOn: budget.enabled,
    suggestion,
  };
}

/** One decimal, or none, as the language writes numbers. */
const num = (value: number, digits = 0) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 183 000 000 → "183 Mpx/s"; 2 400 000 000 → "2.4 Gpx/s". */
export function formatPixelRate(pxPerSecond: number): string {
  if (pxPerSecond >= 1e9) return t('tiles:figures.gpx', { value: num(pxPerSecond / 1e9, 1) });
  if (pxPerSecond >= 1e6) return t('tiles:figures.mpx', { value: num(Math.round(pxPerSecond / 1e6)) });
  return t('tiles:figures.kpx', { value: num(Math.round(pxPerSecond / 1e3)) });
}

/** The gauge in an operator's words: "Decoding load 28 %" (the pixel figures go in its tooltip). */
export function decodingLoadText(share: number): string {
  return t('tiles:figures.decodingLoad', { percent: num(Math.round(share * 100)) });
}

/** 12 400 kbit/s → "12.4 Mbit/s"; not measured yet → "– kbit/s". */
export function formatBitrate(kbps: number | null): string {
  if (kbps === null) return t('tiles:figures.kbit', { value: '–' });
  if (kbps >= 1000) return t('tiles:figures.mbit', { value: num(kbps / 1000, 1) });
  return t('tiles:figures.kbit', { value: num(Math.round(kbps)) });
}

/** "3 tiles behind live", "1 tile behind live"; null when none is. */
export function behindLiveText(behind: number): string | null {
  if (behind <= 0) return null;
  return t('tiles:figures.behindLive', { count: behind });
}

/** "18 in overview: 14 for load, 4 pinned" */
export function degradedText(f: Pick<WallFigures, 'degraded' | 'byReason'>): string | null {
  if (f.degraded === 0) return null;
  const parts = [
    f.byReason.load > 0 ? t('tiles:figures.forLoad', { n: num(f.byReason.load) }) : null,
    f.byReason['start-up'] > 0 ? t('tiles:figures.atStartUp', { n: num(f.byReason['start-up']) }) : null,
    f.byReason.pinned > 0 ? t('tiles:figures.pinned', { n: num(f.byReason.pinned) }) : null,
  ].filter((p): p is string => p !== null);
  const total = num(f.degraded);
  return parts.length > 0
    ? t('tiles:figures.degradedParts', { total, parts: parts.join(t('tiles:figures.separator')) })
    : t('tiles:figures.degraded', { total });
}
