import { systemClock } from '../../lib/wall-engine/clock';
import { WallTicker } from '../../lib/wall-engine/wall-ticker';

/** One beat per period, shared by every caller of that period (a beat stops with its last caller). */
const beats = new Map<number, WallTicker>();

/**
 * Call `call` every `intervalMs` on one timer shared with every other caller of the same period,
 * until the function returned is called. The first call comes at the shared timer's next beat (within
 * `intervalMs`), not `intervalMs` after joining.
 *
 * Why: each tile of a wall reads its figures once a second; with a timer each, a 16-tile wall woke
 * the page 16 times a second for it, each a task of its own. One timer reads them all in one, on the
 * same beat the engine reads every tile's frames at (wall-ticker.ts).
 */
export function everyInterval(intervalMs: number, call: () => void): () => void {
  let beat = beats.get(intervalMs);
  if (!beat) {
    beat = new WallTicker(systemClock, intervalMs);
    beats.set(intervalMs, beat);
  }
  return beat.add(call);
}
