export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs only the last of a burst of calls, `delayMs` after the burst ends.
 *
 * For the keyword filter: every keystroke schedules a search, and only the one after the operator
 * paused ~250 ms is sent.
 */
export class Debouncer {
  private handle: unknown = undefined;
  private pending: (() => void) | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly timers: Timers = globalTimers,
  ) {}

  schedule(fn: () => void): void {
    this.cancel();
    this.pending = fn;
    this.handle = this.timers.setTimeout(() => this.flush(), this.delayMs);
  }

  /** Run the pending call now (Enter in the filter field). */
  flush(): void {
    const fn = this.pending;
    this.cancel();
    fn?.();
  }

  cancel(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
    this.pending = undefined;
  }

  get isPending(): boolean {
    return this.pending !== undefined;
  }
}
