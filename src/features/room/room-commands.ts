import type { Layout, LayoutGrid } from '../../../electron/shared/layout';
import type { RoomCommand, RoomScreenStatus, RoomView } from '../../../electron/shared/room';
import type { Tour } from '../../../electron/shared/tour';
import i18next from 'i18next';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import type { TileDevice, WallCell } from './wall-door';
import { DEFAULT_GRID, uniqueLayoutId } from './wall-door';
import { selectLayouts, selectSettings, useCoreMirror } from '../../session/core-mirror';
import { useTourStore } from './wall-door';
import { useWallStore } from './wall-door';
import { showOnWall } from './apply-desired';
import { roomViewOfLayout, roomViewProblem, withDeviceAt } from './room-view';

export type SendOutcome = { ok: true; rev: number; queued: boolean } | { ok: false; message: string };

/** Tell a screen what to show; the core numbers the revision and keeps it on the broker. */
async function sendCommand(screen: string, command: RoomCommand): Promise<SendOutcome> {
  const result = await api.room.send({ screen, command });
  return result.ok
    ? { ok: true, rev: result.value.rev, queued: result.value.queued ?? false }
    : { ok: false, message: plainError(result.error).message };
}

/** The view a screen is told to show now, if it is told a view. */
export const desiredView = (screen: RoomScreenStatus): RoomView | null =>
  screen.desired && 'view' in screen.desired ? screen.desired.view : null;

/** The grid a screen's mini-grid shows: its desired view's, else the view it reports, else 3 × 3. */
export function screenGrid(screen: RoomScreenStatus): LayoutGrid {
  const view = desiredView(screen);
  if (view) return view.grid;
  if (screen.reported?.shows.kind === 'view') return screen.reported.shows.grid;
  return DEFAULT_GRID;
}

/** Send one device onto a cell of a screen: its current view with the device there. */
export function sendDeviceToCell(
  screen: RoomScreenStatus,
  device: TileDevice,
  cell: WallCell,
): Promise<SendOutcome> {
  const built = withDeviceAt(desiredView(screen), screenGrid(screen), device, cell);
  if (!built.ok) return Promise.resolve(built);
  return sendCommand(screen.name, { view: built.view });
}

/** Send a saved view (this PC's layout; the screen resolves its devices with its own profile). */
export function sendSavedView(screen: string, layout: Layout): Promise<SendOutcome> {
  return sendCommand(screen, { view: roomViewOfLayout(layout) });
}

/** Send a saved tour (the screen runs its own saved copy of the tour with the same id). */
export function sendTour(screen: string, tour: Tour): Promise<SendOutcome> {
  const { id, name, dwellSeconds } = tour;
  const command: RoomCommand =
    tour.kind === 'views'
      ? { tour: { id, name, dwellSeconds, kind: 'views', views: tour.views } }
      : {
          tour: {
            id,
            name,
            dwellSeconds,
            kind: 'tile',
            view: tour.view,
            column: tour.column,
            row: tour.row,
            devices: tour.devices,
          },
        };
  return sendCommand(screen, command);
}

export const clearScreen = (screen: string): Promise<SendOutcome> => sendCommand(screen, { clear: true });

/**
 * Take a screen's view into this PC's wall, as a new unsaved view ("Lobby (wall-left)") of the
 * selected profile. Refused while the local wall is locked, or when the screen shows no view.
 */
export function showHere(screen: RoomScreenStatus): { ok: true } | { ok: false; message: string } {
  // Worded now: the answer is said at once, on the card.
  const t = i18next.getFixedT(null, 'room');
  const view = desiredView(screen);
  if (!view) return { ok: false, message: t('actions.notTold', { screen: screen.name }) };
  const wall = useWallStore.getState();
  if (wall.status !== 'ready') return { ok: false, message: t('actions.wallLoading') };
  if (!wall.editable()) return { ok: false, message: t('actions.wallLocked') };
  const profileId = selectSettings(useCoreMirror.getState()).selectedProfileId;
  const problem = roomViewProblem(view, profileId);
  if (problem || !profileId) return { ok: false, message: t('actions.cannotShow', { problem }) };
  const name = t('actions.hereName', {
    name: view.name?.trim() || t('actions.hereUnnamed'),
    screen: screen.name,
  }).slice(0, 100);
  useTourStore.getState().stop();
  showOnWall({
    id: uniqueLayoutId(
      name,
      selectLayouts(useCoreMirror.getState()).map((l) => l.id),
    ),
    name,
    profileId,
    grid: view.grid,
    tiles: view.tiles,
    ...(view.areas?.length ? { areas: view.areas } : {}),
  });
  return { ok: true };
}
