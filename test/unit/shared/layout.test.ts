import { describe, expect, it } from 'vitest';
import { LayoutDraftSchema, placeTiles, validateLayout } from '../../../electron/shared/layout';

const base = { id: 'wall', name: 'Wall', profileId: 'p', grid: { columns: 3, rows: 2 } };

describe('layout validation', () => {
  it('accepts placed and automatic tiles and decides every cell', () => {
    const layout = {
      ...base,
      tiles: [
        { deviceKey: 'big', column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { deviceKey: 'auto-1' },
        { deviceKey: 'auto-2' },
      ],
    };
    const result = validateLayout(layout);
    expect(result.ok).toBe(true);
    expect(placeTiles(layout).placed.map((t) => [t.deviceKey, t.column, t.row])).toEqual([
      ['big', 1, 1],
      ['auto-1', 3, 1],
      ['auto-2', 3, 2],
    ]);
  });

  it('names each overlap with the paths of both tiles', () => {
    const result = validateLayout({
      ...base,
      tiles: [
        { deviceKey: 'a', column: 1, row: 1, columnSpan: 2 },
        { deviceKey: 'b', column: 3, row: 1 },
        { deviceKey: 'c', column: 2, row: 1, rowSpan: 2 },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'tiles[2]',
          message: 'overlaps tiles[0] (column 2, row 1)',
          code: 'problem.layout.overlaps',
          params: { others: 'tiles[0]', column: 2, row: 1 },
        },
      ],
    });
  });

  it('refuses tiles out of the grid, a half position, and a wall too full for its automatic tiles', () => {
    const result = validateLayout({
      ...base,
      tiles: [
        { deviceKey: 'wide', column: 2, row: 1, columnSpan: 3 },
        { deviceKey: 'low', column: 1, row: 3 },
        { deviceKey: 'half', column: 1 },
        ...Array.from({ length: 7 }, (_, i) => ({ deviceKey: `auto-${i}` })),
      ],
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContainEqual({
      path: 'tiles[0].columnSpan',
      message: 'reaches column 4 but the grid has 3 columns',
      code: 'problem.layout.pastColumns',
      params: { reach: 4, count: 3 },
    });
    expect(problems).toContainEqual({
      path: 'tiles[1].row',
      message: 'reaches row 3 but the grid has 2 rows',
      code: 'problem.layout.pastRows',
      params: { reach: 3, count: 2 },
    });
    expect(problems).toContainEqual(expect.objectContaining({ path: 'tiles[2].row' }));
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'tiles[9]',
        message: 'no free 1×1 space left in the 3×2 grid',
        code: 'problem.layout.noSpace',
      }),
    );
    expect(problems.filter((p) => /^tiles\[[3-8]\]$/.test(p.path))).toEqual([]);
  });

  it('keeps the grid within 1..8 and requires a device per tile', () => {
    const result = validateLayout({ ...base, grid: { columns: 9, rows: 0 }, tiles: [{ deviceKey: '' }] });
    const paths = result.ok ? [] : result.problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['grid.columns', 'grid.rows', 'tiles[0].deviceKey']));
  });

  it('lets a draft leave out its id, but not anything else', () => {
    expect(LayoutDraftSchema.safeParse({ ...base, id: undefined, tiles: [] }).success).toBe(true);
    expect(LayoutDraftSchema.safeParse({ ...base, profileId: '', tiles: [] }).success).toBe(false);
  });
});
