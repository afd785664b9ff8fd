import { z } from 'zod';
import { formatPath, type FieldProblem } from './domain';

export const MAX_GRID = 8;

const span = z.number().int().min(1).max(MAX_GRID);
/** 1-based, like CSS grid lines: column 1 is the leftmost. */
const position = z.number().int().min(1).max(MAX_GRID);

/**
 * One tile of a wall: which stream it shows and, optionally, where.
 *
 * A tile without column and row is placed automatically into the first free cells, row by row.
 */
export const LayoutTileSchema = z.object({
  deviceKey: z.string().trim().min(1, 'deviceKey is required'),
  sipId: z.string().optional(),
  channelId: z.string().optional(),
  column: position.optional(),
  row: position.optional(),
  columnSpan: span.optional(),
  rowSpan: span.optional(),
  /** A caption shown instead of the device name. */
  label: z.string().max(100).optional(),
  /** The device's name as the catalog (or a provisioning file) knew it: the tile's title; the key only as a fallback. */
  deviceName: z.string().max(200).optional(),
});
export type LayoutTile = z.infer<typeof LayoutTileSchema>;

export const LayoutGridSchema = z.object({
  columns: z.number().int().min(1).max(MAX_GRID),
  rows: z.number().int().min(1).max(MAX_GRID),
});
export type LayoutGrid = z.infer<typeof LayoutGridSchema>;

const layoutFields = {
  id: z
    .string()
    .trim()
    .min(1, 'id is required')
    .max(64, 'at most 64 characters')
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'letters, digits, ".", "_" or "-", starting with a letter or digit',
    ),
  name: z.string().trim().min(1, 'name is required').max(100, 'at most 100 characters'),
  /** The profile whose credentials play this wall. */
  profileId: z.string().trim().min(1, 'profileId is required'),
  grid: LayoutGridSchema,
  tiles: z.array(LayoutTileSchema).max(MAX_GRID * MAX_GRID, `at most ${MAX_GRID * MAX_GRID} tiles`),
  /**
   * Tiles that did not fit when the grid was made smaller, at the cells they had: growing the grid
   * again puts them back. Not shown and not checked against the grid (they are outside it by nature).
   */
  parked: z
    .array(LayoutTileSchema)
    .max(MAX_GRID * MAX_GRID, `at most ${MAX_GRID * MAX_GRID} parked tiles`)
    .optional(),
};

/** A tile with its cell decided. */
export interface PlacedTile extends LayoutTile {
  index: number;
  column: number;
  row: number;
  columnSpan: number;
  rowSpan: number;
}

type LayoutShape = { grid: LayoutGrid; tiles: LayoutTile[] };

/**
 * Decide every tile's cell and collect what does not fit.
 *
 * Placed tiles are checked first (in bounds, no overlaps); tiles without a position then fill the
 * first free cells row by row. Paths name the tile (`tiles[2]`, `tiles[2].column`).
 */
export function placeTiles(layout: LayoutShape): { placed: PlacedTile[]; problems: FieldProblem[] } {
  const { columns, rows } = layout.grid;
  const owner: (number | undefined)[][] = Array.from({ length: rows }, () => Array(columns).fill(undefined));
  const problems: FieldProblem[] = [];
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

  layout.tiles.forEach((tile, index) => {
    const columnSpan = tile.columnSpan ?? 1;
    const rowSpan = tile.rowSpan ?? 1;
    const at = `tiles[${index}]`;
    if ((tile.column === undefined) !== (tile.row === undefined)) {
      problems.push({
        path: `${at}.${tile.column === undefined ? 'column' : 'row'}`,
        message: 'give both column and row, or neither (to place the tile automatically)',
      });
      return;
    }
    if (tile.column === undefined || tile.row === undefined) return;
    let inBounds = true;
    if (tile.column + columnSpan - 1 > columns) {
      inBounds = false;
      problems.push({
        path: `${at}.${tile.columnSpan ? 'columnSpan' : 'column'}`,
        message: `reaches column ${tile.column + columnSpan - 1} but the grid has ${columns} column${columns === 1 ? '' : 's'}`,
      });
    }
    if (tile.row + rowSpan - 1 > rows) {
      inBounds = false;
      problems.push({
        path: `${at}.${tile.rowSpan ? 'rowSpan' : 'row'}`,
        message: `reaches row ${tile.row + rowSpan - 1} but the grid has ${rows} row${rows === 1 ? '' : 's'}`,
      });
    }
    if (!inBounds) return;
    const hits = overlapping(tile.column, tile.row, columnSpan, rowSpan);
    if (hits.length > 0) {
      problems.push({
        path: at,
        message: `overlaps ${hits.map((h) => `tiles[${h}]`).join(', ')} (column ${tile.column}, row ${tile.row})`,
      });
      return;
    }
    const p: PlacedTile = { ...tile, index, column: tile.column, row: tile.row, columnSpan, rowSpan };
    occupy(p);
    placed.push(p);
  });

  layout.tiles.forEach((tile, index) => {
    if (tile.column !== undefined || tile.row !== undefined) return;
    const columnSpan = tile.columnSpan ?? 1;
    const rowSpan = tile.rowSpan ?? 1;
    for (let row = 1; row + rowSpan - 1 <= rows; row++)
      for (let column = 1; column + columnSpan - 1 <= columns; column++) {
        if (overlapping(column, row, columnSpan, rowSpan).length === 0) {
          const p: PlacedTile = { ...tile, index, column, row, columnSpan, rowSpan };
          occupy(p);
          placed.push(p);
          return;
        }
      }
    problems.push({
      path: `tiles[${index}]`,
      message: `no free ${columnSpan}×${rowSpan} space left in the ${columns}×${rows} grid`,
    });
  });

  placed.sort((a, b) => a.index - b.index);
  return { placed, problems };
}

function refineTiles(layout: LayoutShape, ctx: z.RefinementCtx): void {
  for (const problem of placeTiles(layout).problems) {
    ctx.addIssue({ code: 'custom', path: pathToKeys(problem.path), message: problem.message });
  }
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
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => ({
      path: formatPath(i.path) || '(layout)',
      message: i.message,
    })),
  };
}
