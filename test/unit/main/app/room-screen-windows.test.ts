import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// room-screen-windows.ts takes Electron's screen and windows as arguments; nothing may load the real module.
vi.mock('electron', () => ({ default: {} }));

import { createLogger } from '../../../../electron/core/logger';
import type { NoticeInput } from '../../../../electron/core/ports';
import type { RoomScreensSettings } from '../../../../electron/main/app/room-screen-plan';
import {
  moveWindow,
  RoomScreenWindows,
  type ScreenWindowSpec,
} from '../../../../electron/main/app/room-screen-windows';
import type { DisplayInfo, Rect } from '../../../../electron/shared/contract';
import { zhNotice } from '../../../support/worded';

const display = (id: number, x: number, primary = false): DisplayInfo => ({
  id,
  label: `Display ${id}`,
  primary,
  bounds: { x, y: 0, width: 1920, height: 1080 },
  workArea: { x, y: 0, width: 1920, height: 1040 },
});
const d1 = display(11, 0, true);
const d2 = display(12, 1920);
const d3 = display(13, 3840);

/** Electron's screen: displays that come and go, with the events it sends then. */
class FakeScreen extends EventEmitter {
  constructor(public displays: DisplayInfo[]) {
    super();
  }
  unplug(id: number) {
    const gone = this.displays.find((d) => d.id === id);
    this.displays = this.displays.filter((d) => d.id !== id);
    this.emit('display-removed', {}, gone);
  }
  plug(d: DisplayInfo) {
    this.displays = [...this.displays, d];
    this.emit('display-added', {}, d);
  }
}

/**
 * A BrowserWindow as far as the screens use it. Kiosk and fullscreen behave as Electron's do: a
 * kiosk window fills the display it lies on, and setBounds does nothing to a fullscreen window.
 */
class FakeWindow extends EventEmitter {
  destroyed = false;
  kiosk: boolean;
  fullscreen = false;
  normal: Rect;
  moves: string[] = [];
  constructor(
    readonly spec: ScreenWindowSpec | { main: true },
    bounds: Rect,
    kiosk: boolean,
  ) {
    super();
    this.normal = { ...bounds };
    this.kiosk = kiosk;
  }
  getBounds = () => ({ ...this.normal });
  getNormalBounds = () => ({ ...this.normal });
  setBounds = (b: Rect) => {
    this.moves.push(this.kiosk || this.fullscreen ? 'setBounds while fullscreen' : 'setBounds');
    if (!this.kiosk && !this.fullscreen) this.normal = { ...b };
  };
  isFullScreen = () => this.fullscreen || this.kiosk;
  setFullScreen = (on: boolean) => void (this.fullscreen = on);
  isKiosk = () => this.kiosk;
  setKiosk = (on: boolean) => {
    this.moves.push(`setKiosk(${on})`);
    this.kiosk = on;
  };
  isDestroyed = () => this.destroyed;
  /** The room's own close (and the recovery's): Electron's destroy() emits 'closed'. */
  destroy = () => this.goAway();
  /** The OS (or the operator) closing the window. */
  goAway() {
    this.destroyed = true;
    this.emit('closed');
  }
}

const lines: string[] = [];
const log = createLogger('screens', { sink: (line) => lines.push(line) });

let screen: FakeScreen;
let settings: RoomScreensSettings | null;
let kiosk: boolean;
let main: FakeWindow;
let created: FakeWindow[];
let notices: NoticeInput[];
let roomChanged: EventEmitter;

function setUp() {
  created = [];
  notices = [];
  roomChanged = new EventEmitter();
  const windows = new RoomScreenWindows<FakeWindow>({
    // Electron's Screen, as far as the screens use it (its display events).
    screen: screen as never,
    displays: () => screen.displays,
    room: async () => (settings ? structuredClone(settings) : null),
    kiosk: () => kiosk,
    main: () => (main.destroyed ? undefined : main),
    create: (spec) => {
      const window = new FakeWindow(spec, spec.bounds, kiosk);
      created.push(window);
      return window;
    },
    notify: (notice) => notices.push(notice),
    log,
  });
  windows.follow((listener) => {
    roomChanged.on('changed', listener);
    return () => roomChanged.off('changed', listener);
  });
  return windows;
}

/** The room's status changed (room:changed) and the windows caught up. */
async function roomSays(next: RoomScreensSettings | null, windows: RoomScreenWindows<FakeWindow>) {
  settings = next;
  roomChanged.emit('changed');
  await windows.refresh();
}

const room = (screens: RoomScreensSettings['screens'], enabled = true): RoomScreensSettings => ({
  enabled,
  pcName: 'wall-pc',
  screens,
});
const screenOf = (w: FakeWindow) => ('screen' in w.spec ? w.spec.screen : 'main');
const openNow = (windows: RoomScreenWindows<FakeWindow>) =>
  Object.fromEntries([...windows.open()].map(([name, w]) => [name, w.getBounds().x]));

beforeEach(() => {
  screen = new FakeScreen([d1, d2, d3]);
  settings = room([]);
  kiosk = false;
  main = new FakeWindow({ main: true }, { x: 100, y: 80, width: 1600, height: 900 }, false);
  lines.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RoomScreenWindows', () => {
  it('with the room off or one screen named after the PC: only the main window, where it is', async () => {
    settings = room([{ name: 'left' }, { name: 'right', display: 2 }], false);
    const windows = setUp();
    await windows.sync();
    expect(created).toEqual([]);
    await roomSays(room([]), windows);
    expect(created).toEqual([]);
    expect(main.getBounds()).toEqual({ x: 100, y: 80, width: 1600, height: 900 });
  });

  it("puts the main window on the first screen's display and opens a window a further screen on its display", async () => {
    settings = room([{ name: 'left', display: 2 }, { name: 'middle', display: 3 }, { name: 'right' }]);
    const windows = setUp();
    await windows.sync();
    // The main window fills display 2's work area.
    expect(main.getBounds()).toEqual(d2.workArea);
    // One window each for the further screens: on display 3, and on the primary display (none given).
    expect(created.map((w) => [screenOf(w), w.getBounds()])).toEqual([
      ['middle', d3.workArea],
      ['right', d1.workArea],
    ]);
    expect(notices).toEqual([]);
  });

  it('follows a change of the screens: a new one opened, a removed one closed, the rest left as they are', async () => {
    settings = room([{ name: 'left' }, { name: 'middle', display: 2 }, { name: 'right', display: 3 }]);
    const windows = setUp();
    await windows.sync();
    const [middle, right] = created;
    await roomSays(
      room([{ name: 'left' }, { name: 'right', display: 3 }, { name: 'extra', display: 2 }]),
      windows,
    );
    expect(middle.destroyed).toBe(true);
    expect(right.destroyed).toBe(false);
    expect(openNow(windows)).toEqual({ right: d3.workArea.x, extra: d2.workArea.x });
    // The room off: only the main window is left.
    await roomSays(room([{ name: 'left' }, { name: 'right', display: 3 }], false), windows);
    expect(created.every((w) => w.destroyed)).toBe(true);
    expect(openNow(windows)).toEqual({});
    expect(main.destroyed).toBe(false);
    // Settings that cannot be read count as the room off (nothing opens).
    await roomSays(null, windows);
    expect(openNow(windows)).toEqual({});
  });

  it("does not move a window the operator moved when only the room's status changes", async () => {
    settings = room([{ name: 'left' }, { name: 'right', display: 3 }]);
    const windows = setUp();
    await windows.sync();
    const [right] = created;
    right.setBounds({ ...d1.workArea });
    // Presence, reports, pending commands: room:changed, with the same screens.
    await roomSays(room([{ name: 'left' }, { name: 'right', display: 3 }]), windows);
    expect(right.getBounds()).toEqual(d1.workArea);
    // A change of the screens puts it back where the settings say.
    await roomSays(
      room([
        { name: 'left', display: 1 },
        { name: 'right', display: 3 },
      ]),
      windows,
    );
    expect(right.getBounds()).toEqual(d3.workArea);
  });

  it('opens a screen whose display is missing on the primary display, says so once, and moves it when the display comes', async () => {
    screen = new FakeScreen([d1, d2]);
    settings = room([
      { name: 'left', display: 5 },
      { name: 'right', display: 3 },
    ]);
    const windows = setUp();
    await windows.sync();
    expect(created.map((w) => [screenOf(w), w.getBounds()])).toEqual([['right', d1.workArea]]);
    // The main window stays where it was.
    expect(main.getBounds()).toEqual({ x: 100, y: 80, width: 1600, height: 900 });
    expect(notices.map((n) => [n.level, n.source, n.message])).toEqual([
      [
        'warning',
        'room',
        expect.stringMatching(
          /Screen left is set to display 5, which is not connected: the main window stays/,
        ),
      ],
      [
        'warning',
        'room',
        expect.stringMatching(
          /Screen right is set to display 3, which is not connected: its window is on the primary display/,
        ),
      ],
    ]);
    // Coded, for the renderer to word in the operator's language.
    expect(notices.map((n) => [n.code, n.params])).toEqual([
      ['notice.room.displayMissingStays', { screen: 'left', display: 5 }],
      ['notice.room.displayMissingPrimary', { screen: 'right', display: 3 }],
    ]);
    expect(zhNotice(notices[1])).toBe(
      '屏幕 right 设定在显示器 3 上，但该显示器未连接：其窗口显示在主显示器上。',
    );
    // Display 3 is plugged in: the window goes to it, and nothing is said again.
    screen.plug(d3);
    // The display event arranged the windows (refresh only waits for it: the settings did not change).
    await windows.refresh();
    expect(created[0].getBounds()).toEqual(d3.workArea);
    expect(notices).toHaveLength(2);
  });

  it('brings a screen window back onto the primary display when its display is unplugged', async () => {
    settings = room([{ name: 'left' }, { name: 'right', display: 3 }]);
    const windows = setUp();
    await windows.sync();
    expect(created[0].getBounds()).toEqual(d3.workArea);
    screen.unplug(d3.id);
    // The display event arranged the windows (refresh only waits for it: the settings did not change).
    await windows.refresh();
    expect(created[0].getBounds()).toEqual(d1.workArea);
    expect(notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/display 3, which is not connected: its window is on the primary display/),
    ]);
  });

  it('moves a kiosk window out of fullscreen, onto its display, and back', async () => {
    kiosk = true;
    main.kiosk = true;
    settings = room([{ name: 'left', display: 3 }]);
    const windows = setUp();
    await windows.sync();
    expect(main.moves).toEqual(['setKiosk(false)', 'setBounds', 'setKiosk(true)']);
    expect(main.getNormalBounds()).toEqual(d3.workArea);
    expect(main.isKiosk()).toBe(true);
  });

  it('moveWindow leaves and re-enters plain fullscreen too', () => {
    const window = new FakeWindow({ main: true }, d1.workArea, false);
    window.fullscreen = true;
    moveWindow(window, d2.workArea);
    expect(window.getNormalBounds()).toEqual(d2.workArea);
    expect(window.isFullScreen()).toBe(true);
  });

  it('in kiosk mode, opens again a screen window that went away, after the recovery backoff', async () => {
    vi.useFakeTimers();
    kiosk = true;
    settings = room([{ name: 'left' }, { name: 'right', display: 2 }]);
    const windows = setUp();
    await windows.sync();
    const [first] = created;
    first.goAway();
    expect(windows.open().has('right')).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(created).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await windows.refresh();
    expect(created).toHaveLength(2);
    expect(created[1].spec).toMatchObject({ screen: 'right', bounds: d2.workArea });
    // Gone again at once: the wait doubles.
    created[1].goAway();
    await vi.advanceTimersByTimeAsync(1999);
    expect(created).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await windows.refresh();
    expect(created).toHaveLength(3);
    expect(lines.join('\n')).toMatch(
      /the window of screen right went away in kiosk mode: opening it again in 2000 ms/,
    );
  });

  it('outside kiosk mode, keeps a screen window the operator closed closed until the settings change', async () => {
    settings = room([{ name: 'left' }, { name: 'right', display: 2 }]);
    const windows = setUp();
    await windows.sync();
    created[0].goAway();
    // Neither the room's status nor a display change opens it again.
    await roomSays(room([{ name: 'left' }, { name: 'right', display: 2 }]), windows);
    screen.plug(display(14, 5760));
    // The display event arranged the windows (refresh only waits for it: the settings did not change).
    await windows.refresh();
    expect(created).toHaveLength(1);
    await roomSays(room([{ name: 'left' }, { name: 'right', display: 3 }]), windows);
    expect(created).toHaveLength(2);
    expect(created[1].getBounds()).toEqual(d3.workArea);
  });

  it('rebuilds a screen window in place for the recovery, without counting the old one as lost', async () => {
    vi.useFakeTimers();
    kiosk = true;
    settings = room([{ name: 'left' }, { name: 'right', display: 2 }]);
    const windows = setUp();
    await windows.sync();
    const [old] = created;
    const next = windows.recreate(old);
    expect(old.destroyed).toBe(true);
    expect(next?.spec).toEqual({ screen: 'right', bounds: d2.workArea, fullscreen: true });
    expect(windows.open().get('right')).toBe(next);
    await vi.runAllTimersAsync();
    expect(created).toHaveLength(2);
    // A window that is not a screen's is not this class's to rebuild.
    expect(windows.recreate(main)).toBeUndefined();
  });

  it('opens nothing again once the app quits', async () => {
    vi.useFakeTimers();
    kiosk = true;
    settings = room([{ name: 'left' }, { name: 'right', display: 2 }]);
    const windows = setUp();
    await windows.sync();
    windows.quit();
    created[0].goAway();
    await vi.runAllTimersAsync();
    await windows.sync();
    expect(created).toHaveLength(1);
  });
});
