import { createContext, useContext, type RefObject } from 'react';
import type { TileSnapshot, TileSupervisor } from '../../lib/wall-engine';
import type { WallCell } from './layout-edit';

/**
 * What a tile's picture actions (maximise, snapshot, sound, fit, zoom, rate pins) need of the tile
 * they act on: its `<video>`, its player's supervisor and latest snapshot, and its name. The tile
 * (video-tile.tsx) provides it; the tile menu's picture items read it, so the menu passes nothing on.
 */
export interface TileActions {
  tileKey: string;
  /** Where the tile stands in the layout (its saved picture fit is changed there). */
  cell: WallCell;
  /** The device's name as the tile shows it (for file names and labels). */
  name: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  supervisor: TileSupervisor | null;
  snapshot: TileSnapshot | null;
}

export const TileActionsContext = createContext<TileActions | null>(null);

/** The picture actions' view of the tile they are in; null outside a tile. */
export function useTileActions(): TileActions | null {
  return useContext(TileActionsContext);
}
