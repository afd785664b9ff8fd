import { describe, expect, it } from 'vitest';
import { LayoutSchema, type Layout } from '../../../../../electron/shared/layout';
import { sameLayoutContent } from '../../../../../src/features/wall/layout-compare';

const base: Layout = {
  id: 'w',
  name: 'Night',
  profileId: 'p',
  grid: { columns: 2, rows: 2 },
  tiles: [{ deviceKey: 'a' }, { deviceKey: 'b', label: 'Gate B' }],
};

describe('sameLayoutContent', () => {
  it('ignores key order, tile order and cells written out where they were automatic', () => {
    const pinned: Layout = {
      grid: { rows: 2, columns: 2 },
      tiles: [
        { label: 'Gate B', column: 2, row: 1, deviceKey: 'b' },
        { row: 1, column: 1, deviceKey: 'a' },
      ],
      profileId: 'p',
      name: 'Night',
      id: 'w',
    };
    expect(sameLayoutContent(base, pinned)).toBe(true);
    expect(sameLayoutContent(base, LayoutSchema.parse(pinned))).toBe(true);
  });

  it('sees a moved tile, another device, a span, the grid, the name and parked tiles', () => {
    const pinned = (tiles: Layout['tiles'], extra: Partial<Layout> = {}): Layout => ({
      ...base,
      tiles,
      ...extra,
    });
    const a = { deviceKey: 'a', column: 1, row: 1 };
    const b = { deviceKey: 'b', label: 'Gate B', column: 2, row: 1 };
    expect(sameLayoutContent(base, pinned([a, { ...b, column: 1, row: 2 }]))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, { ...b, deviceKey: 'c' }]))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, { ...b, rowSpan: 2 }]))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, { ...b, deviceName: 'Gate B (north)' }]))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, b], { grid: { columns: 3, rows: 2 } }))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, b], { name: 'Day' }))).toBe(false);
    expect(sameLayoutContent(base, pinned([a, b], { parked: [{ deviceKey: 'x', column: 3, row: 3 }] }))).toBe(
      false,
    );
    expect(sameLayoutContent(base, { ...base, id: 'other' })).toBe(false);
  });
});
