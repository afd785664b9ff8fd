import { isFixedFull, type BudgetDecision, type BudgetTile, type DecodeBudget } from './decode-budget';
import type { TileState } from './tile-snapshot';
import type { TileRecord } from './tile-record';
import type { WallEngineOptions } from './wall-engine-types';

/**
 * A tile started with overview pictures comes to full rate once no tile of the wall is starting any
 * more, or after showing pictures this long, whichever is first.
 */
const START_OVERVIEW_HOLD_MS = 3_000;
/** What a tile started with overview pictures shows until then. */
export const START_OVERVIEW: BudgetDecision = { rate: 'overview', reason: 'start-up' };

/** Tiles that cost decoding now or soon: starting, playing, or recovering. */
export function wantsPicture(state: TileState): boolean {
  return state === 'starting' || state === 'playing' || state === 'stalled' || state === 'reconnecting';
}

/** A tile as the decode budget weighs it. */
export function budgetTile(record: TileRecord): BudgetTile {
  return {
    id: record.id,
    area: record.area,
    selected: record.selected,
    maximised: record.maximised,
    assignedAt: record.assignedAt,
    pin: record.pin,
    canDegrade: record.supervisor.canChangeRate ?? true,
  };
}

/** The tile is waiting for its first picture (queued, asking for URLs, or its player starting). */
function isStarting(record: TileRecord): boolean {
  return record.supervisor.snapshot().state === 'starting' || record.supervisor.awaitingFirstPicture;
}

/** Some tile is waiting for its first picture. */
export function anyStarting(records: Iterable<TileRecord>): boolean {
  for (const r of records) if (isStarting(r)) return true;
  return false;
}

/**
 * A tile started with overview pictures (planFor) keeps them while the wall is still starting:
 * until its first picture, then until no tile is starting or it has shown pictures for
 * START_OVERVIEW_HOLD_MS. From then on the budget decides it as any other.
 */
export function heldAtStart(record: TileRecord, records: Iterable<TileRecord>, now: number): boolean {
  if (!record.startOverview) return false;
  const supervisor = record.supervisor;
  const snap = supervisor.snapshot();
  if (!isFixedFull(budgetTile(record)) && wantsPicture(snap.state)) {
    if (supervisor.awaitingFirstPicture || snap.state !== 'playing') return true;
    const showing = snap.firstFrameAt === null ? 0 : now - snap.firstFrameAt;
    if (showing < START_OVERVIEW_HOLD_MS && anyStarting(records)) return true;
  }
  record.startOverview = false;
  return false;
}

/** The budget's plan for a tile whose new player is about to start (kept on its record). */
export function planFor(
  record: TileRecord,
  records: readonly TileRecord[],
  budget: DecodeBudget,
  options: Pick<WallEngineOptions, 'crowdStart' | 'fullStartsAtOnce'>,
): BudgetDecision {
  const active = records.filter((r) => r === record || wantsPicture(r.supervisor.snapshot().state));
  const decisions = budget.assign(active.map(budgetTile));
  let decision = decisions.get(record.id) ?? { rate: 'full', reason: null };
  // A full-rate player's first picture costs the decoding of what the server sent first (its
  // cached GOP: up to a GOP of pictures at once), an overview player's one keyframe. While many
  // tiles start at full rate, the next ones start with overview pictures, so that every tile's
  // first picture comes quickly; they come to full rate once the wall is up (heldAtStart).
  record.startOverview = false;
  if (decision.rate === 'full' && !isFixedFull(budgetTile(record))) {
    let starting = 0;
    let startingFull = 0;
    for (const r of records) {
      if (r === record || !isStarting(r)) continue;
      starting += 1;
      if (r.decision?.rate === 'full' && r.supervisor.awaitingFirstPicture) startingFull += 1;
    }
    const crowd = starting + 1 > (options.crowdStart ?? 16);
    if (crowd && startingFull >= (options.fullStartsAtOnce ?? 4)) {
      decision = START_OVERVIEW;
      record.startOverview = true;
    }
  }
  record.decision = decision;
  return decision;
}
