import type { DisplayInfo } from '../../shared/contract';
import type { RoomConfig, RoomScreen } from '../../shared/room';

/**
 * Which windows this PC's room screens need, from the room's settings and the displays there are
 * now (pure: no Electron, no timers).
 *
 * A screen is one window on one display. The first screen is the main window (the renderer treats
 * it so); every further screen has a window of its own at `?screen=<name>`. A screen's display is
 * 1-based in the order the OS lists the displays; one that is not connected puts the screen's window
 * on the primary display (and leaves the main window where it is), which the caller says in a notice.
 */

/** The part of the room's settings that decides the windows. */
export type RoomScreensSettings = Pick<RoomConfig, 'enabled' | 'pcName' | 'screens'>;

/** This PC's screens in order: the configured ones, or one named after the PC; none when the room is off. */
export function localScreens(room: RoomScreensSettings | null): RoomScreen[] {
  if (!room?.enabled) return [];
  const screens = room.screens.length > 0 ? room.screens : [{ name: room.pcName }];
  // Two screens of one name cannot both be addressed: the first keeps it (the settings refuse this too).
  const seen = new Set<string>();
  return screens.filter((s) => !seen.has(s.name.toLowerCase()) && seen.add(s.name.toLowerCase()));
}

/** What the settings say, as a key: an unchanged key needs no new plan (the room's status changes often). */
export function screensKey(room: RoomScreensSettings | null): string {
  return JSON.stringify(localScreens(room).map((s) => [s.name, s.display ?? null]));
}

export interface ScreenPlanInput {
  /** The room's settings; null when they could not be read (treated as off). */
  room: RoomScreensSettings | null;
  /** The displays in the OS's order (display N of the settings is `displays[N - 1]`). */
  displays: readonly DisplayInfo[];
  /** The display the main window is on; null when it is not open. */
  mainDisplayId: number | null;
  /** The screen windows open now, each with the display it is on. */
  open: ReadonlyMap<string, number>;
  /** Screens whose window the operator closed (outside kiosk mode): not opened again by this plan. */
  dismissed?: ReadonlySet<string>;
  /** Screens whose window lies on no display now (its display was unplugged). */
  lost?: ReadonlySet<string>;
}

export type ScreenAction =
  /** Move the main window (the first screen) to its display. */
  | { kind: 'move-main'; screen: string; display: DisplayInfo }
  /** Open a window for a screen on a display. */
  | { kind: 'open'; screen: string; display: DisplayInfo }
  /** Move a screen's open window to its display. */
  | { kind: 'move'; screen: string; display: DisplayInfo }
  /** Close the window of a screen the settings no longer have (or the room is off). */
  | { kind: 'close'; screen: string };

/** A screen whose display is not connected: where its window is instead (null: the main window stays put). */
export interface MissingDisplay {
  screen: string;
  display: number;
  instead: DisplayInfo | null;
}

export interface ScreenPlan {
  actions: ScreenAction[];
  missing: MissingDisplay[];
}

/** The primary display, else the first (there is always one while the app runs). */
function primaryOf(displays: readonly DisplayInfo[]): DisplayInfo {
  const primary = displays.find((d) => d.primary) ?? displays[0];
  if (!primary) throw new Error('no display');
  return primary;
}

/**
 * The actions that make the screen windows match the settings.
 *
 * - The first screen is the main window: moved to its display when one is given, connected and not
 *   already the one it is on; otherwise left where it is.
 * - Every further screen: its window opened on its display (the primary one when none is given or it
 *   is not connected), or, when open, moved there when a connected display is given and it is not on it.
 *   A window on no given display stays where the operator put it, unless it lies on no display at all
 *   (its display was unplugged): then it goes to the primary display.
 * - A window of a screen that is no longer in the settings (or the room is off) is closed.
 */
export function planScreenWindows(input: ScreenPlanInput): ScreenPlan {
  const { displays, open } = input;
  const screens = localScreens(input.room);
  const actions: ScreenAction[] = [];
  const missing: MissingDisplay[] = [];
  const wanted = new Set<string>();

  screens.forEach((screen, index) => {
    const given = screen.display === undefined ? undefined : displays[screen.display - 1];
    if (screen.display !== undefined && !given)
      missing.push({
        screen: screen.name,
        display: screen.display,
        instead: index === 0 ? null : primaryOf(displays),
      });
    if (index === 0) {
      if (given && input.mainDisplayId !== null && input.mainDisplayId !== given.id)
        actions.push({ kind: 'move-main', screen: screen.name, display: given });
      return;
    }
    wanted.add(screen.name);
    const on = open.get(screen.name);
    if (on === undefined) {
      if (!input.dismissed?.has(screen.name))
        actions.push({ kind: 'open', screen: screen.name, display: given ?? primaryOf(displays) });
    } else if (given && on !== given.id) actions.push({ kind: 'move', screen: screen.name, display: given });
    // Its display was unplugged (or none is given): brought back onto the primary display.
    else if (!given && input.lost?.has(screen.name))
      actions.push({ kind: 'move', screen: screen.name, display: primaryOf(displays) });
  });

  for (const name of open.keys()) if (!wanted.has(name)) actions.push({ kind: 'close', screen: name });
  return { actions, missing };
}

/** The notice for a screen whose display is not connected. */
export function missingDisplayWords(m: MissingDisplay): string {
  return m.instead === null
    ? `Screen ${m.screen} is set to display ${m.display}, which is not connected: the main window stays where it is.`
    : `Screen ${m.screen} is set to display ${m.display}, which is not connected: its window is on the primary display.`;
}
