/**
 * What the desktop shell does when something dies, as pure decisions over a history of events.
 *
 * No Electron, no timers, no files: the shell records what happened (a page died, the GPU process
 * died, the app started, the app ran long enough to count as healthy), asks these functions what to
 * do, and does it. Every branch is unit tested with plain numbers for time.
 *
 * The ladder for a wall page that keeps dying: reload it (backing off), then build a new window
 * (a window can be left in a bad state a reload does not clear), then relaunch the whole app (the
 * GPU or network process may be what is broken); and if the app keeps dying at start-up, stop
 * relaunching and show a safe screen that says what failed, instead of spinning.
 */

export interface RecoveryLimits {
  /** Deaths closer together than this count as "in a row". */
  windowMs: number;
  /** From this many deaths in a row, the window is recreated instead of reloaded. */
  recreateAfter: number;
  /** From this many deaths in a row, the app relaunches. */
  relaunchAfter: number;
  /** First reload delay; doubles with each death in a row, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** GPU process deaths within windowMs that make the next start run without hardware acceleration. */
  gpuCrashesToDisable: number;
  /** Starts within startLoopMs that never became healthy: a crash loop. */
  startsToCallALoop: number;
  startLoopMs: number;
}

export const DEFAULT_LIMITS: RecoveryLimits = {
  windowMs: 10 * 60_000,
  recreateAfter: 4,
  relaunchAfter: 6,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  gpuCrashesToDisable: 3,
  startsToCallALoop: 3,
  startLoopMs: 5 * 60_000,
};

export type PageAction =
  | { kind: 'reload'; delayMs: number; inARow: number }
  | { kind: 'recreate-window'; delayMs: number; inARow: number }
  | { kind: 'relaunch-app'; inARow: number };

/** A page's deaths so far: how many in a row, and when it was last brought back. */
export interface PageHistory {
  inARow: number;
  /** Epoch ms of the last reload or new window; -Infinity before the first. */
  lastRecoveryAt: number;
}

export const FRESH_PAGE: PageHistory = { inARow: 0, lastRecoveryAt: -Infinity };

/** Times (epoch ms) that fall within `windowMs` before `now`, oldest first. */
function recent(times: readonly number[], now: number, windowMs: number): number[] {
  return times.filter((t) => t <= now && now - t < windowMs).sort((a, b) => a - b);
}

/**
 * The page died at `now`: what to do, and its history after.
 *
 * A page that stayed up `windowMs` since it was last brought back is healthy again, and the ladder
 * starts from a quick reload. The caller records when it carried the action out (`recovered`).
 */
export function onPageGone(
  history: PageHistory,
  now: number,
  limits: RecoveryLimits = DEFAULT_LIMITS,
): { action: PageAction; history: PageHistory } {
  const inARow = (now - history.lastRecoveryAt >= limits.windowMs ? 0 : history.inARow) + 1;
  const delayMs = Math.min(limits.maxDelayMs, limits.firstDelayMs * 2 ** Math.min(inARow - 1, 30));
  const action: PageAction =
    inARow >= limits.relaunchAfter
      ? { kind: 'relaunch-app', inARow }
      : inARow >= limits.recreateAfter
        ? { kind: 'recreate-window', delayMs, inARow }
        : { kind: 'reload', delayMs, inARow };
  return { action, history: { ...history, inARow } };
}

/** The page was reloaded (or its window rebuilt) at `now`. */
export function recovered(history: PageHistory, now: number): PageHistory {
  return { ...history, lastRecoveryAt: now };
}

/** The GPU process died at `now`: whether the next start should run without hardware acceleration. */
export function onGpuGone(
  history: readonly number[],
  now: number,
  limits: RecoveryLimits = DEFAULT_LIMITS,
): { disableNextStart: boolean; history: number[] } {
  const kept = [...recent(history, now, limits.windowMs), now];
  return { disableNextStart: kept.length >= limits.gpuCrashesToDisable, history: kept };
}

/** What is kept on disk between starts (the launch journal). */
export interface LaunchJournal {
  /** Starts that have not (yet) become healthy, epoch ms. */
  unhealthyStarts: number[];
  /** Why the last start failed, if it said ("the window could not load", an exception message). */
  lastFailure?: string;
  /** GPU process deaths, epoch ms. */
  gpuCrashes: number[];
  /** Set when GPU crashes said so: the next start disables hardware acceleration. */
  disableHardwareAcceleration?: boolean;
}

export const EMPTY_JOURNAL: LaunchJournal = { unhealthyStarts: [], gpuCrashes: [] };

export type StartDecision =
  | { kind: 'start'; disableHardwareAcceleration: boolean }
  | { kind: 'safe-screen'; starts: number; lastFailure: string | undefined };

/**
 * The app is starting at `now`: start normally, or (after a crash loop) show the safe screen.
 *
 * The journal returned records this start as unhealthy until `onHealthy` clears it, so a start that
 * dies before it is healthy counts toward the loop.
 */
export function onStart(
  journal: LaunchJournal,
  now: number,
  limits: RecoveryLimits = DEFAULT_LIMITS,
): { decision: StartDecision; journal: LaunchJournal } {
  const before = recent(journal.unhealthyStarts, now, limits.startLoopMs);
  if (before.length >= limits.startsToCallALoop)
    return {
      decision: { kind: 'safe-screen', starts: before.length, lastFailure: journal.lastFailure },
      // The safe screen does not count as a start: an operator who fixes the cause and restarts gets a real try.
      journal: { ...journal, unhealthyStarts: [] },
    };
  return {
    decision: { kind: 'start', disableHardwareAcceleration: journal.disableHardwareAcceleration === true },
    journal: { ...journal, unhealthyStarts: [...before, now] },
  };
}

/** The app has run long enough to count as healthy: the start loop is over. */
export function onHealthy(journal: LaunchJournal): LaunchJournal {
  return { ...journal, unhealthyStarts: [], lastFailure: undefined };
}

/** Something failed during this run (an uncaught exception, a window that could not load). */
export function onFailure(journal: LaunchJournal, why: string): LaunchJournal {
  return { ...journal, lastFailure: why.slice(0, 500) };
}
