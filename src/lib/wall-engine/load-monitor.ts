import type { BacklogLoad } from './backlog-meter';
import type { LoadCause, LoadLevel, LoadReading } from './decode-budget';
import { loadTraceOn } from './load-trace';

/**
 * The wall's frame figures over one sampling interval, summed over its tiles playing at full rate
 * (the engine gathers them from the players' stats).
 */
export interface FrameLoad {
  /** Pictures decoded (presented or dropped). */
  decoded: number;
  dropped: number;
  /** Pictures presented. */
  presented: number;
  /**
   * Pictures the streams sent for the tiles whose frame rate is known, at the rate they played at;
   * `presentedOfExpected` is what those tiles presented. Null when no tile's rate is known.
   */
  expected: number | null;
  presentedOfExpected: number;
  /** How late frame callbacks ran behind their frame's expected display time (ms, median); null if none. */
  callbackLatenessMs: number | null;
  /** Full-rate tiles counted. */
  tiles: number;
  /** How far behind the camera the full-rate tiles are and how fast it grows (BacklogMeter); null: unknown. */
  backlog?: BacklogLoad | null;
}

/** What the load monitor is: something that turns frame figures into a load reading. */
export interface LoadSource {
  /** One reading at `now` (clock ms) from the frame figures since the last one. */
  sample(frames: FrameLoad, now: number): LoadReading;
  /** Stop observing (PressureObserver, long tasks). */
  stop(): void;
}

/** Compute Pressure's states (https://w3c.github.io/compute-pressure/). */
export type PressureState = 'nominal' | 'fair' | 'serious' | 'critical';

interface PressureRecordLike {
  state: PressureState;
}
export interface PressureObserverLike {
  observe(source: 'cpu', options?: { sampleInterval?: number }): Promise<void>;
  disconnect(): void;
}
export type PressureObserverConstructor = new (
  callback: (records: PressureRecordLike[]) => void,
) => PressureObserverLike;

interface LongTaskEntryLike {
  duration: number;
}
export interface PerformanceObserverLike {
  observe(options: { type: string; buffered?: boolean }): void;
  disconnect(): void;
}
export type PerformanceObserverConstructor = new (
  callback: (list: { getEntries(): LongTaskEntryLike[] }) => void,
) => PerformanceObserverLike;

export interface LoadMonitorOptions {
  /** Dropped share of decoded pictures that is the edge of overload. */
  droppedAt: number;
  /** Share of expected pictures not presented (decoder behind, drops) that is the edge. */
  missingAt: number;
  /** Frame-callback lateness (ms) that is the edge. */
  latenessAt: number;
  /** Share of the time in long tasks (> 50 ms) that is the edge. */
  longTasksAt: number;
  /** The median tile's pictures falling behind the camera this fast (ms per s) is the edge. */
  backlogGrowthAt: number;
  /** The median tile this far behind the camera (ms) is the edge. */
  backlogBehindAt: number;
  /** Weight of a new reading in the running score (1: no smoothing). */
  smoothing: number;
  /** Smoothed score at or over which the wall is overloaded. */
  overloadedAt: number;
  /** Smoothed score under which (and with no frame dropped) there is room for more. */
  spareBelow: number;
  /** Dropped share that still counts as spare. */
  spareDropped: number;
  /** Readings to skip after a start (a wall starting drops a few first frames). */
  warmupSamples: number;
}

const DEFAULT_LOAD_OPTIONS: LoadMonitorOptions = {
  // Chromium drops a few % of a wall's pictures while other programs compete for the CPU (4–6 %
  // on 36 tiles measured on a shared 2-core machine, the plain page as much, and up to 11 % on a
  // busier one: the plain page showed 22.3 of 25 pictures a second at 36 tiles, #27); a wall past
  // its machine drops tens of % (28 % at 49 tiles, 57 % at 64). The edge sits above what the plain
  // page loses, so the budget never takes pictures from a wall the plain page would play whole; a
  // wall that cannot keep up shows it in its backlog too (pictures falling behind live).
  droppedAt: 0.2,
  missingAt: 0.25,
  latenessAt: 120,
  longTasksAt: 0.3,
  // Falling behind by a tenth of real time: the wall reads or decodes a tenth less than the cameras
  // send. A healthy tile's figure wobbles by a few hundred ms between readings, but the median
  // tile's growth (a tile whose figure fell counts 0) stays near 0.
  backlogGrowthAt: 100,
  // The margin past which a tile is no longer called live (liveness-policy.ts).
  backlogBehindAt: 2_000,
  smoothing: 0.5,
  overloadedAt: 1,
  spareBelow: 0.45,
  spareDropped: 0.005,
  warmupSamples: 3,
};

/**
 * Compute Pressure's contribution: serious and critical score above `spareBelow`, so they rule out
 * spare capacity, but under 1, so they never make the wall overloaded alone (the state is the whole
 * computer's: another program's load would otherwise take pictures from the wall while its own
 * frames are fine).
 */
const PRESSURE_SCORE: Record<PressureState, number> = {
  nominal: 0,
  fair: 0.3,
  serious: 0.6,
  critical: 0.9,
};

export interface LoadMonitorEnvironment {
  /** `globalThis.PressureObserver` where Chromium offers it; null to leave it out. */
  PressureObserver?: PressureObserverConstructor | null;
  /** `globalThis.PerformanceObserver` (long tasks); null to leave it out. */
  PerformanceObserver?: PerformanceObserverConstructor | null;
  /** Supported entry types of the PerformanceObserver (to know whether long tasks are). */
  supportedEntryTypes?: readonly string[];
}

/**
 * The wall's load as one signal: overloaded, healthy or spare, with a score and a reason in words.
 *
 * Its own signals, from every tile at full rate: dropped pictures, pictures the streams sent that
 * were never presented (the decoder falling behind), how late frame callbacks run, the share of
 * time the page spends in long tasks, and the backlog (pictures falling behind the camera, measured
 * from the streams' own timestamps: a wall that reads its sockets late shows it before it drops); and, where Chromium offers it, Compute Pressure's CPU state.
 * Each becomes a score (1 at its edge of overload), the highest counts, the lesser of two readings
 * in a row goes into a running average: a single bad second does not move tiles, a few do.
 */
export class LoadMonitor implements LoadSource {
  private readonly options: LoadMonitorOptions;
  private smoothed: number | null = null;
  /** The last reading's own score (before smoothing). */
  private lastRaw: number | null = null;
  private samples = 0;
  private pressure: PressureState | null = null;
  private pressureObserver: PressureObserverLike | null = null;
  private longTaskObserver: PerformanceObserverLike | null = null;
  private longTaskMs = 0;
  private lastAt: number | null = null;
  private last: LoadReading = { level: 'healthy', score: 0, reason: null };

  constructor(options: Partial<LoadMonitorOptions> = {}, env: LoadMonitorEnvironment = browserEnvironment()) {
    this.options = { ...DEFAULT_LOAD_OPTIONS, ...options };
    this.observePressure(env.PressureObserver ?? null);
    this.observeLongTasks(env.PerformanceObserver ?? null, env.supportedEntryTypes);
  }

  /** Compute Pressure's last CPU state; null where there is none. */
  get pressureState(): PressureState | null {
    return this.pressure;
  }

  /** The last reading. */
  reading(): LoadReading {
    return this.last;
  }

  sample(frames: FrameLoad, now: number): LoadReading {
    const o = this.options;
    const elapsed = this.lastAt === null ? null : Math.max(1, now - this.lastAt);
    this.lastAt = now;
    const longTasks = elapsed === null ? 0 : Math.min(1, this.longTaskMs / elapsed);
    this.longTaskMs = 0;
    this.samples += 1;

    const dropped = frames.decoded > 0 ? frames.dropped / frames.decoded : 0;
    const missing =
      frames.expected !== null && frames.expected > 0
        ? Math.max(0, 1 - frames.presentedOfExpected / frames.expected)
        : 0;
    const lateMs = Math.round(frames.callbackLatenessMs ?? 0);
    // Each signal's score, its words (the English of load-words.ts, for the console and the log's
    // reason) and the same as a kind and figure, worded in the app's language where it is shown.
    const scores: [number, string, LoadCause | null][] = [
      [
        dropped / o.droppedAt,
        `${percent(dropped)} of frames dropped`,
        { kind: 'dropped', percent: pct(dropped) },
      ],
      [
        missing / o.missingAt,
        `${percent(missing)} of frames not shown`,
        { kind: 'not-shown', percent: pct(missing) },
      ],
      [
        (frames.callbackLatenessMs ?? 0) / o.latenessAt,
        `frames shown ${lateMs} ms late`,
        { kind: 'late', ms: lateMs },
      ],
      [
        longTasks / o.longTasksAt,
        `the page busy ${percent(longTasks)} of the time`,
        { kind: 'busy', percent: pct(longTasks) },
      ],
      backlogScore(frames.backlog ?? null, o),
      [
        this.pressure ? PRESSURE_SCORE[this.pressure] : 0,
        `CPU pressure ${this.pressure ?? ''}`,
        this.pressure ? { kind: 'pressure', state: this.pressure } : null,
      ],
    ];
    // With no tile at full rate there are no frame figures: only the page and the CPU speak.
    const [score] = scores.reduce((a, b) => (b[0] > a[0] ? b : a));
    // In words, the wall's own strongest signal where one stands out; the CPU's state otherwise.
    const own = scores.slice(0, 5).reduce((a, b) => (b[0] > a[0] ? b : a));
    const [, why, cause] = own[0] >= 0.5 || !this.pressure ? own : scores[5];
    // Only for the load trace: a wall that runs for days builds no string a second nobody reads.
    const signals = loadTraceOn()
      ? scores.map(([v], i) => `${SIGNAL_NAMES[i]} ${v.toFixed(2)}`).join(' ')
      : undefined;
    // A signal counts once it stands for two readings: the lesser of this score and the last one
    // goes into the average. One second of a busy machine (another program's burst: 65 % of frames
    // not shown for a second, then nothing) scored 2.6 alone, took the average over the edge from
    // 0.2, and sent back the tile just brought back with a 30 s hold (#27); an overload that lasts
    // reads high in every second, whichever signal shows it.
    const held = this.lastRaw === null ? score : Math.min(score, this.lastRaw);
    this.lastRaw = score;
    if (this.samples <= o.warmupSamples) {
      this.last = { level: 'healthy', score, reason: null, cause: null };
      return this.last;
    }
    this.smoothed = this.smoothed === null ? held : this.smoothed + o.smoothing * (held - this.smoothed);
    const s = this.smoothed;
    const level: LoadLevel =
      s >= o.overloadedAt
        ? 'overloaded'
        : s < o.spareBelow && dropped <= o.spareDropped
          ? 'spare'
          : 'healthy';
    this.last = {
      level,
      score: Math.round(s * 100) / 100,
      reason: level === 'overloaded' ? why : level === 'spare' ? null : score >= 0.5 ? why : null,
      cause: level === 'overloaded' ? cause : level === 'spare' ? null : score >= 0.5 ? cause : null,
      ...(signals !== undefined && { signals }),
    };
    return this.last;
  }

  stop(): void {
    this.pressureObserver?.disconnect();
    this.pressureObserver = null;
    this.longTaskObserver?.disconnect();
    this.longTaskObserver = null;
  }

  private observePressure(Observer: PressureObserverConstructor | null): void {
    if (!Observer) return;
    try {
      const observer = new Observer((records) => {
        const last = records[records.length - 1];
        if (last) this.pressure = last.state;
      });
      this.pressureObserver = observer;
      // Refused where the page may not (permissions policy) or the platform cannot: the frame
      // figures still speak.
      void observer.observe('cpu', { sampleInterval: 1000 }).catch(() => {
        this.pressureObserver = null;
        this.pressure = null;
      });
    } catch {
      this.pressureObserver = null;
    }
  }

  private observeLongTasks(Observer: PerformanceObserverConstructor | null, types?: readonly string[]): void {
    if (!Observer || (types && !types.includes('longtask'))) return;
    try {
      const observer = new Observer((list) => {
        for (const entry of list.getEntries()) this.longTaskMs += entry.duration;
      });
      observer.observe({ type: 'longtask' });
      this.longTaskObserver = observer;
    } catch {
      this.longTaskObserver = null;
    }
  }
}

/**
 * The backlog's score: the larger of how fast the median tile falls behind and how far behind it is;
 * "pictures 0.3 s more behind live each second" or "pictures 2.4 s behind live".
 */
function backlogScore(
  backlog: BacklogLoad | null,
  o: LoadMonitorOptions,
): [number, string, LoadCause | null] {
  if (!backlog || backlog.tiles === 0) return [0, 'pictures behind live', null];
  const growth = backlog.growthMsPerS / o.backlogGrowthAt;
  const behind = backlog.medianBehindMs / o.backlogBehindAt;
  const growthS = Math.round(backlog.growthMsPerS / 100) / 10;
  const behindS = Math.round(backlog.medianBehindMs / 100) / 10;
  return growth >= behind
    ? [
        growth,
        `pictures ${(backlog.growthMsPerS / 1000).toFixed(1)} s more behind live each second`,
        { kind: 'behind-growing', seconds: growthS },
      ]
    : [
        behind,
        `pictures ${(backlog.medianBehindMs / 1000).toFixed(1)} s behind live`,
        { kind: 'behind', seconds: behindS },
      ];
}

/** The signals in the order `sample` scores them (for the load trace). */
const SIGNAL_NAMES = ['dropped', 'not-shown', 'late', 'busy', 'backlog', 'pressure'];

/** A share as whole percent: 0.123 → 12. */
const pct = (share: number) => Math.round(share * 100);

function percent(share: number): string {
  return `${pct(share)} %`;
}

function browserEnvironment(): LoadMonitorEnvironment {
  const g = globalThis as {
    PressureObserver?: PressureObserverConstructor;
    PerformanceObserver?: PerformanceObserverConstructor & { supportedEntryTypes?: readonly string[] };
  };
  return {
    PressureObserver: g.PressureObserver ?? null,
    PerformanceObserver: g.PerformanceObserver ?? null,
    supportedEntryTypes: g.PerformanceObserver?.supportedEntryTypes,
  };
}
