import { describe, expect, it, vi } from 'vitest';
import { useNoticesStore } from '../../../../../src/session/notices-store';
import { VIEW_DEBOUNCE_MS } from '../../../../../src/features/wall/wall-view';
import { useWallStore } from '../../../../../src/features/wall/wall-store';
import { h, openWall, pristine, profileId, store, useWallStoreHarness } from './wall-store-harness';
import { cells, dev, saveElsewhere, sixteen, stored } from './wall-store-steps';

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

/**
 * The wall store after a restart: an edit a locked kiosk kept aside, and the wall coming back as it
 * was left.
 */
useWallStoreHarness();

describe('an unsaved edit a locked kiosk does not show', () => {
  it('is kept aside (once, across restarts), said in a notice, and opened again once unlocked', async () => {
    await saveElsewhere({
      id: 'k3',
      name: 'Kiosk 3',
      profileId,
      grid: { columns: 2, rows: 1 },
      tiles: [
        { deviceKey: 'a', column: 1, row: 1 },
        { deviceKey: 'b', column: 2, row: 1 },
      ],
    });
    await openWall();
    await store().openLayout('k3');
    store().removeTile({ column: 1, row: 1 });
    expect(store().changes).toBe('modified');
    await store().flush();
    // Provisioned again (a restart with the same file): a locked kiosk on this view.
    await h.core.importProvisioning(
      JSON.stringify({
        version: 1,
        kiosk: { enabled: true, startLayout: 'k3', locked: true, adminPin: '2468' },
      }),
    );
    await openWall();
    expect(cells(store().layout)).toEqual(['a@1,1', 'b@2,1']);
    expect(store().kept.map((k) => cells(k.draft))).toEqual([['b@2,1']]);
    expect(useNoticesStore.getState().notices.at(-1)?.message).toMatch(
      /^An unsaved edit of “Kiosk 3” was kept aside at .+: the wall opened on the saved view instead\. An administrator can open it after unlocking the wall \(Admin\)\.$/,
    );
    expect(store().openKept()).toBe(false);
    // Remembered with the wall, and not kept twice at the next start.
    await store().flush();
    await openWall();
    expect(store().kept).toHaveLength(1);

    await h.api.kiosk.unlock({ pin: '2468' });
    await vi.waitFor(() => expect(store().editable()).toBe(true), { timeout: 10_000 });
    expect(useNoticesStore.getState().notices.at(-1)?.action?.label).toBe('Open the kept edit');
    expect(store().openKept()).toBe(true);
    expect(cells(store().layout)).toEqual(['b@2,1']);
    expect(store().changes).toBe('modified');
    expect(store().kept).toEqual([]);
    await store().flush();
    await openWall();
    expect(store().kept).toEqual([]);
    await h.api.kiosk.lock();
  });
});

describe('the wall comes back as it was left', () => {
  it('a reload shows the same layout with its unsaved edits, focus and stats, through the core’s ui memory', async () => {
    await sixteen();
    await saveElsewhere({ id: 'other', name: 'Other', profileId, grid: { columns: 1, rows: 1 }, tiles: [] });
    await openWall();
    await store().openLayout('other');
    await store().openLayout('sixteen');
    store().setGrid({ columns: 3, rows: 2 });
    store().selectTile({ column: 2, row: 2 });
    store().toggleStats('d6||#1');
    await vi.advanceTimersByTimeAsync(VIEW_DEBOUNCE_MS);
    await vi.waitFor(() => expect(store().remembering).toBe(false), { timeout: 10_000 });

    await openWall();
    expect(store().layout?.id).toBe('sixteen');
    expect(store().layout?.tiles).toHaveLength(6);
    expect(store().changes).toBe('modified');
    expect(store().selectedTile).toEqual({ column: 2, row: 2 });
    expect(store().statsShown).toEqual({ 'd6||#1': true });
    // The saved layout is as it was; growing the remembered draft again brings every camera back.
    expect((await stored('sixteen'))?.tiles).toHaveLength(16);
    store().setGrid({ columns: 4, rows: 4 });
    expect(store().changes).toBe('none');
  });

  it('a new wall that was never saved comes back too; a draft of a layout removed elsewhere does not', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    await openWall();
    expect(cells(store().layout)).toEqual(['a@1,1']);
    expect(store().changes).toBe('new');

    await sixteen('gone');
    await openWall();
    await store().openLayout('gone');
    store().removeTile({ column: 1, row: 1 });
    await store().flush();
    await h.api.layouts.remove({ id: 'gone' });
    await openWall();
    expect(store().layout?.id).not.toBe('gone');
  });

  it('shows nothing until the core has answered, then the remembered layout (no flash of the first one)', async () => {
    await saveElsewhere({ id: 'first', name: 'First', profileId, grid: { columns: 1, rows: 1 }, tiles: [] });
    await saveElsewhere({ id: 'last', name: 'Last', profileId, grid: { columns: 2, rows: 2 }, tiles: [] });
    await openWall();
    await store().openLayout('last');
    await store().flush();

    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    h.delay = (call) => (call.channel === 'ui:get' ? held : undefined);
    useWallStore.setState(pristine, true);
    const loading = store().load();
    await vi.advanceTimersByTimeAsync(50);
    expect(store().status).toBe('loading');
    expect(store().layout).toBeNull();
    release();
    await loading;
    expect(store().layout?.id).toBe('last');
  });

  it('takes over the layout an earlier version remembered in the page’s storage, once', async () => {
    await saveElsewhere({ id: 'first', name: 'First', profileId, grid: { columns: 1, rows: 1 }, tiles: [] });
    await saveElsewhere({ id: 'older', name: 'Older', profileId, grid: { columns: 2, rows: 2 }, tiles: [] });
    const storage = new Map<string, string>([['wall.currentLayout', 'older']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      removeItem: (k: string) => void storage.delete(k),
    });
    try {
      await openWall();
      expect(store().layout?.id).toBe('older');
      expect(storage.has('wall.currentLayout')).toBe(false);
      await openWall();
      expect(store().layout?.id).toBe('older');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the kiosk start layout when kiosk mode is on', async () => {
    await saveElsewhere({ id: 'day', name: 'Day', profileId, grid: { columns: 2, rows: 2 }, tiles: [] });
    await saveElsewhere({ id: 'night', name: 'Night', profileId, grid: { columns: 4, rows: 4 }, tiles: [] });
    await openWall();
    expect(store().layout?.id).toBe('day');
    await h.api.settings.set({ kiosk: { enabled: true, startLayout: 'night' } });
    await openWall();
    expect(store().layout?.id).toBe('night');
  });
});
