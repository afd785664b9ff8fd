import { RoomNameSchema, type RoomStatus } from '../../../electron/shared/room';

/** The screen a window was opened for: `?screen=<name>` in its address, else null. */
export function windowScreenParam(search: string = globalThis.location?.search ?? ''): string | null {
  const name = new URLSearchParams(search).get('screen');
  return name && RoomNameSchema.safeParse(name).success ? name : null;
}

/**
 * Which of this PC's screens this window is: the one its address names (`?screen=`), else, for the
 * main window, the first local screen. A window opened for one saved view (`?view=`) is no screen.
 * Null when the room names no such local screen (or is off).
 */
export function thisWindowScreen(
  room: RoomStatus | null,
  search: string = globalThis.location?.search ?? '',
): string | null {
  if (!room) return null;
  const local = room.screens.filter((s) => s.local);
  const asked = windowScreenParam(search);
  if (asked) return local.some((s) => s.name === asked) ? asked : null;
  if (new URLSearchParams(search).has('view')) return null;
  return local[0]?.name ?? null;
}
