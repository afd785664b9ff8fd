import { describe, expect, it } from 'vitest';
import type { PictureRate } from '../../../../../src/lib/players/player';
import {
  DecodeBudget,
  rank,
  type BudgetTile,
  type LoadReading,
} from '../../../../../src/lib/wall-engine/decode-budget';
import { healthy, overloaded, spare } from './load-readings';

const SMALL = 200 * 112;
const LARGE = 400 * 224;

function tile(id: string, patch: Partial<BudgetTile> = {}): BudgetTile {
  return {
    id,
    area: SMALL,
    selected: false,
    maximised: false,
    assignedAt: 0,
    pin: null,
    canDegrade: true,
    ...patch,
  };
}

/** The ids at overview, in id order. */
function overviewIds(decisions: Map<string, { rate: PictureRate }>): string[] {
  return [...decisions]
    .filter(([, d]) => d.rate === 'overview')
    .map(([id]) => id)
    .sort();
}

/** Feed the same reading every second for `seconds`; the decisions after the last one. */
function run(budget: DecodeBudget, tiles: BudgetTile[], load: LoadReading, from: number, seconds: number) {
  let decisions = budget.assign(tiles);
  for (let t = 0; t <= seconds; t++) decisions = budget.update(from + t * 1000, load, tiles);
  return decisions;
}

describe('DecodeBudget', () => {
  it('ranks larger tiles first, then the more recently assigned; equal sizes within pixel rounding', () => {
    const tiles = [
      tile('old-small', { assignedAt: 0 }),
      tile('new-small', { assignedAt: 5_000, area: SMALL + 300 }),
      tile('large', { area: LARGE, assignedAt: 0 }),
    ];
    expect(rank(tiles).map((t) => t.id)).toEqual(['large', 'new-small', 'old-small']);
  });

  it('a wall within its start budget plays every tile at full rate; a bigger one starts its lowest tiles in overview', () => {
    const budget = new DecodeBudget({
      startCapacity: 36,
      overviewCost: 0.35,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const wall36 = Array.from({ length: 36 }, (_, i) => tile(`t${String(i).padStart(2, '0')}`));
    expect(overviewIds(budget.assign(wall36))).toEqual([]);

    const wall64 = Array.from({ length: 64 }, (_, i) =>
      tile(`t${String(i).padStart(2, '0')}`, { area: i < 4 ? LARGE : SMALL }),
    );
    const decisions = budget.assign(wall64);
    const full = [...decisions].filter(([, d]) => d.rate === 'full').map(([id]) => id);
    // 64 × 0.35 = 22.4 units for every tile in overview; each at full costs 0.65 more: 20 fit in 36.
    expect(full).toHaveLength(20);
    expect(full).toEqual(expect.arrayContaining(['t00', 't01', 't02', 't03']));
    expect(
      [...decisions.values()].filter((d) => d.rate === 'overview').every((d) => d.reason === 'start-up'),
    ).toBe(true);
  });

  it('overloaded: the smallest, unselected, least recently assigned tiles go to overview first, one per cooldown', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 3_000,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = [
      tile('large', { area: LARGE }),
      tile('selected', { selected: true }),
      tile('maximised', { maximised: true, area: 10 }),
      tile('small-new', { assignedAt: 9_000 }),
      tile('small-old', { assignedAt: 1_000 }),
      tile('small-older', { assignedAt: 500 }),
    ];
    let decisions = budget.update(10_000, overloaded(), tiles);
    expect(overviewIds(decisions)).toEqual(['small-older']);
    expect(decisions.get('small-older')).toEqual({ rate: 'overview', reason: 'load' });
    // Still overloaded a second later: the cooldown holds (the load must show the last change first).
    decisions = budget.update(11_000, overloaded(), tiles);
    expect(overviewIds(decisions)).toEqual(['small-older']);
    decisions = budget.update(13_000, overloaded(), tiles);
    expect(overviewIds(decisions)).toEqual(['small-old', 'small-older']);
    decisions = run(budget, tiles, overloaded(), 16_000, 30);
    // Never the selected or the maximised tile, however long the overload lasts.
    expect(overviewIds(decisions)).toEqual(['large', 'small-new', 'small-old', 'small-older']);
    expect(budget.reason).toBe('12 % of frames dropped');
  });

  it('far over the edge, a fifth of the full-rate tiles go at once', () => {
    const budget = new DecodeBudget({ startCapacity: 100, minFullTiles: 0, notOursAfterShare: 1 });
    const tiles = Array.from({ length: 20 }, (_, i) =>
      tile(`t${String(i).padStart(2, '0')}`, { assignedAt: i }),
    );
    const decisions = budget.update(0, overloaded(2.5), tiles);
    // The four least recently assigned.
    expect(overviewIds(decisions)).toEqual(['t00', 't01', 't02', 't03']);
  });

  it('never takes the wall below minFullTiles full-rate tiles', () => {
    const budget = new DecodeBudget({ startCapacity: 100, minFullTiles: 4 });
    const tiles = Array.from({ length: 6 }, (_, i) => tile(`t${i}`, { assignedAt: i }));
    const decisions = run(budget, tiles, overloaded(3), 0, 60);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
  });

  it('spare: brings tiles back one at a time, highest priority first, after the load has stayed spare', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 1_000,
      promoteAfterMs: 5_000,
      promoteIntervalMs: 4_000,
      probeAfterMs: 600_000,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = Array.from({ length: 5 }, (_, i) => tile(`t${i}`, { assignedAt: i }));
    let decisions = run(budget, tiles, overloaded(), 0, 3);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2', 't3']);

    // Healthy: nothing moves.
    decisions = run(budget, tiles, healthy, 10_000, 20);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2', 't3']);
    // Spare, but not for long enough yet.
    decisions = run(budget, tiles, spare, 40_000, 4);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2', 't3']);
    // Five seconds spare: the highest-ranked tile in overview comes back, and only that one.
    decisions = budget.update(45_000, spare, tiles);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2']);
    decisions = run(budget, tiles, spare, 46_000, 2);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2']);
    decisions = budget.update(49_000, spare, tiles);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
  });

  it('hysteresis: a tile brought back that overloads the wall goes again, and the next waits longer each time', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 1_000,
      promoteAfterMs: 2_000,
      promoteIntervalMs: 1_000,
      probationMs: 10_000,
      holdMs: 30_000,
      maxHoldMs: 120_000,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = Array.from({ length: 4 }, (_, i) => tile(`t${i}`, { assignedAt: i }));
    run(budget, tiles, overloaded(), 0, 1);
    expect(overviewIds(budget.assign(tiles))).toEqual(['t0', 't1']);

    // Spare: t1 comes back at 12 s ...
    let decisions = run(budget, tiles, spare, 10_000, 2);
    expect(overviewIds(decisions)).toEqual(['t0']);
    // ... and overloads the wall 3 s later: it goes again and no tile comes back for 30 s.
    decisions = budget.update(15_000, overloaded(), tiles);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, spare, 16_000, 28);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, spare, 45_000, 0);
    expect(overviewIds(decisions)).toEqual(['t0']);
    // Again one too many: now the hold is 60 s.
    budget.update(47_000, overloaded(), tiles);
    decisions = run(budget, tiles, spare, 48_000, 58);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, spare, 107_000, 0);
    expect(overviewIds(decisions)).toEqual(['t0']);
    expect(budget.takeChanges().map((c) => c.kind)).toEqual([
      'demote',
      'demote',
      'promote',
      'hold',
      'demote',
      'promote',
      'hold',
      'demote',
      'promote',
    ]);
  });

  it('neither overloaded nor spare for a long while (a computer busy with other work): one tile back on trial', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 1_000,
      probeAfterMs: 20_000,
      probationMs: 10_000,
      holdMs: 30_000,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = Array.from({ length: 4 }, (_, i) => tile(`t${i}`, { assignedAt: i }));
    run(budget, tiles, overloaded(), 0, 1);
    expect(overviewIds(budget.assign(tiles))).toEqual(['t0', 't1']);
    // Healthy, never spare: 20 s after the last change, t1 comes back, and 20 s later t0.
    let decisions = run(budget, tiles, healthy, 2_000, 18);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = budget.update(21_000, healthy, tiles);
    expect(overviewIds(decisions)).toEqual(['t0']);
    // That trial overloads the wall: t1 goes again, and the hold keeps it there past the next 20 s.
    decisions = budget.update(25_000, overloaded(), tiles);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, healthy, 26_000, 28);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, healthy, 55_000, 0);
    expect(overviewIds(decisions)).toEqual(['t0']);
  });

  it("an overload that does not ease as tiles go to overview is another program's: they come back, and the next try waits longer", () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 1_000,
      notOursAfterShare: 0.25,
      notOursEase: 0.3,
      notOursHoldMs: 60_000,
      minFullTiles: 0,
    });
    const tiles = Array.from({ length: 8 }, (_, i) => tile(`t${i}`, { assignedAt: i }));
    // The same overload, whatever goes to overview: two tiles (a quarter) go, then they come back.
    let decisions = run(budget, tiles, overloaded(1.3), 0, 1);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = budget.update(2_000, overloaded(1.3), tiles);
    expect(overviewIds(decisions)).toEqual([]);
    expect(budget.takeChanges().at(-1)).toMatchObject({ kind: 'hold' });
    // For 60 s the wall is left alone.
    decisions = run(budget, tiles, overloaded(1.3), 3_000, 58);
    expect(overviewIds(decisions)).toEqual([]);
    // Then it tries again; again no use: now it waits 120 s.
    decisions = run(budget, tiles, overloaded(1.3), 62_000, 1);
    expect(overviewIds(decisions)).toEqual(['t0', 't1']);
    decisions = run(budget, tiles, overloaded(1.3), 64_000, 3);
    expect(overviewIds(decisions)).toEqual([]);
    decisions = run(budget, tiles, overloaded(1.3), 68_000, 100);
    expect(overviewIds(decisions)).toEqual([]);
    expect(budget.takeChanges().filter((c) => c.kind === 'demote')).toHaveLength(2);

    // An overload that eases as tiles go is the wall's own: they stay in overview.
    const own = new DecodeBudget({ startCapacity: 100, demoteCooldownMs: 1_000, minFullTiles: 0 });
    own.update(0, overloaded(2.5), tiles);
    own.update(1_000, overloaded(1.6), tiles);
    decisions = own.update(2_000, overloaded(1.2), tiles);
    expect(overviewIds(decisions)).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('pins: a tile pinned to full stays at full under overload, one pinned to overview stays there when spare', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 0,
      promoteAfterMs: 0,
      promoteIntervalMs: 0,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = [
      tile('pinned-full', { pin: 'full', assignedAt: 0 }),
      tile('pinned-overview', { pin: 'overview', assignedAt: 9 }),
      tile('free', { assignedAt: 5 }),
    ];
    expect(budget.assign(tiles).get('pinned-overview')).toEqual({ rate: 'overview', reason: 'pinned' });
    let decisions = run(budget, tiles, overloaded(), 0, 10);
    expect(overviewIds(decisions)).toEqual(['free', 'pinned-overview']);
    decisions = run(budget, tiles, spare, 100_000, 60);
    expect(overviewIds(decisions)).toEqual(['pinned-overview']);
  });

  it('turned off: every tile at full rate except those pinned to overview, whatever the load', () => {
    const budget = new DecodeBudget({
      enabled: false,
      startCapacity: 2,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = [tile('a'), tile('b'), tile('c'), tile('pinned', { pin: 'overview' })];
    const decisions = run(budget, tiles, overloaded(3), 0, 30);
    expect(overviewIds(decisions)).toEqual(['pinned']);
    budget.setEnabled(true);
    expect(overviewIds(budget.assign(tiles)).length).toBeGreaterThan(1);
  });

  it('a tile whose player cannot show overview pictures (HLS) stays at full rate and the others make room', () => {
    const budget = new DecodeBudget({
      startCapacity: 100,
      demoteCooldownMs: 0,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const tiles = [tile('hls', { canDegrade: false, assignedAt: 0 }), tile('flv', { assignedAt: 5 })];
    const decisions = run(budget, tiles, overloaded(), 0, 5);
    expect(overviewIds(decisions)).toEqual(['flv']);
  });

  it('tiles taken off the wall free their cost at once: the tiles left come back without waiting for spare load', () => {
    const budget = new DecodeBudget({
      startCapacity: 36,
      overviewCost: 0.35,
      minFullTiles: 0,
      notOursAfterShare: 1,
    });
    const wall = Array.from({ length: 64 }, (_, i) =>
      tile(`t${String(i).padStart(2, '0')}`, { assignedAt: i }),
    );
    const before = budget.update(0, healthy, wall);
    expect(overviewIds(before)).toHaveLength(44);
    const left = wall.slice(0, 25);
    expect(overviewIds(budget.update(1_000, healthy, left))).toEqual([]);
  });
});
