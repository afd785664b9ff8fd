import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { KioskStatus } from '../../../electron/shared/contract';
import { kioskClock, selectKioskLock, useCoreMirror, type CoreMirrorState } from '../../session/core-mirror';
import { useEditableNow } from '../../session/use-editable-now';
import { retryDeadline } from './pin-wait';

export interface KioskView {
  status: KioskStatus | null;
  /** Changes are refused now: locked, and no administrator's unlock running. */
  lockedNow: boolean;
  /** Milliseconds before the next PIN is taken, counting down each second; 0 when one is taken now. */
  retryInMs: number;
}

/**
 * Milliseconds before the next PIN is taken at `now` (on `kioskClock`, like the status's received
 * time): the wait the core gave, counted from when it arrived; 0 when one is taken now.
 */
export function pinRetryLeftMs(
  s: Pick<CoreMirrorState, 'kiosk' | 'kioskReceivedAt'>,
  now: number = kioskClock(),
): number {
  return s.kiosk ? Math.max(0, retryDeadline(s.kiosk.retryAfterMs, s.kioskReceivedAt) - now) : 0;
}

/**
 * The kiosk lock as the core's mirror holds it (kiosk:status, then kiosk:changed; locked as the
 * settings say), by the core's own rule (`useEditableNow`), with the wait after wrong PINs counted
 * down here.
 *
 * The wait is turned into a deadline once, from the moment it arrived, and counted down to it: it
 * only goes down, and at 0 it is over (nothing re-reads an old wait). Both ends are read on the
 * monotonic clock (`kioskClock`), never `Date.now()`: a system clock stepped back would show the wait
 * again ("Try again in 30 s" at 0) or stretch it ("60 s" becoming "117 s"); stepped on, end it early.
 */
export function useKioskStatus(): KioskView {
  const { status, receivedAt, locked } = useCoreMirror(
    useShallow((s) => ({
      status: s.kiosk,
      receivedAt: s.kioskReceivedAt,
      locked: selectKioskLock(s).locked,
    })),
  );
  const editable = useEditableNow();
  const [now, setNow] = useState(kioskClock);
  // A new status is a new moment to count from: the moment it arrived.
  const [seen, setSeen] = useState(receivedAt);
  if (seen !== receivedAt) {
    setSeen(receivedAt);
    setNow(receivedAt);
  }

  const retryInMs = pinRetryLeftMs({ kiosk: status, kioskReceivedAt: receivedAt }, now);
  // The next second of the wait counted down.
  const nextChangeMs = retryInMs > 0 ? retryInMs % 1000 || 1000 : null;

  useEffect(() => {
    if (nextChangeMs === null) return;
    const timer = setTimeout(() => setNow(kioskClock()), nextChangeMs);
    return () => clearTimeout(timer);
  }, [nextChangeMs, now]);

  const shown = useMemo(() => status && { ...status, locked }, [status, locked]);
  return { status: shown, lockedNow: !editable, retryInMs };
}
