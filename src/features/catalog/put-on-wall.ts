import { useAppStore } from '../../app/app-store';
import { useWallStore } from '../wall/wall-store';
import { WALL_DEVICE_MIME, type WallDevice } from './wall-device';

/**
 * Put a device on the wall: the wall decides where (the selected tile, or the next free one).
 * The operator hears what happened through the notice bar's live region.
 */
export function putOnWall(device: WallDevice): void {
  const outcome = useWallStore.getState().placeDevice(device);
  // One notice for put-on-wall at a time: putting several devices up in a row must not bury the wall.
  useAppStore.getState().notify(
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

/** Fill a drag with the device, for a drop on a wall tile. */
export function startDeviceDrag(event: { dataTransfer: DataTransfer | null }, device: WallDevice): void {
  if (!event.dataTransfer) return;
  event.dataTransfer.setData(WALL_DEVICE_MIME, JSON.stringify(device));
  event.dataTransfer.setData('text/plain', device.deviceName);
  event.dataTransfer.effectAllowed = 'copy';
}
