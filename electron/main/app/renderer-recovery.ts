import type { BrowserWindow, RenderProcessGoneDetails } from 'electron';
import type { Logger } from '../../core/logger';
import type { ErrorParams } from '../../shared/domain';
import type { NoticeInput, NoticeSink } from '../../core/ports';
import { DEFAULT_LIMITS, FRESH_PAGE, onPageGone, recovered, type PageHistory } from './recovery-policy';

/**
 * A wall window that heals itself when its page dies or hangs: nobody may be at the keyboard for weeks.
 *
 * - The renderer process is gone (crashed, killed, out of memory): the page is reloaded, which reopens
 *   the last layout. Reloads that follow each other back off (1, 2, 4 ... 60 s) so a page that crashes
 *   as it starts cannot spin; a page that stayed up for `stableMs` starts from 1 s again.
 * - The page stopped answering (Chromium's `unresponsive`) and is still stuck `hangGraceMs` later: its
 *   process is ended (`forcefullyCrashRenderer`), and the reload above takes over.
 * - Something else decided the page must start afresh (`restart(why)`, e.g. its memory outgrew its
 *   limit): its process is ended the same way, so the reload gets a new process with nothing left of
 *   the old one (a reload alone keeps the process, and whatever its allocator holds).
 *
 * The operator learns about it from a notice (it outlives the reload: the app's notices are kept in
 * the main process), and the log says why.
 */
export interface RendererRecoveryOptions {
  log: Logger;
  notify: NoticeSink;
  /** How long a page may stay unresponsive after Chromium says so before it is restarted. */
  hangGraceMs?: number;
  /** First reload delay; doubles with each reload that follows within `stableMs`. */
  reloadDelayMs?: number;
  maxReloadDelayMs?: number;
  /** A page that has run this long since its last reload counts as healthy again. */
  stableMs?: number;
  now?: () => number;
  /**
   * The rungs above a reload (recovery-policy.ts): from the 4th death in a row the window is
   * rebuilt, from the 6th the app relaunches. Absent: the page is only ever reloaded.
   */
  escalate?: { recreateWindow(): void; relaunchApp(): void };
}

type NoticeLevel = NoticeInput['level'];

const DEFAULTS = {
  hangGraceMs: 10_000,
  reloadDelayMs: 1_000,
  maxReloadDelayMs: 60_000,
  stableMs: 5 * 60_000,
};

export interface RendererRecovery {
  /**
   * End the page's process and reload it in a new one; `why` finishes "The wall's page was restarted: …".
   * `memory` (the MiB it held and its limit, in words) codes the notice for the renderer to word.
   */
  restart(why: string, memory?: { used: string; limit: string }): void;
  /** Stop watching (closing the window does this too). */
  stop(): void;
}

/** Watches `window` until it is closed. */
export function keepRendererAlive(window: BrowserWindow, options: RendererRecoveryOptions): RendererRecovery {
  const { log, notify } = options;
  const hangGraceMs = options.hangGraceMs ?? DEFAULTS.hangGraceMs;
  const firstDelay = options.reloadDelayMs ?? DEFAULTS.reloadDelayMs;
  const maxDelay = options.maxReloadDelayMs ?? DEFAULTS.maxReloadDelayMs;
  const stableMs = options.stableMs ?? DEFAULTS.stableMs;
  const now = options.now ?? Date.now;
  const contents = window.webContents;

  const limits = {
    ...DEFAULT_LIMITS,
    windowMs: stableMs,
    firstDelayMs: firstDelay,
    maxDelayMs: maxDelay,
    ...(!options.escalate && { recreateAfter: Infinity, relaunchAfter: Infinity }),
  };
  let page: PageHistory = FRESH_PAGE;
  let reloadTimer: ReturnType<typeof setTimeout> | null = null;
  let hangTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** Why the page is being restarted on purpose, until its process is gone. */
  let plannedRestart: string | null = null;
  let plannedRestartMemory: { used: string; limit: string } | undefined;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;

  const clearHang = (): void => {
    if (hangTimer) clearTimeout(hangTimer);
    hangTimer = null;
  };

  const tell = (level: NoticeLevel, message: string, code: string, params?: ErrorParams): void => {
    try {
      notify({
        level,
        source: 'wall window',
        message,
        code,
        ...(params && Object.keys(params).length > 0 && { params }),
      });
    } catch (error) {
      log.error('could not raise a notice', { error: (error as Error).message });
    }
  };

  const onGone = (_event: unknown, details: RenderProcessGoneDetails): void => {
    clearHang();
    const planned = plannedRestart;
    const plannedMemory = plannedRestartMemory;
    plannedRestart = null;
    plannedRestartMemory = undefined;
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    // clean-exit: the window is closing, or Chromium swapped the process on purpose.
    if (stopped || details.reason === 'clean-exit' || window.isDestroyed()) return;
    if (reloadTimer) return; // a reload is already on its way
    const step = onPageGone(page, now(), limits);
    page = step.history;
    const { action } = step;
    const cause = planned ? `restarted: ${planned}` : details.reason;
    if (action.kind === 'relaunch-app') {
      log.error(`the wall's page is gone (${cause}) ${action.inARow} times in a row: relaunching the app`);
      tell(
        'error',
        `The wall's page stopped ${action.inARow} times in a row; the app is restarting.`,
        'notice.page.relaunching',
        { count: action.inARow },
      );
      options.escalate?.relaunchApp();
      return;
    }
    const delay = action.delayMs;
    const rebuild = action.kind === 'recreate-window';
    log.warn(
      `the wall's page is gone (${cause}, exit code ${details.exitCode}); ${rebuild ? 'rebuilding its window' : 'reloading'} in ${delay} ms`,
      { reloadsInARow: action.inARow },
    );
    const inARow =
      action.inARow > 1 ? ` (${action.inARow} times in a row; waited ${Math.round(delay / 1000)} s)` : '';
    const done = rebuild ? 'its window was rebuilt' : 'was reloaded';
    // The code: what happened (restarted on purpose, reloaded, rebuilt), once or again in a row.
    const what = planned
      ? plannedMemory
        ? 'restartedMemory'
        : 'restarted'
      : rebuild
        ? 'rebuilt'
        : 'reloaded';
    tell(
      'warning',
      planned
        ? `The wall's page was restarted: ${planned}${inARow}`
        : `The wall's page stopped (${describeReason(details.reason)}) and ${done}${inARow}`,
      `notice.page.${what}.${action.inARow > 1 ? 'again' : 'once'}`,
      {
        ...(planned ? plannedMemory : { exit: details.reason }),
        ...(action.inARow > 1 && { count: action.inARow, seconds: Math.round(delay / 1000) }),
      },
    );
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      if (stopped || window.isDestroyed()) return;
      page = recovered(page, now());
      if (rebuild && options.escalate) options.escalate.recreateWindow();
      else contents.reload();
    }, delay);
  };

  const onUnresponsive = (): void => {
    if (stopped || hangTimer) return;
    log.warn(`the wall's page is not responding; restarting it if it still hangs in ${hangGraceMs} ms`);
    hangTimer = setTimeout(() => {
      hangTimer = null;
      if (stopped || window.isDestroyed()) return;
      log.warn("the wall's page still hangs: ending its process");
      contents.forcefullyCrashRenderer();
    }, hangGraceMs);
  };

  const onResponsive = (): void => {
    if (hangTimer) log.info("the wall's page is responding again");
    clearHang();
  };

  const restart = (why: string, memory?: { used: string; limit: string }): void => {
    if (stopped || window.isDestroyed() || plannedRestart !== null || reloadTimer) return;
    plannedRestart = why;
    plannedRestartMemory = memory;
    log.warn(`restarting the wall's page: ${why}`);
    contents.forcefullyCrashRenderer();
    // Its end is reported as render-process-gone, and onGone reloads. Should that never come (the
    // process was shared, or already going), reload anyway rather than wait for nothing.
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (plannedRestart === null || stopped || window.isDestroyed()) return;
      plannedRestart = null;
      log.warn("the wall's page did not end when asked; reloading it in place");
      page = recovered(page, now());
      contents.reload();
    }, hangGraceMs);
  };

  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    plannedRestart = null;
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    clearHang();
    if (reloadTimer) clearTimeout(reloadTimer);
    reloadTimer = null;
    contents.off('render-process-gone', onGone);
    window.off('unresponsive', onUnresponsive);
    window.off('responsive', onResponsive);
  };

  contents.on('render-process-gone', onGone);
  window.on('unresponsive', onUnresponsive);
  window.on('responsive', onResponsive);
  window.once('closed', stop);
  return { restart, stop };
}

function describeReason(reason: RenderProcessGoneDetails['reason']): string {
  switch (reason) {
    case 'oom':
      return 'out of memory';
    case 'crashed':
      return 'it crashed';
    case 'killed':
      return 'its process was ended';
    case 'launch-failed':
      return 'its process could not start';
    case 'integrity-failure':
      return 'a code integrity check failed';
    case 'memory-eviction':
      return 'the system reclaimed its memory';
    case 'abnormal-exit':
    default:
      return 'its process exited abnormally';
  }
}
