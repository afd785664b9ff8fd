import type { OplogLoadCause } from '../../../electron/shared/contract';
import type { PictureRate } from '../players/keyframe-gate';

/** The wall's load as the load monitor reads it (load-monitor.ts). */
export type LoadLevel = 'overloaded' | 'healthy' | 'spare';

export interface LoadReading {
  level: LoadLevel;
  /** 1 is the edge of overload; above 2 the wall is far over it. */
  score: number;
  /** What says so, in words ("dropped frames 12 %"); null when nothing stands out. */
  reason: string | null;
  /** The same as a kind and its figure, worded in the app's language when shown (load-words.ts). */
  cause?: LoadCause | null;
  /** Each signal's own score before smoothing ("dropped 0.10 backlog 0.30 …"), for the load trace. */
  signals?: string;
}

/** What the load monitor found, with its figure: the operator log stores it as it is. */
export type LoadCause = OplogLoadCause;

/** What the budget knows of a tile. */
export interface BudgetTile {
  id: string;
  /** Its picture's area on screen (CSS px²); 0 when unknown or hidden. */
  area: number;
  selected: boolean;
  maximised: boolean;
  /** When its device was put on it (clock ms): a tile assigned more recently is kept longer. */
  assignedAt: number;
  /** The operator's pin; null lets the budget decide. */
  pin: PictureRate | null;
  /** Its player can show overview pictures (HLS, MPEG-TS and fMP4 play at full rate only). */
  canDegrade: boolean;
}

/**
 * Why a tile shows overview pictures:
 * - load: the computer is overloaded, so the lowest-priority tiles show keyframes only
 * - start-up: a wall bigger than its first budget started its lowest-priority tiles in overview
 * - pinned: the operator pinned the tile to overview
 */
export type DegradedReason = 'load' | 'start-up' | 'pinned';

export interface BudgetDecision {
  rate: PictureRate;
  reason: DegradedReason | null;
}

/** A change of the budget worth a line in the operator's log. */
export interface BudgetChange {
  at: number;
  kind: 'demote' | 'promote' | 'hold';
  /** Full-rate tiles the budget allows now, in full-tile units (see DecodeBudgetOptions.overviewCost). */
  capacity: number;
  reason: string;
}

export interface DecodeBudgetOptions {
  /** Off: every tile at full rate except those pinned to overview. */
  enabled: boolean;
  /** What an overview tile costs, as a fraction of a full-rate one (measured 0.33–0.40 with 360p25). */
  overviewCost: number;
  /** The first budget, in full-rate tiles, before any load was measured. */
  startCapacity: number;
  /** After moving tiles to overview, wait this long for the load to show the effect. */
  demoteCooldownMs: number;
  /** Spare this long without a break before a tile is brought back. */
  promoteAfterMs: number;
  /**
   * A load under this score counts as room for one tile more, as spare does: a computer busy with
   * other work drops a few pictures and is never "spare", yet carries more tiles; the budget brings
   * them back until the load says stop (an overload within `probationMs` sends the last one back).
   */
  promoteBelow: number;
  /** Between two tiles (or steps of tiles) brought back. */
  promoteIntervalMs: number;
  /**
   * While there is room (spare, or under `promoteBelow`), each step brings back twice as many tiles
   * as the one before (1, 2, 4 …), at most this share of the full-rate tiles: a wall far under its
   * machine finds the edge in a few steps rather than one tile every `promoteIntervalMs` (44 tiles
   * took over two minutes, #27). Once a step overloaded the wall, one tile at a time until a tile
   * holds past where it did.
   */
  promoteShare: number;
  /**
   * An overload on probation sends back every step brought back this long before it: the load of
   * tiles brought back shows a few seconds late (their frames settle 3 s, and an overload must
   * stand for two readings), so the step before it may be the one that did it.
   */
  undoWithinMs: number;
  /**
   * Neither overloaded nor spare this long since the last change or overload: one tile comes back
   * on trial (a computer busy with other work may never look spare, yet carry one tile more).
   */
  probeAfterMs: number;
  /** An overload this soon after bringing a tile back means it was one too many. */
  probationMs: number;
  /** Then no tile is brought back for this long, doubling on each such failure up to `maxHoldMs`. */
  holdMs: number;
  maxHoldMs: number;
  /** At a score this far over the edge, a fifth of the full-rate tiles go at once rather than one. */
  severeScore: number;
  /**
   * Not the wall's load: once this share of the full-rate tiles went to overview in one overload
   * and its score did not fall by `notOursEase` (in proportion to the full-rate tiles' share of the
   * wall's cost: the overview tiles' own cost stays), the overload comes from elsewhere (another
   * program): the tiles come back and none goes to overview for `notOursHoldMs` (doubling each
   * time, up to `maxHoldMs`).
   */
  notOursAfterShare: number;
  notOursEase: number;
  notOursHoldMs: number;
  /**
   * The budget never takes the wall below this many full-rate tiles: a computer that cannot carry
   * them is busy with something else, and the wall's most important pictures stay whole.
   */
  minFullTiles: number;
}

const DEFAULT_BUDGET_OPTIONS: DecodeBudgetOptions = {
  enabled: true,
  overviewCost: 0.35,
  startCapacity: 36,
  demoteCooldownMs: 3_000,
  promoteAfterMs: 5_000,
  promoteBelow: 0.5,
  promoteIntervalMs: 3_000,
  promoteShare: 0.25,
  undoWithinMs: 5_000,
  probeAfterMs: 20_000,
  probationMs: 10_000,
  holdMs: 30_000,
  maxHoldMs: 300_000,
  severeScore: 2,
  notOursAfterShare: 0.25,
  notOursEase: 0.3,
  notOursHoldMs: 60_000,
  minFullTiles: 9,
};

/** Areas are compared in steps of 2^(1/4) (19 %): pixel rounding and gaps do not reorder equal tiles. */
export const areaStep = (area: number): number => (area > 0 ? Math.round(Math.log2(area) * 4) : -Infinity);

/**
 * The decode budget: which tiles play every picture and which show overview pictures (keyframes
 * only), from the measured load and what is known of each tile. Pure: time and load come in.
 *
 * It keeps one number, the capacity, in full-rate tiles: an overview tile costs `overviewCost` of
 * one. Tiles are ranked (`rank`): the maximised and selected tiles, tiles pinned to full and tiles
 * that cannot show overview pictures always play at full rate; the others get it in order of
 * priority, larger first, then the more recently assigned, as long as the capacity holds them.
 * Priority is strict: a tile is never at full rate while a higher-ranked one is in overview.
 *
 * - Overloaded (after `demoteCooldownMs` since the last change): the capacity drops to what the
 *   wall costs now less one tile (a fifth of the full-rate tiles when the score is over
 *   `severeScore`), so the lowest-ranked full-rate tiles go to overview.
 * - Room (spare, or under `promoteBelow`) for `promoteAfterMs`: one tile more, then a step per
 *   `promoteIntervalMs`, twice the last while the room lasts (at most `promoteShare` of the
 *   full-rate tiles); neither room nor overload for `probeAfterMs`: one tile on trial.
 * - Hysteresis: an overload within `probationMs` of bringing tiles back sends the steps of the last
 *   `undoWithinMs` back at once and holds the next one back for `holdMs`, doubling each time up to
 *   `maxHoldMs` (a promotion that holds resets that); from then on one tile a step, up to and past
 *   the cost that overloaded.
 * - Tiles removed free their cost at once: the tiles left take it up in order, with no wait.
 * - Not the wall's load: when a quarter of the full-rate tiles went to overview and the overload
 *   did not ease by 30 %, another program is the cause: the tiles come back, and the budget leaves
 *   the wall alone for `notOursHoldMs` (doubling each time).
 */
export class DecodeBudget {
  private options: DecodeBudgetOptions;
  private capacityValue: number;
  /** The capacity was set by a measured load, not the start-up guess. */
  private learned = false;
  private lastChangeAt = -Infinity;
  private spareSince: number | null = null;
  private lastPromotionAt: number | null = null;
  /** The steps brought back lately (for `undoWithinMs`), and how many the next may (doubling). */
  private steps: { at: number; moved: number }[] = [];
  private nextStep = 1;
  /** Tiles to send back at the next demotion: the step that overloaded the wall on probation. */
  private undoStep = 0;
  /** The cost at which a step overloaded the wall: from then on one tile at a time, until past it. */
  private knownEdge: number | null = null;
  private holdUntil = -Infinity;
  private lastOverloadAt = -Infinity;
  /** The overload being answered: how it began, and how many tiles went to overview since. */
  private episode: { score: number; full: number; cost: number; demoted: number } | null = null;
  private notOursUntil = -Infinity;
  private notOursHold: number;
  /** When the first load reading came: a wall is judged quiet only from then on. */
  private firstReadingAt: number | null = null;
  private hold: number;
  private lastReason: string | null = null;
  private lastCause: LoadCause | null = null;
  private readonly changes: BudgetChange[] = [];

  constructor(options: Partial<DecodeBudgetOptions> = {}) {
    this.options = { ...DEFAULT_BUDGET_OPTIONS, ...options };
    this.capacityValue = this.options.startCapacity;
    this.hold = this.options.holdMs;
    this.notOursHold = this.options.notOursHoldMs;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Turn the automatic budget on or off; off, only pins move tiles to overview. */
  setEnabled(enabled: boolean): void {
    this.options = { ...this.options, enabled };
  }

  /** Full-rate tiles the budget allows now, in full-tile units. */
  get capacity(): number {
    return this.capacityValue;
  }

  /** What made the budget last move tiles (the load monitor's reason); null before any move. */
  get reason(): string | null {
    return this.lastReason;
  }

  /** The same as a kind and its figure; null before any move or where the load source gave none. */
  get cause(): LoadCause | null {
    return this.lastCause;
  }

  /** The changes since the last call, oldest first (for the operator's log). */
  takeChanges(): BudgetChange[] {
    return this.changes.splice(0, this.changes.length);
  }

  /**
   * One step: take in the load (null when none was measured) and the tiles as they are, and return
   * the rate of every tile.
   */
  update(now: number, load: LoadReading | null, tiles: readonly BudgetTile[]): Map<string, BudgetDecision> {
    if (this.options.enabled && load) this.react(now, load, tiles);
    return this.assign(tiles);
  }

  /** The rates for the present capacity, without taking in a new load. */
  assign(tiles: readonly BudgetTile[]): Map<string, BudgetDecision> {
    const decisions = new Map<string, BudgetDecision>();
    const automatic: BudgetTile[] = [];
    for (const tile of tiles) {
      if (tile.pin === 'overview' && tile.canDegrade)
        decisions.set(tile.id, { rate: 'overview', reason: 'pinned' });
      else if (!this.options.enabled || isFixedFull(tile))
        decisions.set(tile.id, { rate: 'full', reason: null });
      else automatic.push(tile);
    }
    const o = this.options.overviewCost;
    let cost = 0;
    for (const tile of tiles) {
      const decided = decisions.get(tile.id);
      cost += decided ? (decided.rate === 'full' ? 1 : o) : o;
    }
    const reason: DegradedReason = this.learned ? 'load' : 'start-up';
    let fits = true;
    for (const tile of rank(automatic)) {
      // Strict priority: once one tile does not fit, none below it plays at full rate.
      if (fits && cost + (1 - o) <= this.capacityValue + 1e-9) {
        cost += 1 - o;
        decisions.set(tile.id, { rate: 'full', reason: null });
      } else {
        fits = false;
        decisions.set(tile.id, { rate: 'overview', reason });
      }
    }
    return decisions;
  }

  private react(now: number, load: LoadReading, tiles: readonly BudgetTile[]): void {
    const o = this.options.overviewCost;
    const current = this.assign(tiles);
    const cost = [...current.values()].reduce((sum, d) => sum + (d.rate === 'full' ? 1 : o), 0);
    const full = tiles.filter((t) => current.get(t.id)?.rate === 'full').length;
    const automaticFull = Math.min(
      tiles.filter((t) => current.get(t.id)?.rate === 'full' && !isFixedFull(t)).length,
      Math.max(0, full - this.options.minFullTiles),
    );
    const automaticOverview = tiles.filter(
      (t) => current.get(t.id)?.reason === 'load' || current.get(t.id)?.reason === 'start-up',
    ).length;

    this.firstReadingAt ??= now;
    const room =
      load.level === 'spare' || (load.level === 'healthy' && load.score < this.options.promoteBelow);
    if (!room) {
      // Room must be unbroken: to bring a tile back, and for the step to grow.
      this.spareSince = null;
      this.nextStep = 1;
    }
    if (load.level === 'overloaded') {
      this.lastOverloadAt = now;
      if (this.lastPromotionAt !== null && now - this.lastPromotionAt <= this.options.probationMs) {
        // The last step brought back was too many: it goes back, and the next waits longer.
        const recent = this.steps.filter((step) => now - step.at < this.options.undoWithinMs);
        const last = this.steps.at(-1)?.moved ?? 1;
        this.undoStep = Math.max(
          this.undoStep,
          last,
          recent.reduce((sum, step) => sum + step.moved, 0),
        );
        this.knownEdge = this.capacityValue;
        this.steps = [];
        this.holdUntil = now + this.hold;
        this.record(
          now,
          'hold',
          `${this.undoStep > 1 ? `${this.undoStep} tiles` : 'a tile'} brought back overloaded the computer; ${this.undoStep > 1 ? 'they go' : 'it goes'} again, none back for ${Math.round(this.hold / 1000)} s`,
        );
        this.hold = Math.min(this.options.maxHoldMs, this.hold * 2);
        this.lastPromotionAt = null;
      }
      if (now < this.notOursUntil) return;
      if (automaticFull === 0 || now - this.lastChangeAt < this.options.demoteCooldownMs) return;
      const episode = this.episode;
      // What going to overview can save: the full-rate tiles' share of the wall's cost. A big wall of
      // overview tiles eases less for each tile that goes, and that is still the wall's own load.
      const expectedEase = episode ? this.options.notOursEase * Math.min(1, episode.full / episode.cost) : 0;
      if (
        episode &&
        episode.demoted >= Math.max(2, Math.ceil(episode.full * this.options.notOursAfterShare)) &&
        load.score > episode.score * (1 - expectedEase)
      ) {
        // A good share of the tiles went to overview and the load did not ease: it is not the
        // wall's (another program is busy). Bring them back; try again later, and later each time.
        this.capacityValue = Math.max(this.capacityValue, episode.cost);
        this.episode = null;
        this.notOursUntil = now + this.notOursHold;
        this.lastChangeAt = now;
        this.record(
          now,
          'hold',
          `the load did not ease with ${episode.demoted} tiles in overview: not the wall's; back to full rate, none to overview for ${Math.round(this.notOursHold / 1000)} s`,
        );
        this.notOursHold = Math.min(this.options.maxHoldMs, this.notOursHold * 2);
        return;
      }
      const step = load.score >= this.options.severeScore ? Math.max(1, Math.ceil(automaticFull / 5)) : 1;
      const moved = Math.min(Math.max(step, this.undoStep), automaticFull);
      this.episode ??= { score: load.score, full, cost, demoted: 0 };
      // A step sent back because it overloaded the wall is the wall's own load by evidence: it does
      // not count towards "not the wall's" (which judges tiles sent back that did not ease it).
      this.episode.demoted += Math.max(0, moved - this.undoStep);
      this.undoStep = 0;
      this.capacityValue = Math.max(0, cost - moved * (1 - o));
      this.learned = true;
      this.lastChangeAt = now;
      this.lastReason = load.reason;
      this.lastCause = load.cause ?? null;
      this.record(now, 'demote', load.reason ?? 'overloaded');
      return;
    }
    if (this.episode && this.episode.demoted > 0) {
      // The overload eased with tiles in overview: it was the wall's own.
      this.notOursHold = this.options.notOursHoldMs;
    }
    this.episode = null;
    // The overload passed before the step could go back: it stays (the hold still stands).
    this.undoStep = 0;
    if (this.lastPromotionAt !== null && now - this.lastPromotionAt > this.options.probationMs) {
      // The tile brought back held: the next failure waits from the start again, and a wall that
      // holds past the edge it once found has more machine now.
      this.hold = this.options.holdMs;
      if (this.knownEdge !== null && cost > this.knownEdge - 1e-9) this.knownEdge = null;
      this.lastPromotionAt = null;
    }
    if (room) this.spareSince ??= now;
    if (automaticOverview === 0 || now < this.holdUntil) return;
    const spare =
      this.spareSince !== null &&
      now - this.spareSince >= this.options.promoteAfterMs &&
      now - this.lastChangeAt >= this.options.promoteIntervalMs;
    // Neither overloaded nor spare for long (a busy computer whose own load is fine): try one tile.
    const quiet =
      now - Math.max(this.lastChangeAt, this.lastOverloadAt, this.firstReadingAt) >=
      this.options.probeAfterMs;
    if (!spare && !quiet) return;
    // Doubling while there is room, at most a share of the full-rate tiles; one at a time on trial,
    // and once a step overloaded the wall, until a tile holds past where it did.
    const cap = Math.max(1, Math.ceil(full * this.options.promoteShare));
    const moved = spare && this.knownEdge === null ? Math.min(this.nextStep, cap, automaticOverview) : 1;
    this.nextStep = spare ? Math.min(moved * 2, cap) : 1;
    this.capacityValue = cost + moved * (1 - o);
    this.learned = true;
    this.lastChangeAt = now;
    this.lastPromotionAt = now;
    this.steps = [
      ...this.steps.filter((step) => now - step.at < this.options.probationMs),
      { at: now, moved },
    ];
    const why = spare
      ? load.level === 'spare'
        ? 'spare capacity'
        : 'room for more'
      : `no overload for ${Math.round(this.options.probeAfterMs / 1000)} s`;
    this.record(now, 'promote', moved > 1 ? `${why}: ${moved} tiles` : why);
  }

  private record(at: number, kind: BudgetChange['kind'], reason: string): void {
    this.changes.push({ at, kind, capacity: this.capacityValue, reason });
    if (this.changes.length > 100) this.changes.shift();
  }
}

/**
 * Always at full rate, whatever the load: the operator's focus, a pin, or a player that cannot (the
 * WallEngine never starts such a tile in overview either).
 */
export function isFixedFull(tile: BudgetTile): boolean {
  if (tile.pin === 'overview' && tile.canDegrade) return false;
  return tile.maximised || tile.selected || tile.pin === 'full' || !tile.canDegrade;
}

/**
 * Tiles from the highest priority to the lowest: the larger picture first (in steps of 19 %, so
 * tiles of one size are equal), then the more recently assigned, then by id so the order is stable.
 */
export function rank<T extends Pick<BudgetTile, 'id' | 'area' | 'assignedAt'>>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) => {
    const sa = areaStep(a.area);
    const sb = areaStep(b.area);
    if (sa !== sb) return sb > sa ? 1 : -1;
    if (a.assignedAt !== b.assignedAt) return b.assignedAt - a.assignedAt;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
