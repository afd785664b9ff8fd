import type { DisplayInfo, Rect } from '../../shared/contract';

/**
 * Where the wall's windows go, from the displays there are now and the windows saved last time (pure).
 *
 * A window comes back on the display it was on (by Electron's display id). When that display is gone,
 * it goes to the primary display, at the same place relative to the work area. Either way it is
 * never left off-screen: it is moved, and made smaller if it must, to lie inside that display's work
 * area (the screen without task bar, menu bar or dock), so its title bar can always be reached.
 */

/** A window as it is saved (in the data folder) and restored. */
export interface WindowRecord {
  /** The view the window shows; null for the main window (which shows the view it remembers). */
  layoutId: string | null;
  displayId: number;
  /** Its bounds in screen coordinates when it was last moved or resized (not fullscreen ones). */
  bounds: Rect;
  /** The work area of its display at that time: a window moved to another display keeps its offset. */
  workArea: Rect;
  fullscreen: boolean;
}

export interface Placement {
  display: DisplayInfo;
  bounds: Rect;
  fullscreen: boolean;
  /** Why the window is not where it was saved, for the log; absent when it is. */
  moved?: 'display-gone' | 'clamped';
}

/** The display with this id; else the primary; else the first (there is always one while the app runs). */
export function displayFor(id: number | null | undefined, displays: readonly DisplayInfo[]): DisplayInfo {
  if (displays.length === 0) throw new Error('no display');
  return (
    (id != null ? displays.find((d) => d.id === id) : undefined) ??
    displays.find((d) => d.primary) ??
    displays[0]
  );
}

/** `bounds` moved (and shrunk where too large) to lie entirely inside `area`. */
export function clampInto(bounds: Rect, area: Rect): Rect {
  const width = Math.max(1, Math.min(bounds.width, area.width));
  const height = Math.max(1, Math.min(bounds.height, area.height));
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

/**
 * Whether every corner of `bounds` lies on some display's work area: such a window is wholly on screen,
 * also when it spans several displays (a wall across two monitors is kept as it is).
 */
export function onScreen(bounds: Rect, displays: readonly DisplayInfo[]): boolean {
  const corners = [
    [bounds.x, bounds.y],
    [bounds.x + bounds.width - 1, bounds.y],
    [bounds.x, bounds.y + bounds.height - 1],
    [bounds.x + bounds.width - 1, bounds.y + bounds.height - 1],
  ];
  return corners.every(([x, y]) =>
    displays.some(({ workArea: a }) => x >= a.x && x < a.x + a.width && y >= a.y && y < a.y + a.height),
  );
}

/** Whether two rectangles are the same place and size. */
export const sameRect = (a: Rect, b: Rect): boolean =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** A new window for a view on `display`: it fills the display's work area (a wall fills its screen). */
export function newWindowPlacement(display: DisplayInfo): Placement {
  return { display, bounds: { ...display.workArea }, fullscreen: false };
}

/** Where a saved window goes now. */
export function placeRecord(record: WindowRecord, displays: readonly DisplayInfo[]): Placement {
  const display = displayFor(record.displayId, displays);
  const gone = display.id !== record.displayId;
  // Its display is there and it lies on screen as it was (on one display or across several): as saved.
  if (!gone && onScreen(record.bounds, displays))
    return { display, bounds: { ...record.bounds }, fullscreen: record.fullscreen };
  // Keep the window's offset within the work area it was saved against (a display that moved in the
  // arrangement, or another display altogether).
  const shifted: Rect = {
    ...record.bounds,
    x: record.bounds.x - record.workArea.x + display.workArea.x,
    y: record.bounds.y - record.workArea.y + display.workArea.y,
  };
  const bounds = clampInto(shifted, display.workArea);
  const moved = gone ? 'display-gone' : sameRect(bounds, record.bounds) ? undefined : 'clamped';
  return { display, bounds, fullscreen: record.fullscreen, ...(moved && { moved }) };
}

/**
 * The display a window is on: the one its centre lies in, else the one it overlaps most, else the
 * primary (a window dragged off every screen).
 */
export function displayOf(bounds: Rect, displays: readonly DisplayInfo[]): DisplayInfo {
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  const inside = displays.find(
    (d) =>
      cx >= d.bounds.x &&
      cx < d.bounds.x + d.bounds.width &&
      cy >= d.bounds.y &&
      cy < d.bounds.y + d.bounds.height,
  );
  if (inside) return inside;
  let best: DisplayInfo | undefined;
  let bestArea = 0;
  for (const d of displays) {
    const w = Math.min(bounds.x + bounds.width, d.bounds.x + d.bounds.width) - Math.max(bounds.x, d.bounds.x);
    const h =
      Math.min(bounds.y + bounds.height, d.bounds.y + d.bounds.height) - Math.max(bounds.y, d.bounds.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      best = d;
      bestArea = w * h;
    }
  }
  return best ?? displayFor(null, displays);
}

/** The record of a window as it is now. */
export function recordOf(
  layoutId: string | null,
  bounds: Rect,
  fullscreen: boolean,
  displays: readonly DisplayInfo[],
): WindowRecord {
  const display = displayOf(bounds, displays);
  return { layoutId, displayId: display.id, bounds, workArea: { ...display.workArea }, fullscreen };
}

/** "Display 2: DELL U2720Q, 2560 × 1440" (Electron's label, when it has one). */
export function displayLabel(index: number, name: string | undefined, bounds: Rect): string {
  const size = `${bounds.width} × ${bounds.height}`;
  return name ? `Display ${index + 1}: ${name}, ${size}` : `Display ${index + 1}, ${size}`;
}
