import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_PRESETS } from '../../../../../src/features/wall/layout-presets';
import { openWall, profileId, store, useWallStoreHarness } from './wall-store-harness';
import { cells, dev, saveElsewhere, sixteen, stored } from './wall-store-steps';

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

/**
 * The wall store's edits of the grid: shrinking and growing it, keys, presets, merge and split,
 * several devices at once, tile settings.
 */
useWallStoreHarness();

describe('shrinking and growing the grid', () => {
  it('parks the cameras that do not fit, names them first, and brings every one back when the grid grows', async () => {
    await sixteen();
    await openWall();
    const leaving = store().previewGrid({ columns: 3, rows: 2 });
    expect(leaving.map((t) => t.label)).toEqual([
      'Cam 4',
      'Cam 8',
      'Cam 9',
      'Cam 10',
      'Cam 11',
      'Cam 12',
      'Cam 13',
      'Cam 14',
      'Cam 15',
      'Cam 16',
    ]);
    // Asking changed nothing.
    expect(store().layout?.grid).toEqual({ columns: 4, rows: 4 });
    store().setGrid({ columns: 3, rows: 2 });
    expect(store().layout?.tiles).toHaveLength(6);
    expect(store().layout?.parked).toHaveLength(10);
    expect(store().changes).toBe('modified');
    store().setGrid({ columns: 4, rows: 4 });
    expect(store().layout?.tiles).toHaveLength(16);
    expect(store().layout?.parked).toBeUndefined();
    expect(cells(store().layout)?.sort()).toEqual(cells(await stored('sixteen'))?.sort());
    // Back as it was saved: nothing to save.
    expect(store().changes).toBe('none');
  });

  it('Undo after a shrink restores the layout at once, Redo shrinks it again', async () => {
    await sixteen();
    await openWall();
    store().setGrid({ columns: 2, rows: 2 });
    expect(store().layout?.tiles).toHaveLength(4);
    expect(store().undo()).toBe(true);
    expect(store().layout?.grid).toEqual({ columns: 4, rows: 4 });
    expect(store().layout?.tiles).toHaveLength(16);
    expect(store().redo()).toBe(true);
    expect(store().layout?.tiles).toHaveLength(4);
  });

  it('parked cameras are saved with the layout and still come back after a reload', async () => {
    await sixteen();
    await openWall();
    store().setGrid({ columns: 3, rows: 2 });
    expect(await store().saveLayout()).toEqual({ ok: true });
    expect((await stored('sixteen'))?.parked).toHaveLength(10);
    await openWall();
    store().setGrid({ columns: 4, rows: 4 });
    expect(store().layout?.tiles).toHaveLength(16);
  });
});

describe('keys', () => {
  it("moves the selection with arrows past spans and toggles a tile's stats", async () => {
    await saveElsewhere({
      id: 'keys',
      name: 'Keys',
      profileId,
      grid: { columns: 3, rows: 2 },
      tiles: [{ deviceKey: 'big', column: 1, row: 1, columnSpan: 2 }],
    });
    await openWall();
    store().moveSelection(1, 0);
    expect(store().selectedTile).toEqual({ column: 1, row: 1 });
    store().moveSelection(1, 0);
    expect(store().selectedTile).toEqual({ column: 3, row: 1 });
    store().moveSelection(0, 1);
    store().moveSelection(-1, 0);
    expect(store().selectedTile).toEqual({ column: 2, row: 2 });
    store().toggleStats('big||#1');
    expect(store().statsShown['big||#1']).toBe(true);
    store().toggleStats('big||#1');
    expect(store().statsShown['big||#1']).toBe(false);
  });
});

describe('layouts and assigning (presets, merge, split, several devices, tile settings)', () => {
  const preset = (id: string) => LAYOUT_PRESETS.find((p) => p.id === id)!;

  it('a preset keeps the tiles that fit, parks the rest, saves its areas through the core, and Undo takes it back', async () => {
    await saveElsewhere({
      id: 'nine',
      name: 'Nine',
      profileId,
      grid: { columns: 3, rows: 3 },
      tiles: Array.from({ length: 9 }, (_, i) => ({
        deviceKey: `d${i + 1}`,
        column: (i % 3) + 1,
        row: Math.floor(i / 3) + 1,
      })),
    });
    await openWall();
    expect(
      store()
        .previewPreset(preset('1+5'))
        .map((t) => t.deviceKey),
    ).toEqual(['d2', 'd4', 'd5']);
    const out = store().applyPreset(preset('1+5'))!;
    expect(out.parked.map((t) => t.deviceKey)).toEqual(['d2', 'd4', 'd5']);
    expect(store().layout?.areas).toEqual([{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }]);
    expect(store().changes).toBe('modified');
    expect(await store().saveLayout()).toEqual({ ok: true });
    const saved = await stored('nine');
    expect(saved?.areas).toEqual([{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }]);
    expect(saved?.parked?.map((t) => t.deviceKey)).toEqual(['d2', 'd4', 'd5']);
    expect(store().changes).toBe('none');
    expect(store().undo()).toBe(true);
    expect(store().layout?.areas).toBeUndefined();
    expect(store().layout?.tiles).toHaveLength(9);
  });

  it('Shift+arrows select cells, merge makes them one tile, split takes it apart: each one edit', async () => {
    await saveElsewhere({
      id: 'merge',
      name: 'Merge',
      profileId,
      grid: { columns: 3, rows: 3 },
      tiles: [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 2, row: 1 },
      ],
    });
    await openWall();
    store().selectTile({ column: 1, row: 1 });
    store().extendSelection(1, 0);
    store().extendSelection(0, 1);
    expect(store().selectionRect()).toEqual({ column: 1, row: 1, columnSpan: 2, rowSpan: 2 });
    const merged = store().mergeSelection()!;
    expect(merged.moved.map((t) => t.deviceKey)).toEqual(['b']);
    expect(cells(store().layout)).toEqual(['a@1,1', 'b@3,1']);
    expect(store().layout?.tiles[0]).toMatchObject({ columnSpan: 2, rowSpan: 2 });
    expect(store().selectionEnd).toBeNull();
    expect(store().history.past.at(-1)?.label).toBe('Merge 2 × 2 cells');
    expect(store().splitTile({ column: 2, row: 2 })).toBe(true);
    expect(store().layout?.areas).toBeUndefined();
    expect(store().layout?.tiles[0]).not.toHaveProperty('columnSpan');
    expect(store().splitTile({ column: 1, row: 1 })).toBe(false);
    // A device put on an empty area takes its size.
    store().undo();
    store().removeTile({ column: 1, row: 1 });
    const put = store().placeDevice(dev('z'), { column: 2, row: 2 });
    expect(put).toMatchObject({ ok: true, cell: { column: 1, row: 1 } });
    expect(store().layout?.tiles.find((t) => t.deviceKey === 'z')).toMatchObject({
      columnSpan: 2,
      rowSpan: 2,
    });
  });

  it('puts a page of devices on the wall in one undoable edit: free cells in reading order, none twice, no replacing', async () => {
    await saveElsewhere({
      id: 'many',
      name: 'Many',
      profileId,
      grid: { columns: 2, rows: 2 },
      tiles: [{ deviceKey: 'here', column: 2, row: 1 }],
    });
    await openWall();
    const result = store().placeDevices(['p1', 'here', 'p2', 'p3', 'p4'].map(dev));
    expect(result.placed.map((d) => d.deviceKey)).toEqual(['p1', 'here', 'p2', 'p3']);
    expect(result.alreadyOn.map((d) => d.deviceKey)).toEqual(['here']);
    expect(result.noRoom.map((d) => d.deviceKey)).toEqual(['p4']);
    expect(cells(store().layout)).toEqual(['here@2,1', 'p1@1,1', 'p2@1,2', 'p3@2,2']);
    expect(store().history.past).toHaveLength(1);
    expect(store().undo(result.editId)).toBe(true);
    expect(cells(store().layout)).toEqual(['here@2,1']);
  });

  it("updateTile changes a tile's channel, transport and fit as one edit; empty values take them away", async () => {
    await saveElsewhere({
      id: 'settings',
      name: 'Settings',
      profileId,
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'a', column: 1, row: 1 }],
    });
    await openWall();
    expect(
      store().updateTile({ column: 1, row: 1 }, { sipId: ' 3402 ', transport: 'hls', fit: 'fill' }),
    ).toBe(true);
    expect(store().layout?.tiles[0]).toMatchObject({ sipId: '3402', transport: 'hls', fit: 'fill' });
    expect(store().changes).toBe('modified');
    // The same again: no edit.
    expect(store().updateTile({ column: 1, row: 1 }, { transport: 'hls' })).toBe(false);
    expect(store().updateTile({ column: 1, row: 1 }, { sipId: '', transport: undefined })).toBe(true);
    expect(store().layout?.tiles[0]).not.toHaveProperty('sipId');
    expect(store().layout?.tiles[0]).not.toHaveProperty('transport');
    expect(store().updateTile({ column: 2, row: 1 }, { label: 'x' })).toBe(false);
    expect(await store().saveLayout()).toEqual({ ok: true });
    expect((await stored('settings'))?.tiles[0]).toMatchObject({ fit: 'fill' });
    store().undo();
    store().undo();
    expect(store().layout?.tiles[0]).not.toHaveProperty('fit');
  });
});
