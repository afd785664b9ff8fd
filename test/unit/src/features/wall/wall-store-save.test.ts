import { describe, expect, it, vi } from 'vitest';
import { callsOf } from '../../../../support/core-api-harness';
import { useWallStore } from '../../../../../src/features/wall/wall-store';
import { h, openWall, profileId, store, useWallStoreHarness } from './wall-store-harness';
import { cells, dev, saveElsewhere, sixteen, stored } from './wall-store-steps';

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

/**
 * The wall store's saved layouts: edits leave the saved layout as it was until Save, Save as, a failed
 * save, a change made elsewhere.
 */
useWallStoreHarness();

describe('a saved layout is changed only by Save', () => {
  it('edits show at once but leave the saved layout as it was until Save; Revert (undoable) goes back', async () => {
    await sixteen();
    await openWall();
    store().removeTile({ column: 1, row: 1 });
    store().moveTile({ column: 2, row: 1 }, { column: 1, row: 1 });
    expect(store().changes).toBe('modified');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callsOf(h, 'layouts:save')).toHaveLength(0);
    expect((await stored('sixteen'))?.tiles).toHaveLength(16);

    store().revert();
    expect(store().changes).toBe('none');
    expect(store().layout?.tiles).toHaveLength(16);
    expect(store().undo()).toBe(true);
    expect(store().layout?.tiles).toHaveLength(15);

    expect(await store().saveLayout()).toEqual({ ok: true });
    expect(callsOf(h, 'layouts:save')).toHaveLength(1);
    expect(store().changes).toBe('none');
    expect((await stored('sixteen'))?.tiles).toHaveLength(15);
  });

  it('a new wall is saved under a name; Save as leaves the layout it came from as it was', async () => {
    await saveElsewhere({
      id: 'one',
      name: 'One',
      profileId,
      grid: { columns: 3, rows: 3 },
      tiles: [{ deviceKey: 'a', column: 3, row: 3 }],
    });
    await saveElsewhere({ id: 'two', name: 'Two', profileId, grid: { columns: 1, rows: 1 }, tiles: [] });
    await openWall();
    await store().openLayout('two');
    expect(store().layout?.name).toBe('Two');
    await store().openLayout('one');
    expect(store().setGrid({ columns: 2, rows: 2 })).toMatchObject({ parked: [] });
    expect(cells(store().layout)).toEqual(['a@1,1']);
    // One name, one view (whatever the case and spaces): refused in words, nothing saved.
    expect(await store().saveAs(' two ')).toEqual({
      ok: false,
      message: 'Another view is already called "Two".',
    });
    expect(store().layout?.id).toBe('one');
    const copy = await store().saveAs('Night shift');
    expect(copy).toEqual({ ok: true, id: 'night-shift' });
    expect(store().layout).toMatchObject({
      id: 'night-shift',
      name: 'Night shift',
      grid: { columns: 2, rows: 2 },
    });
    expect(store().changes).toBe('none');
    expect(await stored('one')).toMatchObject({ grid: { columns: 3, rows: 3 } });
    expect(await stored('night-shift')).toMatchObject({ tiles: [{ deviceKey: 'a', column: 1, row: 1 }] });
  });

  it('shows a failed save and saves again on retry', async () => {
    await sixteen();
    await openWall();
    store().removeTile({ column: 1, row: 1 });
    useWallStore.setState({ layout: { ...store().layout!, profileId: 'gone' } });
    expect(await store().saveLayout()).toMatchObject({ ok: false });
    expect(store().saveState).toBe('failed');
    expect(store().saveError).toMatch(/profile/);
    useWallStore.setState({ layout: { ...store().layout!, profileId } });
    store().retrySave();
    await vi.waitFor(() => expect(store().saveState).toBe('idle'), { timeout: 10_000 });
    expect((await stored('sixteen'))?.tiles).toHaveLength(15);
  });

  it('takes a change made elsewhere while it has no edits, but never over edits of its own', async () => {
    const first = await saveElsewhere({
      id: 'shared',
      name: 'Shared',
      profileId,
      grid: { columns: 2, rows: 2 },
      tiles: [],
    });
    await openWall();
    await saveElsewhere({ ...first, tiles: [{ deviceKey: 'from-elsewhere', column: 2, row: 2 }] });
    expect(cells(store().layout)).toEqual(['from-elsewhere@2,2']);

    store().placeDevice(dev('mine'), { column: 1, row: 1 });
    await saveElsewhere({ ...first, tiles: [{ deviceKey: 'other', column: 1, row: 2 }] });
    expect(cells(store().layout)).toEqual(['from-elsewhere@2,2', 'mine@1,1']);
    expect(store().changes).toBe('modified');
    await store().saveLayout();
    expect(cells(await stored('shared'))).toEqual(['from-elsewhere@2,2', 'mine@1,1']);
  });
});
