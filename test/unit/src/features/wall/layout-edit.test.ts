import { describe, expect, it } from 'vitest';
import { placeTiles, type LayoutTile } from '../../../../../electron/shared/layout';
import {
  freeCells,
  moveTile,
  placeDeviceIn,
  removeTileAt,
  stepSelection,
  tileAt,
  tileKeys,
  uniqueLayoutId,
  type LayoutShape,
} from '../../../../../src/features/wall/layout-edit';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The wall's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

const dev = (key: string) => ({ deviceKey: key, deviceName: `Camera ${key}` });
const shape = (columns: number, rows: number, tiles: LayoutTile[] = []): LayoutShape => ({
  grid: { columns, rows },
  tiles,
});
const where = (layout: LayoutShape) =>
  placeTiles(layout).placed.map(
    (t) =>
      `${t.deviceKey}@${t.column},${t.row}${t.columnSpan > 1 || t.rowSpan > 1 ? `:${t.columnSpan}x${t.rowSpan}` : ''}`,
  );

describe('placeDeviceIn', () => {
  it('fills the first free cell row by row, skipping cells a span covers', () => {
    const start = shape(3, 2, [{ deviceKey: 'big', column: 1, row: 1, columnSpan: 2, rowSpan: 2 }]);
    const a = placeDeviceIn(start, dev('a'));
    expect(a).toMatchObject({ ok: true, cell: { column: 3, row: 1 }, replaced: null });
    if (!a.ok) return;
    const b = placeDeviceIn(a.layout, dev('b'));
    expect(b).toMatchObject({ ok: true, cell: { column: 3, row: 2 } });
    if (!b.ok) return;
    expect(where(b.layout)).toEqual(['big@1,1:2x2', 'a@3,1', 'b@3,2']);
    expect(placeTiles(b.layout).problems).toEqual([]);
  });

  it('puts the device on a given cell; an occupied one shows the new device and keeps its size', () => {
    const start = shape(3, 3, [
      { deviceKey: 'big', column: 2, row: 2, columnSpan: 2, rowSpan: 2, label: 'Old' },
    ]);
    const onEmpty = placeDeviceIn(start, dev('a'), { column: 1, row: 3 });
    expect(onEmpty).toMatchObject({ ok: true, cell: { column: 1, row: 3 }, replaced: null });
    // A cell inside the span hits the spanning tile, which takes the device; the tile it showed is named.
    const onSpan = placeDeviceIn(start, { ...dev('b'), sipId: 'sip-9' }, { column: 3, row: 3 });
    expect(onSpan).toMatchObject({
      ok: true,
      cell: { column: 2, row: 2 },
      replaced: { deviceKey: 'big', label: 'Old' },
    });
    if (!onSpan.ok) return;
    expect(onSpan.layout.tiles).toEqual([
      {
        deviceKey: 'b',
        sipId: 'sip-9',
        deviceName: 'Camera b',
        column: 2,
        row: 2,
        columnSpan: 2,
        rowSpan: 2,
      },
    ]);
  });

  it('never replaces a tile without a cell: a full wall is refused, with the grid that would make room', () => {
    const full = shape(2, 1, [
      { deviceKey: 'x', column: 1, row: 1 },
      { deviceKey: 'y', column: 2, row: 1 },
    ]);
    expect(placeDeviceIn(full, dev('z'))).toMatchObject({
      ok: false,
      reason: 'full',
      message: 'The wall is full (2×1): nothing was replaced.',
      grow: { columns: 2, rows: 2 },
    });
  });

  it('words the refusal in the language the app speaks when it is made', () => {
    const full = shape(1, 1, [{ deviceKey: 'x', column: 1, row: 1 }]);
    startI18n('zh-CN');
    try {
      expect(placeDeviceIn(full, dev('z'))).toMatchObject({ message: '电视墙已满（1×1）：未替换任何画面。' });
      expect(placeDeviceIn(full, dev('z'), { column: 3, row: 1 })).toMatchObject({
        message: '没有第 3 列、第 1 行的单元格。',
      });
    } finally {
      startI18n('en');
    }
    expect(placeDeviceIn(full, dev('z'))).toMatchObject({
      message: 'The wall is full (1×1): nothing was replaced.',
    });
  });

  it('grows a full wall by a column, then a row, when asked, and refuses past 8 × 8', () => {
    let layout = shape(1, 1, [{ deviceKey: 'x', column: 1, row: 1 }]);
    const grown = placeDeviceIn(layout, dev('y'), null, { grow: true });
    expect(grown.ok && grown.layout.grid).toEqual({ columns: 2, rows: 1 });
    expect(grown).toMatchObject({ grewTo: { columns: 2, rows: 1 }, replaced: null });
    const again = grown.ok ? placeDeviceIn(grown.layout, dev('z'), null, { grow: true }) : grown;
    expect(again.ok && again.layout.grid).toEqual({ columns: 2, rows: 2 });

    const full: LayoutTile[] = [];
    for (let row = 1; row <= 8; row++)
      for (let column = 1; column <= 8; column++) full.push({ deviceKey: `d${column}-${row}`, column, row });
    layout = shape(8, 8, full);
    expect(placeDeviceIn(layout, dev('one-more'), null, { grow: true })).toMatchObject({
      ok: false,
      reason: 'full',
      grow: null,
    });
    // Onto a chosen tile it still works: that tile shows the new device.
    expect(placeDeviceIn(layout, dev('one-more'), { column: 8, row: 8 })).toMatchObject({
      ok: true,
      replaced: { deviceKey: 'd8-8' },
    });
  });

  it('refuses a cell outside the grid', () => {
    expect(placeDeviceIn(shape(2, 2), dev('a'), { column: 3, row: 1 })).toMatchObject({
      ok: false,
      reason: 'outside',
    });
  });

  it('pins auto-placed tiles to the cells they were shown in', () => {
    const start = shape(2, 2, [
      { deviceKey: 'auto1' },
      { deviceKey: 'fixed', column: 1, row: 1 },
      { deviceKey: 'auto2' },
    ]);
    const result = placeDeviceIn(start, dev('new'));
    expect(result.ok && result.layout.tiles.map((t) => [t.deviceKey, t.column, t.row])).toEqual([
      ['auto1', 2, 1],
      ['fixed', 1, 1],
      ['auto2', 1, 2],
      ['new', 2, 2],
    ]);
  });
});

describe('removing, moving, resizing', () => {
  it('removes the tile covering a cell, spans included; its size stays with the cells (an empty area)', () => {
    const start = shape(3, 3, [
      { deviceKey: 'big', column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
      { deviceKey: 'a', column: 3, row: 1 },
    ]);
    const after = removeTileAt(start, { column: 2, row: 2 });
    expect(where(after)).toEqual(['a@3,1']);
    expect(after.areas).toEqual([{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }]);
    // The empty 2×2 area is one free cell, then the 4 single ones.
    expect(freeCells(after)).toEqual([
      { column: 1, row: 1 },
      { column: 3, row: 2 },
      { column: 1, row: 3 },
      { column: 2, row: 3 },
      { column: 3, row: 3 },
    ]);
    expect(where(removeTileAt(start, { column: 3, row: 3 }))).toEqual(where(start));
  });

  it('moves a tile to a free cell and swaps with another tile; sizes belong to the cells', () => {
    const start = shape(3, 2, [
      { deviceKey: 'a', column: 1, row: 1 },
      { deviceKey: 'b', column: 2, row: 1 },
      { deviceKey: 'wide', column: 1, row: 2, columnSpan: 2 },
    ]);
    expect(where(moveTile(start, { column: 1, row: 1 }, { column: 3, row: 1 })!)).toEqual([
      'a@3,1',
      'b@2,1',
      'wide@1,2:2x1',
    ]);
    expect(where(moveTile(start, { column: 1, row: 1 }, { column: 2, row: 1 })!)).toEqual([
      'a@2,1',
      'b@1,1',
      'wide@1,2:2x1',
    ]);
    // The 2-wide tile moved to a single cell becomes 1 × 1 there; its area stays, empty.
    const out = moveTile(start, { column: 1, row: 2 }, { column: 3, row: 2 })!;
    expect(where(out)).toEqual(['a@1,1', 'b@2,1', 'wide@3,2']);
    expect(out.areas).toEqual([{ column: 1, row: 2, columnSpan: 2, rowSpan: 1 }]);
    // Swapped with a small tile, the small one takes the area's size (and nothing else moves in the array).
    expect(where(moveTile(start, { column: 2, row: 2 }, { column: 2, row: 1 })!)).toEqual([
      'a@1,1',
      'b@1,2:2x1',
      'wide@2,1',
    ]);
    // Onto itself: nothing to do.
    expect(moveTile(start, { column: 1, row: 2 }, { column: 2, row: 2 })).toBeNull();
  });
});

describe('selection and keys', () => {
  const layout = shape(3, 3, [
    { deviceKey: 'big', column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
    { deviceKey: 'a', column: 3, row: 1 },
  ]);

  it('arrow steps jump over a span and stop at the edges', () => {
    expect(stepSelection(layout, { column: 1, row: 1 }, 1, 0)).toEqual({ column: 3, row: 1 });
    expect(stepSelection(layout, { column: 1, row: 1 }, 0, 1)).toEqual({ column: 1, row: 3 });
    expect(stepSelection(layout, { column: 3, row: 2 }, -1, 0)).toEqual({ column: 1, row: 1 });
    expect(stepSelection(layout, { column: 3, row: 1 }, 1, 0)).toEqual({ column: 3, row: 1 });
    expect(stepSelection(layout, { column: 1, row: 1 }, 0, -1)).toEqual({ column: 1, row: 1 });
    expect(tileAt(layout, { column: 2, row: 2 })?.deviceKey).toBe('big');
  });

  it('gives stable keys per device and occurrence', () => {
    expect(tileKeys([{ deviceKey: 'a' }, { deviceKey: 'b', sipId: 's' }, { deviceKey: 'a' }])).toEqual([
      'a||#1',
      'b|s|#1',
      'a||#2',
    ]);
  });

  it('makes valid unique layout ids from names', () => {
    expect(uniqueLayoutId('Night shift', [])).toBe('night-shift');
    expect(uniqueLayoutId('Night shift', ['night-shift', 'night-shift-2'])).toBe('night-shift-3');
    expect(uniqueLayoutId('  ¡¡ ', [])).toBe('wall');
    expect(uniqueLayoutId('Hall Ω 2', [])).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
  });
});
