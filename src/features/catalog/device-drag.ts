import { WALL_DEVICE_MIME, type WallDevice } from '../../session/wall-device';

/** Fill a drag with the device, for a drop on a wall tile. */
export function startDeviceDrag(event: { dataTransfer: DataTransfer | null }, device: WallDevice): void {
  if (!event.dataTransfer) return;
  event.dataTransfer.setData(WALL_DEVICE_MIME, JSON.stringify(device));
  event.dataTransfer.setData('text/plain', device.deviceName);
  event.dataTransfer.effectAllowed = 'copy';
}
