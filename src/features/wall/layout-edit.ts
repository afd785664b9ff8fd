import {
  MAX_GRID,
  placeTiles,
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
  /** Tiles that did not fit a smaller grid, kept at their cells until the grid is large enough again. */
  parked?: LayoutTile[];
}

/** The grid sizes offered in one click; any other size up to MAX_GRID × MAX_GRID is "custom". */
export const GRID_PRESETS: readonly LayoutGrid[] = [1, 2, 3, 4, 5, 6].map((n) => ({ columns: n, rows: n }));

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

/** The cells no tile covers, row by row. */
export function freeCells(layout: LayoutShape): WallCell[] {
  const taken = new Set<string>();
  for (const t of placed(layout))
    for (let r = t.row; r < t.row + t.rowSpan; r++)
      for (let c = t.column; c < t.column + t.columnSpan; c++) taken.add(`${c},${r}`);
  const free: WallCell[] = [];
  for (let row = 1; row <= layout.grid.rows; row++)
    for (let column = 1; column <= layout.grid.columns; column++)
      if (!taken.has(`${column},${row}`)) free.push({ column, row });
  return free;
}

export function firstFreeCell(layout: LayoutShape): WallCell | null {
  return freeCells(layout)[0] ?? null;
}

/** Fix every tile's position (auto-placed tiles get the cell placeTiles gave them); drop what does not fit. */
export function pinned(layout: LayoutShape): LayoutShape {
  const tiles = placed(layout).map(({ index, column, row }) => ({ ...layout.tiles[index], column, row }));
  return { ...layout, tiles };
}

/** The next bigger grid for a full wall: one more column, then one more row, up to MAX_GRID. */
export function grownGrid(grid: LayoutGrid): LayoutGrid | null {
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
      message: `There is no cell at column ${target.column}, row ${target.row}.`,
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
            ? `The wall is full (${base.grid.columns}×${base.grid.rows}): nothing was replaced.`
            : `The wall is full (${MAX_GRID}×${MAX_GRID}, the largest grid): nothing was replaced.`,
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
  const tile: LayoutTile = { ...deviceFields(device), column: target.column, row: target.row };
  return {
    ok: true,
    layout: { ...base, tiles: [...base.tiles, tile] },
    cell: target,
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
 * Move the tile at `from` to `to`. An empty target takes the tile (if its span fits there); a target
 * covered by another tile swaps the two anchors when both fit after the swap. Otherwise null.
 */
export function moveTile(layout: LayoutShape, from: WallCell, to: WallCell): LayoutShape | null {
  const base = pinned(layout);
  const moving = tileAt(base, from);
  if (!moving || !inGrid(base.grid, to)) return null;
  const other = tileAt(base, to);
  if (other && other.index === moving.index) return null;
  const tiles = base.tiles.map((t) => ({ ...t }));
  const target = other ? { column: other.column, row: other.row } : to;
  tiles[moving.index] = { ...tiles[moving.index], column: target.column, row: target.row };
  if (other) tiles[other.index] = { ...tiles[other.index], column: moving.column, row: moving.row };
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

/** Where the selection goes on an arrow key: past the current tile's span, clamped to the grid. */
export function stepSelection(layout: LayoutShape, from: WallCell, dx: number, dy: number): WallCell {
  const here = tileAt(layout, from);
  const anchor = here ?? { column: from.column, row: from.row, columnSpan: 1, rowSpan: 1 };
  let column = from.column;
  let row = from.row;
  if (dx > 0) column = anchor.column + anchor.columnSpan;
  if (dx < 0) column = anchor.column - 1;
  if (dy > 0) row = anchor.row + anchor.rowSpan;
  if (dy < 0) row = anchor.row - 1;
  column = Math.max(1, Math.min(layout.grid.columns, column));
  row = Math.max(1, Math.min(layout.grid.rows, row));
  const landed = tileAt(layout, { column, row });
  return landed ? { column: landed.column, row: landed.row } : { column, row };
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
