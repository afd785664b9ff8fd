import type { LayoutTile } from '../../../electron/shared/layout';

/** A tile's title as the operator reads it: its caption, else the device's name, else the key. */
export const tileName = (t: Pick<LayoutTile, 'label' | 'deviceName' | 'deviceKey'>): string =>
  t.label || t.deviceName || t.deviceKey;
