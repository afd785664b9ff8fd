import { useEffect, useState } from 'react';
import type { KioskStatus } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';

export interface KioskView {
  status: KioskStatus | null;
  /** Changes are refused now: locked, and no administrator's unlock running. */
  lockedNow: boolean;
  /** Milliseconds before the next PIN is taken, counting down each second; 0 when one is taken now. */
  retryInMs: number;
}

/**
 * The kiosk lock as the core says it is (kiosk:status, then kiosk:changed), with the wait after
 * wrong PINs counted down here, and an unlock that ran out noticed without asking the core.
 */
export function useKioskStatus(): KioskView {
  const [status, setStatus] = useState<{ value: KioskStatus; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    const take = (value: KioskStatus) => {
      const at = Date.now();
      setStatus({ value, at });
      setNow(at);
    };
    void api.kiosk.status().then((result) => {
      if (live && result.ok) take(result.value);
    });
    const off = api.on('kiosk:changed', take);
    return () => {
      live = false;
      off();
    };
  }, []);

  const value = status?.value ?? null;
  const retryInMs = value && status ? Math.max(0, value.retryAfterMs - Math.max(0, now - status.at)) : 0;
  const unlocked = value?.unlockedUntil != null && value.unlockedUntil > now;
  const ticking = retryInMs > 0 || unlocked;

  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  return { status: value, lockedNow: !!value?.locked && !unlocked, retryInMs };
}
