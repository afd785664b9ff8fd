import { monotonicNow } from '../monotonic-now';

export type TimerHandle = unknown;

/** Time and timers, injected so the engine runs under fake timers in tests. */
export interface EngineClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * The real clock: time from `monotonicNow` (never jumps with the system clock), timers from the
 * globals. Reads the globals at call time, so vitest's fake timers also drive it.
 */
export const systemClock: EngineClock = {
  now: monotonicNow,
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
