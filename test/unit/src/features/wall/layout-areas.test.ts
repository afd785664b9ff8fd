import { describe, expect, it } from 'vitest';
import { placeTiles, validateLayout, type LayoutTile } from '../../../../../electron/shared/layout';
import {
  mergeCells,
  reshapeLayout,
  selectionRect,
  splitArea,
} from '../../../../../src/features/wall/layout-areas';
import {
  freeSlots,
  moveTile,
  placeDeviceIn,
  tileKeys,
  type LayoutShape,
} from '../../../../../src/features/wall/layout-edit';
import { LAYOUT_PRESETS, presetOf } from '../../../../../src/features/wall/layout-presets';

const where = (layout: LayoutShape) =>
  placeTiles(layout).placed.map(
    (t) =>
      `${t.deviceKey}@${t.column},${t.row}${t.columnSpan > 1 || t.rowSpan > 1 ? `:${t.columnSpan}x${t.rowSpan}` : ''}`,
  );
const full = (columns: number, rows: number): LayoutShape => {
  const tiles: LayoutTile[] = [];
  for (let row = 1; row <= rows; row++)
    for (let column = 1; column <= columns; column++)
      tiles.push({ deviceKey: `d${tiles.length + 1}`, column, row });
  return { grid: { columns, rows }, tiles };
};
const preset = (id: string) => LAYOUT_PRESETS.find((p) => p.id === id)!;
const valid = { id: 'w', name: 'W', profileId: 'p' };

describe('presets', () => {
  it('offers 1 to 8 × 8 and the featured 1+5, 1+7, 1+12, 2+8, each a valid layout with its number of tiles', () => {
    expect(LAYOUT_PRESETS.map((p) => p.id)).toEqual([
      '1x1',
      '2x2',
      '3x3',
      '4x4',
      '5x5',
      '6x6',
      '8x8',
      '1+5',
      '1+7',
      '1+12',
      '2+8',
    ]);
    for (const p of LAYOUT_PRESETS) {
      const shape = { grid: p.grid, tiles: [], areas: p.areas };
      expect(validateLayout({ ...valid, ...shape }).ok, p.id).toBe(true);
      expect(freeSlots(shape), p.id).toHaveLength(p.tiles);
      expect(presetOf(shape)?.id).toBe(p.id);
    }
    // 1+12: one 2×2 and 12 small; 2+8: two 2×2 on top and 8 small.
    expect(
      freeSlots({ grid: { columns: 4, rows: 4 }, tiles: [], areas: preset('2+8').areas }).slice(0, 3),
    ).toEqual([
      { column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
      { column: 3, row: 1, columnSpan: 2, rowSpan: 2 },
      { column: 1, row: 3, columnSpan: 1, rowSpan: 1 },
    ]);
  });

  it('3 × 3 of 9 → 1+5: the tile at the top left fills the large tile, 5 keep their cells, 3 are parked and named; back to 3 × 3 all 9 return', () => {
    const start = full(3, 3);
    const keysBefore = tileKeys(start.tiles);
    const p = preset('1+5');
    const out = reshapeLayout(start, p.grid, p.areas);
    expect(where(out.layout)).toEqual(['d1@1,1:2x2', 'd3@3,1', 'd6@3,2', 'd7@1,3', 'd8@2,3', 'd9@3,3']);
    expect(out.parked.map((t) => t.deviceKey)).toEqual(['d2', 'd4', 'd5']);
    expect(out.layout.parked?.map((t) => t.deviceKey)).toEqual(['d2', 'd4', 'd5']);
    // The tiles that stay keep their keys (so their players), whatever their new size.
    const after = tileKeys(out.layout.tiles);
    expect(after.every((k) => keysBefore.includes(k))).toBe(true);
    const back = reshapeLayout(out.layout, { columns: 3, rows: 3 }, []);
    expect(where(back.layout).sort()).toEqual(where(start).sort());
    expect(back.restored.map((t) => t.deviceKey)).toEqual(['d2', 'd4', 'd5']);
    expect(back.layout.parked).toBeUndefined();
  });

  it('tiles whose cell is gone fill the free slots in reading order before any is parked', () => {
    const start: LayoutShape = {
      grid: { columns: 2, rows: 2 },
      tiles: [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 2, row: 1 },
      ],
    };
    const p = preset('1+7');
    const out = reshapeLayout(start, p.grid, p.areas);
    // a keeps 1,1 (now the 3×3 area); b's cell is inside the area: it moves to the first free slot.
    expect(where(out.layout)).toEqual(['a@1,1:3x3', 'b@4,1']);
    expect(out.moved.map((t) => t.deviceKey)).toEqual(['b']);
    expect(out.parked).toEqual([]);
  });
});

describe('merge and split', () => {
  it('merges four cells into a 2×2 tile: the first camera fills it, the others move to free cells', () => {
    const start: LayoutShape = {
      grid: { columns: 3, rows: 3 },
      tiles: [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 2, row: 2 },
        { deviceKey: 'c', column: 3, row: 3 },
      ],
    };
    const out = mergeCells(start, { column: 2, row: 2 }, { column: 1, row: 1 })!;
    expect(out.layout.areas).toEqual([{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }]);
    expect(where(out.layout)).toEqual(['a@1,1:2x2', 'b@3,1', 'c@3,3']);
    expect(out.moved.map((t) => t.deviceKey)).toEqual(['b']);
    // Same tiles in the same order: the same keys, the same players.
    expect(tileKeys(out.layout.tiles)).toEqual(tileKeys(start.tiles));
    const back = splitArea(out.layout, { column: 2, row: 2 })!;
    expect(back.areas).toBeUndefined();
    expect(where(back)).toEqual(['a@1,1', 'b@3,1', 'c@3,3']);
    expect(splitArea(back, { column: 1, row: 1 })).toBeNull();
  });

  it('parks what finds no room when merging on a full wall, and names it', () => {
    const out = mergeCells(full(2, 2), { column: 1, row: 1 }, { column: 2, row: 2 })!;
    expect(where(out.layout)).toEqual(['d1@1,1:2x2']);
    expect(out.parked.map((t) => t.deviceKey)).toEqual(['d2', 'd3', 'd4']);
    expect(out.layout.parked).toHaveLength(3);
  });

  it('grows a selection to whole areas and tiles, and an empty area takes a device at its size', () => {
    const shape: LayoutShape = {
      grid: { columns: 4, rows: 4 },
      tiles: [],
      areas: [{ column: 2, row: 2, columnSpan: 2, rowSpan: 2 }],
    };
    expect(selectionRect(shape, { column: 1, row: 1 }, { column: 2, row: 2 })).toEqual({
      column: 1,
      row: 1,
      columnSpan: 3,
      rowSpan: 3,
    });
    const put = placeDeviceIn(shape, { deviceKey: 'x', deviceName: 'X' }, { column: 3, row: 3 });
    expect(put.ok && where(put.layout)).toEqual(['x@2,2:2x2']);
    // ▶ (no cell) fills the first free slot in reading order: the single cell 1,1.
    const auto = placeDeviceIn(shape, { deviceKey: 'y', deviceName: 'Y' });
    expect(auto.ok && where(auto.layout)).toEqual(['y@1,1']);
    // A single cell, or an area already: nothing to merge.
    expect(mergeCells(shape, { column: 1, row: 1 }, { column: 1, row: 1 })).toBeNull();
    expect(mergeCells(shape, { column: 2, row: 2 }, { column: 3, row: 3 })).toBeNull();
  });

  it('swaps a large tile with a small one: each takes the other’s cell and size, same keys', () => {
    const start: LayoutShape = {
      grid: { columns: 3, rows: 3 },
      areas: [{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }],
      tiles: [
        { deviceKey: 'big', column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { deviceKey: 'small', column: 3, row: 3 },
      ],
    };
    const out = moveTile(start, { column: 3, row: 3 }, { column: 2, row: 2 })!;
    expect(where(out)).toEqual(['big@3,3', 'small@1,1:2x2']);
    expect(tileKeys(out.tiles)).toEqual(tileKeys(start.tiles));
  });
});

describe('areas in the layout schema', () => {
  it('keeps layouts without areas valid, and names each bad area by its path', () => {
    expect(validateLayout({ ...valid, grid: { columns: 2, rows: 2 }, tiles: [] }).ok).toBe(true);
    const bad = validateLayout({
      ...valid,
      grid: { columns: 3, rows: 3 },
      tiles: [{ deviceKey: 'a', column: 2, row: 2 }],
      areas: [
        { column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { column: 2, row: 1, columnSpan: 3, rowSpan: 1 },
        { column: 3, row: 2, columnSpan: 1, rowSpan: 3 },
        { column: 3, row: 1, columnSpan: 1, rowSpan: 1 },
        { column: 3, row: 2, columnSpan: 1, rowSpan: 2 },
      ],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'areas[1].columnSpan',
          message: 'reaches column 4 but the grid has 3 columns',
        }),
        expect.objectContaining({
          path: 'areas[2].rowSpan',
          message: 'reaches row 4 but the grid has 3 rows',
        }),
        expect.objectContaining({ path: 'areas[3]', message: expect.stringMatching(/at least 2 cells/) }),
        // The tile at 2,2 is inside the 2×2 area without being its tile.
        expect.objectContaining({
          path: 'tiles[0]',
          message: expect.stringMatching(/cuts across areas\[0\]/),
        }),
      ]),
    );
    const overlap = validateLayout({
      ...valid,
      grid: { columns: 3, rows: 3 },
      tiles: [],
      areas: [
        { column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { column: 2, row: 2, columnSpan: 2, rowSpan: 2 },
      ],
    });
    expect(!overlap.ok && overlap.problems).toEqual([
      expect.objectContaining({ path: 'areas[1]', message: 'overlaps areas[0] (column 2, row 2)' }),
    ]);
  });

  it('a tile at an area’s top-left cell without a size of its own takes the area’s', () => {
    const result = placeTiles({
      grid: { columns: 3, rows: 3 },
      tiles: [{ deviceKey: 'a', column: 1, row: 1 }, { deviceKey: 'auto' }],
      areas: [
        { column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { column: 3, row: 1, columnSpan: 1, rowSpan: 3 },
      ],
    });
    expect(result.problems).toEqual([]);
    expect(
      result.placed.map((t) => `${t.deviceKey}@${t.column},${t.row}:${t.columnSpan}x${t.rowSpan}`),
    ).toEqual(['a@1,1:2x2', 'auto@3,1:1x3']);
  });
});
