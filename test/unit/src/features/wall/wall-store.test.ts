import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Layout, LayoutDraft } from '../../../../../electron/shared/layout';
import { callsOf, startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The wall's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

const { useWallStore } = await import('../../../../../src/features/wall/wall-store');
const { startCoreMirror, useCoreMirror } = await import('../../../../../src/session/core-mirror');
const { useNoticesStore } = await import('../../../../../src/session/notices-store');
const { VIEW_DEBOUNCE_MS, WALL_VIEW_KEY } = await import('../../../../../src/features/wall/wall-view');
const { LAYOUT_PRESETS } = await import('../../../../../src/features/wall/layout-presets');

let h: CoreHarness;
let profileId: string;
let disconnect: () => void = () => undefined;
let stopMirror: () => void = () => undefined;
const pristine = useWallStore.getState();
const store = () => useWallStore.getState();
const dev = (key: string) => ({ deviceKey: key, deviceName: `Camera ${key}` });
const cells = (layout: Layout | null | undefined) =>
  layout?.tiles.map((t) => `${t.deviceKey}@${t.column},${t.row}`);

async function stored(id: string): Promise<Layout | undefined> {
  const list = await h.api.layouts.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((l) => l.id === id);
}

async function saveElsewhere(draft: LayoutDraft): Promise<Layout> {
  const result = await h.core.call('layouts:save', draft);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Layout;
}

/**
 * A fresh renderer (a reload): what the last one still had to remember is written, then the core's
 * mirror starts afresh and an empty store loads from it.
 */
async function openWall(): Promise<void> {
  await store().flush();
  disconnect();
  stopMirror();
  useWallStore.setState(pristine, true);
  stopMirror = startCoreMirror(h.api);
  disconnect = store().connect();
  await store().load();
}

/** A 4 × 4 layout of 16 cameras, d1 … d16 row by row, saved. */
async function sixteen(id = 'sixteen'): Promise<Layout> {
  return saveElsewhere({
    id,
    name: 'Sixteen',
    profileId,
    grid: { columns: 4, rows: 4 },
    tiles: Array.from({ length: 16 }, (_, i) => ({
      deviceKey: `d${i + 1}`,
      label: `Cam ${i + 1}`,
      column: (i % 4) + 1,
      row: Math.floor(i / 4) + 1,
    })),
  });
}

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
  const { user } = h.demo.credentials;
  const saved = await h.api.profiles.save({
    name: 'Demo',
    baseUrl: h.demo.baseUrl,
    placement: 'query',
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: user.authSecret },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  profileId = saved.value.id;
  await h.api.profiles.select({ id: profileId });
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // A test may leave the kiosk locked, and then the core refuses every change: the administrator's
  // way in (a provisioning file) unlocks it first.
  await h.core.importProvisioning(JSON.stringify({ version: 1, kiosk: { enabled: false, locked: false } }));
  await store().flush();
  const list = await h.api.layouts.list();
  for (const l of list.ok ? list.value : []) await h.api.layouts.remove({ id: l.id });
  await h.api.settings.set({ kiosk: { enabled: false, startLayout: null, locked: false } });
  await h.api.ui.set({ key: WALL_VIEW_KEY, value: null });
  h.calls.length = 0;
  h.delay = undefined;
});

afterEach(async () => {
  await store().flush();
  vi.useRealTimers();
});

afterAll(async () => {
  disconnect();
  stopMirror();
  await h.close();
});

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
    await vi.waitFor(() => expect(store().editable()).toBe(true));
    expect(store().placeDevice(dev('a'))).toMatchObject({ ok: true });
    await h.api.kiosk.lock();
    await vi.waitFor(() => expect(store().editable()).toBe(false));
  });
});

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
    await vi.waitFor(() => expect(store().editable()).toBe(true));
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
    await vi.waitFor(() => expect(store().saveState).toBe('idle'));
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
    await vi.waitFor(() => expect(store().remembering).toBe(false));

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
