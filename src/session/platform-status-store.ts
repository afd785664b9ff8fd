import type { PlatformStatus } from '../../electron/shared/contract';
import { useCoreMirror } from './core-mirror';
import { deriveStore } from './joined-store';

export interface PlatformStatusState {
  status: PlatformStatus | null;
}

/**
 * Whether the active profile's platform answers, as the core sees it (its own requests and probes),
 * read from the core's mirror (platform:status once, then platform:changed). The wall retries every
 * tile the moment it is back; the banner says plainly while it is not.
 */
export const usePlatformStatusStore = deriveStore(
  useCoreMirror,
  (m): PlatformStatusState => ({ status: m.platform }),
);
