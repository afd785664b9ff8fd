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
const { rejectedWords } = await import('../../../../../src/features/room/rejected-words');
const { RoomReportInputSchema } = await import('../../../../../electron/shared/room');
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
const PC = 'wall-pc-3';

/** A refusal as the console reads it, in English and in Chinese, from its code (and whether it was). */
function wordedInBoth(outcome: ReturnType<typeof applyDesired>): [string, string] {
  if (outcome.ok) throw new Error('expected a refusal');
  // What the screen reports to the room is what the contract takes.
  const report = {
    screen: 'wall-left',
    rev: 1,
    shows: { kind: 'none' },
    tiles: [],
    rejected: { rev: 4, ...outcome },
  };
  expect(RoomReportInputSchema.safeParse(report).success).toBe(true);
  const rejected = { rev: 4, ...outcome, ok: undefined };
  startI18n('en');
  const en = rejectedWords(rejected).text;
  startI18n('zh-CN');
  try {
    const zh = rejectedWords(rejected);
    expect(zh.coreWords).toBe(false);
    return [en, zh.text];
  } finally {
    startI18n('en');
  }
}
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
    expect(applyDesired(view(3), 'wall-left', PC)).toEqual({ ok: true, what: 'Room: Lobby', kind: 'view' });
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
    expect(applyDesired(keysOnly, 'wall-left', PC).ok).toBe(true);
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
    const outcome = applyDesired(bad, 'wall-left', PC);
    expect(outcome).toEqual({
      ok: false,
      reason: 'the view does not fit its grid: a problem at view.tiles[0].column',
      reasonCode: 'room.rejected.viewDoesNotFit',
      reasonParams: { paths: 'view.tiles[0].column', count: 1 },
    });
    expect(wordedInBoth(outcome)).toEqual([
      'the view does not fit its grid: a problem at view.tiles[0].column',
      '视图超出其网格：共 1 处问题，位于 view.tiles[0].column',
    ]);
    expect(useWallStore.getState().layout?.id).toBe('a');

    const invalid = applyDesired(
      { rev: 4, ...stamp, view: { grid: { columns: 99, rows: 1 }, tiles: [] } },
      'wall-left',
      PC,
    );
    expect(invalid).toMatchObject({
      reasonCode: 'room.rejected.invalid',
      reasonParams: { paths: 'view.grid.columns', count: 1 },
    });
    expect(wordedInBoth(invalid)).toEqual([
      'not a valid desired message: a problem at view.grid.columns',
      '不是有效的命令消息：共 1 处问题，位于 view.grid.columns',
    ]);

    useCoreMirror.setState({ settings: { ...DEFAULT_SETTINGS, selectedProfileId: null } });
    const noProfile = applyDesired(view(5), 'wall-left', PC);
    expect(noProfile).toEqual({
      ok: false,
      reason: 'no profile is selected on wall-pc-3, so it cannot resolve the devices (select one there)',
      reasonCode: 'room.rejected.noProfile',
      reasonParams: { pc: PC },
    });
    expect(wordedInBoth(noProfile)[1]).toBe(
      'wall-pc-3 上未选择连接配置，无法解析设备（请在该电脑上选择一个）',
    );
    expect(useWallStore.getState().layout?.id).toBe('a');
  });

  it('runs a saved tour by its id, refuses one this PC lacks, and clears the wall', () => {
    expect(applyDesired({ rev: 6, ...stamp, tour }, 'wall-left', PC)).toEqual({
      ok: true,
      what: 'tour Night',
      kind: 'tour',
    });
    expect(useTourStore.getState().running?.tour.id).toBe('night');

    const unknown = { ...tour, id: 'day', name: 'Day' };
    const refused = applyDesired({ rev: 7, ...stamp, tour: unknown }, 'wall-left', PC);
    expect(refused).toMatchObject({
      reasonCode: 'room.rejected.tourNotSaved',
      reasonParams: { name: 'Day', id: 'day', pc: PC },
    });
    expect(useTourStore.getState().running?.tour.id).toBe('night');
    // Its code travels to every console, which words it in its operator's language; the English
    // reason is the same whatever language this screen shows.
    startI18n('zh-CN');
    try {
      const zh = applyDesired({ rev: 7, ...stamp, tour: unknown }, 'wall-left', PC);
      expect(!zh.ok && zh.reason).toBe('the tour "Day" (day) is not saved on wall-pc-3');
    } finally {
      startI18n('en');
    }
    expect(wordedInBoth(refused)).toEqual([
      'the tour "Day" (day) is not saved on wall-pc-3',
      'wall-pc-3 上没有保存轮巡“Day”（day）',
    ]);

    // A saved tour naming a view this PC does not have, and one with nothing to show.
    const broken: Tour = { ...tour, id: 'broken', name: 'Broken', views: ['a', 'gone'] };
    const empty: Tour = { ...tour, id: 'empty', name: 'Empty', views: [] };
    useCoreMirror.setState({ tours: [tour, broken, empty] });
    const cannotRun = applyDesired({ rev: 9, ...stamp, tour: broken }, 'wall-left', PC);
    expect(cannotRun).toMatchObject({
      reasonCode: 'room.rejected.tourCannotRun',
      reasonParams: { pc: PC, paths: 'tour.views[1]', count: 1 },
    });
    expect(wordedInBoth(cannotRun)).toEqual([
      'the tour cannot run on wall-pc-3: a problem with the views it names (at tour.views[1])',
      '轮巡无法在 wall-pc-3 上运行：其引用的视图共有 1 处问题（位于 tour.views[1]）',
    ]);
    const nothing = applyDesired({ rev: 10, ...stamp, tour: empty }, 'wall-left', PC);
    expect(nothing).toMatchObject({
      reasonCode: 'room.rejected.tourEmpty',
      reasonParams: { name: 'Empty', pc: PC },
    });
    expect(wordedInBoth(nothing)).toEqual([
      'the tour "Empty" has nothing to show on wall-pc-3',
      '轮巡“Empty”在 wall-pc-3 上没有可显示的内容',
    ]);
    expect(useTourStore.getState().running?.tour.id).toBe('night');

    expect(applyDesired({ rev: 8, ...stamp, clear: true }, 'wall-left', PC)).toEqual({
      ok: true,
      what: 'nothing (cleared)',
      kind: 'clear',
    });
    expect(useTourStore.getState().running).toBeNull();
    expect(useWallStore.getState().layout).toBeNull();
  });
});
