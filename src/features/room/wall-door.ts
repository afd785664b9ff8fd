/**
 * What the room takes from the wall, in one place: the room drives the wall (a screen shows what it
 * is sent, the console builds views), so it reads the wall's stores and its layout helpers, and gives
 * the wall its status-bar item and tile-menu entry through the wall's own contexts. The wall never
 * imports the room. This file is the one crossing of the features' boundary (see eslint.config.js):
 * one zone exception, `src/features/room` may import `src/features/wall`, would replace its comments.
 */
/* eslint-disable import-x/no-restricted-paths */
export { DEFAULT_GRID, placeDeviceIn, placed, uniqueLayoutId } from '../wall/layout-edit';
export type { TileDevice, WallCell } from '../wall/layout-edit';
export { tileName } from '../wall/tile-name';
export { useTourStore, type TourPage } from '../wall/tour-store';
export { parseDevice } from '../wall/use-cell-drop';
export { WallEngineContext } from '../wall/wall-engine-context';
export { useWallStore } from '../wall/wall-store';
export { SendToScreenContext, type SendToScreenSlot } from '../wall/tile-menu';
export { WallStatusExtraContext } from '../wall/wall-status-bar';
export { StatusWords } from '../wall/status-words';
/* eslint-enable import-x/no-restricted-paths */
