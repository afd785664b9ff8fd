import { placeTiles } from '../../../electron/shared/layout';
import { pinned, tileAt, type LayoutShape, type WallCell } from './layout-edit';

export interface TileSpan {
  columnSpan: number;
  rowSpan: number;
}

/** The sizes a tile menu offers. */
export const TILE_SPANS: readonly TileSpan[] = [
  { columnSpan: 1, rowSpan: 1 },
  { columnSpan: 2, rowSpan: 1 },
  { columnSpan: 2, rowSpan: 2 },
  { columnSpan: 3, rowSpan: 3 },
];

/**
 * The tile covering `cell` at another size, growing right and down from its top-left cell. Null
 * when the size would leave the grid or cover another tile: a bigger tile never pushes a camera
 * off the wall.
 */
export function setTileSpan(layout: LayoutShape, cell: WallCell, span: TileSpan): LayoutShape | null {
  const base = pinned(layout);
  const hit = tileAt(base, cell);
  if (!hit) return null;
  if (hit.columnSpan === span.columnSpan && hit.rowSpan === span.rowSpan) return null;
  const { columnSpan: _c, rowSpan: _r, ...rest } = base.tiles[hit.index];
  const resized = {
    ...rest,
    ...(span.columnSpan > 1 ? { columnSpan: span.columnSpan } : {}),
    ...(span.rowSpan > 1 ? { rowSpan: span.rowSpan } : {}),
  };
  const next = { ...base, tiles: base.tiles.map((t, i) => (i === hit.index ? resized : t)) };
  return placeTiles(next).problems.length === 0 ? next : null;
}
