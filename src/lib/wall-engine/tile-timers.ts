import type { EngineClock, TimerHandle } from './clock';

/**
 * A tile's named timers on the engine's clock: one of each name at a time, forgotten once run, so
 * "is the retry pending" is `has('retry')`.
 */
export class TileTimers<Name extends string> {
  private readonly handles = new Map<Name, TimerHandle>();

  constructor(private readonly clock: EngineClock) {}

  /** Run `run` after `delayMs` (a timer of that name already set is replaced). */
  set(name: Name, delayMs: number, run: () => void): void {
    this.clear(name);
    this.handles.set(
      name,
      this.clock.setTimeout(() => {
        this.handles.delete(name);
        run();
      }, delayMs),
    );
  }

  has(name: Name): boolean {
    return this.handles.has(name);
  }

  clear(name: Name): void {
    const handle = this.handles.get(name);
    if (handle === undefined) return;
    this.clock.clearTimeout(handle);
    this.handles.delete(name);
  }
}
