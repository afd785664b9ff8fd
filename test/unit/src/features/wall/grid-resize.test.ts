import { describe, expect, it } from 'vitest';
import { placeTiles, type LayoutTile } from '../../../../../electron/shared/layout';
import { resizeGrid } from '../../../../../src/features/wall/grid-resize';
import type { LayoutShape } from '../../../../../src/features/wall/layout-edit';

const shape = (columns: number, rows: number, tiles: LayoutTile[] = []): LayoutShape => ({
  grid: { columns, rows },
  tiles,
});
const where = (layout: LayoutShape) =>
  placeTiles(layout).placed.map(
    (t) =>
      `${t.deviceKey}@${t.column},${t.row}${t.columnSpan > 1 || t.rowSpan > 1 ? `:${t.columnSpan}x${t.rowSpan}` : ''}`,
  );
/** A full wall, row by row: d1 at 1,1, d2 at 2,1, … */
const full = (columns: number, rows: number): LayoutShape => {
  const tiles: LayoutTile[] = [];
  for (let row = 1; row <= rows; row++)
    for (let column = 1; column <= columns; column++)
      tiles.push({ deviceKey: `d${tiles.length + 1}`, column, row });
  return shape(columns, rows, tiles);
};

describe('resizeGrid', () => {
  it('moves tiles that no longer fit into free cells, in reading order', () => {
    const tiles: LayoutTile[] = [
      { deviceKey: 'a', column: 1, row: 1 },
      { deviceKey: 'b', column: 3, row: 3 },
      { deviceKey: 'c', column: 3, row: 1 },
    ];
    const two = resizeGrid(shape(3, 3, tiles), { columns: 2, rows: 2 });
    expect(two.parked).toEqual([]);
    // c (column 3, row 1) comes before b (row 3) in reading order; the tiles keep their order in the layout.
    expect(where(two.layout)).toEqual(['a@1,1', 'b@1,2', 'c@2,1']);
    expect(two.layout.parked).toBeUndefined();
  });

  it('parks what finds no room at the cell it had, instead of dropping it', () => {
    const one = resizeGrid(
      shape(3, 3, [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 3, row: 3, label: 'Gate B' },
        { deviceKey: 'c', column: 2, row: 3 },
      ]),
      { columns: 1, rows: 1 },
    );
    expect(where(one.layout)).toEqual(['a@1,1']);
    expect(one.parked.map((t) => t.deviceKey)).toEqual(['c', 'b']);
    expect(one.layout.parked).toEqual([
      { deviceKey: 'c', column: 2, row: 3 },
      { deviceKey: 'b', column: 3, row: 3, label: 'Gate B' },
    ]);
  });

  it('4 × 4 with 16 cameras → 3 × 2 keeps 6 and parks 10; back to 4 × 4, all 16 are in their cells again', () => {
    const start = full(4, 4);
    const small = resizeGrid(start, { columns: 3, rows: 2 });
    expect(where(small.layout)).toEqual(['d1@1,1', 'd2@2,1', 'd3@3,1', 'd5@1,2', 'd6@2,2', 'd7@3,2']);
    expect(small.parked).toHaveLength(10);
    const back = resizeGrid(small.layout, { columns: 4, rows: 4 });
    expect(back.restored).toHaveLength(10);
    expect(back.layout.parked).toBeUndefined();
    expect(where(back.layout).sort()).toEqual(where(start).sort());
  });

  it('brings parked tiles back step by step as the grid grows, each to its own cell', () => {
    const small = resizeGrid(full(4, 4), { columns: 2, rows: 2 }).layout;
    const wider = resizeGrid(small, { columns: 3, rows: 2 });
    expect(wider.restored.map((t) => t.deviceKey).sort()).toEqual(['d3', 'd7']);
    expect(where(wider.layout)).toContain('d3@3,1');
    expect(wider.layout.parked).toHaveLength(10);
    const all = resizeGrid(wider.layout, { columns: 4, rows: 4 });
    expect(where(all.layout).sort()).toEqual(where(full(4, 4)).sort());
  });

  it('a parked tile whose cell was taken meanwhile goes to a free cell, or stays parked', () => {
    const small = resizeGrid(
      shape(2, 1, [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 2, row: 1 },
      ]),
      { columns: 1, rows: 1 },
    ).layout;
    // Another camera took b's cell while the grid was larger for a moment.
    const taken: LayoutShape = {
      ...small,
      grid: { columns: 2, rows: 1 },
      tiles: [...small.tiles, { deviceKey: 'new', column: 2, row: 1 }],
    };
    expect(resizeGrid(taken, { columns: 2, rows: 1 }).layout.parked).toHaveLength(1);
    const grown = resizeGrid(taken, { columns: 2, rows: 2 });
    expect(where(grown.layout)).toEqual(['a@1,1', 'new@2,1', 'b@1,2']);
    expect(grown.layout.parked).toBeUndefined();
  });

  it('splits an area that no longer fits, clamps the grid to 1…8, and keeps no parked field when nothing is parked', () => {
    const big = resizeGrid(shape(2, 2, [{ deviceKey: 'w', column: 1, row: 1, columnSpan: 2 }]), {
      columns: 1,
      rows: 2,
    });
    expect(big.parked).toEqual([]);
    expect(where(big.layout)).toEqual(['w@1,1']);
    expect(big.layout.areas).toBeUndefined();
    // An area that fits stays, with its tile.
    const kept = resizeGrid(shape(2, 2, [{ deviceKey: 'w', column: 1, row: 1, columnSpan: 2 }]), {
      columns: 3,
      rows: 3,
    });
    expect(where(kept.layout)).toEqual(['w@1,1:2x1']);
    expect(kept.layout.areas).toEqual([{ column: 1, row: 1, columnSpan: 2, rowSpan: 1 }]);
    expect(resizeGrid(shape(2, 2), { columns: 12, rows: 0 }).layout.grid).toEqual({ columns: 8, rows: 1 });
    expect('parked' in resizeGrid(shape(2, 2), { columns: 3, rows: 3 }).layout).toBe(false);
  });
});
