import { useNoticesStore } from '../../session/notices-store';
import type { WallDevice } from '../../session/wall-device';
import type { WallCell } from './layout-edit';
import { undoAction, WALL_NOTICE_ID as NOTICE_ID } from './undo-action';
import { tileName } from './tile-name';
import { useWallStore, type PlaceResult } from './wall-store';
import { whileWallUnchanged } from './while-wall-unchanged';

const where = (cell: WallCell) => `column ${cell.column}, row ${cell.row}`;

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
      message: `${device.deviceName} was not put on the wall. ${outcome.message}${
        full ? ` Drop it onto a tile to replace that camera${grow ? ', or make the grid bigger' : ''}.` : ''
      }`,
      ...(grow && {
        action: {
          label: `Make it ${grow.columns} × ${grow.rows}`,
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
      message: `${device.deviceName} is on the wall (${where(outcome.cell)}) already; not added twice.`,
    });
    return;
  }
  if (outcome.replaced) {
    notify({
      id: NOTICE_ID,
      level: 'info',
      message: `Replaced ${tileName(outcome.replaced)} with ${device.deviceName} (${where(outcome.cell)}).`,
      action: undoAction(outcome.editId),
    });
    return;
  }
  const grew = outcome.grewTo ? ` The grid is now ${outcome.grewTo.columns} × ${outcome.grewTo.rows}.` : '';
  notify({
    id: NOTICE_ID,
    level: 'info',
    message: `${device.deviceName} is on the wall (${where(outcome.cell)}).${grew}`,
  });
}
