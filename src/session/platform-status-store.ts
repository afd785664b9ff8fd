import { create } from 'zustand';
import type { PlatformStatus } from '../../electron/shared/contract';
import { api } from '../lib/bridge';

export interface PlatformStatusState {
  status: PlatformStatus | null;
  /** Read the current status and follow platform:changed; returns the unsubscribe. */
  connect(): () => void;
}

/**
 * Whether the active profile's platform answers, as the core sees it (its own requests and probes).
 * The wall retries every tile the moment it is back; the banner says plainly while it is not.
 */
export const usePlatformStatusStore = create<PlatformStatusState>((set) => ({
  status: null,
  connect() {
    const stop = api.on('platform:changed', (status) => set({ status }));
    void api.platform.status().then((r) => {
      if (r.ok) set((s) => (s.status === null ? { status: r.value } : s));
    });
    return stop;
  },
}));
