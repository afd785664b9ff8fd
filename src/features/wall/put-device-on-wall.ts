import { useNoticesStore } from '../../session/notices-store';
import type { WallDevice } from '../../session/wall-device';
import { useWallStore } from './wall-store';

/**
 * Put a device on the wall: the wall decides where (the selected tile, or the next free one).
 * The operator hears what happened through the notice bar's live region.
 *
 * The wall's side of the session's PutOnWall port: the app shell hands it to the catalog.
 */
export function putDeviceOnWall(device: WallDevice): void {
  const outcome = useWallStore.getState().placeDevice(device);
  // One notice for put-on-wall at a time: putting several devices up in a row must not bury the wall.
  useNoticesStore.getState().notify(
    outcome.ok
      ? {
          id: 'put-on-wall',
          level: 'info',
          message: `${device.deviceName} is on the wall (column ${outcome.cell.column}, row ${outcome.cell.row}).`,
        }
      : {
          id: 'put-on-wall',
          level: 'warning',
          message: `${device.deviceName} was not put on the wall: ${outcome.message}`,
        },
  );
}
