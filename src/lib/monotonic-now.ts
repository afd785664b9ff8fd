/**
 * Milliseconds since the epoch that never jump: the page's time origin plus its monotonic clock.
 *
 * A wall runs for weeks, and meanwhile the system clock may be stepped (NTP correcting a clock that
 * ran ahead, an administrator). Measured with `Date.now()`, a step back leaves "now" behind the time
 * of the last frame seen, and the frame watchdog and the stale badge see nothing wrong for as long as
 * the step, an hour if it is an hour; a step forward flashes a huge frame age and a false frame rate.
 * Durations (the frame watchdog, the stale badge, frame rates, backoff, "down for") are measured on
 * this clock; to show one of its times as a time of day, take it back from `Date.now()` (`wallTime`).
 */
export function monotonicNow(): number {
  return globalThis.performance.timeOrigin + globalThis.performance.now();
}

/** The time of day (epoch ms, for showing) of `ms` on the monotonic clock whose present is `now`. */
export function wallTime(ms: number, now: number = monotonicNow(), wallNow: number = Date.now()): number {
  return wallNow - (now - ms);
}
