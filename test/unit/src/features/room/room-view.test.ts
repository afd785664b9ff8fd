import { afterEach, describe, expect, it } from 'vitest';
import { RoomViewSchema, type RoomView } from '../../../../../electron/shared/room';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import {
  isRoomLayout,
  layoutOfRoomView,
  roomLayoutId,
  roomViewOfLayout,
  roomViewProblem,
  viewNameOfRoomLayoutName,
  withDeviceAt,
} from '../../../../../src/features/room/room-view';

startI18n('en');
afterEach(() => void startI18n('en'));

const lobby: RoomView = {
  name: 'Lobby',
  grid: { columns: 2, rows: 2 },
  tiles: [{ deviceKey: 'cam-1', deviceName: 'Gate', column: 1, row: 1 }],
};
const origin = { screen: 'wall-left', rev: 7, by: 'console-2', at: '2026-11-27T10:42:00.000Z' };

describe('a view the room sends, on this PC', () => {
  it('becomes an unsaved layout of this PC’s profile, named for the room, one id per screen', () => {
    const layout = layoutOfRoomView(lobby, origin, 'profile-a');
    expect(layout).toEqual({
      id: 'room.wall-left',
      name: 'Room: Lobby',
      profileId: 'profile-a',
      grid: { columns: 2, rows: 2 },
      tiles: lobby.tiles,
    });
    expect(isRoomLayout(layout, 'wall-left')).toBe(true);
    expect(isRoomLayout(layout, 'wall-right')).toBe(false);
    expect(layoutOfRoomView({ ...lobby, name: undefined }, origin, 'p').name).toBe('Room: wall-left');
    expect(roomLayoutId('wall-left')).toBe('room.wall-left');
  });

  it('is named in the language of the PC it arrives on, and sent back under its own name in either', () => {
    startI18n('zh-CN');
    const layout = layoutOfRoomView(lobby, origin, 'profile-a');
    expect(layout.name).toBe('控制室：Lobby');
    expect(roomViewOfLayout(layout).name).toBe('Lobby');
    startI18n('en');
    // Named in Chinese, then the operator switched to English: still its own name on the bus.
    expect(roomViewOfLayout(layout).name).toBe('Lobby');
    expect(viewNameOfRoomLayoutName('Room: Lobby')).toBe('Lobby');
    expect(viewNameOfRoomLayoutName('Lobby')).toBe('Lobby');
  });

  it('says why it is refused in the PC’s language', () => {
    startI18n('zh-CN');
    expect(roomViewProblem(lobby, null)).toBe('本机未选择连接配置');
    const outside = { ...lobby, tiles: [{ deviceKey: 'cam-1', column: 3, row: 1 }] };
    expect(roomViewProblem(outside, 'profile-a')).toMatch(/^视图与其网格不符：tiles\[0\]/);
    // The layout's own problem too, from its code: no English sentence left.
    expect(roomViewProblem(outside, 'profile-a')).toMatch(/延伸到第 3 列，但网格只有 2 列$/);
    const bidi = { ...lobby, tiles: [{ deviceKey: 'cam\u202e1' }] };
    expect(roomViewProblem(bidi, 'profile-a')).toMatch(/不能包含双向文本控制字符（发现 U\+202E）/);
  });

  it('is refused with the reason when it cannot be shown, and accepted when it can', () => {
    expect(roomViewProblem(lobby, 'profile-a')).toBeNull();
    expect(roomViewProblem(lobby, null)).toMatch(/no connection profile/);
    const outside = { ...lobby, tiles: [{ deviceKey: 'cam-1', column: 3, row: 1 }] };
    expect(roomViewProblem(outside, 'profile-a')).toMatch(/does not fit its grid: tiles\[0\]/);
    const overlapping = {
      ...lobby,
      tiles: [
        { deviceKey: 'a', column: 1, row: 1, columnSpan: 2 },
        { deviceKey: 'b', column: 2, row: 1 },
      ],
    };
    expect(roomViewProblem(overlapping, 'profile-a')).toMatch(/does not fit its grid/);
    const huge = { ...lobby, grid: { columns: 99, rows: 2 } };
    expect(roomViewProblem(huge, 'profile-a')).toMatch(/not valid: grid\.columns/);
  });
});

describe('a saved view sent to a screen', () => {
  it('carries the view’s shape without its profile or parked tiles, and passes the contract', () => {
    const view = roomViewOfLayout({
      id: 'lobby',
      name: 'Lobby',
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'cam-1', column: 1, row: 1, fit: 'fill' }],
      areas: [],
    });
    expect(view).toEqual({
      id: 'lobby',
      name: 'Lobby',
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'cam-1', column: 1, row: 1, fit: 'fill' }],
    });
    expect(RoomViewSchema.safeParse(view).success).toBe(true);
  });
});

describe('a device sent onto a cell of a screen', () => {
  const gate = { deviceKey: 'cam-9', deviceName: 'Dock' };

  it('goes into the screen’s current view, replacing the tile on that cell', () => {
    const replaced = withDeviceAt(lobby, { columns: 3, rows: 3 }, gate, { column: 1, row: 1 });
    expect(replaced).toEqual({
      ok: true,
      view: {
        name: 'Lobby',
        grid: { columns: 2, rows: 2 },
        tiles: [{ deviceKey: 'cam-9', deviceName: 'Dock', column: 1, row: 1 }],
      },
    });
    const added = withDeviceAt(lobby, { columns: 3, rows: 3 }, gate, { column: 2, row: 2 });
    expect(added.ok && added.view.tiles.map((t) => [t.deviceKey, t.column, t.row])).toEqual([
      ['cam-1', 1, 1],
      ['cam-9', 2, 2],
    ]);
  });

  it('makes an empty view of the screen’s grid when it shows none, and refuses a cell outside it', () => {
    const fresh = withDeviceAt(null, { columns: 3, rows: 2 }, gate, { column: 3, row: 2 });
    expect(fresh.ok && fresh.view.grid).toEqual({ columns: 3, rows: 2 });
    expect(fresh.ok && fresh.view.tiles).toHaveLength(1);
    expect(fresh.ok && RoomViewSchema.safeParse(fresh.view).success).toBe(true);
    expect(withDeviceAt(null, { columns: 2, rows: 2 }, gate, { column: 3, row: 1 })).toEqual({
      ok: false,
      message: 'There is no cell at column 3, row 1.',
    });
  });
});
