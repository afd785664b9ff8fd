import type { RoomTileState } from '../../../electron/shared/room';
import type { TileState, WallEngine } from '../../lib/wall-engine';

/** The engine's word for a tile's state, in the room's (the topic contract's) words. */
const ROOM_STATE_OF: Record<TileState, RoomTileState> = {
  idle: 'idle',
  starting: 'connecting',
  reconnecting: 'connecting',
  playing: 'playing',
  stalled: 'stalled',
  failed: 'failed',
  'paused-hidden': 'paused',
};

/** What the room reports of one tile of the engine: its label (the device key) and state. */
export interface EngineTileState {
  label: string | null;
  state: TileState;
}

/** Each tile's label and state from the wall engine's tile snapshots. */
export function engineTileStates(engine: WallEngine): EngineTileState[] {
  return engine.tileStates();
}

/** The state of the tile showing `deviceKey`, the best of several (a device twice on one wall). */
export function stateOfDevice(states: readonly EngineTileState[], deviceKey: string): RoomTileState {
  const mine = states.filter((s) => s.label === deviceKey).map((s) => ROOM_STATE_OF[s.state]);
  for (const best of ['playing', 'connecting', 'stalled', 'paused', 'failed'] as const)
    if (mine.includes(best)) return best;
  return 'idle';
}
