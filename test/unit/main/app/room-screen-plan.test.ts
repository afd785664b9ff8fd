import { describe, expect, it } from 'vitest';
import {
  localScreens,
  missingDisplayWords,
  planScreenWindows,
  screensKey,
  type RoomScreensSettings,
} from '../../../../electron/main/app/room-screen-plan';
import type { DisplayInfo } from '../../../../electron/shared/contract';

const display = (id: number, x: number, primary = false): DisplayInfo => ({
  id,
  label: `Display ${id}`,
  primary,
  bounds: { x, y: 0, width: 1920, height: 1080 },
  workArea: { x, y: 0, width: 1920, height: 1040 },
});
// The OS lists the primary display second here: display numbers follow the OS's order, not the primary.
const displays = [display(501, 0), display(502, 1920, true), display(503, 3840)];

const room = (screens: RoomScreensSettings['screens'], enabled = true): RoomScreensSettings => ({
  enabled,
  pcName: 'wall-pc-1',
  screens,
});

const plan = (
  settings: RoomScreensSettings | null,
  open: Record<string, number> = {},
  mainDisplayId: number | null = 502,
  dismissed: string[] = [],
) =>
  planScreenWindows({
    room: settings,
    displays,
    mainDisplayId,
    open: new Map(Object.entries(open)),
    dismissed: new Set(dismissed),
  });

describe('localScreens', () => {
  it('is one screen named after the PC when none is set, and none when the room is off', () => {
    expect(localScreens(room([]))).toEqual([{ name: 'wall-pc-1' }]);
    expect(localScreens(room([{ name: 'left', display: 1 }], false))).toEqual([]);
    expect(localScreens(null)).toEqual([]);
  });

  it('keeps the first of two screens of one name', () => {
    expect(
      localScreens(
        room([
          { name: 'left', display: 1 },
          { name: 'LEFT', display: 2 },
        ]),
      ),
    ).toEqual([{ name: 'left', display: 1 }]);
  });
});

describe('screensKey', () => {
  it('changes with the screens and the room on or off, not with the rest of the settings', () => {
    const a = room([{ name: 'left', display: 1 }]);
    expect(screensKey({ ...a, pcName: 'other' })).toBe(screensKey(a));
    expect(screensKey(room([{ name: 'left', display: 2 }]))).not.toBe(screensKey(a));
    expect(screensKey({ ...a, enabled: false })).not.toBe(screensKey(a));
  });
});

describe('planScreenWindows', () => {
  it('with the room off: only the main window, every screen window closed, the main window left alone', () => {
    expect(
      plan(
        room(
          [
            { name: 'left', display: 1 },
            { name: 'right', display: 3 },
          ],
          false,
        ),
        { right: 503 },
        502,
      ),
    ).toEqual({
      actions: [{ kind: 'close', screen: 'right' }],
      missing: [],
    });
    expect(plan(null, { right: 503 })).toEqual({
      actions: [{ kind: 'close', screen: 'right' }],
      missing: [],
    });
  });

  it("moves the main window to the first screen's display (numbered in the OS's order) and opens the others on theirs", () => {
    const { actions, missing } = plan(
      room([
        { name: 'left', display: 1 },
        { name: 'middle', display: 2 },
        { name: 'right', display: 3 },
      ]),
    );
    expect(missing).toEqual([]);
    expect(actions).toEqual([
      { kind: 'move-main', screen: 'left', display: displays[0] },
      { kind: 'open', screen: 'middle', display: displays[1] },
      { kind: 'open', screen: 'right', display: displays[2] },
    ]);
  });

  it('leaves the main window where it is when it is on its display already, or none is given', () => {
    expect(plan(room([{ name: 'left', display: 2 }])).actions).toEqual([]);
    expect(plan(room([{ name: 'left' }]), {}, 503).actions).toEqual([]);
    expect(plan(room([]), {}, 501).actions).toEqual([]);
    // The main window is not open (macOS keeps the app without it): nothing to move.
    expect(plan(room([{ name: 'left', display: 1 }]), {}, null).actions).toEqual([]);
  });

  it('opens a screen with no display, or a display that is not connected, on the primary display, and says so', () => {
    const { actions, missing } = plan(
      room([{ name: 'left', display: 7 }, { name: 'middle' }, { name: 'right', display: 4 }]),
    );
    expect(actions).toEqual([
      { kind: 'open', screen: 'middle', display: displays[1] },
      { kind: 'open', screen: 'right', display: displays[1] },
    ]);
    expect(missing).toEqual([
      { screen: 'left', display: 7, instead: null },
      { screen: 'right', display: 4, instead: displays[1] },
    ]);
    expect(missingDisplayWords(missing[0])).toMatch(
      /display 7, which is not connected: the main window stays/,
    );
    expect(missingDisplayWords(missing[1])).toMatch(
      /display 4, which is not connected: its window is on the primary display/,
    );
  });

  it('moves an open window that is not on its display, and leaves one on no given display where it is', () => {
    const { actions } = plan(
      room([{ name: 'left', display: 2 }, { name: 'middle' }, { name: 'right', display: 3 }]),
      { middle: 501, right: 502 },
    );
    expect(actions).toEqual([{ kind: 'move', screen: 'right', display: displays[2] }]);
  });

  it('brings a window that lies on no display (its display unplugged) to the primary display', () => {
    const settings = room([
      { name: 'left' },
      { name: 'right', display: 4 },
      { name: 'free' },
      { name: 'kept' },
    ]);
    const lost = new Set(['right', 'free']);
    const { actions } = planScreenWindows({
      room: settings,
      displays,
      mainDisplayId: 502,
      open: new Map([
        ['right', 502],
        ['free', 502],
        ['kept', 501],
      ]),
      lost,
    });
    expect(actions).toEqual([
      { kind: 'move', screen: 'right', display: displays[1] },
      { kind: 'move', screen: 'free', display: displays[1] },
    ]);
  });

  it('closes the windows of screens no longer in the settings, keeps the others', () => {
    const { actions } = plan(room([{ name: 'left' }, { name: 'right', display: 3 }]), {
      right: 503,
      gone: 501,
    });
    expect(actions).toEqual([{ kind: 'close', screen: 'gone' }]);
  });

  it('does not open again a screen the operator closed', () => {
    expect(plan(room([{ name: 'left' }, { name: 'right', display: 3 }]), {}, 502, ['right']).actions).toEqual(
      [],
    );
  });

  it('treats the first screen as the main window: a window open under its name is closed', () => {
    expect(plan(room([{ name: 'left' }, { name: 'right' }]), { left: 501, right: 502 }).actions).toEqual([
      { kind: 'close', screen: 'left' },
    ]);
  });
});
