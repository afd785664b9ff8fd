import {
  MAX_GRID,
  rectContains,
  rectsOverlap,
  sameRect,
  type LayoutArea,
  type LayoutGrid,
  type LayoutTile,
} from '../../../electron/shared/layout';
import {
  freeSlots,
  inGrid,
  pinned,
  placed,
  readingOrder,
  slotAt,
  slots,
  withSpan,
  type LayoutShape,
  type Slot,
  type WallCell,
} from './layout-edit';

/**
 * The wall's shape beyond its grid: merging a rectangle of cells into one (an area), splitting it
 * back, and changing grid and areas at once (a preset) while every tile that still fits keeps
 * playing where it can.
 *
 * Tiles keep their place in `tiles` whatever moves, so the wall's tile keys (layout-edit.ts
 * tileKeys) and the players behind them stay.
 */

/** Never more parked tiles than a full wall holds; the oldest go first. */
const MAX_PARKED = MAX_GRID * MAX_GRID;

const key = (c: WallCell) => `${c.column},${c.row}`;

/** What a change of shape did to the wall's tiles, for the operator to be told. */
export interface Reshape {
  layout: LayoutShape;
  /** Tiles that found no room: kept in `layout.parked` at the cells they had. */
  parked: LayoutTile[];
  /** Tiles that moved to another cell to make room. */
  moved: LayoutTile[];
  /** Parked tiles this change put back on the wall. */
  restored: LayoutTile[];
}

/**
 * The rectangle of cells between two cells, grown until it cuts across no area and no tile: what a
 * selection from `a` to `b` (Shift+arrows, Shift+click) covers.
 */
export function selectionRect(layout: LayoutShape, a: WallCell, b: WallCell): Slot {
  const start = slotAt(layout, a);
  const end = slotAt(layout, b);
  let rect: Slot = bounding(start, end);
  const pieces: Slot[] = [...(layout.areas ?? []), ...placed(layout)];
  for (let changed = true; changed;) {
    changed = false;
    for (const p of pieces) {
      if (rectsOverlap(rect, p) && !rectContains(rect, p)) {
        rect = bounding(rect, p);
        changed = true;
      }
    }
  }
  return rect;
}

function bounding(a: Slot, b: Slot): Slot {
  const column = Math.min(a.column, b.column);
  const row = Math.min(a.row, b.row);
  return {
    column,
    row,
    columnSpan: Math.max(a.column + a.columnSpan, b.column + b.columnSpan) - column,
    rowSpan: Math.max(a.row + a.rowSpan, b.row + b.rowSpan) - row,
  };
}

/**
 * Fill the `free` slots with `tiles` in reading order (of the slots), each taking its slot's size.
 * Returns the tiles placed (with their new cells) and the ones that found no slot.
 */
function fill(tiles: LayoutTile[], free: Slot[]): { placed: LayoutTile[]; left: LayoutTile[] } {
  const open = [...free].sort(readingOrder);
  const out: LayoutTile[] = [];
  const left: LayoutTile[] = [];
  for (const t of tiles) {
    const slot = open.shift();
    if (!slot) left.push(t);
    else out.push(withSpan({ ...t, column: slot.column, row: slot.row }, slot));
  }
  return { placed: out, left };
}

/**
 * Merge a rectangle of cells into one area (grown to whole areas and tiles first). The first tile
 * inside it, in reading order, fills the area; the other tiles inside move to free cells elsewhere,
 * in reading order, and what finds none is parked (and named to the operator). Null when the
 * rectangle is a single cell or already one area.
 */
export function mergeCells(layout: LayoutShape, a: WallCell, b: WallCell): Reshape | null {
  if (!inGrid(layout.grid, a) || !inGrid(layout.grid, b)) return null;
  const base = pinned(layout);
  const rect = selectionRect(base, a, b);
  if (rect.columnSpan === 1 && rect.rowSpan === 1) return null;
  const areas = base.areas ?? [];
  if (areas.some((x) => sameRect(x, rect))) return null;
  const nextAreas = [...areas.filter((x) => !rectContains(rect, x)), rect].sort(readingOrder);

  const tiles = placed(base);
  const inside = tiles.filter((t) => rectContains(rect, t)).sort(readingOrder);
  const [keeper, ...others] = inside;
  const outsideIndexes = new Set(tiles.filter((t) => !rectContains(rect, t)).map((t) => t.index));
  const shape: LayoutShape = {
    grid: base.grid,
    areas: nextAreas,
    tiles: [
      ...base.tiles.filter((_, i) => outsideIndexes.has(i)),
      ...(keeper
        ? [withSpan({ ...base.tiles[keeper.index], column: rect.column, row: rect.row }, rect)]
        : []),
    ],
  };
  const { placed: movedTiles, left } = fill(
    others.map((t) => base.tiles[t.index]),
    freeSlots(shape),
  );
  const moved = new Map(others.map((t, i) => [t.index, movedTiles[i]]));
  const nextTiles: LayoutTile[] = [];
  base.tiles.forEach((t, i) => {
    if (outsideIndexes.has(i)) nextTiles.push(t);
    else if (keeper && i === keeper.index)
      nextTiles.push(withSpan({ ...t, column: rect.column, row: rect.row }, rect));
    else if (moved.get(i)) nextTiles.push(moved.get(i)!);
  });
  const parked = [...(base.parked ?? []), ...left].slice(-MAX_PARKED);
  const { parked: _p, ...rest } = base;
  return {
    layout: { ...rest, areas: nextAreas, tiles: nextTiles, ...(parked.length > 0 ? { parked } : {}) },
    parked: left,
    moved: movedTiles,
    restored: [],
  };
}

/**
 * Split the area covering `cell` back into single cells; a tile in it stays at its top-left cell,
 * 1 × 1, still playing. Null when the cell is not part of an area.
 */
export function splitArea(layout: LayoutShape, cell: WallCell): LayoutShape | null {
  if (!inGrid(layout.grid, cell)) return null;
  const base = pinned(layout);
  const slot = slotAt(base, cell);
  if (slot.columnSpan === 1 && slot.rowSpan === 1) return null;
  const areas = (base.areas ?? []).filter((x) => !sameRect(x, slot));
  const tiles = base.tiles.map((t) =>
    t.column === slot.column && t.row === slot.row ? withSpan(t, { columnSpan: 1, rowSpan: 1 }) : t,
  );
  const { areas: _a, ...rest } = base;
  return { ...rest, tiles, ...(areas.length > 0 ? { areas } : {}) };
}

/**
 * Give the wall another grid and other areas (a preset, a new size) without losing a camera.
 *
 * A tile whose cell is still the top-left cell of a slot stays there (taking that slot's size);
 * parked tiles whose cell is free again come back; the other tiles fill the free slots in reading
 * order (where they were), and what finds none is parked at the cell it had.
 */
export function reshapeLayout(layout: LayoutShape, grid: LayoutGrid, areas: readonly LayoutArea[]): Reshape {
  const base = pinned(layout);
  const structure: LayoutShape = {
    grid,
    tiles: [],
    ...(areas.length > 0 ? { areas: [...areas].sort(readingOrder) } : {}),
  };
  const anchors = new Map(slots(structure).map((s) => [key(s), s]));
  const taken = new Set<string>();
  const next: (LayoutTile | null)[] = base.tiles.map(() => null);

  const onWall = placed(base).sort(readingOrder);
  const displaced: number[] = [];
  for (const t of onWall) {
    const slot = anchors.get(key(t));
    if (slot && !taken.has(key(slot))) {
      taken.add(key(slot));
      next[t.index] = withSpan(base.tiles[t.index], slot);
    } else displaced.push(t.index);
  }

  const wasParked = base.parked ?? [];
  const restored: LayoutTile[] = [];
  const cameBack = new Set<LayoutTile>();
  const homeless: LayoutTile[] = [];
  for (const t of wasParked) {
    const home = t.column !== undefined && t.row !== undefined ? anchors.get(key(t as WallCell)) : undefined;
    if (home && !taken.has(key(home))) {
      taken.add(key(home));
      restored.push(withSpan(t, home));
      cameBack.add(t);
    } else if (t.column !== undefined && t.row !== undefined && inGrid(grid, t as WallCell)) homeless.push(t);
  }

  const free = [...anchors.values()].filter((s) => !taken.has(key(s)));
  const candidates = [...displaced.map((i) => base.tiles[i]), ...homeless];
  const { placed: filled, left } = fill(candidates, free);
  const moved: LayoutTile[] = [];
  displaced.forEach((index, i) => {
    if (i < filled.length) {
      next[index] = filled[i];
      moved.push(filled[i]);
    }
  });
  filled.slice(displaced.length).forEach((t, i) => {
    restored.push(t);
    cameBack.add(homeless[i]);
  });

  const parkedNow = left.filter((t) => !homeless.includes(t));
  const stillParked = wasParked.filter((t) => !cameBack.has(t));
  const parked = [...stillParked, ...parkedNow].slice(-MAX_PARKED);
  const tiles = [...next.filter((t): t is LayoutTile => t !== null), ...restored];
  const { parked: _p, areas: _a, ...rest } = base;
  const result: LayoutShape = {
    ...rest,
    grid,
    tiles,
    ...(structure.areas ? { areas: structure.areas } : {}),
    ...(parked.length > 0 ? { parked } : {}),
  };
  return { layout: result, parked: parkedNow, moved, restored };
}
