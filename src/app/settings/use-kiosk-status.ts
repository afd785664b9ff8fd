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
  const unlockedUntil = value?.unlockedUntil ?? null;
  const unlocked = unlockedUntil !== null && unlockedUntil > now;
  // The next moment the view changes: a second of the wait counted down, or the end of the unlock. Not
  // a tick every second while unlocked: the whole shell renders with this, the wall included.
  const nextChangeMs = retryInMs > 0 ? Math.min(1000, retryInMs) : unlocked ? unlockedUntil - now : null;

  useEffect(() => {
    if (nextChangeMs === null) return;
    // Within setTimeout's range (a far end would fire at once, again and again).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextChangeMs, 3_600_000));
    return () => clearTimeout(timer);
  }, [nextChangeMs, now]);

  return { status: value, lockedNow: !!value?.locked && !unlocked, retryInMs };
}
