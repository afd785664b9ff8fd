import { useEffect, useState } from 'react';
import type { KioskStatus } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';
import { retryDeadline } from './pin-wait';

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
 *
 * The wait is turned into a deadline once, when it arrives, and counted down to it: it only goes
 * down, and at 0 it is over (nothing re-reads an old wait).
 */
export function useKioskStatus(): KioskView {
  const [status, setStatus] = useState<{ value: KioskStatus; retryAt: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    const take = (value: KioskStatus) => {
      const at = Date.now();
      setStatus({ value, retryAt: retryDeadline(value.retryAfterMs, at) });
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
  const retryInMs = status ? Math.max(0, status.retryAt - now) : 0;
  const unlockedUntil = value?.unlockedUntil ?? null;
  const unlocked = unlockedUntil !== null && unlockedUntil > now;
  // The next moment the view changes: a second of the wait counted down, or the end of the unlock. Not
  // a tick every second while unlocked: the whole shell renders with this, the wall included.
  const nextChangeMs = retryInMs > 0 ? retryInMs % 1000 || 1000 : unlocked ? unlockedUntil - now : null;

  useEffect(() => {
    if (nextChangeMs === null) return;
    // Within setTimeout's range (a far end would fire at once, again and again).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextChangeMs, 3_600_000));
    return () => clearTimeout(timer);
  }, [nextChangeMs, now]);

  return { status: value, lockedNow: !!value?.locked && !unlocked, retryInMs };
}
