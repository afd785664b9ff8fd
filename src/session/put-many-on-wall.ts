import { createContext } from 'react';
import type { WallDevice } from './wall-device';

/** What putting several devices on the wall did, for the catalog to say. */
export interface PutManyResult {
  /** Devices now on the wall, in the order given (already there counts: it is not put twice). */
  placed: WallDevice[];
  /** Devices already on the wall before (not duplicated). */
  alreadyOn: WallDevice[];
  /** Devices for which no free tile was left (the wall never replaces a tile without being asked). */
  noRoom: WallDevice[];
  /** The wall took none of them, and why (locked, still loading, no profile): then nothing is in `placed`. */
  refused?: string;
}

/**
 * Put several devices on the wall in one action (a product page, a multi-selection): they fill the
 * free tiles in reading order, as one undoable edit. The app shell wires the wall's command in; the
 * catalog reads it from `PutManyOnWallContext`.
 */
export type PutManyOnWall = (devices: readonly WallDevice[]) => PutManyResult;

export const PutManyOnWallContext = createContext<PutManyOnWall | null>(null);
