import type { Screen } from 'electron';
import type { Logger } from '../../core/logger';
import type { NoticeSink } from '../../core/ports';
import type { DisplayInfo, Rect } from '../../shared/contract';
import { DEFAULT_LIMITS, FRESH_PAGE, onPageGone, recovered, type PageHistory } from './recovery-policy';
import {
  missingDisplayWords,
  planScreenWindows,
  screensKey,
  type RoomScreensSettings,
  type ScreenAction,
} from './room-screen-plan';
import { displayOf, newWindowPlacement } from './window-placement';

/** What a screen's window is created with: the screen it shows (`?screen=`), where, and how. */
export interface ScreenWindowSpec {
  screen: string;
  bounds: Rect;
  fullscreen: boolean;
}

/** A BrowserWindow as far as this file uses it. */
export interface ScreenWindow {
  getBounds(): Rect;
  getNormalBounds(): Rect;
  setBounds(bounds: Rect): void;
  isFullScreen(): boolean;
  setFullScreen(on: boolean): void;
  isKiosk(): boolean;
  setKiosk(on: boolean): void;
  isDestroyed(): boolean;
  destroy(): void;
  once(event: 'closed', listener: () => void): unknown;
}

export interface RoomScreenWindowsDeps<W extends ScreenWindow> {
  /** Electron's screen: its display-added and display-removed events. */
  screen: Pick<Screen, 'on'> & Partial<Pick<Screen, 'off'>>;
  /** The displays in the OS's order (ViewWindows.displays()). */
  displays(): DisplayInfo[] | Promise<DisplayInfo[]>;
  /** The room's settings now; null when they cannot be read (the room counts as off). */
  room(): Promise<RoomScreensSettings | null>;
  /** Whether the kiosk is on now: a screen window that goes away is then opened again. */
  kiosk(): boolean;
  /** The main window (the first screen), when open. */
  main(): W | undefined;
  /** Build a wall window (the same preload, guards, kiosk mode and recovery as every wall window). */
  create(spec: ScreenWindowSpec): W;
  notify: NoticeSink;
  log: Logger;
  now?: () => number;
}

/** A screen's window as the log names it. */
export function screenWindowName(screen: string): string {
  return `the window of screen ${screen}`;
}

/**
 * Move a window to `bounds`, also a fullscreen or kiosk one: it leaves fullscreen, moves, and goes
 * back (a fullscreen window is fullscreen on the display it lies on, and cannot be moved as it is).
 */
export function moveWindow(window: ScreenWindow, bounds: Rect): void {
  const kiosk = window.isKiosk();
  const full = !kiosk && window.isFullScreen();
  if (kiosk) window.setKiosk(false);
  else if (full) window.setFullScreen(false);
  window.setBounds(bounds);
  if (kiosk) window.setKiosk(true);
  else if (full) window.setFullScreen(true);
}

/** Whether two rectangles share any pixel. */
function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How a screen window that went away is brought back: the recovery ladder's backoff, never more. */
const REOPEN_LIMITS = { ...DEFAULT_LIMITS, recreateAfter: Infinity, relaunchAfter: Infinity };

/**
 * The windows of this PC's room screens (electron/shared/room.ts `RoomConfig.screens`).
 *
 * `sync()` makes them match the settings (room-screen-plan.ts): the main window moved to the first
 * screen's display, a window a further screen on its display, windows of removed screens closed, the
 * room off: only the main window. `follow()` runs it when the settings' screens change (the room's
 * status changes often; only a change of the screens or of the room's on/off counts) and when a
 * display is added or removed (a screen that waited on the primary display goes to its own).
 *
 * A screen window that goes away by itself (the OS closed it, its process took the window with it)
 * is opened again when the kiosk is on, after the recovery ladder's backoff; outside kiosk mode an
 * operator's close is kept until the settings change. A crashed page is the wall window's own
 * recovery's business; its "rebuild the window" rung comes here (`recreate`).
 */
export class RoomScreenWindows<W extends ScreenWindow> {
  private readonly windows = new Map<string, W>();
  /** Windows closed on purpose (by the plan, or replaced): their 'closed' is not a loss. */
  private readonly leaving = new WeakSet<W>();
  private readonly dismissed = new Set<string>();
  private readonly reopenHistory = new Map<string, PageHistory>();
  private readonly reopenTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The missing displays already said, so a display change does not say them again. */
  private said = new Set<string>();
  private lastKey: string | null = null;
  private chain: Promise<void> = Promise.resolve();
  private quitting = false;

  constructor(private readonly deps: RoomScreenWindowsDeps<W>) {}

  /** The screen windows open now, by screen name. */
  open(): ReadonlyMap<string, W> {
    return this.windows;
  }

  /** Follow the room's settings (`changed` fires on any room change) and the displays; returns a stop. */
  follow(changed: (listener: () => void) => () => void): () => void {
    const stops = [changed(() => void this.refresh())];
    const onDisplays = () => void this.sync();
    for (const event of ['display-added', 'display-removed'] as const) {
      this.deps.screen.on(event as 'display-added', onDisplays);
      stops.push(() => this.deps.screen.off?.(event as 'display-added', onDisplays));
    }
    return () => stops.forEach((stop) => stop());
  }

  /** Sync when the settings' screens (or the room's on/off) changed since the last sync. */
  refresh(): Promise<void> {
    return this.queue(false);
  }

  /** Make the windows match the settings now. */
  sync(): Promise<void> {
    return this.queue(true);
  }

  /** A new window in place of `old` (the recovery ladder's "rebuild the window"): same screen, same place. */
  recreate(old: W): W | undefined {
    const screen = [...this.windows].find(([, w]) => w === old)?.[0];
    if (screen === undefined || this.quitting) return undefined;
    this.leaving.add(old);
    if (old.isDestroyed()) {
      // Nothing left to take the place from: the plan opens it where the settings say.
      this.windows.delete(screen);
      void this.sync();
      return undefined;
    }
    const next = this.openWindow({ screen, bounds: old.getNormalBounds(), fullscreen: old.isFullScreen() });
    old.destroy();
    return next;
  }

  /** The app is quitting: its windows' closing is not a loss, nothing is reopened. */
  quit(): void {
    this.quitting = true;
    for (const timer of this.reopenTimers.values()) clearTimeout(timer);
    this.reopenTimers.clear();
  }

  private queue(force: boolean): Promise<void> {
    const run = this.chain.then(() => this.apply(force));
    this.chain = run.catch((error: unknown) =>
      this.deps.log.error('the room screens could not be arranged', { error: (error as Error).message }),
    );
    return this.chain;
  }

  private async apply(force: boolean): Promise<void> {
    if (this.quitting) return;
    const room = await this.deps.room();
    const key = screensKey(room);
    if (!force && key === this.lastKey) return;
    if (key !== this.lastKey) {
      // New settings: a screen the operator closed before is wanted again.
      this.dismissed.clear();
      this.lastKey = key;
    }
    const displays = await this.deps.displays();
    if (displays.length === 0) return;
    const main = this.deps.main();
    const open = new Map<string, number>();
    const lost = new Set<string>();
    for (const [name, window] of this.windows) {
      if (window.isDestroyed()) continue;
      const bounds = window.getBounds();
      open.set(name, displayOf(bounds, displays).id);
      if (!displays.some((d) => overlaps(bounds, d.bounds))) lost.add(name);
    }
    const plan = planScreenWindows({
      room,
      displays,
      mainDisplayId: main && !main.isDestroyed() ? displayOf(main.getBounds(), displays).id : null,
      open,
      dismissed: this.dismissed,
      lost,
    });
    this.tellMissing(plan.missing);
    for (const action of plan.actions) this.act(action, main);
  }

  private act(action: ScreenAction, main: W | undefined): void {
    switch (action.kind) {
      case 'move-main':
        if (!main) return;
        this.deps.log.info(`moving the main window (screen ${action.screen}) to ${action.display.label}`);
        moveWindow(main, newWindowPlacement(action.display).bounds);
        return;
      case 'open':
        this.deps.log.info(`opening ${screenWindowName(action.screen)} on ${action.display.label}`);
        this.openWindow({
          screen: action.screen,
          bounds: newWindowPlacement(action.display).bounds,
          fullscreen: false,
        });
        return;
      case 'move': {
        const window = this.windows.get(action.screen);
        if (!window || window.isDestroyed()) return;
        this.deps.log.info(`moving ${screenWindowName(action.screen)} to ${action.display.label}`);
        moveWindow(window, newWindowPlacement(action.display).bounds);
        return;
      }
      case 'close': {
        const window = this.windows.get(action.screen);
        this.windows.delete(action.screen);
        this.cancelReopen(action.screen);
        if (!window || window.isDestroyed()) return;
        this.deps.log.info(`closing ${screenWindowName(action.screen)}: it is no longer a screen of this PC`);
        this.leaving.add(window);
        // destroy(), not close(): a locked kiosk refuses close(), and this is the room's own decision.
        window.destroy();
        return;
      }
    }
  }

  private openWindow(spec: ScreenWindowSpec): W {
    const window = this.deps.create(spec);
    this.windows.set(spec.screen, window);
    window.once('closed', () => this.closed(spec.screen, window));
    return window;
  }

  private closed(screen: string, window: W): void {
    if (this.windows.get(screen) === window) this.windows.delete(screen);
    if (this.leaving.has(window) || this.quitting) return;
    if (!this.deps.kiosk()) {
      this.deps.log.info(
        `${screenWindowName(screen)} was closed: it opens again when the room's settings change`,
      );
      this.dismissed.add(screen);
      return;
    }
    const step = onPageGone(this.reopenHistory.get(screen) ?? FRESH_PAGE, this.now(), REOPEN_LIMITS);
    this.reopenHistory.set(screen, step.history);
    const delay = step.action.kind === 'relaunch-app' ? REOPEN_LIMITS.maxDelayMs : step.action.delayMs;
    this.deps.log.warn(
      `${screenWindowName(screen)} went away in kiosk mode: opening it again in ${delay} ms`,
    );
    this.cancelReopen(screen);
    this.reopenTimers.set(
      screen,
      setTimeout(() => {
        this.reopenTimers.delete(screen);
        this.reopenHistory.set(screen, recovered(this.reopenHistory.get(screen) ?? FRESH_PAGE, this.now()));
        void this.sync();
      }, delay),
    );
  }

  private cancelReopen(screen: string): void {
    const timer = this.reopenTimers.get(screen);
    if (timer) clearTimeout(timer);
    this.reopenTimers.delete(screen);
  }

  private tellMissing(missing: ReturnType<typeof planScreenWindows>['missing']): void {
    const now = new Set<string>();
    for (const m of missing) {
      const key = `${m.screen}\u0000${m.display}`;
      now.add(key);
      if (this.said.has(key)) continue;
      const message = missingDisplayWords(m);
      this.deps.log.warn(message);
      this.deps.notify({
        level: 'warning',
        source: 'room',
        message,
        code: m.instead === null ? 'notice.room.displayMissingStays' : 'notice.room.displayMissingPrimary',
        params: { screen: m.screen, display: m.display },
      });
    }
    this.said = now;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
