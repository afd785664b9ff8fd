import i18next from 'i18next';
import type { Layout, LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import { issueProblems, type CodedFieldProblem } from '../../../electron/shared/domain';
import { placeTiles } from '../../../electron/shared/layout';
import { RoomViewSchema, type RoomView } from '../../../electron/shared/room';
import { SUPPORTED_LANGUAGES } from '../../i18n/languages';
import { fieldProblemWords } from '../../lib/error-words';
import { placeDeviceIn, type TileDevice, type WallCell } from './wall-door';

/** Where a room view's layout comes from: who sent it, when, and which revision. */
export interface RoomOrigin {
  screen: string;
  rev: number;
  by: string;
  at: string;
}

/** The id every view a screen was sent takes on its wall: one unsaved view per screen. */
export const roomLayoutId = (screen: string): string => `room.${screen}`.slice(0, 64);

/** Whether the wall's layout is the one the room put there. */
export const isRoomLayout = (layout: Pick<Layout, 'id'> | null, screen: string | null): boolean =>
  !!layout && !!screen && layout.id === roomLayoutId(screen);

/**
 * What the wall calls a view the room sent: "Room: Lobby" (the screen's name when it has none), in
 * the language of the moment it arrives (it is the name of an unsaved view on this wall).
 */
const roomLayoutName = (view: Pick<RoomView, 'name'>, screen: string): string =>
  i18next.t('room:wall.layoutName', { name: view.name?.trim() || screen }).slice(0, 100);

/**
 * The view's own name inside a name `roomLayoutName` made ("Room: Lobby" -> "Lobby"), in whichever
 * language it was made; any other name as it is.
 */
export function viewNameOfRoomLayoutName(name: string): string {
  const mark = '\u0000';
  for (const language of SUPPORTED_LANGUAGES) {
    const [before, after] = i18next
      .getFixedT(language, 'room')('wall.layoutName', { name: mark })
      .split(mark);
    if (after === undefined) continue;
    if (name.length >= before.length + after.length && name.startsWith(before) && name.endsWith(after))
      return name.slice(before.length, name.length - after.length);
  }
  return name;
}

/**
 * Why no PC can show a view the room sent, or null: it breaks the room's schema (`invalid`), or its
 * grid, areas and tiles do not place (`viewDoesNotFit`: a tile outside the grid or over another).
 * Coded as a screen's refusals are (`errors:room.rejected.*`), each problem at its path in the view.
 */
export function roomViewFault(
  view: RoomView,
): { code: 'invalid' | 'viewDoesNotFit'; problems: CodedFieldProblem[] } | null {
  const parsed = RoomViewSchema.safeParse(view);
  if (!parsed.success)
    return { code: 'invalid', problems: issueProblems(parsed.error.issues, { whole: '' }) };
  const { problems } = placeTiles(parsed.data);
  return problems.length > 0 ? { code: 'viewDoesNotFit', problems } : null;
}

/**
 * Why this PC cannot show a view the room sent, or null, in the operator's language: the view must
 * place (roomViewFault), and a profile must be selected to resolve its devices.
 */
export function roomViewProblem(view: RoomView, profileId: string | null): string | null {
  const fault = roomViewFault(view);
  // The problem in the operator's language from its code (a refused character, a tile's overlap).
  const first = fault && { path: fault.problems[0].path, message: fieldProblemWords(fault.problems[0]) };
  if (fault?.code === 'invalid')
    return i18next.t('room:reasons.invalidView', {
      path: first?.path || i18next.t('room:reasons.invalidViewPath'),
      message: first?.message,
    });
  if (!profileId) return i18next.t('room:reasons.noProfile');
  if (fault) return i18next.t('room:reasons.doesNotFit', { path: first?.path, message: first?.message });
  return null;
}

/** The room's view as a layout of this PC: its selected profile plays it; unsaved (its own id). */
export function layoutOfRoomView(view: RoomView, origin: RoomOrigin, profileId: string): Layout {
  return {
    id: roomLayoutId(origin.screen),
    name: roomLayoutName(view, origin.screen),
    profileId,
    grid: view.grid,
    tiles: view.tiles,
    ...(view.areas?.length ? { areas: view.areas } : {}),
  };
}

/** A layout as the room carries a view: no profile (each screen uses its own), nothing parked. */
export function roomViewOfLayout(layout: Pick<Layout, 'id' | 'name' | 'grid' | 'tiles' | 'areas'>): RoomView {
  return {
    ...(layout.id.startsWith('room.') ? {} : { id: layout.id }),
    name: viewNameOfRoomLayoutName(layout.name),
    grid: layout.grid,
    tiles: layout.tiles.map(roomTile),
    ...(layout.areas?.length ? { areas: layout.areas } : {}),
  };
}

/** A tile with only the fields the room's view shape has (a stray key would be refused). */
function roomTile(tile: LayoutTile): LayoutTile {
  const { deviceKey, sipId, channelId, column, row, columnSpan, rowSpan, label, deviceName, transport, fit } =
    tile;
  return Object.fromEntries(
    Object.entries({
      deviceKey,
      sipId,
      channelId,
      column,
      row,
      columnSpan,
      rowSpan,
      label,
      deviceName,
      transport,
      fit,
    }).filter(([, v]) => v !== undefined),
  ) as LayoutTile;
}

/** An empty view of a grid. */
const emptyRoomView = (grid: LayoutGrid, name?: string): RoomView => ({
  ...(name ? { name } : {}),
  grid,
  tiles: [],
});

/**
 * The view a screen gets when a device is sent onto one of its cells: the screen's current view
 * (a tile there shows the device instead), or an empty one of `grid` when it shows none.
 */
export function withDeviceAt(
  base: RoomView | null,
  grid: LayoutGrid,
  device: TileDevice,
  cell: WallCell,
): { ok: true; view: RoomView } | { ok: false; message: string } {
  const start = base ?? emptyRoomView(grid);
  const outcome = placeDeviceIn(start, device, cell);
  if (!outcome.ok) return { ok: false, message: outcome.message };
  return {
    ok: true,
    view: {
      ...(start.id ? { id: start.id } : {}),
      ...(start.name ? { name: start.name } : {}),
      grid: outcome.layout.grid,
      tiles: outcome.layout.tiles.map(roomTile),
      ...(outcome.layout.areas?.length ? { areas: outcome.layout.areas } : {}),
    },
  };
}
