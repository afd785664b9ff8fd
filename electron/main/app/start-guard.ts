import type { App, BrowserWindow } from 'electron';
import type { Logger } from '../../core/logger';
import type { NoticeSink } from '../../core/ports';
import { LaunchJournalFile } from './launch-journal';
import { onFailure, onGpuGone, onHealthy, onStart, type StartDecision } from './recovery-policy';

/** A start that kept its window up this long is healthy: the crash-loop count starts over. */
export const HEALTHY_AFTER_MS = 60_000;

type GuardApp = Pick<App, 'on' | 'disableHardwareAcceleration' | 'exit'>;

/**
 * The start-up half of the recovery policy, wired to the process: the launch journal, the crash-loop
 * check, uncaught errors in main, GPU process deaths, and "healthy after a minute".
 *
 * An uncaught exception or unhandled rejection in main is logged, recorded, and ends the process with
 * exit code 1, so the OS supervisor (systemd, launchd, Task Scheduler) starts it again; limping on
 * with a main process in an unknown state would be worse for a wall nobody watches.
 */
export class StartGuard {
  private readonly journal: LaunchJournalFile;
  readonly decision: StartDecision;

  constructor(
    private readonly deps: {
      app: GuardApp;
      dataDir: string;
      log: Logger;
      now?: () => number;
      process?: Pick<NodeJS.Process, 'on'>;
    },
  ) {
    this.journal = new LaunchJournalFile(deps.dataDir);
    const now = this.now();
    const { decision, journal } = onStart(this.journal.read(), now);
    this.journal.write(journal);
    this.decision = decision;
    const proc = deps.process ?? process;
    proc.on('uncaughtException', (error) => this.fail('uncaught exception', error));
    proc.on('unhandledRejection', (reason) => this.fail('unhandled rejection', reason));
    if (decision.kind === 'start' && decision.disableHardwareAcceleration)
      deps.app.disableHardwareAcceleration();
  }

  /** After the core is up: say what the journal decided, and watch the GPU process from now on. */
  watch(notify: NoticeSink): void {
    const { app, log } = this.deps;
    if (this.decision.kind === 'start' && this.decision.disableHardwareAcceleration) {
      notify({
        level: 'warning',
        source: 'recovery',
        message:
          'Hardware acceleration is off for this run: the graphics process crashed repeatedly last time. ' +
          'Video is decoded in software; the next start tries the graphics card again.',
        code: 'notice.recovery.gpuOff',
      });
      // One run without it; the next start gets a real try (and 3 more crashes turn it off again).
      this.journal.update((j) => ({ ...j, disableHardwareAcceleration: false, gpuCrashes: [] }));
    }
    app.on('child-process-gone', (_event, details) => {
      if (details.type !== 'GPU') return;
      let disable = false;
      this.journal.update((j) => {
        const r = onGpuGone(j.gpuCrashes, this.now());
        disable = r.disableNextStart;
        return {
          ...j,
          gpuCrashes: r.history,
          disableHardwareAcceleration: disable || j.disableHardwareAcceleration,
        };
      });
      log.warn(`the GPU process is gone (${details.reason}, exit code ${details.exitCode})`);
      if (disable)
        notify({
          level: 'warning',
          source: 'recovery',
          message:
            'The graphics process crashed 3 times in 10 minutes: the next start runs without hardware acceleration.',
          code: 'notice.recovery.gpuCrashes',
        });
    });
  }

  /** The window's page loaded: once it has stayed up a minute, this start is healthy. */
  healthyAfterLoad(window: Pick<BrowserWindow, 'webContents' | 'isDestroyed'>): void {
    window.webContents.once('did-finish-load', () => {
      const timer = setTimeout(() => {
        if (!window.isDestroyed()) this.journal.update(onHealthy);
      }, HEALTHY_AFTER_MS);
      timer.unref?.();
    });
  }

  /** Something failed that the next start should be able to tell (a crash loop's safe screen shows it). */
  record(why: string): void {
    this.journal.update((j) => onFailure(j, why));
  }

  private fail(what: string, error: unknown): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    try {
      this.deps.log.error(`${what} in the main process: exiting so the supervisor restarts the app`, {
        error: message,
      });
      this.record(`${what}: ${message}`);
    } finally {
      this.deps.app.exit(1);
    }
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
