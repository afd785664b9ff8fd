import { describe, expect, it } from 'vitest';
import type { RoomStatus } from '../../../../../electron/shared/room';
import { thisWindowScreen, windowScreenParam } from '../../../../../src/features/room/screen-identity';

const room = (screens: { name: string; local: boolean }[]): RoomStatus => ({
  connection: { state: 'online', since: null, reason: null, hosting: null },
  pcName: 'pc-1',
  screens: screens.map((s) => ({ ...s, presence: null, desired: null, reported: null, pending: false })),
});

describe('which screen of the room a window is', () => {
  const status = room([
    { name: 'other-pc', local: false },
    { name: 'wall-left', local: true },
    { name: 'wall-right', local: true },
  ]);

  it('the main window is the first local screen; ?screen= names another', () => {
    expect(thisWindowScreen(status, '')).toBe('wall-left');
    expect(thisWindowScreen(status, '?screen=wall-right')).toBe('wall-right');
  });

  it('a window for another PC’s screen, an unknown one, a view window or a room off is none', () => {
    expect(thisWindowScreen(status, '?screen=other-pc')).toBeNull();
    expect(thisWindowScreen(status, '?screen=nope')).toBeNull();
    expect(thisWindowScreen(status, '?view=lobby')).toBeNull();
    expect(thisWindowScreen(null, '')).toBeNull();
    expect(thisWindowScreen(room([{ name: 'x', local: false }]), '')).toBeNull();
  });

  it('takes only a name that is one topic level', () => {
    expect(windowScreenParam('?screen=a%2Fb')).toBeNull();
    expect(windowScreenParam('?screen=%23')).toBeNull();
    expect(windowScreenParam('?screen=wall-1')).toBe('wall-1');
  });
});
