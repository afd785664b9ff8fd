import { useEffect, useRef, useState, type DependencyList } from 'react';
import { everyInterval } from './shared-interval';

/**
 * A value read every `intervalMs` (and at once), re-rendering only when `equal` says it changed. The
 * reads of every tile at the same period share one timer (shared-interval.ts).
 *
 * setState is called only on a change, never with the value the component already has: React 19
 * queues such an update on the hook anyway and drops it only at the component's next render
 * (`dispatchSetStateInternal`'s eager bail-out, react#28981). A tile with nothing new to show never
 * renders again, so a once-a-second `setState(prev => prev)` kept every update with its closure:
 * ~2,200 objects a minute on a quiet 36-tile wall, the renderer's slow creep over the soaks.
 */
export function usePolled<T>(
  read: () => T,
  equal: (a: T, b: T) => boolean,
  intervalMs: number | null,
  deps: DependencyList,
): T {
  const [value, setValue] = useState<T>(read);
  // What the component shows: only the effect below changes it.
  const shown = useRef(value);
  useEffect(() => {
    if (intervalMs === null) return;
    const tick = () => {
      const next = read();
      if (equal(shown.current, next)) return;
      shown.current = next;
      setValue(() => next);
    };
    tick();
    // One timer for every value read at this period (every tile's figures), not one each.
    return everyInterval(intervalMs, tick);
    // The caller names what `read` and `equal` depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intervalMs, ...deps]);
  return value;
}
