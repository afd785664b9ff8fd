import type { LayoutArea, LayoutGrid } from '../../../electron/shared/layout';

/** A layout in one click: a grid and its merged areas (the large tiles beside small ones). */
export interface LayoutPreset {
  id: string;
  /** "3 × 3", "1 + 5": what the picker says (what it looks like is worded there, wall:presets). */
  name: string;
  grid: LayoutGrid;
  areas: LayoutArea[];
  /** How many devices it shows. */
  tiles: number;
  /** The large-beside-small layouts control rooms reach for first. */
  featured: boolean;
}

const square = (n: number): LayoutPreset => ({
  id: `${n}x${n}`,
  name: n === 1 ? '1' : `${n} × ${n}`,
  grid: { columns: n, rows: n },
  areas: [],
  tiles: n * n,
  featured: false,
});

/** The presets, in the picker's order: the plain grids, then the featured ones. */
export const LAYOUT_PRESETS: readonly LayoutPreset[] = [
  ...[1, 2, 3, 4, 5, 6, 8].map(square),
  {
    id: '1+5',
    name: '1 + 5',
    grid: { columns: 3, rows: 3 },
    areas: [{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }],
    tiles: 6,
    featured: true,
  },
  {
    id: '1+7',
    name: '1 + 7',
    grid: { columns: 4, rows: 4 },
    areas: [{ column: 1, row: 1, columnSpan: 3, rowSpan: 3 }],
    tiles: 8,
    featured: true,
  },
  {
    id: '1+12',
    name: '1 + 12',
    grid: { columns: 4, rows: 4 },
    areas: [{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }],
    tiles: 13,
    featured: true,
  },
  {
    id: '2+8',
    name: '2 + 8',
    grid: { columns: 4, rows: 4 },
    areas: [
      { column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
      { column: 3, row: 1, columnSpan: 2, rowSpan: 2 },
    ],
    tiles: 10,
    featured: true,
  },
];

const areaText = (a: LayoutArea) => `${a.column},${a.row},${a.columnSpan},${a.rowSpan}`;

/** The preset a layout is exactly (same grid, same areas), if any. */
export function presetOf(layout: { grid: LayoutGrid; areas?: LayoutArea[] }): LayoutPreset | null {
  const areas = (layout.areas ?? []).map(areaText).sort().join(';');
  return (
    LAYOUT_PRESETS.find(
      (p) =>
        p.grid.columns === layout.grid.columns &&
        p.grid.rows === layout.grid.rows &&
        p.areas.map(areaText).sort().join(';') === areas,
    ) ?? null
  );
}
