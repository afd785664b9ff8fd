import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pauseTour,
  resumeTour,
  startTourClock,
  stepTour,
  tickTour,
  tourPageReady,
  tourView,
  tourWakeAt,
  TOUR_LEAD_MS,
} from '../../../../../src/features/wall/tour-clock';
import { TourRunner } from '../../../../../src/features/wall/tour-runner';
import type { TourView } from '../../../../../src/features/wall/tour-clock';

const DWELL = 10_000;

describe('tour clock (pure)', () => {
  it('refuses a tour without pages or without a dwell', () => {
    expect(() => startTourClock(0, DWELL, 0)).toThrow(RangeError);
    expect(() => startTourClock(1.5, DWELL, 0)).toThrow(RangeError);
    expect(() => startTourClock(3, 0, 0)).toThrow(RangeError);
  });

  it('shows the first page, pre-rolls the next one 2 s before its switch, then switches at the dwell', () => {
    let c = startTourClock(3, DWELL, 1000);
    expect(tourView(c, 1000)).toEqual({
      page: 0,
      upcoming: null,
      countdownMs: DWELL,
      paused: false,
      jumping: false,
      holding: false,
    });
    expect(tourWakeAt(c, 1000)).toBe(1000 + DWELL - TOUR_LEAD_MS);
    // Just before the pre-roll nothing is started; from the lead on, page 1 is.
    expect(tourView(c, 1000 + DWELL - TOUR_LEAD_MS - 1).upcoming).toBeNull();
    expect(tourView(c, 1000 + DWELL - TOUR_LEAD_MS)).toMatchObject({
      page: 0,
      upcoming: 1,
      countdownMs: TOUR_LEAD_MS,
    });
    expect(tourWakeAt(c, 1000 + DWELL - TOUR_LEAD_MS)).toBe(1000 + DWELL);
    // Ready is heard only for the page started ahead, and only once it is started.
    expect(tourPageReady(c, 1, 1000 + DWELL - TOUR_LEAD_MS - 1)).toBe(c);
    expect(tourPageReady(c, 2, 1000 + DWELL - 1000)).toBe(c);
    c = tourPageReady(c, 1, 1000 + DWELL - 1000);
    expect(c.upcomingReady).toBe(true);
    expect(tourPageReady(c, 1, 1000 + DWELL - 900)).toBe(c);
    // Ticks before the end change nothing.
    expect(tickTour(c, 1000 + DWELL - 1)).toBe(c);
    c = tickTour(c, 1000 + DWELL);
    expect(tourView(c, 1000 + DWELL)).toMatchObject({ page: 1, upcoming: null, countdownMs: DWELL });
    expect(c.upcomingReady).toBe(false);
    c = tickTour(tourPageReady(c, 2, 1000 + 2 * DWELL - 500), 1000 + 2 * DWELL);
    expect(c.page).toBe(2);
    // After the last page, the first again.
    expect(tourView(c, 1000 + 3 * DWELL - 500).upcoming).toBe(0);
    c = tickTour(tourPageReady(c, 0, 1000 + 3 * DWELL - 500), 1000 + 3 * DWELL);
    expect(c.page).toBe(0);
  });

  it('holds a switch for a page not ready yet, at most a lead, and switches the moment it is ready', () => {
    let c = startTourClock(3, DWELL, 0);
    // Not ready at the end of the dwell: held, the countdown at 0, the next page still started.
    expect(tickTour(c, DWELL)).toBe(c);
    expect(tourView(c, DWELL + 500)).toMatchObject({ page: 0, upcoming: 1, countdownMs: 0, holding: true });
    expect(tourWakeAt(c, DWELL)).toBe(DWELL + TOUR_LEAD_MS);
    // Ready during the hold: switched then, the next dwell counted from then.
    const held = tourPageReady(c, 1, DWELL + 700);
    expect(tourView(held, DWELL + 700)).toMatchObject({ page: 1, countdownMs: DWELL, holding: false });
    expect(held.dueAt).toBe(DWELL + 700 + DWELL);
    // Never ready (a dead camera): switched in when the hold is over.
    expect(tickTour(c, DWELL + TOUR_LEAD_MS - 1)).toBe(c);
    c = tickTour(c, DWELL + TOUR_LEAD_MS);
    expect(c.page).toBe(1);
    expect(c.dueAt).toBe(DWELL + TOUR_LEAD_MS + DWELL);
  });

  it('keeps its cadence when a tick comes late, and starts afresh after falling a whole dwell behind', () => {
    let c = startTourClock(2, DWELL, 0);
    c = tickTour(tourPageReady(c, 1, DWELL - 100), DWELL + 300); // a busy machine: 300 ms late
    expect(c.dueAt).toBe(2 * DWELL);
    c = tickTour(tourPageReady(c, 0, 2 * DWELL - 100), 2 * DWELL + DWELL + 5); // slept through a whole dwell
    expect(c.page).toBe(0);
    expect(c.dueAt).toBe(3 * DWELL + 5 + DWELL);
    // Not ready and a whole dwell behind: switched at once, from now.
    c = tickTour(c, 3 * DWELL + 5 + 2 * DWELL);
    expect(c.page).toBe(1);
    expect(c.dueAt).toBe(3 * DWELL + 5 + 2 * DWELL + DWELL);
  });

  it('caps the lead at half the dwell', () => {
    expect(startTourClock(2, 3000, 0).leadMs).toBe(1500);
    expect(startTourClock(2, DWELL, 0, { leadMs: 500 }).leadMs).toBe(500);
  });

  it('starts on the page asked, wrapped into the tour', () => {
    expect(startTourClock(3, DWELL, 0, { page: 4 }).page).toBe(1);
    expect(startTourClock(3, DWELL, 0, { page: -1 }).page).toBe(2);
  });

  it('a one-page tour never pre-rolls and restarts its countdown', () => {
    let c = startTourClock(1, DWELL, 0);
    expect(tourView(c, DWELL - 100).upcoming).toBeNull();
    expect(tourWakeAt(c, 0)).toBe(DWELL);
    c = tickTour(c, DWELL);
    expect(c.page).toBe(0);
    expect(tourView(c, DWELL).countdownMs).toBe(DWELL);
    // Next and previous have nowhere to go.
    expect(stepTour(c, 1, DWELL)).toBe(c);
  });

  it('pause holds the page and the countdown, stops the pre-roll; resume gives at least the lead', () => {
    let c = startTourClock(3, DWELL, 0);
    c = pauseTour(c, 3000);
    expect(pauseTour(c, 4000)).toBe(c);
    expect(tourView(c, 60_000)).toEqual({
      page: 0,
      upcoming: null,
      countdownMs: 7000,
      paused: true,
      jumping: false,
      holding: false,
    });
    expect(tickTour(c, 60_000)).toBe(c);
    expect(tourWakeAt(c, 60_000)).toBeNull();
    c = resumeTour(c, 60_000);
    expect(resumeTour(c, 60_001)).toBe(c);
    expect(tourView(c, 60_000)).toMatchObject({ paused: false, countdownMs: 7000 });
    expect(tickTour(tourPageReady(c, 1, 65_500), 67_000).page).toBe(1);
    // While paused nothing is started ahead, so no ready is heard.
    const p = pauseTour(c, 61_000);
    expect(tourPageReady(p, 1, 61_000)).toBe(p);

    // Paused during the pre-roll: the pre-rolled page is let go; resuming starts it again with a full lead.
    let d = startTourClock(3, DWELL, 0);
    expect(tourView(d, 9500).upcoming).toBe(1);
    d = pauseTour(tourPageReady(d, 1, 9000), 9500);
    expect(d.upcomingReady).toBe(false);
    expect(tourView(d, 9500).upcoming).toBeNull();
    d = resumeTour(d, 20_000);
    expect(tourView(d, 20_000)).toMatchObject({ upcoming: 1, countdownMs: TOUR_LEAD_MS });
  });

  it('next pre-rolls the target at once and switches as soon as it is ready', () => {
    let c = startTourClock(4, DWELL, 0);
    c = stepTour(c, 1, 1000);
    expect(tourView(c, 1000)).toMatchObject({ page: 0, upcoming: 1, jumping: true });
    expect(tourWakeAt(c, 1000)).toBe(1000 + TOUR_LEAD_MS);
    // Another page reporting ready does not switch; the target does.
    expect(tourPageReady(c, 2, 1400)).toBe(c);
    c = tourPageReady(c, 1, 1500);
    expect(tourView(c, 1500)).toMatchObject({ page: 1, upcoming: null, jumping: false, countdownMs: DWELL });
    // Ready without a jump: nothing (the regular switch waits for its time).
    expect(tourPageReady(c, 2, 9000)).toBe(c);
  });

  it('a jump whose page is never ready switches at its deadline', () => {
    let c = startTourClock(4, DWELL, 0);
    c = stepTour(c, -1, 1000);
    expect(tourView(c, 1000).upcoming).toBe(3);
    expect(tickTour(c, 2999)).toBe(c);
    c = tickTour(c, 3000);
    expect(c.page).toBe(3);
    expect(c.dueAt).toBe(3000 + DWELL);
  });

  it('pressing again moves the target on; back to the page on show cancels the jump', () => {
    let c = startTourClock(4, DWELL, 0);
    c = stepTour(stepTour(c, 1, 100), 1, 200);
    expect(c.jump).toEqual({ to: 2, by: 200 + TOUR_LEAD_MS });
    c = stepTour(stepTour(c, -1, 300), -1, 400);
    expect(c.jump).toBeNull();
    expect(tourView(c, 400)).toMatchObject({ page: 0, jumping: false, holding: false });
  });

  it('a jump while paused shows the new page, still paused, with a full dwell', () => {
    let c = pauseTour(startTourClock(3, DWELL, 0), 4000);
    c = stepTour(c, 1, 5000);
    expect(tourView(c, 5000)).toMatchObject({ upcoming: 1, paused: true, jumping: true });
    c = tourPageReady(c, 1, 5200);
    expect(tourView(c, 99_999)).toEqual({
      page: 1,
      upcoming: null,
      countdownMs: DWELL,
      paused: true,
      jumping: false,
      holding: false,
    });
  });
});

describe('TourRunner (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  const run = (pages = 3) => {
    const views: TourView[] = [];
    const switches: [number, number][] = [];
    const runner = new TourRunner({
      pages,
      dwellMs: DWELL,
      now: () => Date.now(),
      onChange: (v) => views.push(v),
      onSwitch: (page, from) => switches.push([page, from]),
    });
    return { runner, views, switches };
  };

  it('pre-rolls, switches and logs each switch on its own timer', () => {
    const { runner, views, switches } = run();
    expect(runner.view()).toMatchObject({ page: 0, upcoming: null });
    vi.advanceTimersByTime(DWELL - TOUR_LEAD_MS - 1);
    expect(views).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(views.at(-1)).toMatchObject({ page: 0, upcoming: 1, countdownMs: TOUR_LEAD_MS });
    runner.pageReady(1);
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(views.at(-1)).toMatchObject({ page: 1, upcoming: null });
    expect(switches).toEqual([[1, 0]]);
    // Page 2 never reports ready: its switch is held a lead, and shown as held meanwhile.
    vi.advanceTimersByTime(DWELL);
    expect(views.at(-1)).toMatchObject({ page: 1, upcoming: 2, holding: true });
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(switches).toEqual([
      [1, 0],
      [2, 1],
    ]);
    // Page 0 ready during its hold: switched at once.
    vi.advanceTimersByTime(DWELL + 300);
    runner.pageReady(0);
    expect(switches).toEqual([
      [1, 0],
      [2, 1],
      [0, 2],
    ]);
    runner.stop();
    vi.advanceTimersByTime(5 * DWELL);
    expect(switches).toHaveLength(3);
    // Stopped: the controls do nothing.
    runner.next();
    vi.advanceTimersByTime(DWELL);
    expect(switches).toHaveLength(3);
  });

  it('pause holds for as long as it lasts; resume carries on with what was left', () => {
    const { runner, views, switches } = run();
    vi.advanceTimersByTime(4000);
    runner.pause();
    expect(views.at(-1)).toMatchObject({ paused: true, countdownMs: 6000 });
    vi.advanceTimersByTime(10 * DWELL);
    expect(switches).toEqual([]);
    runner.resume();
    expect(views.at(-1)).toMatchObject({ paused: false });
    vi.advanceTimersByTime(5000);
    runner.pageReady(1);
    vi.advanceTimersByTime(999);
    expect(switches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(switches).toEqual([[1, 0]]);
  });

  it('next and previous switch when the page is ready, or at the lead at the latest', () => {
    const { runner, switches } = run(4);
    runner.next();
    expect(runner.view()).toMatchObject({ upcoming: 1, jumping: true });
    vi.advanceTimersByTime(700);
    runner.pageReady(1);
    expect(switches).toEqual([[1, 0]]);
    runner.previous();
    runner.previous();
    expect(runner.view()).toMatchObject({ page: 1, upcoming: 3 });
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(switches).toEqual([
      [1, 0],
      [3, 1],
    ]);
    // The dwell counts from the switch.
    vi.advanceTimersByTime(DWELL - 1000);
    runner.pageReady(0);
    vi.advanceTimersByTime(999);
    expect(switches).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(switches.at(-1)).toEqual([0, 3]);
  });

  it('a one-page tour reports each new countdown and never switches', () => {
    const { views, switches } = run(1);
    vi.advanceTimersByTime(DWELL);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ page: 0, countdownMs: DWELL });
    expect(switches).toEqual([]);
  });

  it('an action after a missed timer first takes the switch that was due', () => {
    const { runner, switches } = run(3);
    // The timer has not run yet (a page busy for longer than the dwell), the clock has moved on.
    vi.setSystemTime(DWELL + TOUR_LEAD_MS + 50);
    runner.pause();
    expect(switches).toEqual([[1, 0]]);
    expect(runner.view()).toMatchObject({ page: 1, paused: true, countdownMs: DWELL });
  });
});
