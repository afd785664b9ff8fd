import { describe, expect, it, vi } from 'vitest';
import { useCoreMirror } from '../../../../../src/session/core-mirror';
import { h, openWall, profileId, store, useWallStoreHarness } from './wall-store-harness';
import { cells, dev, saveElsewhere } from './wall-store-steps';

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

/**
 * The wall store places devices: where ▶ and a drop put a camera, a full wall, replacing, spans, and a
 * locked kiosk's refusals.
 */
useWallStoreHarness();

describe('placing devices', () => {
  it('gives an empty wall a 3×3 layout for the selected profile and fills it row by row', async () => {
    await openWall();
    expect(store().layout).toBeNull();
    for (const key of ['a', 'b', 'c', 'd']) expect(store().placeDevice(dev(key))).toMatchObject({ ok: true });
    const layout = store().layout!;
    expect(layout).toMatchObject({ profileId, grid: { columns: 3, rows: 3 } });
    expect(cells(layout)).toEqual(['a@1,1', 'b@2,1', 'c@3,1', 'd@1,2']);
    // The device's name goes with the tile (a caption, `label`, is the operator's own).
    expect(layout.tiles[0]).toMatchObject({ deviceName: 'Camera a' });
    expect(layout.tiles[0]).not.toHaveProperty('label');
    expect(store().changes).toBe('new');
  });

  it('a selected or focused tile is no target: ▶ fills the next free cell and never replaces a camera', async () => {
    await saveElsewhere({
      id: 'one',
      name: 'One',
      profileId,
      grid: { columns: 3, rows: 3 },
      tiles: [{ deviceKey: 'live', column: 1, row: 1 }],
    });
    await openWall();
    store().selectTile({ column: 1, row: 1 });
    expect(store().placeDevice(dev('second'))).toMatchObject({
      ok: true,
      cell: { column: 2, row: 1 },
      replaced: null,
    });
    expect(cells(store().layout)).toEqual(['live@1,1', 'second@2,1']);
  });

  it('a full wall says so and replaces nothing; asked to, it grows to make room', async () => {
    await saveElsewhere({
      id: 'full',
      name: 'Full',
      profileId,
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'a' }, { deviceKey: 'b' }],
    });
    await openWall();
    expect(store().placeDevice(dev('c'))).toMatchObject({
      ok: false,
      reason: 'full',
      message: 'The wall is full (2×1): nothing was replaced.',
      grow: { columns: 2, rows: 2 },
    });
    expect(cells(store().layout)).toEqual(['a@undefined,undefined', 'b@undefined,undefined']);
    expect(store().placeDevice(dev('c'), undefined, { grow: true })).toMatchObject({
      ok: true,
      grewTo: { columns: 2, rows: 2 },
      cell: { column: 1, row: 2 },
    });
    expect(cells(store().layout)).toEqual(['a@1,1', 'b@2,1', 'c@1,2']);
  });

  it('replaces a camera only when told: a drop on its cell, or the replace target, and names what it replaced', async () => {
    await saveElsewhere({
      id: 'gates',
      name: 'Gates',
      profileId,
      grid: { columns: 2, rows: 2 },
      tiles: [
        { deviceKey: 'g3', label: 'Gate 3', column: 1, row: 1 },
        { deviceKey: 'g4', label: 'Gate 4', column: 2, row: 1 },
      ],
    });
    await openWall();
    const dropped = store().placeDevice(dev('lobby'), { column: 1, row: 1 });
    expect(dropped).toMatchObject({ ok: true, replaced: { deviceKey: 'g3', label: 'Gate 3' } });
    expect(store().history.past.at(-1)?.label).toBe('Replace Gate 3 with Camera lobby');

    store().setReplaceTarget({ column: 2, row: 1 });
    expect(store().replaceTarget).toEqual({ column: 2, row: 1 });
    expect(store().placeDevice(dev('yard'))).toMatchObject({ ok: true, replaced: { deviceKey: 'g4' } });
    // The target is used once.
    expect(store().replaceTarget).toBeNull();
    expect(store().placeDevice(dev('next'))).toMatchObject({
      ok: true,
      cell: { column: 1, row: 2 },
      replaced: null,
    });
    expect(cells(store().layout)).toEqual(['lobby@1,1', 'yard@2,1', 'next@1,2']);

    // Undo of one edit works while it is the last one only.
    expect(dropped.ok && store().undo(dropped.editId)).toBe(false);
    store().undo();
    store().undo();
    expect(cells(store().layout)).toEqual(['lobby@1,1', 'g4@2,1']);
    expect(dropped.ok && store().undo(dropped.editId)).toBe(true);
    expect(cells(store().layout)).toEqual(['g3@1,1', 'g4@2,1']);
    expect(store().changes).toBe('none');
  });

  it('▶ on a device already on the wall does not put it up twice', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    expect(store().placeDevice(dev('a'))).toMatchObject({
      ok: true,
      already: true,
      cell: { column: 1, row: 1 },
    });
    expect(store().layout?.tiles).toHaveLength(1);
    expect(store().history.past).toHaveLength(1);
  });

  it('honours the spans of a provisioned layout', async () => {
    await saveElsewhere({
      id: 'control',
      name: 'Control',
      profileId,
      grid: { columns: 3, rows: 2 },
      tiles: [{ deviceKey: 'big', columnSpan: 2, rowSpan: 2 }, { deviceKey: 'side' }],
    });
    await openWall();
    expect(store().layout?.id).toBe('control');
    store().selectTile({ column: 2, row: 2 });
    // Selecting inside the span selects the spanning tile itself.
    expect(store().selectedTile).toEqual({ column: 1, row: 1 });
    store().placeDevice(dev('c'));
    expect(cells(store().layout)).toEqual(['big@1,1', 'side@3,1', 'c@3,2']);
    expect(store().layout?.tiles[0]).toMatchObject({ columnSpan: 2, rowSpan: 2 });
    // A tile grows only over free cells.
    expect(store().setTileSpan({ column: 3, row: 1 }, { columnSpan: 1, rowSpan: 2 })).toBe(false);
    store().removeTile({ column: 3, row: 2 });
    expect(store().setTileSpan({ column: 3, row: 1 }, { columnSpan: 1, rowSpan: 2 })).toBe(true);
    store().undo();
    expect(store().layout?.tiles.find((t) => t.deviceKey === 'side')).not.toHaveProperty('rowSpan');
  });

  it('refuses to change a locked kiosk wall', async () => {
    const layout = await saveElsewhere({
      id: 'k',
      name: 'Kiosk',
      profileId,
      grid: { columns: 2, rows: 2 },
      tiles: [],
    });
    await h.api.settings.set({ kiosk: { enabled: true, startLayout: layout.id, locked: true } });
    await openWall();
    expect(store().placeDevice(dev('a'))).toMatchObject({ ok: false, reason: 'locked' });
    // Several at once: refused with the reason (not "no free tile", which would be wrong here).
    expect(store().placeDevices([dev('a'), dev('b')])).toMatchObject({
      placed: [],
      refused: 'The wall is locked (kiosk mode).',
    });
    expect(store().layout?.tiles).toEqual([]);
  });

  it('says why a layout was not removed (a tour shows it), and keeps it', async () => {
    for (const id of ['ta', 'tb'])
      await saveElsewhere({ id, name: `View ${id}`, profileId, grid: { columns: 1, rows: 1 }, tiles: [] });
    const tour = await h.api.tours.save({
      id: 'rounds',
      name: 'Rounds',
      kind: 'views',
      dwellSeconds: 5,
      views: ['ta', 'tb'],
    });
    expect(tour.ok).toBe(true);
    try {
      await openWall();
      const result = await store().removeLayout('ta');
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.message).toContain('Rounds');
      expect(useCoreMirror.getState().layouts?.map((l) => l.id)).toContain('ta');
    } finally {
      await h.api.tours.remove({ id: 'rounds' });
    }
  });

  it('lets an administrator change a locked wall while the PIN unlock lasts, as the core does', async () => {
    const layout = await saveElsewhere({
      id: 'k2',
      name: 'Kiosk 2',
      profileId,
      grid: { columns: 2, rows: 2 },
      tiles: [],
    });
    await h.core.importProvisioning(
      JSON.stringify({
        version: 1,
        kiosk: { enabled: true, startLayout: layout.id, locked: true, adminPin: '2468' },
      }),
    );
    await openWall();
    expect(store().editable()).toBe(false);
    const unlocked = await h.api.kiosk.unlock({ pin: '2468' });
    expect(unlocked.ok && unlocked.value.unlockedUntil).toBeGreaterThan(Date.now());
    await vi.waitFor(() => expect(store().editable()).toBe(true), { timeout: 10_000 });
    expect(store().placeDevice(dev('a'))).toMatchObject({ ok: true });
    await h.api.kiosk.lock();
    await vi.waitFor(() => expect(store().editable()).toBe(false), { timeout: 10_000 });
  });
});
