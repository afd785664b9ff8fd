import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../../electron/shared/contract';
import type { Layout, LayoutDraft } from '../../../../../electron/shared/layout';
import { callsOf, startCoreHarness, type CoreHarness } from '../catalog/core-api';

const bridge = vi.hoisted(() => ({ api: undefined as unknown as Api }));
vi.mock('../../../../../src/lib/bridge', () => ({
  get api() {
    return bridge.api;
  },
}));

const { useWallStore, SAVE_DEBOUNCE_MS } = await import('../../../../../src/features/wall/wall-store');

let h: CoreHarness;
let profileId: string;
let disconnect: () => void = () => undefined;
const pristine = useWallStore.getState();
const store = () => useWallStore.getState();
const dev = (key: string) => ({ deviceKey: key, deviceName: `Camera ${key}` });
const cells = (layout: Layout | null) => layout?.tiles.map((t) => `${t.deviceKey}@${t.column},${t.row}`);

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

/** A fresh renderer: an empty store that loads from the core and follows its events. */
async function openWall(): Promise<void> {
  disconnect();
  useWallStore.setState(pristine, true);
  disconnect = store().connect();
  await store().load();
}

beforeAll(async () => {
  h = await startCoreHarness();
  bridge.api = h.api;
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
  const list = await h.api.layouts.list();
  for (const l of list.ok ? list.value : []) await h.api.layouts.remove({ id: l.id });
  await h.api.settings.set({ kiosk: { enabled: false, startLayout: null, locked: false } });
  h.calls.length = 0;
});

afterEach(async () => {
  await store().flush();
  vi.useRealTimers();
});

afterAll(async () => {
  disconnect();
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
    expect(layout.tiles[0]).toMatchObject({ label: 'Camera a' });
  });

  it('puts a device on the given cell, else on the selected tile, else on the next free cell', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    store().selectTile({ column: 2, row: 2 });
    expect(store().placeDevice(dev('on-selected'))).toMatchObject({
      ok: true,
      cell: { column: 2, row: 2 },
      replaced: false,
    });
    expect(store().placeDevice(dev('at'), { column: 3, row: 3 })).toMatchObject({
      ok: true,
      cell: { column: 3, row: 3 },
    });
    // The selection is still on 2,2: the next device replaces what is shown there.
    expect(store().placeDevice(dev('replacing'))).toMatchObject({ ok: true, replaced: true });
    store().selectTile(null);
    store().placeDevice(dev('free'));
    expect(cells(store().layout)).toEqual(['a@1,1', 'replacing@2,2', 'at@3,3', 'free@2,1']);
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
    store().selectTile(null);
    store().placeDevice(dev('c'));
    expect(cells(store().layout)).toEqual(['big@1,1', 'side@3,1', 'c@3,2']);
    // Full now: the next one grows the grid towards a square, by a row here.
    store().placeDevice(dev('d'));
    expect(store().layout?.grid).toEqual({ columns: 3, rows: 3 });
    expect(cells(store().layout)).toEqual(['big@1,1', 'side@3,1', 'c@3,2', 'd@1,3']);
    expect(store().layout?.tiles[0]).toMatchObject({ columnSpan: 2, rowSpan: 2 });
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
    expect(store().placeDevice(dev('a'))).toMatchObject({ ok: false });
    expect(store().layout?.tiles).toEqual([]);
  });
});

describe('saving', () => {
  it('writes a burst of edits once, after the debounce, and a reload shows them', async () => {
    await openWall();
    for (const key of ['a', 'b', 'c']) store().placeDevice(dev(key));
    store().removeTile({ column: 2, row: 1 });
    expect(store().saveState).toBe('pending');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    expect(callsOf(h, 'layouts:save')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await store().flush();
    expect(callsOf(h, 'layouts:save')).toHaveLength(1);
    expect(store().saveState).toBe('saved');
    const id = store().layout!.id;
    expect(cells((await stored(id)) ?? null)).toEqual(['a@1,1', 'c@3,1']);

    await openWall();
    expect(store().layout?.id).toBe(id);
    expect(cells(store().layout)).toEqual(['a@1,1', 'c@3,1']);
  });

  it('flush writes a pending edit at once (page hidden, layout switch)', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    await store().flush();
    expect(callsOf(h, 'layouts:save')).toHaveLength(1);
    expect(await stored(store().layout!.id)).toBeDefined();
  });

  it('an edit made while a save is in flight is saved after it, and nothing is lost', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    store().placeDevice(dev('b'));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await store().flush();
    expect(callsOf(h, 'layouts:save').length).toBeGreaterThanOrEqual(2);
    expect(cells((await stored(store().layout!.id)) ?? null)).toEqual(['a@1,1', 'b@2,1']);
    expect(store().saveState).toBe('saved');
  });

  it('shows a failed save and saves again on retry', async () => {
    await openWall();
    store().placeDevice(dev('a'));
    useWallStore.setState({ layout: { ...store().layout!, profileId: 'gone' } });
    await store().flush();
    expect(store().saveState).toBe('failed');
    expect(store().saveError).toMatch(/profile/);
    useWallStore.setState({ layout: { ...store().layout!, profileId } });
    store().retrySave();
    await store().flush();
    expect(store().saveState).toBe('saved');
  });

  it('takes a change made elsewhere while idle, but never over a pending edit of its own', async () => {
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
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await store().flush();
    expect(cells((await stored('shared')) ?? null)).toEqual(['from-elsewhere@2,2', 'mine@1,1']);
  });
});

describe('layouts', () => {
  it('opens the kiosk start layout when kiosk mode is on', async () => {
    await saveElsewhere({ id: 'day', name: 'Day', profileId, grid: { columns: 2, rows: 2 }, tiles: [] });
    await saveElsewhere({ id: 'night', name: 'Night', profileId, grid: { columns: 4, rows: 4 }, tiles: [] });
    await openWall();
    expect(store().layout?.id).toBe('day');
    await h.api.settings.set({ kiosk: { enabled: true, startLayout: 'night' } });
    await openWall();
    expect(store().layout?.id).toBe('night');
  });

  it('switches, resizes and saves as a new layout', async () => {
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
    expect(store().setGrid({ columns: 2, rows: 2 })).toBe(0);
    expect(cells(store().layout)).toEqual(['a@1,1']);
    const copy = await store().saveAs('Night shift');
    expect(copy).toEqual({ ok: true, id: 'night-shift' });
    expect(store().layout).toMatchObject({
      id: 'night-shift',
      name: 'Night shift',
      grid: { columns: 2, rows: 2 },
    });
    expect(await stored('one')).toMatchObject({ grid: { columns: 2, rows: 2 } });
    expect(await stored('night-shift')).toMatchObject({ tiles: [{ deviceKey: 'a', column: 1, row: 1 }] });
  });

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
