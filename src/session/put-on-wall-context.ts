import { createContext } from 'react';
import type { WallDevice } from './wall-device';

/** Put a device on the wall: the wall decides where (the selected tile, or the next free one). */
export type PutOnWall = (device: WallDevice) => void;

/**
 * The port through which the catalog puts devices on the wall without knowing the wall: the app
 * shell provides the wall's command (`putDeviceOnWall`); the catalog reads it with `usePutOnWall`.
 */
export const PutOnWallContext = createContext<PutOnWall | null>(null);
