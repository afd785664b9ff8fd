/** The timers running, one per period, and what each one calls. */
const beats = new Map<number, { timer: ReturnType<typeof setInterval>; calls: Set<() => void> }>();

/**
 * Call `call` every `intervalMs` on one timer shared with every other caller of the same period,
 * until the function returned is called. The first call comes at the shared timer's next beat (within
 * `intervalMs`), not `intervalMs` after joining.
 *
 * Why: each tile of a wall reads its figures once a second; with a timer each, a 16-tile wall woke
 * the page 16 times a second for it, each a task of its own. One timer reads them all in one.
 */
export function everyInterval(intervalMs: number, call: () => void): () => void {
  let beat = beats.get(intervalMs);
  if (!beat) {
    const calls = new Set<() => void>();
    const timer = setInterval(() => {
      for (const each of [...calls]) {
        if (!calls.has(each)) continue;
        try {
          each();
        } catch (error) {
          console.error('[wall] a polled reading failed:', error);
        }
      }
    }, intervalMs);
    beat = { timer, calls };
    beats.set(intervalMs, beat);
  }
  // A function of its own per caller: the same call joined twice is stopped once each.
  const entry = () => call();
  beat.calls.add(entry);
  const joined = beat;
  return () => {
    joined.calls.delete(entry);
    if (joined.calls.size === 0 && beats.get(intervalMs) === joined) {
      clearInterval(joined.timer);
      beats.delete(intervalMs);
    }
  };
}
