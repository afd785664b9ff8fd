import { MAX_GRID, placeTiles, type LayoutGrid, type LayoutTile } from '../../../electron/shared/layout';
import { pinned, type LayoutShape } from './layout-edit';

export interface GridResize {
  layout: LayoutShape;
  /** Tiles this resize took off the wall (kept in `layout.parked`, at the cells they had). */
  parked: LayoutTile[];
  /** Parked tiles this resize put back on the wall. */
  restored: LayoutTile[];
}

/** Never more parked tiles than a full wall holds; the oldest go first. */
const MAX_PARKED = MAX_GRID * MAX_GRID;

const clampGrid = (grid: LayoutGrid): LayoutGrid => ({
  columns: Math.max(1, Math.min(MAX_GRID, Math.round(grid.columns))),
  rows: Math.max(1, Math.min(MAX_GRID, Math.round(grid.rows))),
});

const fitsAt = (t: LayoutTile, grid: LayoutGrid) =>
  (t.column ?? 1) + (t.columnSpan ?? 1) - 1 <= grid.columns &&
  (t.row ?? 1) + (t.rowSpan ?? 1) - 1 <= grid.rows;

const readingOrder = (a: LayoutTile, b: LayoutTile) =>
  (a.row ?? 0) - (b.row ?? 0) || (a.column ?? 0) - (b.column ?? 0);

/** The tile without a cell, its spans cut to the grid: placeTiles then finds it a free place. */
function floating(t: LayoutTile, grid: LayoutGrid): LayoutTile {
  const { column: _c, row: _r, ...rest } = t;
  return {
    ...rest,
    ...(t.columnSpan ? { columnSpan: Math.min(t.columnSpan, grid.columns) } : {}),
    ...(t.rowSpan ? { rowSpan: Math.min(t.rowSpan, grid.rows) } : {}),
  };
}

/**
 * Change the grid size without losing a camera.
 *
 * Tiles keep their cells where they still fit. Parked tiles (from an earlier shrink) whose cells are
 * inside the new grid and free go back there, so shrinking and growing again gives the same wall.
 * Tiles that no longer fit go to free cells (in reading order), and what finds no room is parked at
 * the cell it had, not dropped. A parked tile whose cell is now taken by another goes to a free cell
 * if there is one, else stays parked.
 */
export function resizeGrid(layout: LayoutShape, grid: LayoutGrid): GridResize {
  const size = clampGrid(grid);
  const base = pinned(layout);
  const staying = base.tiles.filter((t) => fitsAt(t, size));
  const leaving = base.tiles.filter((t) => !fitsAt(t, size)).sort(readingOrder);
  const wasParked = base.parked ?? [];

  // Parked tiles go home first: they were there before anything that moved in later.
  const home: LayoutTile[] = [...staying];
  const restored: LayoutTile[] = [];
  const homeless: LayoutTile[] = [];
  for (const t of wasParked) {
    if (fitsAt(t, size) && placeTiles({ grid: size, tiles: [...home, t] }).problems.length === 0) {
      home.push(t);
      restored.push(t);
    } else if (fitsAt(t, size)) homeless.push(t);
  }

  // Then the tiles that must move, then parked tiles whose cell is taken: each into a free cell.
  const candidates = [...leaving, ...homeless];
  const trial = [...home, ...candidates.map((t) => floating(t, size))];
  const { placed } = placeTiles({ grid: size, tiles: trial });
  const placedNow = new Set(placed.map((p) => p.index));
  const tiles = placed.map(({ index, column, row }) => ({ ...trial[index], column, row }));
  candidates.forEach((t, i) => {
    if (homeless.includes(t) && placedNow.has(home.length + i)) restored.push(t);
  });

  const stillParked = wasParked.filter((t) => !restored.includes(t));
  const parkedNow = leaving.filter((_, i) => !placedNow.has(home.length + i));
  const parked = [...stillParked, ...parkedNow].slice(-MAX_PARKED);
  const { parked: _p, ...rest } = base;
  return {
    layout: { ...rest, grid: size, tiles, ...(parked.length > 0 ? { parked } : {}) },
    parked: parkedNow,
    restored,
  };
}
