import i18next from 'i18next';
import type { LayoutGrid } from '../../../electron/shared/layout';
import { MAX_GRID } from '../../../electron/shared/layout';
import { useNoticesStore } from '../../session/notices-store';
import type { PutManyResult } from '../../session/put-many-on-wall';
import type { WallDevice } from '../../session/wall-device';
import { resizeGrid } from './grid-resize';
import { freeCells } from './layout-edit';
import { namesList } from './names-list';
import { undoAction, WALL_NOTICE_ID } from './undo-action';
import { useWallStore } from './wall-store';
import { whileWallUnchanged } from './while-wall-unchanged';

/** At most four names: a notice stays one or two lines. */
const names = (devices: readonly WallDevice[]) =>
  namesList(
    devices.map((d) => d.deviceName),
    4,
  );

/**
 * The smallest square grid larger than the wall's that has `more` free cells once resized (its merged
 * areas kept, so counted as the wall will have them); null past MAX_GRID × MAX_GRID.
 */
function roomFor(more: number): LayoutGrid | null {
  const layout = useWallStore.getState().layout;
  if (!layout) return null;
  for (let n = Math.max(layout.grid.columns, layout.grid.rows); n <= MAX_GRID; n++) {
    if (n <= layout.grid.columns && n <= layout.grid.rows) continue;
    const grid = { columns: n, rows: n };
    if (freeCells(resizeGrid(layout, grid).layout).length >= more) return grid;
  }
  return null;
}

/**
 * Put several devices on the wall in one action (a product page, a multi-selection) and say what
 * happened: how many went on (with Undo), which were on already, and which found no free tile
 * (with a way to make room). It never replaces a camera.
 */
export function putManyOnWall(devices: readonly WallDevice[]): PutManyResult {
  const outcome = useWallStore.getState().placeDevices(devices);
  const { notify } = useNoticesStore.getState();
  if (outcome.refused) {
    notify({
      id: WALL_NOTICE_ID,
      level: 'warning',
      message: i18next.t('wall:notice.manyRefused', { count: devices.length, reason: outcome.refused }),
    });
    return outcome;
  }
  const added = outcome.placed.length - outcome.alreadyOn.length;
  // Up to three sentences, each whole in the catalog.
  const parts: string[] = [];
  if (added > 0) parts.push(i18next.t('wall:notice.manyPut', { count: added }));
  if (outcome.alreadyOn.length > 0)
    parts.push(
      i18next.t('wall:notice.manyAlready', {
        count: outcome.alreadyOn.length,
        names: names(outcome.alreadyOn),
      }),
    );
  if (outcome.noRoom.length > 0)
    parts.push(
      i18next.t('wall:notice.manyNoRoom', { count: outcome.noRoom.length, names: names(outcome.noRoom) }),
    );
  if (parts.length === 0) return outcome;
  const grow = outcome.noRoom.length > 0 ? roomFor(outcome.noRoom.length) : null;
  const rest = outcome.noRoom;
  notify({
    id: WALL_NOTICE_ID,
    level: outcome.noRoom.length > 0 ? 'warning' : 'info',
    message: parts.join(' '),
    ...(grow
      ? {
          action: {
            label: i18next.t('wall:notice.makeRoom', { columns: grow.columns, rows: grow.rows }),
            run: () => {
              useWallStore.getState().setGrid(grow);
              putManyOnWall(rest);
            },
          },
        }
      : added > 0
        ? { action: undoAction(outcome.editId) }
        : {}),
    ...(rest.length > 0 && { validWhile: whileWallUnchanged() }),
  });
  return { placed: outcome.placed, alreadyOn: outcome.alreadyOn, noRoom: outcome.noRoom };
}
