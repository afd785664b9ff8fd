import type { Layout } from '../../../electron/shared/layout';
import type { RoomDesired } from '../../../electron/shared/room';
import { tourReferenceProblems } from '../../../electron/shared/tour';
import { selectLayouts, selectSettings, selectTours, useCoreMirror } from '../../session/core-mirror';
import { useTourStore } from './wall-door';
import { useWallStore } from './wall-door';
import { isRoomLayout, layoutOfRoomView, roomViewFault } from './room-view';
import { screenRefusal, wherePaths, type ScreenRefusal } from './screen-refusal';

export type ApplyOutcome =
  { ok: true; what: string; kind: 'view' | 'tour' | 'clear' } | ({ ok: false } & ScreenRefusal);

const refuse = (...refusal: Parameters<typeof screenRefusal>): ApplyOutcome => ({
  ok: false,
  ...screenRefusal(...refusal),
});

/** Show a layout on the wall as opening one does, whatever the kiosk lock (the room is obeyed). */
export function showOnWall(layout: Layout | null): void {
  useWallStore.getState().showLayout(layout);
}

/**
 * Names the core found for the tiles of a view it showed (the same revision, now with `deviceName`:
 * the screen's core looks up the names a view was sent without), written into the tiles on the wall
 * that still have none; the same players go on (a tile is known by its device, not its name).
 */
export function nameShownTiles(desired: RoomDesired, screen: string): void {
  const wall = useWallStore.getState().layout;
  if (!('view' in desired) || !wall || !isRoomLayout(wall, screen)) return;
  const names = new Map<string, string>();
  for (const t of desired.view.tiles) if (t.deviceName?.trim()) names.set(t.deviceKey, t.deviceName);
  let named = false;
  const tiles = wall.tiles.map((t) => {
    const name = t.deviceName?.trim() ? undefined : names.get(t.deviceKey);
    if (!name) return t;
    named = true;
    return { ...t, deviceName: name };
  });
  if (named) showOnWall({ ...wall, tiles });
}

/**
 * Apply what the room told this screen (on the PC named `pc`): a view (resolved with this PC's
 * selected profile), a saved tour (by its id, run as the wall runs tours), or nothing. What cannot be
 * applied is refused, coded (ScreenRefusal), and the wall is left as it was. The wall must be loaded
 * (`status: 'ready'`).
 */
export function applyDesired(desired: RoomDesired, screen: string, pc: string): ApplyOutcome {
  const mirror = useCoreMirror.getState();
  if ('view' in desired) {
    const profileId = selectSettings(mirror).selectedProfileId;
    const fault = roomViewFault(desired.view);
    if (fault?.code === 'invalid') return refuse('invalid', wherePaths(fault.problems, 'view'));
    if (!profileId) return refuse('noProfile', { pc });
    if (fault) return refuse('viewDoesNotFit', wherePaths(fault.problems, 'view'));
    const layout = layoutOfRoomView(
      desired.view,
      { screen, rev: desired.rev, by: desired.by, at: desired.at },
      profileId,
    );
    useTourStore.getState().stop();
    showOnWall(layout);
    return { ok: true, what: layout.name, kind: 'view' };
  }
  if ('tour' in desired) {
    const saved = selectTours(mirror).find((t) => t.id === desired.tour.id);
    if (!saved) return refuse('tourNotSaved', { name: desired.tour.name, id: desired.tour.id, pc });
    const views = new Map(selectLayouts(mirror).map((l) => [l.id, { id: l.id, name: l.name, grid: l.grid }]));
    const problems = tourReferenceProblems(saved, views);
    if (problems.length > 0) return refuse('tourCannotRun', { pc, ...wherePaths(problems, 'tour') });
    if (useTourStore.getState().running?.tour.id === saved.id)
      return { ok: true, what: `tour ${saved.name}`, kind: 'tour' };
    if (!useTourStore.getState().start(saved.id)) return refuse('tourEmpty', { name: saved.name, pc });
    return { ok: true, what: `tour ${saved.name}`, kind: 'tour' };
  }
  useTourStore.getState().stop();
  showOnWall(null);
  return { ok: true, what: 'nothing (cleared)', kind: 'clear' };
}
