import type { Device } from '../../electron/shared/domain';

/**
 * The drag data type a wall tile accepts: JSON of a WallDevice. The catalog writes it, the wall
 * reads it; it lives here so neither reaches into the other.
 */
export const WALL_DEVICE_MIME = 'application/x-wall-device';

/** What the wall needs to play a device. */
export interface WallDevice {
  deviceKey: string;
  deviceName: string;
  sipId?: string;
  channelId?: string;
}

/** A listed device as the wall takes it; a device without a name is shown by its key. */
export function wallDeviceOf(device: Pick<Device, 'deviceKey' | 'deviceName'>): WallDevice {
  return { deviceKey: device.deviceKey, deviceName: device.deviceName || device.deviceKey };
}
