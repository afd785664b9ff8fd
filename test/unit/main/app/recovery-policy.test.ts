import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  EMPTY_JOURNAL,
  onFailure,
  onGpuGone,
  onHealthy,
  onPageGone,
  onStart,
  FRESH_PAGE,
  recovered,
  type PageAction,
  type PageHistory,
} from '../../../../electron/main/app/recovery-policy';

const MIN = 60_000;

/** Deaths at the given times (ms), each brought back at once: the actions taken. */
function ladder(times: number[]): PageAction[] {
  let history: PageHistory = FRESH_PAGE;
  return times.map((t) => {
    const next = onPageGone(history, t);
    history = recovered(next.history, t);
    return next.action;
  });
}

describe('recovery policy: a page that keeps dying', () => {
  it('reloads with a doubling delay, then recreates the window, then relaunches the app', () => {
    const actions = ladder([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(actions.map((a) => a.kind)).toEqual([
      'reload',
      'reload',
      'reload',
      'recreate-window',
      'recreate-window',
      'relaunch-app',
    ]);
    expect(actions.slice(0, 5).map((a) => ('delayMs' in a ? a.delayMs : 0))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
    expect(actions.map((a) => a.inARow)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('caps the delay', () => {
    const limits = { ...DEFAULT_LIMITS, recreateAfter: 100, relaunchAfter: 100 };
    let history: PageHistory = FRESH_PAGE;
    let last: PageAction | undefined;
    for (let i = 0; i < 20; i++) {
      const next = onPageGone(history, i * 1000, limits);
      history = recovered(next.history, i * 1000);
      last = next.action;
    }
    expect(last).toEqual({ kind: 'reload', delayMs: 60_000, inARow: 20 });
  });

  it('a page that stayed up for the window since it was brought back starts the ladder again', () => {
    const actions = ladder([0, 1000, 2000, 2000 + 10 * MIN]);
    expect(actions[3]).toEqual({ kind: 'reload', delayMs: 1000, inARow: 1 });
    // Just short of the window, it is still in a row.
    expect(ladder([0, 1000, 1000 + 10 * MIN - 1])[2].inARow).toBe(3);
  });
});

describe('recovery policy: the GPU process', () => {
  it('asks the next start to disable hardware acceleration after 3 GPU deaths within 10 minutes', () => {
    let history: number[] = [];
    const answers = [0, MIN, 2 * MIN].map((t) => {
      const r = onGpuGone(history, t);
      history = r.history;
      return r.disableNextStart;
    });
    expect(answers).toEqual([false, false, true]);
  });

  it('does not count GPU deaths far apart', () => {
    let history: number[] = [];
    for (const t of [0, 11 * MIN, 22 * MIN]) history = onGpuGone(history, t).history;
    expect(onGpuGone(history, 22 * MIN + 1).disableNextStart).toBe(false);
  });
});

describe('recovery policy: start-up', () => {
  it('starts normally, recording the start as unhealthy until it is healthy', () => {
    const { decision, journal } = onStart(EMPTY_JOURNAL, 1000);
    expect(decision).toEqual({ kind: 'start', disableHardwareAcceleration: false });
    expect(journal.unhealthyStarts).toEqual([1000]);
    expect(onHealthy(journal).unhealthyStarts).toEqual([]);
  });

  it('detects a crash loop (3 starts in 5 minutes that never became healthy) and shows the safe screen with why', () => {
    let journal = EMPTY_JOURNAL;
    for (const t of [0, MIN, 2 * MIN]) journal = onStart(journal, t).journal;
    journal = onFailure(journal, 'Error: the settings folder is not writable');
    const { decision, journal: after } = onStart(journal, 3 * MIN);
    expect(decision).toEqual({
      kind: 'safe-screen',
      starts: 3,
      lastFailure: 'Error: the settings folder is not writable',
    });
    // The next start after the safe screen is a real try.
    expect(onStart(after, 4 * MIN).decision.kind).toBe('start');
  });

  it('does not call slow restarts a loop', () => {
    let journal = EMPTY_JOURNAL;
    for (const t of [0, 3 * MIN, 6 * MIN, 9 * MIN]) journal = onStart(journal, t).journal;
    expect(onStart(journal, 12 * MIN).decision.kind).toBe('start');
  });

  it('a start that became healthy breaks the loop', () => {
    let journal = EMPTY_JOURNAL;
    for (const t of [0, MIN]) journal = onStart(journal, t).journal;
    journal = onHealthy(journal);
    expect(onStart(journal, 2 * MIN).decision.kind).toBe('start');
  });

  it('passes on the GPU decision to the next start', () => {
    const journal = { ...EMPTY_JOURNAL, disableHardwareAcceleration: true };
    expect(onStart(journal, 0).decision).toEqual({ kind: 'start', disableHardwareAcceleration: true });
  });

  it('keeps a failure message short', () => {
    expect(onFailure(EMPTY_JOURNAL, 'x'.repeat(2000)).lastFailure).toHaveLength(500);
  });
});
