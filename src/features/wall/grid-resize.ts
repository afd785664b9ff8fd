import { MAX_GRID, type LayoutGrid, type LayoutTile } from '../../../electron/shared/layout';
import { reshapeLayout } from './layout-areas';
import { pinned, type LayoutShape } from './layout-edit';

export interface GridResize {
  layout: LayoutShape;
  /** Tiles this resize took off the wall (kept in `layout.parked`, at the cells they had). */
  parked: LayoutTile[];
  /** Parked tiles this resize put back on the wall. */
  restored: LayoutTile[];
}

const clampGrid = (grid: LayoutGrid): LayoutGrid => ({
  columns: Math.max(1, Math.min(MAX_GRID, Math.round(grid.columns))),
  rows: Math.max(1, Math.min(MAX_GRID, Math.round(grid.rows))),
});

/**
 * Change the grid size without losing a camera.
 *
 * Merged areas that still fit stay; one that does not is split back into cells. Tiles keep their
 * cells where they still fit. Parked tiles (from an earlier shrink) whose cells are inside the new
 * grid and free go back there, so shrinking and growing again gives the same wall. Tiles that no
 * longer fit go to free cells (in reading order), and what finds no room is parked at the cell it
 * had, not dropped. A parked tile whose cell is now taken by another goes to a free cell if there is
 * one, else stays parked.
 */
export function resizeGrid(layout: LayoutShape, grid: LayoutGrid): GridResize {
  const size = clampGrid(grid);
  const areas = (pinned(layout).areas ?? []).filter(
    (a) => a.column + a.columnSpan - 1 <= size.columns && a.row + a.rowSpan - 1 <= size.rows,
  );
  const { layout: next, parked, restored } = reshapeLayout(layout, size, areas);
  return { layout: next, parked, restored };
}
