import { useContext } from 'react';
import type { WallEngine } from '../../lib/wall-engine';
import { WallEngineContext } from './wall-engine-context';

/** The playback engine of the wall this component is in. */
export function useWallEngine(): WallEngine {
  const engine = useContext(WallEngineContext);
  if (!engine) throw new Error('useWallEngine: no WallEngineProvider above (the wall provides it)');
  return engine;
}
