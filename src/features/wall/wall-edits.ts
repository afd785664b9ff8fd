import type { Layout, LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import type { PutManyResult } from '../../session/put-many-on-wall';
import type { WallDevice } from '../../session/wall-device';
import { sameLayoutContent } from './layout-compare';
import { editLabel, newWallName } from './wall-words';
import {
  DEFAULT_GRID,
  pinned,
  placed,
  placeDeviceIn,
  uniqueLayoutId,
  type LayoutShape,
  type TileDevice,
  type WallCell,
} from './layout-edit';
import { tileName } from './tile-name';
import type { LayoutChanges, PlaceResult } from './wall-state';

/** How `layout` differs from the saved layouts. */
export function changesOf(layout: Layout | null, layouts: Layout[]): LayoutChanges {
  if (!layout) return 'none';
  const stored = layouts.find((l) => l.id === layout.id);
  if (!stored) return 'new';
  return sameLayoutContent(stored, layout) ? 'none' : 'modified';
}

/** The tile shows this device (the same channel of it). */
const sameDevice = (t: LayoutTile, d: TileDevice) =>
  t.deviceKey === d.deviceKey &&
  (t.sipId ?? '') === (d.sipId ?? '') &&
  (t.channelId ?? '') === (d.channelId ?? '');

/**
 * "Wall", "Wall 2", … in the app's language: a name no saved layout has (compared as saveAs does:
 * case and spaces aside).
 */
function nextWallName(layouts: Layout[]): string {
  const names = new Set(layouts.map((l) => l.name.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const name = newWallName(n);
    if (!names.has(name.trim().toLowerCase())) return name;
  }
}

/** A new empty layout for a profile (saved only when the operator names it). */
export function newWall(profileId: string, layouts: Layout[], grid: LayoutGrid = DEFAULT_GRID): Layout {
  return {
    id: uniqueLayoutId(
      'wall',
      layouts.map((l) => l.id),
    ),
    name: nextWallName(layouts),
    profileId,
    grid,
    tiles: [],
  };
}

/**
 * Put several devices on `start` at once: the free cells in reading order, never replacing a camera;
 * devices on the wall already are not put twice. `next` is the wall after, `added` how many were put.
 */
export function placeAll(
  start: Layout,
  devices: readonly WallDevice[],
): { result: PutManyResult; next: LayoutShape; added: number } {
  const result: PutManyResult = { placed: [], alreadyOn: [], noRoom: [] };
  let next: LayoutShape = pinned(start);
  for (const device of devices) {
    if (placed(next).some((t) => sameDevice(t, device))) {
      result.alreadyOn.push(device);
      result.placed.push(device);
      continue;
    }
    // No cell given: the first free one, never a tile that plays; a full wall is refused.
    const outcome = placeDeviceIn(next, device);
    if (!outcome.ok) {
      result.noRoom.push(device);
      continue;
    }
    next = outcome.layout;
    result.placed.push(device);
  }
  return { result, next, added: result.placed.length - result.alreadyOn.length };
}

/** One device put on a wall: the edit to make (with its label), or what to answer without one. */
export type PlaceEdit =
  | { edit: null; answer: PlaceResult }
  | { edit: { next: Layout; label: string }; answer: Extract<PlaceResult, { ok: true }> };

/**
 * Put a device on `base`: onto `cell` (a tile there is replaced), else into the first free cell. A
 * device the wall shows already, put without a cell, stays where it is (one camera, one tile).
 */
export function placeOne(
  base: Layout,
  device: TileDevice,
  cell: WallCell | undefined,
  options?: { grow?: boolean },
): PlaceEdit {
  if (!cell) {
    // ▶ on a device the wall shows already: one camera, one tile (a drop on a cell may still add it twice).
    const there = placed(base).find((t) => sameDevice(t, device));
    if (there) return { edit: null, answer: already({ column: there.column, row: there.row }) };
  }
  const outcome = placeDeviceIn(base, device, cell, options);
  if (!outcome.ok) {
    console.warn(`[wall] ${outcome.message}`);
    return {
      edit: null,
      answer: { ok: false, reason: outcome.reason, message: outcome.message, grow: outcome.grow },
    };
  }
  const replaced = outcome.replaced;
  if (replaced && sameDevice(replaced, device)) return { edit: null, answer: already(outcome.cell) };
  const label = replaced
    ? editLabel.replace(tileName(replaced), device.deviceName)
    : editLabel.put(device.deviceName);
  return {
    edit: { next: { ...base, ...outcome.layout }, label },
    answer: { ok: true, cell: outcome.cell, replaced, already: false, grewTo: outcome.grewTo, editId: 0 },
  };
}

function already(cell: WallCell): PlaceResult {
  return { ok: true, cell, replaced: null, already: true, grewTo: null, editId: 0 };
}
