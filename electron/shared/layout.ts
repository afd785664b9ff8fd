import { z } from 'zod';
import { issueProblems, type FieldProblem } from './domain';
import { displayText, LIMITS, plainText } from './limits';
import { TransportSchema } from './settings';

export const MAX_GRID = LIMITS.gridSide;
/** Tiles, areas or parked tiles of one view. */
const MAX_TILES = LIMITS.tilesPerView;

const span = z.number().int().min(1).max(MAX_GRID);
/** 1-based, like CSS grid lines: column 1 is the leftmost. */
const position = z.number().int().min(1).max(MAX_GRID);

/**
 * One tile of a wall: which stream it shows and, optionally, where.
 *
 * A tile without column and row is placed automatically into the first free cells, row by row.
 */
export const LayoutTileSchema = z.object({
  deviceKey: plainText(LIMITS.deviceKey, { trim: true, required: 'deviceKey is required' }),
  sipId: plainText(LIMITS.deviceKey).optional(),
  channelId: plainText(LIMITS.deviceKey).optional(),
  column: position.optional(),
  row: position.optional(),
  columnSpan: span.optional(),
  rowSpan: span.optional(),
  /** A caption shown instead of the device name. */
  label: plainText(LIMITS.name).optional(),
  /** The device's name as the catalog (or a provisioning file) knew it: the tile's title; the key only as a fallback. */
  deviceName: displayText(LIMITS.deviceName).optional(),
  /** The transport this tile tries first (before the settings' order); absent: the settings decide. */
  transport: TransportSchema.optional(),
  /** How the picture fills its tile: letterboxed (fit, the default), cropped (fill) or stretched. */
  fit: z.enum(['fit', 'fill', 'stretch']).optional(),
});
export type LayoutTile = z.infer<typeof LayoutTileSchema>;

/**
 * A merged area of the grid: a rectangle of cells shown as one cell, whether or not a device plays
 * in it (a preset's large tile exists before anything is put there). A tile anchored at its top-left
 * cell takes its size; no tile may cut across it.
 */
export const LayoutAreaSchema = z.object({
  column: position,
  row: position,
  columnSpan: span,
  rowSpan: span,
});
export type LayoutArea = z.infer<typeof LayoutAreaSchema>;

const sideRange = `a whole number from 1 to ${MAX_GRID}`;
const gridSide = z.number().int(sideRange).min(1, sideRange).max(MAX_GRID, sideRange);
export const LayoutGridSchema = z.object({ columns: gridSide, rows: gridSide });
export type LayoutGrid = z.infer<typeof LayoutGridSchema>;

const layoutFields = {
  id: z
    .string()
    .trim()
    .min(1, 'id is required')
    .max(LIMITS.id, `at most ${LIMITS.id} characters`)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'letters, digits, ".", "_" or "-", starting with a letter or digit',
    ),
  name: plainText(LIMITS.name, { trim: true, required: 'name is required' }),
  /** The profile whose credentials play this wall. */
  profileId: plainText(LIMITS.idRef, { trim: true, required: 'profileId is required' }),
  grid: LayoutGridSchema,
  tiles: z.array(LayoutTileSchema).max(MAX_TILES, `at most ${MAX_TILES} tiles`),
  /** Merged areas (larger cells), in bounds and not overlapping; absent: every cell is 1 × 1. */
  areas: z.array(LayoutAreaSchema).max(MAX_TILES, `at most ${MAX_TILES} areas`).optional(),
  /**
   * Tiles that did not fit when the grid was made smaller, at the cells they had: growing the grid
   * again puts them back. Not shown and not checked against the grid (they are outside it by nature).
   */
  parked: z.array(LayoutTileSchema).max(MAX_TILES, `at most ${MAX_TILES} parked tiles`).optional(),
};

/**
 * What makes two view names the same name: case and surrounding spaces aside ("Lobby" and " lobby ").
 * One rule for saving, renaming, duplicating, importing and provisioning views.
 */
export const viewNameKey = (name: string): string => name.trim().toLowerCase();

/** A tile with its cell decided. */
export interface PlacedTile extends LayoutTile {
  index: number;
  column: number;
  row: number;
  columnSpan: number;
  rowSpan: number;
}

type LayoutShape = { grid: LayoutGrid; tiles: LayoutTile[]; areas?: LayoutArea[] };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A tile or an area past the grid's last column, coded (`count`: the grid's columns, for a plural). */
const pastColumns = (reach: number, columns: number) => ({
  message: `reaches column ${reach} but the grid has ${plural(columns, 'column')}`,
  code: 'problem.layout.pastColumns',
  params: { reach, count: columns },
});
/** The same past the grid's last row. */
const pastRows = (reach: number, rows: number) => ({
  message: `reaches row ${reach} but the grid has ${plural(rows, 'row')}`,
  code: 'problem.layout.pastRows',
  params: { reach, count: rows },
});
/** A tile or an area over others (`tiles[1], tiles[3]`, `areas[0]`) at its top-left cell. */
const overlaps = (others: string, column: number, row: number) => ({
  message: `overlaps ${others} (column ${column}, row ${row})`,
  code: 'problem.layout.overlaps',
  params: { others, column, row },
});

/**
 * Check the merged areas: each inside the grid and none over another. Paths name the area
 * (`areas[1].columnSpan`, `areas[2]`); the areas that pass come back to place tiles in.
 */
export function checkAreas(layout: { grid: LayoutGrid; areas?: LayoutArea[] }): {
  areas: (LayoutArea & { index: number })[];
  problems: FieldProblem[];
} {
  const { columns, rows } = layout.grid;
  const problems: FieldProblem[] = [];
  const good: (LayoutArea & { index: number })[] = [];
  (layout.areas ?? []).forEach((area, index) => {
    const at = `areas[${index}]`;
    let ok = true;
    if (area.columnSpan === 1 && area.rowSpan === 1) {
      problems.push({
        path: at,
        message: 'an area is at least 2 cells (columnSpan or rowSpan above 1)',
        code: 'problem.layout.areaTooSmall',
      });
      ok = false;
    }
    if (area.column + area.columnSpan - 1 > columns) {
      problems.push({
        path: `${at}.${area.column > columns ? 'column' : 'columnSpan'}`,
        ...pastColumns(area.column + area.columnSpan - 1, columns),
      });
      ok = false;
    }
    if (area.row + area.rowSpan - 1 > rows) {
      problems.push({
        path: `${at}.${area.row > rows ? 'row' : 'rowSpan'}`,
        ...pastRows(area.row + area.rowSpan - 1, rows),
      });
      ok = false;
    }
    if (!ok) return;
    const hit = good.find((g) => rectsOverlap(g, area));
    if (hit) {
      problems.push({
        path: at,
        ...overlaps(`areas[${hit.index}]`, area.column, area.row),
      });
      return;
    }
    good.push({ ...area, index });
  });
  return { areas: good, problems };
}

type Rect = { column: number; row: number; columnSpan: number; rowSpan: number };

/** Whether two rectangles of cells share a cell. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return (
    a.column < b.column + b.columnSpan &&
    b.column < a.column + a.columnSpan &&
    a.row < b.row + b.rowSpan &&
    b.row < a.row + a.rowSpan
  );
}

/** Whether two rectangles of cells are the same cells. */
export const sameRect = (a: Rect, b: Rect): boolean =>
  a.column === b.column && a.row === b.row && a.columnSpan === b.columnSpan && a.rowSpan === b.rowSpan;

/** Whether every cell of `inner` is a cell of `outer`. */
export const rectContains = (outer: Rect, inner: Rect): boolean =>
  inner.column >= outer.column &&
  inner.row >= outer.row &&
  inner.column + inner.columnSpan <= outer.column + outer.columnSpan &&
  inner.row + inner.rowSpan <= outer.row + outer.rowSpan;

/**
 * Decide every tile's cell and collect what does not fit.
 *
 * Merged areas are checked first (areas[]), then placed tiles (in bounds, no overlaps, never cutting
 * across an area: a tile at an area's top-left cell without a span of its own takes the area's);
 * tiles without a position then fill the first free cells or empty areas row by row, taking an
 * area's size. Paths name the tile (`tiles[2]`, `tiles[2].column`) or the area (`areas[1].rowSpan`).
 */
export function placeTiles(layout: LayoutShape): { placed: PlacedTile[]; problems: FieldProblem[] } {
  // Never build the cells of a grid its schema refuses (a caller may hand anything in).
  if (!LayoutGridSchema.safeParse(layout.grid).success)
    return {
      placed: [],
      problems: [
        {
          path: 'grid',
          message: `at most ${MAX_GRID} columns and ${MAX_GRID} rows`,
          code: 'problem.layout.gridTooBig',
          params: { max: MAX_GRID },
        },
      ],
    };
  const { columns, rows } = layout.grid;
  const owner: (number | undefined)[][] = Array.from({ length: rows }, () => Array(columns).fill(undefined));
  const checked = checkAreas(layout);
  const areas = checked.areas;
  const problems: FieldProblem[] = [...checked.problems];
  const placed: PlacedTile[] = [];

  const occupy = (tile: PlacedTile) => {
    for (let r = tile.row; r < tile.row + tile.rowSpan; r++)
      for (let c = tile.column; c < tile.column + tile.columnSpan; c++) owner[r - 1][c - 1] = tile.index;
  };
  const overlapping = (column: number, row: number, columnSpan: number, rowSpan: number) => {
    const hits = new Set<number>();
    for (let r = row; r < row + rowSpan; r++)
      for (let c = column; c < column + columnSpan; c++) {
        const o = owner[r - 1][c - 1];
        if (o !== undefined) hits.add(o);
      }
    return [...hits];
  };
  /** The area a rectangle cuts across (shares cells with without being it), if any. */
  const cutArea = (rect: Rect) => areas.find((a) => rectsOverlap(a, rect) && !sameRect(a, rect));
  const areaAt = (column: number, row: number) => areas.find((a) => a.column === column && a.row === row);

  layout.tiles.forEach((tile, index) => {
    const at = `tiles[${index}]`;
    if ((tile.column === undefined) !== (tile.row === undefined)) {
      problems.push({
        path: `${at}.${tile.column === undefined ? 'column' : 'row'}`,
        message: 'give both column and row, or neither (to place the tile automatically)',
        code: 'problem.layout.bothOrNeither',
      });
      return;
    }
    if (tile.column === undefined || tile.row === undefined) return;
    const home = areaAt(tile.column, tile.row);
    const columnSpan = tile.columnSpan ?? (tile.rowSpan === undefined && home ? home.columnSpan : 1);
    const rowSpan = tile.rowSpan ?? (tile.columnSpan === undefined && home ? home.rowSpan : 1);
    let inBounds = true;
    if (tile.column + columnSpan - 1 > columns) {
      inBounds = false;
      problems.push({
        path: `${at}.${tile.columnSpan ? 'columnSpan' : 'column'}`,
        ...pastColumns(tile.column + columnSpan - 1, columns),
      });
    }
    if (tile.row + rowSpan - 1 > rows) {
      inBounds = false;
      problems.push({
        path: `${at}.${tile.rowSpan ? 'rowSpan' : 'row'}`,
        ...pastRows(tile.row + rowSpan - 1, rows),
      });
    }
    if (!inBounds) return;
    const rect = { column: tile.column, row: tile.row, columnSpan, rowSpan };
    const cut = cutArea(rect);
    if (cut) {
      problems.push({
        path: at,
        message: `cuts across areas[${cut.index}] (a ${cut.columnSpan}×${cut.rowSpan} area at column ${cut.column}, row ${cut.row}): a tile there fills the whole area`,
        code: 'problem.layout.cutsArea',
        params: {
          area: `areas[${cut.index}]`,
          columns: cut.columnSpan,
          rows: cut.rowSpan,
          column: cut.column,
          row: cut.row,
        },
      });
      return;
    }
    const hits = overlapping(tile.column, tile.row, columnSpan, rowSpan);
    if (hits.length > 0) {
      problems.push({
        path: at,
        ...overlaps(hits.map((h) => `tiles[${h}]`).join(', '), tile.column, tile.row),
      });
      return;
    }
    const p: PlacedTile = { ...tile, index, column: tile.column, row: tile.row, columnSpan, rowSpan };
    occupy(p);
    placed.push(p);
  });

  layout.tiles.forEach((tile, index) => {
    if (tile.column !== undefined || tile.row !== undefined) return;
    const sized = tile.columnSpan !== undefined || tile.rowSpan !== undefined;
    for (let row = 1; row <= rows; row++)
      for (let column = 1; column <= columns; column++) {
        const home = areaAt(column, row);
        // A tile of no particular size takes the cell as it is: 1 × 1, or the area starting there.
        const columnSpan = sized ? (tile.columnSpan ?? 1) : (home?.columnSpan ?? 1);
        const rowSpan = sized ? (tile.rowSpan ?? 1) : (home?.rowSpan ?? 1);
        if (column + columnSpan - 1 > columns || row + rowSpan - 1 > rows) continue;
        if (cutArea({ column, row, columnSpan, rowSpan })) continue;
        if (overlapping(column, row, columnSpan, rowSpan).length === 0) {
          const p: PlacedTile = { ...tile, index, column, row, columnSpan, rowSpan };
          occupy(p);
          placed.push(p);
          return;
        }
      }
    const columnSpan = tile.columnSpan ?? 1;
    const rowSpan = tile.rowSpan ?? 1;
    problems.push({
      path: `tiles[${index}]`,
      message: `no free ${columnSpan}×${rowSpan} space left in the ${columns}×${rows} grid`,
      code: 'problem.layout.noSpace',
      params: { columnSpan, rowSpan, columns, rows },
    });
  });

  placed.sort((a, b) => a.index - b.index);
  return { placed, problems };
}

/**
 * Place the tiles only once the grid, the tiles and the areas passed their own checks: placing
 * builds the grid's cells, so a grid of 40 000 000 rows (refused by its schema, which zod still
 * reports alongside) must never reach it.
 */
function refineTiles(layout: LayoutShape, ctx: z.RefinementCtx): void {
  if (ctx.issues.some((issue) => blocksPlacement(issue.path ?? []))) return;
  for (const problem of placeTiles(layout).problems) {
    // Its code and parameters ride in the issue's params (see issueCode), for the renderer to word.
    ctx.addIssue({
      code: 'custom',
      path: pathToKeys(problem.path),
      message: problem.message,
      ...(problem.code !== undefined && { params: { ...problem.params, code: problem.code } }),
    });
  }
}

const PLACEMENT_FIELDS = new Set<PropertyKey>(['column', 'row', 'columnSpan', 'rowSpan']);

/** Whether a problem at this path leaves the layout unsafe to place (a caption's problem does not). */
function blocksPlacement(path: readonly PropertyKey[]): boolean {
  const [head, index, field] = path;
  if (head === 'grid' || head === 'areas') return true;
  if (head !== 'tiles') return false;
  return field === undefined || PLACEMENT_FIELDS.has(field) || index === undefined;
}

/** `tiles[2].column` -> ['tiles', 2, 'column'] (so zod reports the same path). */
function pathToKeys(path: string): (string | number)[] {
  return path
    .split(/\.|\[|\]/)
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A saved wall layout: shape and placement both checked. */
export const LayoutSchema = z.object(layoutFields).superRefine(refineTiles);
export type Layout = z.infer<typeof LayoutSchema>;

/** What layouts:save takes: a layout whose id may be missing (a new one). */
export const LayoutDraftSchema = z
  .object({ ...layoutFields, id: layoutFields.id.optional() })
  .superRefine(refineTiles);
export type LayoutDraft = z.input<typeof LayoutDraftSchema>;

export type LayoutValidation = { ok: true; value: Layout } | { ok: false; problems: FieldProblem[] };

/** Validate a layout and name every problem by its path (`grid.columns`, `tiles[3]`). */
export function validateLayout(input: unknown): LayoutValidation {
  const parsed = LayoutSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: issueProblems(parsed.error.issues, { whole: '(layout)' }) };
}
