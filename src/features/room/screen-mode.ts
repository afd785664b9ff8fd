import { create } from 'zustand';
import { useWallStore } from './wall-door';
import { applyDesired, nameShownTiles } from './apply-desired';
import { useRoomMirror } from './room-mirror';
import type { RoomOrigin } from './room-view';
import type { ScreenRefusal } from './screen-refusal';
import { thisWindowScreen } from './screen-identity';

export interface ScreenModeState {
  /** The room's screen this window is (null: none, or the room is off). */
  screen: string | null;
  /** The highest revision applied in this window (0: none yet). */
  rev: number;
  /** Who put what the wall shows there, when the room did. */
  origin: (RoomOrigin & { what: string; kind: 'view' | 'tour' | 'clear' }) | null;
  /** The last revision refused, and why, coded (the wall did not change). */
  rejected: ({ rev: number } & ScreenRefusal) | null;
}

const NONE: ScreenModeState = { screen: null, rev: 0, origin: null, rejected: null };

/** What this window, as one of the room's screens, has applied. Kept by `startScreenMode`. */
export const useScreenMode = create<ScreenModeState>()(() => NONE);

/**
 * Make this window obey the room: whenever its screen's desired revision is higher than the one
 * applied here (at start, after a restart, after the broker comes back: the retained message), apply
 * it on the wall once the wall is loaded; a refusal is kept with its reason (the core checks each
 * command first and writes every remote change to the operator log). Returns the stop; the
 * composition root calls it after `startRoomMirror` (see start-room.ts).
 */
export function startScreenMode(): () => void {
  let live = true;

  const step = (): void => {
    if (!live) return;
    const room = useRoomMirror.getState().room;
    const screen = thisWindowScreen(room);
    if (screen !== useScreenMode.getState().screen) useScreenMode.setState({ ...NONE, screen });
    if (!screen || useWallStore.getState().status !== 'ready') return;
    const desired = room?.screens.find((s) => s.name === screen)?.desired ?? null;
    const now = useScreenMode.getState();
    // The view on show, again with the names its tiles were sent without (looked up by the core).
    if (desired && desired.rev === now.rev && now.origin?.kind === 'view') nameShownTiles(desired, screen);
    if (!desired || desired.rev <= now.rev || desired.rev === now.rejected?.rev) return;
    const outcome = applyDesired(desired, screen, room?.pcName ?? '');
    if (outcome.ok) {
      useScreenMode.setState({
        rev: desired.rev,
        rejected: null,
        origin: {
          screen,
          rev: desired.rev,
          by: desired.by,
          at: desired.at,
          what: outcome.what,
          kind: outcome.kind,
        },
      });
    } else {
      const { reason, reasonCode, reasonParams } = outcome;
      useScreenMode.setState({ rejected: { rev: desired.rev, reason, reasonCode, reasonParams } });
    }
  };

  const offRoom = useRoomMirror.subscribe(() => step());
  const offWall = useWallStore.subscribe((s, prev) => {
    if (s.status !== prev.status) step();
  });
  step();
  return () => {
    live = false;
    offRoom();
    offWall();
    useScreenMode.setState(NONE);
  };
}
