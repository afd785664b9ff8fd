import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// view-windows.ts takes Electron's screen and windows as arguments; nothing may load the real module.
vi.mock('electron', () => ({ default: {} }));

import { createLogger } from '../../../../electron/core/logger';
import { ViewWindows, type WindowSpec } from '../../../../electron/main/app/view-windows';
import { onScreen } from '../../../../electron/main/app/window-placement';
import { WINDOWS_KEY, WindowRecords } from '../../../../electron/main/app/window-records';
import type { Rect } from '../../../../electron/shared/contract';
import { MemoryStore } from '../../../fakes/memory-store';

const lines: string[] = [];
const log = createLogger('windows', { sink: (line) => lines.push(line) });

const electronDisplay = (id: number, x: number, label = '', width = 1920, height = 1080) => ({
  id,
  label,
  bounds: { x, y: 0, width, height },
  workArea: { x, y: 0, width, height: height - 40 },
});

type ElectronDisplay = ReturnType<typeof electronDisplay>;

/** Electron's screen: displays that come and go, with the events it sends then. */
class FakeScreen extends EventEmitter {
  constructor(public displays: ElectronDisplay[]) {
    super();
  }
  getAllDisplays = () => this.displays;
  getPrimaryDisplay = () => this.displays[0];
  unplug(id: number) {
    this.displays = this.displays.filter((d) => d.id !== id);
    this.emit('display-removed', {}, {});
  }
}
const fakeScreen = (displays: ElectronDisplay[]) => new FakeScreen(displays);

/** A BrowserWindow as far as ViewWindows uses it; moves and closes emit what Electron emits. */
class FakeWindow extends EventEmitter {
  destroyed = false;
  fullscreen: boolean;
  bounds: Rect;
  focus = vi.fn();
  show = vi.fn();
  restore = vi.fn();
  constructor(readonly spec: WindowSpec) {
    super();
    this.fullscreen = spec.fullscreen;
    this.bounds = spec.bounds ?? { x: 160, y: 90, width: 1600, height: 900 };
  }
  getBounds = () => ({ ...this.bounds });
  getNormalBounds = () => ({ ...this.bounds });
  isFullScreen = () => this.fullscreen;
  isMinimized = () => false;
  isDestroyed = () => this.destroyed;
  setBounds = (b: Rect) => {
    this.bounds = { ...b };
    this.emit('moved');
  };
  moveTo(b: Rect) {
    this.setBounds(b);
  }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  destroy = () => this.close();
}

let store: MemoryStore;
let created: FakeWindow[];

function setUp(screen: FakeScreen, layouts = ['gate', 'dock']) {
  return new ViewWindows<FakeWindow>({
    screen: screen as never,
    records: new WindowRecords(store, log),
    create: (spec) => {
      const w = new FakeWindow(spec);
      created.push(w);
      return w;
    },
    hasLayout: async (id) => layouts.includes(id),
    log,
    saveDelayMs: 10,
  });
}

const saved = async () =>
  (
    (await store.get(WINDOWS_KEY)) as {
      windows: Array<{ layoutId: string | null; displayId: number; bounds: Rect }>;
    }
  ).windows;

beforeEach(() => {
  store = new MemoryStore();
  created = [];
  lines.length = 0;
});

describe('ViewWindows', () => {
  it('a first start opens the main window only, at its default size', async () => {
    const windows = setUp(fakeScreen([electronDisplay(1, 0)]));
    const main = await windows.restore();
    expect(created).toHaveLength(1);
    expect(main.spec).toEqual({ layoutId: null, fullscreen: false });
  });

  it('lists the displays with the primary marked and a label an operator reads', async () => {
    const windows = setUp(fakeScreen([electronDisplay(5, 0, 'Built-in'), electronDisplay(9, 1920)]));
    expect(await windows.displays()).toEqual([
      expect.objectContaining({ id: 5, primary: true, label: 'Display 1: Built-in, 1920 × 1080' }),
      expect.objectContaining({ id: 9, primary: false, label: 'Display 2, 1920 × 1080' }),
    ]);
  });

  it('restores every window on its display after a restart, as it was left', async () => {
    const screen = fakeScreen([electronDisplay(1, 0), electronDisplay(2, 1920)]);
    const first = setUp(screen);
    await first.restore();
    await first.open({ layoutId: 'gate', displayId: 2 });
    await first.open({ layoutId: 'dock', displayId: 1 });
    created[1].moveTo({ x: 2100, y: 200, width: 1000, height: 700 });
    await first.quit();
    // The app quits: its windows close, which is not the operator closing them.
    for (const w of created) w.close();

    created = [];
    const second = setUp(screen);
    await second.restore();
    expect(created.map((w) => w.spec)).toEqual([
      { layoutId: null, bounds: { x: 160, y: 90, width: 1600, height: 900 }, fullscreen: false },
      { layoutId: 'gate', bounds: { x: 2100, y: 200, width: 1000, height: 700 }, fullscreen: false },
      { layoutId: 'dock', bounds: { x: 0, y: 0, width: 1920, height: 1040 }, fullscreen: false },
    ]);
  });

  it('a display gone at the next start: its window opens on the primary display, on screen', async () => {
    const first = setUp(fakeScreen([electronDisplay(1, 0), electronDisplay(2, 1920)]));
    await first.restore();
    await first.open({ layoutId: 'gate', displayId: 2 });
    created[1].moveTo({ x: 2020, y: 100, width: 1200, height: 800 });
    await first.quit();

    created = [];
    const onlyLaptop = fakeScreen([electronDisplay(1, 0, '', 1366, 768)]);
    await setUp(onlyLaptop).restore();
    const gate = created.find((w) => w.spec.layoutId === 'gate')!;
    expect(gate.spec.bounds).toEqual({ x: 100, y: 0, width: 1200, height: 728 });
    expect(onScreen(gate.spec.bounds!, [{ ...onlyLaptop.displays[0], primary: true }])).toBe(true);
    expect(lines.some((l) => l.includes('display 2 is not connected'))).toBe(true);
  });

  it('a window saved off-screen is clamped into its display', async () => {
    await store.set(WINDOWS_KEY, {
      version: 1,
      windows: [
        {
          layoutId: null,
          displayId: 1,
          bounds: { x: 1700, y: 900, width: 1600, height: 900 },
          workArea: { x: 0, y: 0, width: 1920, height: 1040 },
          fullscreen: false,
        },
      ],
    });
    await setUp(fakeScreen([electronDisplay(1, 0)])).restore();
    expect(created[0].spec.bounds).toEqual({ x: 320, y: 140, width: 1600, height: 900 });
  });

  it('a view the operator closed is not opened again; a removed view is not restored; a bad record is skipped', async () => {
    const screen = fakeScreen([electronDisplay(1, 0)]);
    const first = setUp(screen);
    await first.restore();
    await first.open({ layoutId: 'gate' });
    await first.open({ layoutId: 'dock' });
    created[1].close(); // the operator closes the gate window
    await first.flush();
    expect((await saved()).map((r) => r.layoutId)).toEqual([null, 'dock']);

    const doc = (await store.get(WINDOWS_KEY)) as { windows: unknown[] };
    await store.set(WINDOWS_KEY, {
      version: 1,
      windows: [...doc.windows, { layoutId: 'x', displayId: 'one' }],
    });
    created = [];
    await setUp(screen, ['gate']).restore(); // 'dock' was removed since
    expect(created.map((w) => w.spec.layoutId)).toEqual([null]);
    expect(lines.some((l) => l.includes('saved window 2 does not read'))).toBe(true);
  });

  it('opening a view already open brings its window forward (moved only to a named display)', async () => {
    const windows = setUp(fakeScreen([electronDisplay(1, 0), electronDisplay(2, 1920)]));
    await windows.restore();
    expect(await windows.open({ layoutId: 'gate', displayId: 1 })).toEqual({
      displayId: 1,
      focusedExisting: false,
    });
    expect(await windows.open({ layoutId: 'gate' })).toEqual({ displayId: 1, focusedExisting: true });
    expect(await windows.open({ layoutId: 'gate', displayId: 2 })).toEqual({
      displayId: 2,
      focusedExisting: true,
    });
    expect(created).toHaveLength(2);
    expect(created[1].bounds).toEqual({ x: 1920, y: 0, width: 1920, height: 1040 });
    expect(created[1].focus).toHaveBeenCalledTimes(2);
  });

  it('a display named that is not connected: the primary one', async () => {
    const windows = setUp(fakeScreen([electronDisplay(1, 0)]));
    await windows.restore();
    expect(await windows.open({ layoutId: 'gate', displayId: 42 })).toEqual({
      displayId: 1,
      focusedExisting: false,
    });
  });

  it('a display unplugged while running: its windows are brought back on screen', async () => {
    const screen = fakeScreen([electronDisplay(1, 0), electronDisplay(2, 1920)]);
    const windows = setUp(screen);
    await windows.restore();
    await windows.open({ layoutId: 'gate', displayId: 2 });
    screen.unplug(2);
    expect(created[1].bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    await windows.flush();
    expect((await saved())[1]).toMatchObject({ layoutId: 'gate', displayId: 1 });
  });

  it('a burst of moves and resizes is saved once, where the window came to rest', async () => {
    const windows = setUp(fakeScreen([electronDisplay(1, 0)]));
    await windows.restore();
    await windows.flush();
    const set = vi.spyOn(store, 'set');
    // A window dragged across the screen: Electron sends 'moved' many times.
    for (let x = 0; x < 50; x++) created[0].moveTo({ x: x * 10, y: 20, width: 800, height: 600 });
    expect(set).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(set).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(set).toHaveBeenCalledTimes(1);
    expect((await saved())[0].bounds).toEqual({ x: 490, y: 20, width: 800, height: 600 });
  });

  it('recreating a window (the recovery ladder) keeps its view and place, and is not a close', async () => {
    const windows = setUp(fakeScreen([electronDisplay(1, 0), electronDisplay(2, 1920)]));
    const main = await windows.restore();
    await windows.open({ layoutId: 'gate', displayId: 2 });
    const next = windows.recreate(created[1]);
    expect(next.spec).toEqual({
      layoutId: 'gate',
      bounds: { x: 1920, y: 0, width: 1920, height: 1040 },
      fullscreen: false,
    });
    expect(created[1].destroyed).toBe(true);
    await windows.flush();
    expect((await saved()).map((r) => r.layoutId)).toEqual([null, 'gate']);
    expect(windows.main()).toBe(main);
  });
});
