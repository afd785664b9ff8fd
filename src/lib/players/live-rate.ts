/**
 * Playing a live stream at the rate that holds it at its target distance behind the live edge.
 *
 * Faster while it lags, in proportion to the lag. mpegts.js's own `liveSync` is a two-level switch:
 * 1.2× above a ceiling, back to 1× under a target. Between the two nothing pulls, so each hiccup (a
 * busy main thread delays appends; the picture waits and the buffer grows) leaves the tile that much
 * further behind until the ceiling is crossed: in a 1-hour 36-tile soak the whole wall stepped from
 * p50 0.27 s to 0.34 s and stayed there. A rate proportional to the smoothed excess brings every
 * hiccup back to the target within seconds, never faster than `maxRate` (no visible fast-forward),
 * and leaves the rate alone once within `deadband`.
 *
 * Slower while the buffer runs thin, the same way. A camera whose clock runs slow sends its 25
 * pictures a second a little slower than this computer plays them: played at 1×, the buffer drains
 * (0.3 s is gone in 10 s at 3 % slow, in an hour or two at the 50 ppm of an ordinary crystal) and
 * from then on the picture stutters on every late packet; Chromium reported 4–5 `waiting` events a
 * second on such a tile. Played at the camera's own pace (never below `minRate`), the buffer holds.
 */
export interface LiveRateOptions {
  /** Rate per second of excess or shortfall: 0.5 turns 0.1 s behind into 1.05×, 0.1 s short into 0.95×. */
  gain: number;
  maxRate: number;
  /** Slowest rate: 0.9 is not seen as slow motion on a camera picture. */
  minRate: number;
  /** Excess (s) under which the stream plays at 1×. */
  deadband: number;
  /** Shortfall (s) under which the stream plays at 1×: wider, so a sound stream is never slowed. */
  lowDeadband: number;
  /** Weight of a new sample in the running average (latency is a sawtooth of one frame or more). */
  smoothing: number;
  /** Seconds added to the target at each underrun (the picture ran out and waited for data). */
  underrunStep: number;
  /** The most the target rises above the one asked for (s). */
  maxExtra: number;
  /** Seconds the raised target comes back down per sample while the picture keeps playing. */
  extraDecay: number;
}

export const LIVE_RATE: LiveRateOptions = {
  gain: 0.5,
  maxRate: 1.2,
  minRate: 0.9,
  deadband: 0.03,
  lowDeadband: 0.05,
  smoothing: 0.2,
  underrunStep: 0.1,
  // At most 0.15 s more: on a quiet machine the target held at 0.3 s, and with 0.3 s more the true lag's
  // p95 read 0.43–0.55 s after the wall's start-up (target ≤ 0.5 s).
  maxExtra: 0.15,
  // 4 samples a second (timeupdate): 0.02 s a second, a step in 5 s of play without a wait.
  extraDecay: 0.005,
};

/** The rate for a stream `latency` seconds behind the edge when `target` is wanted (hundredths). */
export function liveRate(latency: number, target: number, options: LiveRateOptions = LIVE_RATE): number {
  const excess = latency - target;
  if (!Number.isFinite(excess)) return 1;
  if (excess <= options.deadband && excess >= -options.lowDeadband) return 1;
  const rate = Math.round((1 + options.gain * excess) * 100) / 100;
  return Math.min(options.maxRate, Math.max(options.minRate, rate));
}

/**
 * Feeds latency samples through the running average; `update` returns the rate to play at.
 *
 * The target is the one asked for while the picture plays on; each underrun (`underrun()`: the buffer
 * ran dry, the element said `waiting`) raises it by `underrunStep`, at most `maxExtra`, and it comes
 * back down by `extraDecay` a sample while none follows: a jitter buffer. On a 2-core machine shared
 * with other work, data comes in bursts; held at 0.3 s a 16-tile wall ran dry 25–35 times a tile a
 * minute (81 on a saturated one), each a stall of the picture, a pause and restart of the media
 * pipeline and frames decoded for nothing, where the plain mpegts.js page, 1.8 s behind, never did.
 * On a quiet machine nothing waits and the target stays where it was asked.
 */
export class LiveRateController {
  private average: number | null = null;
  private extra = 0;

  constructor(
    private readonly target: number,
    private readonly options: LiveRateOptions = LIVE_RATE,
  ) {}

  /** The distance behind the edge aimed at now (s): the one asked for, plus what underruns added. */
  get aim(): number {
    return this.target + this.extra;
  }

  /** The buffer ran dry: aim further behind the edge. */
  underrun(): void {
    this.extra = Math.min(this.options.maxExtra, this.extra + this.options.underrunStep);
  }

  update(latency: number): number {
    if (!Number.isFinite(latency) || latency < 0) return 1;
    this.extra = Math.max(0, this.extra - this.options.extraDecay);
    // A jump to the live edge (latency far lower at once) restarts the average.
    this.average =
      this.average === null || latency < this.average - 0.5
        ? latency
        : this.average + this.options.smoothing * (latency - this.average);
    return liveRate(this.average, this.aim, this.options);
  }
}
