import { describe, expect, it } from 'vitest';
import {
  DecodeBudget,
  type BudgetTile,
  type LoadReading,
} from '../../../../../src/lib/wall-engine/decode-budget';

/**
 * The decode budget promotes while the load allows and stops where it does not (#27 item 8). On the
 * 64-tile bench the load read "spare" for the whole window and the budget brought back one tile every
 * 3 s: 9 of 44 by the window's end, a third of the machine idle. A model machine stands in for
 * Chromium: it carries `capacity` units (a full-rate tile costs 1, an overview tile 0.35); within
 * it the load reads `within` (spare, or healthy-with-room on a machine other programs keep busy),
 * past it overloaded, and every reading shows the demand of `lagS` seconds before (tiles brought
 * back settle for a few seconds before their load shows).
 */

function tiles(n: number): BudgetTile[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `t${String(i).padStart(2, '0')}`,
    area: 200 * 112,
    selected: false,
    maximised: false,
    assignedAt: i,
    pin: null,
    canDegrade: true,
  }));
}

const spare: LoadReading = { level: 'spare', score: 0.1, reason: null };
/** A computer busy with other work: a few pictures dropped, never spare, room for more. */
const busy: LoadReading = { level: 'healthy', score: 0.3, reason: null };
const overloaded: LoadReading = { level: 'overloaded', score: 1.5, reason: 'pictures behind live' };

function simulate(
  budget: DecodeBudget,
  wall: BudgetTile[],
  capacity: number,
  within: LoadReading,
  seconds: number,
  lagS = 2,
) {
  let decisions = budget.assign(wall);
  const full: number[] = [];
  const demands: number[] = [];
  for (let t = 0; t < seconds; t++) {
    demands.push([...decisions.values()].reduce((sum, d) => sum + (d.rate === 'full' ? 1 : 0.35), 0));
    const seen = demands[Math.max(0, demands.length - 1 - lagS)];
    decisions = budget.update(t * 1000, seen > capacity + 1e-9 ? overloaded : within, wall);
    full.push([...decisions.values()].filter((d) => d.rate === 'full').length);
  }
  return { full, changes: budget.takeChanges() };
}

/** Full-rate tiles within `capacity`: 64 × 0.35 + f × 0.65 ≤ capacity. */
const fitting = (capacity: number, n = 64) => Math.floor((capacity - n * 0.35) / 0.65 + 1e-9);

describe('the decode budget promotes until the load says stop', () => {
  it('a 64-tile wall far under its machine reaches the machine within half a minute, not two', () => {
    const budget = new DecodeBudget();
    const wall = tiles(64);
    const edge = fitting(50); // 42 full-rate tiles
    const { full, changes } = simulate(budget, wall, 50, spare, 40);
    expect(full[0]).toBe(20);
    // One tile every 3 s would be at 20 + 9 by 35 s; it is within two tiles of the edge.
    expect(full[35]).toBeGreaterThanOrEqual(edge - 2);
    expect(changes.filter((c) => c.kind === 'promote').length).toBeLessThanOrEqual(10);
  });

  it('healthy but not spare, with room: promotions until an overload, then that step back, a hold, and no swinging', () => {
    const budget = new DecodeBudget();
    const wall = tiles(64);
    const edge = fitting(46); // 36 full-rate tiles
    const { full, changes } = simulate(budget, wall, 46, busy, 240);
    // Up to the edge and past it once: the step that overloaded goes back at once, then a hold.
    const firstHold = changes.findIndex((c) => c.kind === 'hold');
    expect(firstHold).toBeGreaterThan(0);
    expect(changes.slice(0, firstHold).every((c) => c.kind === 'promote')).toBe(true);
    expect(changes[firstHold + 1]).toMatchObject({ kind: 'demote' });
    const holdAt = changes[firstHold].at / 1000;
    expect(holdAt).toBeLessThan(40);
    expect(full[holdAt + 4]).toBeLessThanOrEqual(edge);
    // Never a demotion for anything but a step on probation: no tile is sent back twice in a row.
    expect(changes.filter((c) => c.reason.includes("not the wall's"))).toEqual([]);
    // After the hold it comes back one tile at a time and stays at the edge: within a tile of it,
    // each try past it waiting longer than the last.
    expect(full.slice(holdAt + 4, holdAt + 30).every((f) => f === full[holdAt + 4])).toBe(true);
    const settled = full.slice(holdAt + 40);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(edge - 1);
    expect(Math.max(...settled)).toBeLessThanOrEqual(edge + 1);
    const holds = changes.filter((c) => c.kind === 'hold').map((c) => c.reason);
    expect(holds.length).toBeLessThanOrEqual(4);
    expect(holds.slice(0, 3)).toEqual([
      expect.stringContaining('30 s'),
      expect.stringContaining('60 s'),
      expect.stringContaining('120 s'),
    ]);
  });

  it('past an edge it once found, a wall that holds finds it has more machine and steps again', () => {
    const budget = new DecodeBudget();
    const wall = tiles(64);
    const first = simulate(budget, wall, 40, spare, 60);
    expect(first.full.at(-1)).toBeLessThanOrEqual(fitting(40));
    // The other program ends: the machine carries 56 units. One at a time past the old edge, then
    // doubling again once a tile held past it.
    let decisions = budget.assign(wall);
    let t = 60;
    for (; t < 200; t++) {
      const demand = [...decisions.values()].reduce((sum, d) => sum + (d.rate === 'full' ? 1 : 0.35), 0);
      decisions = budget.update(t * 1000, demand > 56 ? overloaded : spare, wall);
    }
    const full = [...decisions.values()].filter((d) => d.rate === 'full').length;
    expect(full).toBeGreaterThanOrEqual(fitting(56) - 1);
  });
});
