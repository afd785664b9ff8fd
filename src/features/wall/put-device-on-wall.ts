import i18next from 'i18next';
import { useNoticesStore } from '../../session/notices-store';
import type { WallDevice } from '../../session/wall-device';
import type { WallCell } from './layout-edit';
import { undoAction, WALL_NOTICE_ID as NOTICE_ID } from './undo-action';
import { tileName } from './tile-name';
import { useWallStore, type PlaceResult } from './wall-store';
import { whileWallUnchanged } from './while-wall-unchanged';

/**
 * Put a device on the wall and say what happened: where it went, which camera it replaced (with
 * Undo), or that the wall is full (with a way to make room). `at` is a cell it was dropped on.
 *
 * Without a cell it goes into the first free cell (or onto the tile the operator chose to replace):
 * it never replaces a camera silently.
 */
export function putDeviceOnWall(
  device: WallDevice,
  at?: WallCell,
  options?: { grow?: boolean },
): PlaceResult {
  const store = useWallStore.getState();
  const outcome = store.placeDevice(device, at, options);
  announce(device, outcome);
  return outcome;
}

function announce(device: WallDevice, outcome: PlaceResult): void {
  const { notify } = useNoticesStore.getState();
  if (!outcome.ok) {
    const grow = outcome.grow;
    const full = outcome.reason === 'full';
    notify({
      id: NOTICE_ID,
      level: 'warning',
      message: i18next.t(
        full ? (grow ? 'wall:notice.notPutFullGrow' : 'wall:notice.notPutFull') : 'wall:notice.notPut',
        { name: device.deviceName, reason: outcome.message },
      ),
      ...(grow && {
        action: {
          label: i18next.t('wall:notice.makeIt', { columns: grow.columns, rows: grow.rows }),
          run: () => void putDeviceOnWall(device, undefined, { grow: true }),
        },
      }),
      ...(full && { validWhile: whileWallUnchanged() }),
    });
    return;
  }
  if (outcome.already) {
    notify({
      id: NOTICE_ID,
      level: 'info',
      message: i18next.t('wall:notice.already', { name: device.deviceName, ...outcome.cell }),
    });
    return;
  }
  if (outcome.replaced) {
    notify({
      id: NOTICE_ID,
      level: 'info',
      message: i18next.t('wall:notice.replaced', {
        old: tileName(outcome.replaced),
        name: device.deviceName,
        ...outcome.cell,
      }),
      action: undoAction(outcome.editId),
    });
    return;
  }
  const { column, row } = outcome.cell;
  notify({
    id: NOTICE_ID,
    level: 'info',
    message: outcome.grewTo
      ? i18next.t('wall:notice.putGrew', { name: device.deviceName, column, row, ...outcome.grewTo })
      : i18next.t('wall:notice.put', { name: device.deviceName, column, row }),
  });
}
