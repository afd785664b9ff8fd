/**
 * A tour's timing, pure: which page shows, which page starts hidden ahead of its switch (pre-roll),
 * the countdown, and what pause, resume, next and previous do. Times are monotonic milliseconds
 * (`monotonicNow()`); nothing here reads a clock or sets a timer: the caller asks `wakeAt` when to
 * call `tick` again.
 *
 * - Running: each page shows for `dwellMs`; `leadMs` before its end, the next page is started
 *   hidden, so its tiles already show pictures when it is switched in. The caller reports the page
 *   `ready` when its tiles show pictures. A page not ready at the end of the dwell (a busy machine,
 *   a slow camera) holds the switch until it is, for at most another `leadMs`; then it is switched
 *   in anyway (a dead camera never holds a tour). Switches on time keep their cadence (the next
 *   dwell counts from when the switch was due), unless the tour fell a whole dwell behind (a machine
 *   that slept), which starts afresh from now; a held switch counts from when it happened.
 * - Paused: the page stays and nothing pre-rolls; the countdown holds what was left. Resuming gives
 *   at least `leadMs`, so the next page has its lead.
 * - Next / previous (a jump): the target page is started hidden at once and switched in as soon as
 *   the caller reports it `ready` (its tiles show pictures), at the latest `leadMs` later. Pressing
 *   again before the switch moves the target on; back to the page on show cancels the jump. A jump
 *   works while paused too: the tour shows the new page, still paused, with a full dwell.
 */

/** How long before its switch the next page is started hidden. */
export const TOUR_LEAD_MS = 2000;

export interface TourClock {
  readonly pages: number;
  readonly dwellMs: number;
  readonly leadMs: number;
  /** The page on show (0-based). */
  readonly page: number;
  /** When the page's dwell ends; null while paused. */
  readonly dueAt: number | null;
  /** While paused: the dwell that was left. */
  readonly leftMs: number;
  /** An operator's next/previous: switch to `to` once it is ready, at the latest at `by`. */
  readonly jump: { readonly to: number; readonly by: number } | null;
  /** The page started ahead was reported ready (its tiles show pictures). */
  readonly upcomingReady: boolean;
}

export interface TourView {
  page: number;
  /** The page started hidden under the one on show (null: none). */
  upcoming: number | null;
  /** Milliseconds until the switch (while paused, what is left of the dwell). */
  countdownMs: number;
  paused: boolean;
  /** A jump is waiting for its page to be ready. */
  jumping: boolean;
  /** The dwell is over and the switch waits (at most a lead) for the next page to be ready. */
  holding: boolean;
}

const wrap = (page: number, pages: number) => ((page % pages) + pages) % pages;

/** A tour starting now on `page` (default the first). */
export function startTourClock(
  pages: number,
  dwellMs: number,
  now: number,
  options: { leadMs?: number; page?: number } = {},
): TourClock {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError('a tour needs at least one page');
  if (!(dwellMs > 0)) throw new RangeError('a tour page needs a dwell');
  // The lead can never be the whole dwell: a page must show before the next one starts.
  const leadMs = Math.min(options.leadMs ?? TOUR_LEAD_MS, dwellMs / 2);
  return {
    pages,
    dwellMs,
    leadMs,
    page: wrap(options.page ?? 0, pages),
    dueAt: now + dwellMs,
    leftMs: 0,
    jump: null,
    upcomingReady: false,
  };
}

/** The page after the one on show, when there is another. */
function following(clock: TourClock): number | null {
  return clock.pages > 1 ? wrap(clock.page + 1, clock.pages) : null;
}

export function tourView(clock: TourClock, now: number): TourView {
  const paused = clock.dueAt === null;
  let upcoming: number | null = null;
  if (clock.jump) upcoming = clock.jump.to;
  else if (clock.dueAt !== null && now >= clock.dueAt - clock.leadMs) upcoming = following(clock);
  return {
    page: clock.page,
    upcoming,
    countdownMs: clock.dueAt === null ? clock.leftMs : Math.max(0, clock.dueAt - now),
    paused,
    jumping: clock.jump !== null,
    holding: clock.jump === null && clock.dueAt !== null && clock.pages > 1 && now >= clock.dueAt,
  };
}

/** Show `page` now, with a full dwell from `dueFrom` (kept paused when paused). */
function switchTo(clock: TourClock, page: number, dueFrom: number): TourClock {
  const paused = clock.dueAt === null;
  return {
    ...clock,
    page,
    jump: null,
    upcomingReady: false,
    dueAt: paused ? null : dueFrom + clock.dwellMs,
    leftMs: paused ? clock.dwellMs : 0,
  };
}

/**
 * Time passes: switch when a dwell is over and the next page is ready (or its hold is over), or
 * when a jump's deadline is over.
 */
export function tickTour(clock: TourClock, now: number): TourClock {
  if (clock.jump) return now >= clock.jump.by ? switchTo(clock, clock.jump.to, now) : clock;
  if (clock.dueAt === null || now < clock.dueAt) return clock;
  const behind = now - clock.dueAt >= clock.dwellMs;
  const next = following(clock);
  // One page: the countdown starts again, nothing switches.
  if (next === null) return switchTo(clock, clock.page, behind ? now : clock.dueAt);
  if (clock.upcomingReady) return switchTo(clock, next, behind ? now : clock.dueAt);
  // Not ready: held, at most a lead (a machine that slept through it switches at once).
  return now >= clock.dueAt + clock.leadMs ? switchTo(clock, next, now) : clock;
}

/**
 * The caller saw `page`'s tiles ready: a jump waiting for it switches now, and so does a switch held
 * for it; the page started ahead of its switch is marked ready.
 */
export function tourPageReady(clock: TourClock, page: number, now: number): TourClock {
  if (clock.jump) return clock.jump.to === page ? switchTo(clock, page, now) : clock;
  if (clock.dueAt === null || page !== following(clock) || now < clock.dueAt - clock.leadMs) return clock;
  if (now >= clock.dueAt) return switchTo(clock, page, now);
  return clock.upcomingReady ? clock : { ...clock, upcomingReady: true };
}

/** Next (+1) or previous (−1): pre-roll the target now, switch when it is ready. */
export function stepTour(clock: TourClock, direction: 1 | -1, now: number): TourClock {
  if (clock.pages < 2) return clock;
  const from = clock.jump ? clock.jump.to : clock.page;
  const to = wrap(from + direction, clock.pages);
  if (to === clock.page) return { ...clock, jump: null, upcomingReady: false };
  return { ...clock, jump: { to, by: now + clock.leadMs }, upcomingReady: false };
}

export function pauseTour(clock: TourClock, now: number): TourClock {
  if (clock.dueAt === null) return clock;
  // What was started ahead is let go: after a resume it starts again and must be ready again.
  return { ...clock, dueAt: null, leftMs: Math.max(0, clock.dueAt - now), upcomingReady: false };
}

export function resumeTour(clock: TourClock, now: number): TourClock {
  if (clock.dueAt !== null) return clock;
  return { ...clock, dueAt: now + Math.max(clock.leftMs, clock.leadMs), leftMs: 0 };
}

/** When `tick` must run next (null: nothing happens until the operator acts). */
export function tourWakeAt(clock: TourClock, now: number): number | null {
  if (clock.jump) return clock.jump.by;
  if (clock.dueAt === null) return null;
  const preRoll = clock.dueAt - clock.leadMs;
  if (clock.pages > 1 && now < preRoll) return preRoll;
  // Held for a page not ready: until the hold is over.
  return clock.pages > 1 && now >= clock.dueAt ? clock.dueAt + clock.leadMs : clock.dueAt;
}
