import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../../electron/shared/contract';
import { startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import type { Layout } from '../../../../../electron/shared/layout';
import type { RoomDesired } from '../../../../../electron/shared/room';
import { DEFAULT_SETTINGS } from '../../../../../electron/shared/settings';
import type { Tour } from '../../../../../electron/shared/tour';

// The wall's stores talk to a real core (tours write to its operator log) through the renderer's bridge.
const bridge = vi.hoisted(() => ({ api: undefined as unknown as Api }));
vi.mock('../../../../../src/lib/bridge', () => ({
  get api() {
    return bridge.api;
  },
}));

const { applyDesired, nameShownTiles } = await import('../../../../../src/features/room/apply-desired');
const { startI18n } = await import('../../../../../src/i18n/start-i18n');
startI18n('en');
const { useCoreMirror } = await import('../../../../../src/session/core-mirror');
const { useWallStore } = await import('../../../../../src/features/wall/wall-store');
const { useTourStore } = await import('../../../../../src/features/wall/tour-store');

const saved: Layout[] = [
  { id: 'a', name: 'A', profileId: 'p1', grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'cam-1' }] },
  { id: 'b', name: 'B', profileId: 'p1', grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'cam-2' }] },
];
const tour: Tour = { id: 'night', name: 'Night', kind: 'views', views: ['a', 'b'], dwellSeconds: 10 };
const stamp = { by: 'console-2', at: '2026-11-27T10:42:00.000Z' };
const view = (rev: number, columns = 2): RoomDesired => ({
  rev,
  ...stamp,
  view: { name: 'Lobby', grid: { columns, rows: 1 }, tiles: [{ deviceKey: 'cam-7', column: 1, row: 1 }] },
});

let h: CoreHarness;
beforeAll(async () => {
  h = await startCoreHarness();
  bridge.api = h.api;
});
afterAll(() => h.close());

beforeEach(() => {
  useTourStore.getState().stop();
  useCoreMirror.setState({
    settings: {
      ...DEFAULT_SETTINGS,
      selectedProfileId: 'p1',
      kiosk: { ...DEFAULT_SETTINGS.kiosk, locked: true },
    },
    layouts: saved,
    tours: [tour],
  });
  useWallStore.setState({ status: 'ready', layout: saved[0], changes: 'none' });
});

describe('a screen applying what the room told it', () => {
  it('shows a view on a locked wall, resolved with this PC’s profile, as an unsaved room view', () => {
    expect(useWallStore.getState().editable()).toBe(false);
    expect(applyDesired(view(3), 'wall-left')).toEqual({ ok: true, what: 'Room: Lobby', kind: 'view' });
    const shown = useWallStore.getState();
    expect(shown.layout).toMatchObject({ id: 'room.wall-left', name: 'Room: Lobby', profileId: 'p1' });
    expect(shown.layout?.tiles.map((t) => t.deviceKey)).toEqual(['cam-7']);
    expect(shown.changes).toBe('new');
  });

  it('titles the shown view’s tiles by the names the core found later, the same revision and view', () => {
    const keysOnly: RoomDesired = {
      rev: 8,
      ...stamp,
      view: {
        name: 'Lobby',
        grid: { columns: 2, rows: 1 },
        tiles: [
          { deviceKey: 'cam-7', column: 1, row: 1 },
          { deviceKey: 'cam-8', deviceName: 'Sender’s name', column: 2, row: 1 },
        ],
      },
    };
    expect(applyDesired(keysOnly, 'wall-left').ok).toBe(true);
    const shown = useWallStore.getState().layout;
    expect(shown?.tiles.map((t) => t.deviceName)).toEqual([undefined, 'Sender’s name']);
    if (!('view' in keysOnly)) throw new Error('a view');
    const named: RoomDesired = {
      ...keysOnly,
      view: {
        ...keysOnly.view,
        tiles: keysOnly.view.tiles.map((t) => ({ ...t, deviceName: t.deviceName ?? 'Gate 7' })),
      },
    };
    nameShownTiles(named, 'wall-left');
    const after = useWallStore.getState().layout;
    expect(after?.tiles.map((t) => [t.deviceKey, t.deviceName])).toEqual([
      ['cam-7', 'Gate 7'],
      ['cam-8', 'Sender’s name'],
    ]);
    expect(after).toMatchObject({ id: shown?.id, name: shown?.name, grid: shown?.grid });
    // Another screen's names, or a wall showing something else, are left alone.
    nameShownTiles(named, 'wall-right');
    useWallStore.setState({ layout: saved[0] });
    nameShownTiles(named, 'wall-left');
    expect(useWallStore.getState().layout).toBe(saved[0]);
  });

  it('refuses what it cannot show and leaves the wall as it was', () => {
    const bad: RoomDesired = {
      rev: 4,
      ...stamp,
      view: { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'x', column: 2, row: 1 }] },
    };
    const outcome = applyDesired(bad, 'wall-left');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/does not fit its grid/);
    expect(useWallStore.getState().layout?.id).toBe('a');

    useCoreMirror.setState({ settings: { ...DEFAULT_SETTINGS, selectedProfileId: null } });
    expect(applyDesired(view(5), 'wall-left')).toEqual({
      ok: false,
      reason: 'no connection profile is selected on this PC',
    });
    expect(useWallStore.getState().layout?.id).toBe('a');
  });

  it('runs a saved tour by its id, refuses one this PC lacks, and clears the wall', () => {
    expect(applyDesired({ rev: 6, ...stamp, tour }, 'wall-left')).toEqual({
      ok: true,
      what: 'tour Night',
      kind: 'tour',
    });
    expect(useTourStore.getState().running?.tour.id).toBe('night');

    const unknown = { ...tour, id: 'day', name: 'Day' };
    const refused = applyDesired({ rev: 7, ...stamp, tour: unknown }, 'wall-left');
    expect(!refused.ok && refused.reason).toBe('the tour "Day" (day) is not saved on this PC');
    expect(useTourStore.getState().running?.tour.id).toBe('night');
    // A screen says why in its own language (its report carries the words to every console).
    startI18n('zh-CN');
    try {
      const zh = applyDesired({ rev: 7, ...stamp, tour: unknown }, 'wall-left');
      expect(!zh.ok && zh.reason).toBe('本机没有保存轮巡“Day”（day）');
    } finally {
      startI18n('en');
    }

    expect(applyDesired({ rev: 8, ...stamp, clear: true }, 'wall-left')).toEqual({
      ok: true,
      what: 'nothing (cleared)',
      kind: 'clear',
    });
    expect(useTourStore.getState().running).toBeNull();
    expect(useWallStore.getState().layout).toBeNull();
  });
});
