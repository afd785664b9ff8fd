import {
  pauseTour,
  resumeTour,
  startTourClock,
  stepTour,
  tickTour,
  tourPageReady,
  tourView,
  tourWakeAt,
  type TourClock,
  type TourView,
} from './tour-clock';

export interface TourRunnerOptions {
  pages: number;
  dwellMs: number;
  leadMs?: number;
  /** The monotonic clock (monotonicNow in the app; Date.now under fake timers in tests). */
  now(): number;
  /** Every change of what shows, pre-rolls or whether it is paused (not every countdown second). */
  onChange(view: TourView): void;
  /** A page was switched in (`from` → `page`): the operator log's tour-switch. */
  onSwitch(page: number, from: number): void;
}

/**
 * A tour clock with its timer: sets one timeout for the clock's next moment (a pre-roll or a switch),
 * ticks it, and reports what changed. The pure rules are in tour-clock.ts.
 */
export class TourRunner {
  private clock: TourClock;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last: TourView;
  private stopped = false;

  constructor(private readonly options: TourRunnerOptions) {
    this.clock = startTourClock(options.pages, options.dwellMs, options.now(), {
      ...(options.leadMs !== undefined ? { leadMs: options.leadMs } : {}),
    });
    this.last = tourView(this.clock, options.now());
    this.schedule();
  }

  view(): TourView {
    return tourView(this.clock, this.options.now());
  }

  pause(): void {
    this.apply((c, now) => pauseTour(c, now));
  }
  resume(): void {
    this.apply((c, now) => resumeTour(c, now));
  }
  next(): void {
    this.apply((c, now) => stepTour(c, 1, now));
  }
  previous(): void {
    this.apply((c, now) => stepTour(c, -1, now));
  }
  /** The page's tiles show pictures: a next/previous waiting for it switches now. */
  pageReady(page: number): void {
    this.apply((c, now) => tourPageReady(c, page, now));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private apply(change: (clock: TourClock, now: number) => TourClock): void {
    if (this.stopped) return;
    const now = this.options.now();
    const before = this.clock;
    // Time may have passed a switch the timer has not fired for yet: tick first.
    this.clock = change(tickTour(this.clock, now), now);
    this.report(before, now);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    const now = this.options.now();
    const at = tourWakeAt(this.clock, now);
    if (at === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.apply((c) => c);
      },
      Math.max(0, at - now),
    );
  }

  private report(before: TourClock, now: number): void {
    const view = tourView(this.clock, now);
    if (this.clock.page !== before.page) this.options.onSwitch(this.clock.page, before.page);
    const last = this.last;
    if (
      view.page !== last.page ||
      view.upcoming !== last.upcoming ||
      view.paused !== last.paused ||
      view.jumping !== last.jumping ||
      view.holding !== last.holding ||
      // A restarted dwell on the same page (a one-page tour) or a resume moves the countdown.
      this.clock.dueAt !== before.dueAt
    ) {
      this.last = view;
      this.options.onChange(view);
    }
  }
}
