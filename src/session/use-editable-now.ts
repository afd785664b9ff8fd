import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { editableNow } from '../../electron/shared/kiosk-rule';
import { selectKioskLock, useCoreMirror } from './core-mirror';

/** The longest setTimeout waits as asked (a far end would fire at once, again and again). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the wall may be changed now, by the core's own rule (`editableNow`) over the mirror's
 * kiosk lock: rendered again when the lock or an administrator's unlock changes, and once more when
 * the unlock runs out (no tick while it runs: the whole shell renders with this).
 */
export function useEditableNow(): boolean {
  const { locked, unlockedUntil } = useCoreMirror(useShallow(selectKioskLock));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!locked || unlockedUntil === null) return;
    const lock = { locked, unlockedUntil };
    const real = Date.now();
    // The clock is read again at once when `now` is behind a new unlock's news, else when the unlock ends.
    const wait = editableNow(lock, now) !== editableNow(lock, real) ? 0 : unlockedUntil - real;
    if (wait < 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [locked, unlockedUntil, now]);

  return editableNow({ locked, unlockedUntil }, now);
}
