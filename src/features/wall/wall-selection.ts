import type { LayoutGrid } from '../../../electron/shared/layout';
import {
  inGrid,
  sameCell,
  slotAt,
  stepSelection,
  tileAt,
  type LayoutShape,
  type WallCell,
} from './layout-edit';

/** What of the wall's selection a change sets. */
export interface SelectionPatch {
  selectedTile?: WallCell | null;
  selectionEnd?: WallCell | null;
  replaceTarget?: WallCell | null;
}

/** The cell if it is still in `grid`, else none. */
function clampCell(cell: WallCell | null, grid: LayoutGrid): WallCell | null {
  return cell && inGrid(grid, cell) ? cell : null;
}

/** The selection on a wall reshaped to `grid`: cells gone are let go, a range is one cell again. */
export function clampSelection(
  selectedTile: WallCell | null,
  replaceTarget: WallCell | null,
  grid: LayoutGrid,
): SelectionPatch {
  return {
    selectedTile: clampCell(selectedTile, grid),
    selectionEnd: null,
    replaceTarget: clampCell(replaceTarget, grid),
  };
}

/** Shift+arrows: the selection's far corner moved by one cell, kept in the grid. */
export function extendedCorner(grid: LayoutGrid, from: WallCell, dx: number, dy: number): WallCell {
  const column = Math.max(1, Math.min(grid.columns, from.column + dx));
  const row = Math.max(1, Math.min(grid.rows, from.row + dy));
  return { column, row };
}

/** The cell selected for a click or focus on `cell`: the tile or area there, by its top-left cell. */
export function cellToSelect(layout: LayoutShape, cell: WallCell): WallCell {
  const hit = tileAt(layout, cell);
  const slot = slotAt(layout, cell);
  return hit ? { column: hit.column, row: hit.row } : { column: slot.column, row: slot.row };
}

/** Arrow keys: the selection moved by one tile (none yet: the first cell). */
export function movedSelection(
  layout: LayoutShape,
  selected: WallCell | null,
  dx: number,
  dy: number,
): SelectionPatch {
  const from = selected ?? { column: 1, row: 1 };
  return { selectedTile: selected ? stepSelection(layout, from, dx, dy) : from, selectionEnd: null };
}

/** A range from the selected cell to `to`: none when `to` is that cell. */
export function rangeEnd(selected: WallCell, to: WallCell): WallCell | null {
  return sameCell(to, selected) ? null : to;
}
