import type { EngineClock, TimerHandle } from './clock';
import { DEFAULT_SUPERVISOR_SETTINGS } from './supervisor-settings';

/**
 * One timer that beats for every tile of a wall: each playing tile reads its frame progress at the
 * beat (`SupervisorSettings.tickMs`), all of them in one task.
 *
 * Why: each tile kept a timer of its own, so a 16-tile wall woke the page's main thread 64 times a
 * second at 250 ms, each wake-up a timer task with its own entry into the page's script; on a trace
 * `TimerFire` took 33–63 ms a second of the wall's main thread against 1–3 on a plain page of the same
 * players. One beat does the same readings with four wake-ups a second.
 *
 * The beat starts with its first tile and stops with its last, so a tile alone (a supervisor made
 * without a wall) is read `periodMs` after it started and every `periodMs` after that, as with a timer
 * of its own. A tile that joins a running beat is first read at the next one (within `periodMs`).
 */
export class WallTicker {
  private readonly ticks = new Set<() => void>();
  private timer: TimerHandle | null = null;

  private readonly periodMs: number;
  /** Aligned beats: when the first one was due (the grid the next ones are kept on). */
  private origin: number | null = null;

  constructor(
    private readonly clock: EngineClock,
    periodMs?: number,
    /**
     * Keep the beats on a grid of `periodMs` from the first (a late beat does not push the next ones
     * back), so there are as many a second as the period says: the beat that shows decoded pictures
     * must not fall behind a stream of the same rate. Default: each beat `periodMs` after the last ran.
     */
    private readonly aligned = false,
  ) {
    this.periodMs = periodMs ?? DEFAULT_SUPERVISOR_SETTINGS.tickMs;
  }

  /** Call `tick` at every beat from the next one on, until the function returned is called. */
  add(tick: () => void): () => void {
    // A function of its own per call: the same tick added twice is two readings, each stopped alone.
    const entry = () => tick();
    this.ticks.add(entry);
    if (this.timer === null) this.schedule();
    return () => {
      this.ticks.delete(entry);
      if (this.ticks.size === 0 && this.timer !== null) {
        this.clock.clearTimeout(this.timer);
        this.timer = null;
        this.origin = null;
      }
    };
  }

  /** Tiles read at each beat now. */
  get size(): number {
    return this.ticks.size;
  }

  private schedule(): void {
    let delay = this.periodMs;
    if (this.aligned) {
      const now = this.clock.now();
      if (this.origin === null) this.origin = now;
      // The next grid point after now (a beat that ran late skips none: it is the one it was).
      delay = this.periodMs - ((now - this.origin) % this.periodMs);
    }
    this.timer = this.clock.setTimeout(() => this.beat(), delay);
  }

  private beat(): void {
    this.timer = null;
    // A tile's reading may stop it (a stall tears the attempt down) or start another's: the beat reads
    // the tiles it had when it came, each only while it is still there.
    for (const tick of [...this.ticks]) {
      if (!this.ticks.has(tick)) continue;
      try {
        tick();
      } catch (error) {
        console.error('[wall] a tile reading failed:', error);
      }
    }
    if (this.ticks.size > 0 && this.timer === null) this.schedule();
  }
}
