import { OPLOG_LIMITS, type OperatorEventInput } from '../../shared/contract/operator-log';
import type { RoomCommand, RoomDesired } from '../../shared/room';

/**
 * The operator log's entries for the room: who told one of this PC's screens what, and when; or
 * which command a screen refused and why. Plain words (the log panel and its CSV show them as is).
 */

const clip = (text: string) =>
  text.length > OPLOG_LIMITS.reason ? `${text.slice(0, OPLOG_LIMITS.reason - 1)}…` : text;

/** "view "Lobby" (4 tiles)", "tour "Night round"", "nothing (cleared)". */
function describeCommand(command: RoomCommand): string {
  if ('view' in command) {
    const n = command.view.tiles.length;
    const name = command.view.name ?? command.view.id;
    const grid = `${command.view.grid.columns}×${command.view.grid.rows}`;
    return `${name ? `view "${name}"` : 'a view'} (${grid}, ${n} tile${n === 1 ? '' : 's'})`;
  }
  if ('tour' in command) return `tour "${command.tour.name}"`;
  return 'nothing (cleared)';
}

/** A remote change applied on a screen of this PC. */
export function appliedEvent(screen: string, desired: RoomDesired, at: number): OperatorEventInput {
  const single = 'view' in desired && desired.view.tiles.length === 1 ? desired.view.tiles[0] : undefined;
  return {
    at,
    kind: 'room-command',
    ...(single && {
      deviceKey: single.deviceKey,
      ...(single.deviceName && { deviceName: single.deviceName }),
    }),
    reason: clip(
      `Screen "${screen}" was told to show ${describeCommand(desired)} by ${desired.by} at ${desired.at} (revision ${desired.rev})`,
    ),
  };
}

/** A command a screen of this PC refused (nothing changed on it). */
export function refusedEvent(
  screen: string,
  rev: number | null,
  reason: string,
  at: number,
): OperatorEventInput {
  const which = rev === null ? 'a command' : `revision ${rev}`;
  return { at, kind: 'room-command', reason: clip(`Screen "${screen}" refused ${which}: ${reason}`) };
}
