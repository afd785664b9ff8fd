import i18next from 'i18next';
import {
  checkAreas,
  MAX_GRID,
  placeTiles,
  type LayoutArea,
  type LayoutGrid,
  type LayoutTile,
  type PlacedTile,
} from '../../../electron/shared/layout';

/**
 * Pure edits of a wall layout's grid and tiles.
 *
 * Every function takes a layout shape and returns a new one (never mutating), with every tile at an
 * explicit column and row: once the operator has touched a wall, its tiles stay where they are.
 */

/** A cell of the grid, 1-based like CSS grid lines. */
export interface WallCell {
  column: number;
  row: number;
}

/** What a tile shows: the device and the name to put on it. */
export interface TileDevice {
  deviceKey: string;
  deviceName: string;
  sipId?: string;
  channelId?: string;
}

export interface LayoutShape {
  grid: LayoutGrid;
  tiles: LayoutTile[];
  /** Merged areas: larger cells, with or without a tile in them. */
  areas?: LayoutArea[];
  /** Tiles that did not fit a smaller grid, kept at their cells until the grid is large enough again. */
  parked?: LayoutTile[];
}

/** A cell of the layout as the wall shows it: a 1 × 1 cell or a merged area, by its top-left cell. */
export interface Slot extends WallCell {
  columnSpan: number;
  rowSpan: number;
}

export const DEFAULT_GRID: LayoutGrid = { columns: 3, rows: 3 };

export const sameCell = (a: WallCell | null | undefined, b: WallCell | null | undefined): boolean =>
  !!a && !!b && a.column === b.column && a.row === b.row;

export const inGrid = (grid: LayoutGrid, cell: WallCell): boolean =>
  cell.column >= 1 && cell.row >= 1 && cell.column <= grid.columns && cell.row <= grid.rows;

/** Every tile with its cell decided (tiles that do not fit are left out). */
export function placed(layout: LayoutShape): PlacedTile[] {
  return placeTiles(layout).placed;
}

/** The tile covering a cell (its own cell or one of its span), if any. */
export function tileAt(layout: LayoutShape, cell: WallCell): PlacedTile | null {
  return (
    placed(layout).find(
      (t) =>
        cell.column >= t.column &&
        cell.column < t.column + t.columnSpan &&
        cell.row >= t.row &&
        cell.row < t.row + t.rowSpan,
    ) ?? null
  );
}

/** The slot covering a cell: the merged area it is part of, or the cell itself. */
export function slotAt(layout: LayoutShape, cell: WallCell): Slot {
  const area = checkAreas(layout).areas.find(
    (a) =>
      cell.column >= a.column &&
      cell.column < a.column + a.columnSpan &&
      cell.row >= a.row &&
      cell.row < a.row + a.rowSpan,
  );
  return area
    ? { column: area.column, row: area.row, columnSpan: area.columnSpan, rowSpan: area.rowSpan }
    : { column: cell.column, row: cell.row, columnSpan: 1, rowSpan: 1 };
}

/** Every slot of the layout (1 × 1 cells and merged areas), in reading order of their top-left cells. */
export function slots(layout: LayoutShape): Slot[] {
  const out: Slot[] = [];
  for (let row = 1; row <= layout.grid.rows; row++)
    for (let column = 1; column <= layout.grid.columns; column++) {
      const slot = slotAt(layout, { column, row });
      if (slot.column === column && slot.row === row) out.push(slot);
    }
  return out;
}

/** The slots no tile covers (empty cells and empty areas), row by row. */
export function freeSlots(layout: LayoutShape): Slot[] {
  const taken = new Set<string>();
  for (const t of placed(layout))
    for (let r = t.row; r < t.row + t.rowSpan; r++)
      for (let c = t.column; c < t.column + t.columnSpan; c++) taken.add(`${c},${r}`);
  return slots(layout).filter((s) => !taken.has(`${s.column},${s.row}`));
}

/** The top-left cells of the free slots, row by row. */
export function freeCells(layout: LayoutShape): WallCell[] {
  return freeSlots(layout).map(({ column, row }) => ({ column, row }));
}

function firstFreeCell(layout: LayoutShape): WallCell | null {
  return freeCells(layout)[0] ?? null;
}

/** A tile's size written out only where it is more than one cell. */
export function withSpan(tile: LayoutTile, span: { columnSpan: number; rowSpan: number }): LayoutTile {
  const { columnSpan: _c, rowSpan: _r, ...rest } = tile;
  return {
    ...rest,
    ...(span.columnSpan > 1 ? { columnSpan: span.columnSpan } : {}),
    ...(span.rowSpan > 1 ? { rowSpan: span.rowSpan } : {}),
  };
}

/** Cells (and what starts at them) row by row, left to right. */
export const readingOrder = (a: WallCell, b: WallCell): number => a.row - b.row || a.column - b.column;

/**
 * Fix every tile's position and size (auto-placed tiles get the cell placeTiles gave them; a tile
 * in an area carries the area's size); drop what does not fit. A tile larger than one cell outside
 * any area (an older layout) gets its area, so sizes belong to cells from then on: a tile moved out
 * of an area takes the size of its new cell, and the area stays.
 */
export function pinned(layout: LayoutShape): LayoutShape {
  const { placed: tiles } = placeTiles(layout);
  const areas: LayoutArea[] = checkAreas(layout).areas.map(({ index: _i, ...a }) => a);
  for (const t of tiles) {
    if (t.columnSpan === 1 && t.rowSpan === 1) continue;
    if (!areas.some((a) => a.column === t.column && a.row === t.row))
      areas.push({ column: t.column, row: t.row, columnSpan: t.columnSpan, rowSpan: t.rowSpan });
  }
  areas.sort(readingOrder);
  const { areas: _a, ...rest } = layout;
  return {
    ...rest,
    tiles: tiles.map(({ index, column, row, columnSpan, rowSpan }) =>
      withSpan({ ...layout.tiles[index], column, row }, { columnSpan, rowSpan }),
    ),
    ...(areas.length > 0 ? { areas } : {}),
  };
}

/** The next bigger grid for a full wall: one more column, then one more row, up to MAX_GRID. */
function grownGrid(grid: LayoutGrid): LayoutGrid | null {
  if (grid.columns >= MAX_GRID && grid.rows >= MAX_GRID) return null;
  if (grid.columns <= grid.rows && grid.columns < MAX_GRID) return { ...grid, columns: grid.columns + 1 };
  return { ...grid, rows: Math.min(MAX_GRID, grid.rows + 1) };
}

function deviceFields(
  device: TileDevice,
): Pick<LayoutTile, 'deviceKey' | 'sipId' | 'channelId' | 'deviceName'> {
  return {
    deviceKey: device.deviceKey,
    ...(device.sipId ? { sipId: device.sipId } : {}),
    ...(device.channelId ? { channelId: device.channelId } : {}),
    // The layout keeps the name so the wall can caption a tile without asking the platform.
    deviceName: (device.deviceName || device.deviceKey).slice(0, 200),
  };
}

export type PlaceOutcome =
  | { ok: true; layout: LayoutShape; cell: WallCell; replaced: LayoutTile | null; grewTo: LayoutGrid | null }
  | { ok: false; reason: 'full' | 'outside'; message: string; grow: LayoutGrid | null };

/**
 * Put a device on the wall.
 *
 * On a given cell (a drop, an explicit "replace"), a tile already covering it shows the new device
 * instead (keeping its size) and the tile it showed before is returned as `replaced`; an empty cell
 * gets a new 1×1 tile. Without a cell, the first free cell in reading order: never a tile that
 * plays. A full wall is refused (with the next bigger grid, `grow`), unless `grow` is asked for:
 * then it grows by a column or a row (up to MAX_GRID × MAX_GRID).
 */
export function placeDeviceIn(
  layout: LayoutShape,
  device: TileDevice,
  cell?: WallCell | null,
  options: { grow?: boolean } = {},
): PlaceOutcome {
  let base = pinned(layout);
  let target = cell ?? null;
  let grewTo: LayoutGrid | null = null;
  if (target && !inGrid(base.grid, target))
    return {
      ok: false,
      reason: 'outside',
      message: i18next.t('wall:place.noCell', { column: target.column, row: target.row }),
      grow: null,
    };
  if (!target) {
    target = firstFreeCell(base);
    while (!target) {
      const grid = grownGrid(base.grid);
      if (!grid || !options.grow)
        return {
          ok: false,
          reason: 'full',
          message: grid
            ? i18next.t('wall:place.full', { columns: base.grid.columns, rows: base.grid.rows })
            : i18next.t('wall:place.fullMax', { max: MAX_GRID }),
          grow: grid,
        };
      base = { ...base, grid };
      grewTo = grid;
      target = firstFreeCell(base);
    }
  }
  const existing = tileAt(base, target);
  if (existing) {
    const before = base.tiles[existing.index];
    const tiles = base.tiles.map((t, i) =>
      i === existing.index ? { ...stripDevice(t), ...deviceFields(device) } : t,
    );
    return {
      ok: true,
      layout: { ...base, tiles },
      cell: { column: existing.column, row: existing.row },
      replaced: before,
      grewTo,
    };
  }
  // A free area takes the device at its own size, whichever of its cells it was dropped on.
  const slot = slotAt(base, target);
  const tile: LayoutTile = withSpan({ ...deviceFields(device), column: slot.column, row: slot.row }, slot);
  return {
    ok: true,
    layout: { ...base, tiles: [...base.tiles, tile] },
    cell: { column: slot.column, row: slot.row },
    replaced: null,
    grewTo,
  };
}

function stripDevice(tile: LayoutTile): LayoutTile {
  // A caption belonged to the device shown before.
  const { sipId: _s, channelId: _c, label: _l, deviceName: _n, ...rest } = tile;
  return rest;
}

/** Take the tile covering a cell off the wall. */
export function removeTileAt(layout: LayoutShape, cell: WallCell): LayoutShape {
  const base = pinned(layout);
  const hit = tileAt(base, cell);
  if (!hit) return base;
  return { ...base, tiles: base.tiles.filter((_, i) => i !== hit.index) };
}

/**
 * Move the tile at `from` to the slot at `to` (a free cell or area, or another tile's: then the two
 * swap). Sizes belong to the slots: a tile moved into an area takes its size, one moved out of it
 * the size of its new cell, and the area stays. Null when nothing would move.
 */
export function moveTile(layout: LayoutShape, from: WallCell, to: WallCell): LayoutShape | null {
  const base = pinned(layout);
  const moving = tileAt(base, from);
  if (!moving || !inGrid(base.grid, to)) return null;
  const other = tileAt(base, to);
  if (other && other.index === moving.index) return null;
  const target: Slot = other
    ? { column: other.column, row: other.row, columnSpan: other.columnSpan, rowSpan: other.rowSpan }
    : slotAt(base, to);
  if (!other && target.column === moving.column && target.row === moving.row) return null;
  const source: Slot = {
    column: moving.column,
    row: moving.row,
    columnSpan: moving.columnSpan,
    rowSpan: moving.rowSpan,
  };
  const tiles = base.tiles.map((t) => ({ ...t }));
  const put = (index: number, slot: Slot) => {
    tiles[index] = withSpan({ ...tiles[index], column: slot.column, row: slot.row }, slot);
  };
  put(moving.index, target);
  if (other) put(other.index, source);
  const next = { ...base, tiles };
  return placeTiles(next).problems.length === 0 ? next : null;
}

/**
 * Stable React keys for tiles: the device (and its channel) plus an occurrence count, so a tile that
 * moves keeps its key (its player is not restarted) and a changed device gets a new one.
 */
export function tileKeys(tiles: readonly Pick<LayoutTile, 'deviceKey' | 'sipId' | 'channelId'>[]): string[] {
  const seen = new Map<string, number>();
  return tiles.map((t) => {
    const base = `${t.deviceKey}|${t.sipId ?? ''}|${t.channelId ?? ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}#${n}`;
  });
}

/** Where the selection goes on an arrow key: past the current tile's (or area's) span, clamped to the grid. */
export function stepSelection(layout: LayoutShape, from: WallCell, dx: number, dy: number): WallCell {
  const anchor = tileAt(layout, from) ?? slotAt(layout, from);
  let column = from.column;
  let row = from.row;
  if (dx > 0) column = anchor.column + anchor.columnSpan;
  if (dx < 0) column = anchor.column - 1;
  if (dy > 0) row = anchor.row + anchor.rowSpan;
  if (dy < 0) row = anchor.row - 1;
  column = Math.max(1, Math.min(layout.grid.columns, column));
  row = Math.max(1, Math.min(layout.grid.rows, row));
  const landed = tileAt(layout, { column, row }) ?? slotAt(layout, { column, row });
  return { column: landed.column, row: landed.row };
}

/** A layout id from a name, unique among `taken`: "Night shift" → "night-shift", "night-shift-2", … */
export function uniqueLayoutId(name: string, taken: readonly string[]): string {
  const slug =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '')
      .replace(/-+$/, '')
      .slice(0, 48) || 'wall';
  const set = new Set(taken);
  if (!set.has(slug)) return slug;
  for (let n = 2; ; n++) if (!set.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

type TileSettingKey = 'sipId' | 'channelId' | 'transport' | 'fit' | 'label';
const TILE_SETTING_KEYS: readonly TileSettingKey[] = ['sipId', 'channelId', 'transport', 'fit', 'label'];

/**
 * A tile with some of its own settings changed. A key given as undefined or an empty string takes
 * that setting away (the tile then follows the default); keys not in the patch stay as they were.
 */
export function patchTile(tile: LayoutTile, patch: Partial<Pick<LayoutTile, TileSettingKey>>): LayoutTile {
  const next: LayoutTile = { ...tile };
  for (const key of TILE_SETTING_KEYS) {
    if (!(key in patch)) continue;
    const value = patch[key];
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed === undefined || trimmed === '') delete next[key];
    else
      (next as Record<TileSettingKey, unknown>)[key] =
        key === 'label' ? String(trimmed).slice(0, 100) : trimmed;
  }
  return next;
}

/** Whether two tiles have the same own settings (channel, transport, fit, caption). */
export function sameTileSettings(a: LayoutTile, b: LayoutTile): boolean {
  return TILE_SETTING_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''));
}
