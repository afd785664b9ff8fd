import { describe, expect, it } from 'vitest';
import { placeTiles } from '../../../../../electron/shared/layout';
import type { LayoutShape } from '../../../../../src/features/wall/layout-edit';
import { setTileSpan } from '../../../../../src/features/wall/tile-span';

const layout: LayoutShape = {
  grid: { columns: 3, rows: 3 },
  tiles: [
    { deviceKey: 'a', column: 1, row: 1 },
    { deviceKey: 'b', column: 3, row: 1 },
  ],
};

describe('setTileSpan', () => {
  it('grows a tile right and down over free cells, and back', () => {
    const big = setTileSpan(layout, { column: 1, row: 1 }, { columnSpan: 2, rowSpan: 2 })!;
    expect(placeTiles(big).placed[0]).toMatchObject({ deviceKey: 'a', columnSpan: 2, rowSpan: 2 });
    // From any cell the span covers.
    const small = setTileSpan(big, { column: 2, row: 2 }, { columnSpan: 1, rowSpan: 1 })!;
    expect(small.tiles[0]).toEqual({ deviceKey: 'a', column: 1, row: 1 });
  });

  it('never grows over another tile or out of the grid, and does nothing for the same size', () => {
    expect(setTileSpan(layout, { column: 1, row: 1 }, { columnSpan: 3, rowSpan: 3 })).toBeNull();
    expect(setTileSpan(layout, { column: 3, row: 1 }, { columnSpan: 2, rowSpan: 1 })).toBeNull();
    expect(setTileSpan(layout, { column: 1, row: 1 }, { columnSpan: 1, rowSpan: 1 })).toBeNull();
    expect(setTileSpan(layout, { column: 2, row: 2 }, { columnSpan: 2, rowSpan: 2 })).toBeNull();
  });
});
