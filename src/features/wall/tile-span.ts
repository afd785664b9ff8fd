import { placeTiles, rectContains, rectsOverlap } from '../../../electron/shared/layout';
import {
  pinned,
  placed,
  readingOrder,
  tileAt,
  withSpan,
  type LayoutShape,
  type Slot,
  type WallCell,
} from './layout-edit';

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
 * The tile covering `cell` at another size, growing right and down from its top-left cell: its area
 * becomes that size (a 1 × 1 size splits it). Empty areas inside the new size are taken in. Null
 * when the size would leave the grid, cover another tile or cut across another area: a bigger tile
 * never pushes a camera off the wall.
 */
export function setTileSpan(layout: LayoutShape, cell: WallCell, span: TileSpan): LayoutShape | null {
  const base = pinned(layout);
  const hit = tileAt(base, cell);
  if (!hit) return null;
  if (hit.columnSpan === span.columnSpan && hit.rowSpan === span.rowSpan) return null;
  const rect: Slot = { column: hit.column, row: hit.row, ...span };
  if (rect.column + rect.columnSpan - 1 > base.grid.columns || rect.row + rect.rowSpan - 1 > base.grid.rows)
    return null;
  if (placed(base).some((t) => t.index !== hit.index && rectsOverlap(t, rect))) return null;
  const own = (a: Slot) => a.column === hit.column && a.row === hit.row;
  const others = (base.areas ?? []).filter((a) => !own(a));
  if (others.some((a) => rectsOverlap(a, rect) && !rectContains(rect, a))) return null;
  const areas = [
    ...others.filter((a) => !rectContains(rect, a)),
    ...(span.columnSpan > 1 || span.rowSpan > 1 ? [rect] : []),
  ].sort(readingOrder);
  const tiles = base.tiles.map((t, i) => (i === hit.index ? withSpan(t, span) : t));
  const { areas: _a, ...rest } = base;
  const next = { ...rest, tiles, ...(areas.length > 0 ? { areas } : {}) };
  return placeTiles(next).problems.length === 0 ? next : null;
}
