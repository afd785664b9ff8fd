import { createContext } from 'react';
import type { WallEngine } from '../../lib/wall-engine';

/** The engine of the wall around: set by WallEngineProvider, read with useWallEngine. */
export const WallEngineContext = createContext<WallEngine | null>(null);
