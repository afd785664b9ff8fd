import { describe, expect, it } from 'vitest';
import {
  DecodeBudget,
  type BudgetTile,
  type LoadReading,
} from '../../../../../src/lib/wall-engine/decode-budget';
import { LoadMonitor, type FrameLoad } from '../../../../../src/lib/wall-engine/load-monitor';

/**
 * The decode budget uses the machine it has (#27 item 8): it takes no picture from a wall the plain
 * mpegts.js page plays whole, it brings tiles back until the load says stop on a computer that is
 * busy but never "spare", and on a big wall it does not mistake its own overload for another
 * program's. A model machine stands in for Chromium: it carries `capacity` full-rate tiles' worth
 * of decoding (an overview tile costs 0.35 of one) and drops what the wall asks beyond that.
 */

const none = { PressureObserver: null, PerformanceObserver: null };

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

/** A machine carrying `capacity` units, dropping `ambient` of the pictures whatever the wall asks. */
function machine(capacity: number, ambient: number) {
  return (demand: number): { dropped: number; reading: LoadReading } => {
    const dropped = Math.max(ambient, 1 - capacity / demand);
    const score = dropped / 0.2;
    const level = score >= 1 ? 'overloaded' : score < 0.45 && dropped <= 0.005 ? 'spare' : 'healthy';
    return { dropped, reading: { level, score, reason: `${Math.round(dropped * 100)} % of frames dropped` } };
  };
}

/** Run the budget a second at a time for `seconds` against the model machine; full-rate tiles each second. */
function simulate(
  budget: DecodeBudget,
  wall: BudgetTile[],
  load: ReturnType<typeof machine>,
  seconds: number,
) {
  let decisions = budget.assign(wall);
  const count = () => [...decisions.values()].filter((d) => d.rate === 'full').length;
  // The first: before any load was read.
  const full: number[] = [count()];
  for (let t = 0; t < seconds; t++) {
    const demand = [...decisions.values()].reduce((sum, d) => sum + (d.rate === 'full' ? 1 : 0.35), 0);
    decisions = budget.update(t * 1000, load(demand).reading, wall);
    full.push(count());
  }
  return { full, changes: budget.takeChanges() };
}

describe('the decode budget uses the machine it has', () => {
  it('a wall losing what the plain page loses on a busy machine (11 % of pictures) is not overloaded', () => {
    const monitor = new LoadMonitor({}, none);
    const second = (droppedShare: number): FrameLoad => {
      const decoded = 36 * 25;
      const dropped = Math.round(decoded * droppedShare);
      return {
        decoded,
        dropped,
        presented: decoded - dropped,
        expected: decoded,
        presentedOfExpected: decoded - dropped,
        callbackLatenessMs: 10,
        tiles: 36,
        backlog: { tiles: 36, growthMsPerS: 0, medianBehindMs: 300 },
      };
    };
    const plain = Array.from({ length: 10 }, (_, t) => monitor.sample(second(0.11), t * 1000));
    expect(plain.every((r) => r.level !== 'overloaded')).toBe(true);
    // A wall past its machine (28 % at 49 tiles) still is.
    const past = new LoadMonitor({}, none);
    const over = Array.from({ length: 10 }, (_, t) => past.sample(second(0.28), t * 1000));
    expect(over.at(-1)).toMatchObject({ level: 'overloaded', reason: '28 % of frames dropped' });
  });

  it('busy but never spare: tiles come back in growing steps until the load says stop', () => {
    // 40 tiles; the machine carries 30 units and drops 3 % whatever happens (other programs).
    const budget = new DecodeBudget({ startCapacity: 20 });
    const wall = tiles(40);
    const { full, changes } = simulate(budget, wall, machine(30, 0.03), 150);
    // It started with 9 at full rate (20 units), and brought tiles back up to what the machine carries.
    expect(full[0]).toBe(9);
    expect(full.at(-1)).toBeGreaterThanOrEqual(25);
    // Past the machine only on trial: each tile that went back was the one just brought back (a hold
    // first), never one that had held.
    changes.forEach((c, i) => {
      if (c.kind === 'demote') expect(changes[i - 1]?.kind).toBe('hold');
    });
    expect(changes.filter((c) => c.kind === 'promote').length).toBeGreaterThanOrEqual(7);
    expect(changes[0].reason).toBe('room for more');
  });

  it('a big wall (64 tiles) overloading its own machine sheds full-rate tiles to the floor, not back and forth', () => {
    // The overview tiles alone cost 44 × 0.35 = 15 units of the 24 the machine carries.
    const budget = new DecodeBudget();
    const wall = tiles(64);
    const { full, changes } = simulate(budget, wall, machine(24, 0.02), 180);
    expect(full[0]).toBe(20);
    // Its own load: it never decides another program is to blame and brings them all back.
    expect(changes.filter((c) => c.reason.includes("not the wall's"))).toEqual([]);
    // It settles where the machine is no longer overloaded (11 here), above the floor of 9 full-rate
    // tiles: at least 4 whole pictures, and steady (a tile on trial now and then, no more).
    const settled = full.slice(90);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(9);
    expect(Math.max(...settled)).toBeLessThanOrEqual(13);
    expect(Math.max(...settled) - Math.min(...settled)).toBeLessThanOrEqual(1);
  });
});
