import type { Display, Screen } from 'electron';
import type { WallWindows } from '../../core/ports';
import type { Logger } from '../../core/logger';
import type { DisplayInfo, Rect, WindowOpened, WindowOpenInput } from '../../shared/contract';
import {
  clampInto,
  displayFor,
  displayLabel,
  displayOf,
  newWindowPlacement,
  onScreen,
  placeRecord,
  recordOf,
  sameRect,
  type WindowRecord,
} from './window-placement';
import type { WindowRecords } from './window-records';

/** What a wall window is created with: the view it shows (null: the main window) and where. */
export interface WindowSpec {
  layoutId: string | null;
  /** Absent: the window's default size, centred by the OS (a first start). */
  bounds?: Rect;
  fullscreen: boolean;
}

/** A BrowserWindow as far as this file uses it. */
interface WallWindow {
  getBounds(): Rect;
  getNormalBounds(): Rect;
  isFullScreen(): boolean;
  setBounds(bounds: Rect): void;
  focus(): void;
  show(): void;
  isMinimized(): boolean;
  restore(): void;
  isDestroyed(): boolean;
  destroy(): void;
  on(event: string, listener: () => void): unknown;
  once(event: string, listener: () => void): unknown;
}

export interface ViewWindowsDeps<W extends WallWindow> {
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay' | 'on'>;
  records: WindowRecords;
  /** Build a wall window (preload, kiosk mode, recovery, ...) showing the spec's view. */
  create(spec: WindowSpec): W;
  /** Whether a saved view still exists (a window of a removed view is not restored). */
  hasLayout(id: string): Promise<boolean>;
  log: Logger;
  /** Moves and resizes are saved this long after the last one. */
  saveDelayMs?: number;
}

/**
 * The wall's windows: the main one and one window a view, each its own wall with its own engine.
 *
 * Restores them as they were left (by display id; the primary display when that one is gone; never
 * off-screen, see window-placement.ts), opens a view on a chosen display (`windows:open`), and saves
 * where each window is whenever one is moved, resized, opened or closed. A view window the operator
 * closes is forgotten; windows closed because the app quits are opened again at the next start.
 * When a display is removed or changes, windows left off-screen are brought back inside one.
 */
export class ViewWindows<W extends WallWindow> implements WallWindows {
  private readonly windows = new Map<string | null, W>();
  private quitting = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: ViewWindowsDeps<W>) {
    for (const event of ['display-removed', 'display-added', 'display-metrics-changed'] as const)
      deps.screen.on(event as 'display-added', () => this.keepOnScreen());
  }

  async displays(): Promise<DisplayInfo[]> {
    return this.displayList();
  }

  /** Open the windows saved last time; returns the main window (opened first). */
  async restore(): Promise<W> {
    const records = await this.deps.records.load();
    const displays = this.displayList();
    const mainRecord = records.find((r) => r.layoutId === null);
    const main = this.openPlaced(null, mainRecord, displays);
    for (const record of records) {
      if (record.layoutId === null) continue;
      if (!(await this.deps.hasLayout(record.layoutId))) {
        this.deps.log.info(`the window of view ${record.layoutId} is not restored: the view is gone`);
        continue;
      }
      this.openPlaced(record.layoutId, record, displays);
    }
    this.scheduleSave();
    return main;
  }

  async open({ layoutId, displayId }: WindowOpenInput): Promise<WindowOpened> {
    const displays = this.displayList();
    const display = displayFor(displayId, displays);
    if (displayId !== undefined && display.id !== displayId)
      this.deps.log.info(
        `display ${displayId} is not connected: opening view ${layoutId} on the primary display`,
      );
    const existing = this.windows.get(layoutId);
    if (existing && !existing.isDestroyed()) {
      // Already open: brought forward, and moved only when a display was named.
      let on = displayOf(existing.getBounds(), displays);
      if (displayId !== undefined && on.id !== display.id && !existing.isFullScreen()) {
        existing.setBounds(newWindowPlacement(display).bounds);
        on = display;
      }
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      this.scheduleSave();
      return { displayId: on.id, focusedExisting: true };
    }
    const placement = newWindowPlacement(display);
    this.adopt(layoutId, this.deps.create({ layoutId, bounds: placement.bounds, fullscreen: false }));
    this.scheduleSave();
    return { displayId: display.id, focusedExisting: false };
  }

  /** A new window in place of `old` (the recovery ladder's "recreate the window"), same view, same place. */
  recreate(old: W): W {
    const layoutId = [...this.windows].find(([, w]) => w === old)?.[0] ?? null;
    const bounds = old.isDestroyed() ? undefined : old.getNormalBounds();
    const fullscreen = !old.isDestroyed() && old.isFullScreen();
    const next = this.deps.create({ layoutId, bounds, fullscreen });
    this.adopt(layoutId, next);
    if (!old.isDestroyed()) old.destroy();
    return next;
  }

  /** The main window; opened again (where it was saved) when it was closed (macOS, a second start). */
  async ensureMain(): Promise<W> {
    const open = this.main();
    if (open) return open;
    const record = (await this.deps.records.load()).find((r) => r.layoutId === null);
    const main = this.openPlaced(null, record, this.displayList());
    this.scheduleSave();
    return main;
  }

  /** The main window, when open. */
  main(): W | undefined {
    const main = this.windows.get(null);
    return main && !main.isDestroyed() ? main : undefined;
  }

  /** The app is quitting: save where every window is now; their closing is not the operator's. */
  async quit(): Promise<void> {
    if (this.quitting) return;
    this.quitting = true;
    await this.save();
  }

  /** Save now what is still waiting (the tests; the app's quit). */
  async flush(): Promise<void> {
    await this.save();
  }

  private openPlaced(layoutId: string | null, record: WindowRecord | undefined, displays: DisplayInfo[]): W {
    if (!record) {
      const window = this.deps.create({ layoutId, fullscreen: false });
      this.adopt(layoutId, window);
      return window;
    }
    const placement = placeRecord(record, displays);
    if (placement.moved)
      this.deps.log.info(
        `${windowName(layoutId)} is restored on display ${placement.display.id}` +
          (placement.moved === 'display-gone'
            ? ` (display ${record.displayId} is not connected)`
            : ' (moved to lie inside the screen)'),
      );
    const window = this.deps.create({ layoutId, bounds: placement.bounds, fullscreen: placement.fullscreen });
    this.adopt(layoutId, window);
    return window;
  }

  private adopt(layoutId: string | null, window: W): void {
    this.windows.set(layoutId, window);
    const changed = () => this.scheduleSave();
    for (const event of ['moved', 'resized', 'enter-full-screen', 'leave-full-screen'] as const)
      window.on(event, changed);
    window.once('closed', () => {
      if (this.windows.get(layoutId) !== window) return; // replaced (recreated): not the operator's close
      this.windows.delete(layoutId);
      // The operator closed a view's window: it is not opened again. The main window's place is kept.
      if (!this.quitting && layoutId !== null) this.scheduleSave();
    });
  }

  private displayList(): DisplayInfo[] {
    const primaryId = this.deps.screen.getPrimaryDisplay().id;
    return this.deps.screen.getAllDisplays().map((d: Display, i) => ({
      id: d.id,
      label: displayLabel(i, d.label || undefined, d.bounds),
      primary: d.id === primaryId,
      bounds: rect(d.bounds),
      workArea: rect(d.workArea),
    }));
  }

  /** Bring every window that no longer lies inside a display's work area back inside one. */
  private keepOnScreen(): void {
    const displays = this.displayList();
    for (const [layoutId, window] of this.windows) {
      if (window.isDestroyed() || window.isFullScreen()) continue;
      const bounds = window.getBounds();
      if (onScreen(bounds, displays)) continue;
      const inside = clampInto(bounds, displayOf(bounds, displays).workArea);
      if (sameRect(inside, bounds)) continue;
      this.deps.log.info(`the displays changed: moving ${windowName(layoutId)} back on screen`);
      window.setBounds(inside);
    }
    this.scheduleSave();
  }

  private scheduleSave(): void {
    if (this.quitting) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save(), this.deps.saveDelayMs ?? 500);
  }

  private async save(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const displays = this.displayList();
    const records: WindowRecord[] = [];
    for (const [layoutId, window] of this.windows) {
      if (window.isDestroyed()) continue;
      records.push(recordOf(layoutId, rect(window.getNormalBounds()), window.isFullScreen(), displays));
    }
    try {
      await this.deps.records.save(records);
    } catch (error) {
      this.deps.log.error('where the windows are could not be saved', { error: (error as Error).message });
    }
  }
}

/** A wall window as the log names it: "the main window", "the window of view gate". */
export function windowName(layoutId: string | null): string {
  return layoutId === null ? 'the main window' : `the window of view ${layoutId}`;
}

/** Electron's rectangles may carry fractions on scaled displays; the records keep whole pixels. */
function rect(r: Rect): Rect {
  return {
    x: Math.round(r.x),
    y: Math.round(r.y),
    width: Math.max(1, Math.round(r.width)),
    height: Math.max(1, Math.round(r.height)),
  };
}
