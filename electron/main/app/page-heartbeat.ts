import type { BrowserWindow } from 'electron';
import type { PageHealth } from '../../core/systemd-watchdog';

type ProbedWindow = Pick<BrowserWindow, 'isDestroyed' | 'once'> & {
  webContents: Pick<BrowserWindow['webContents'], 'executeJavaScript' | 'isCrashed'>;
};

interface Watched {
  name: string;
  openedAt: number;
  lastAnswerAt: number | null;
  /** A probe sent and not answered yet, since when. */
  probingSince: number | null;
}

/**
 * Whether each wall page still runs its script: a tiny script is run in it at each probe, and the
 * time it answers is kept. A page that is hung (its main thread busy), crashed or reloading does not
 * answer, so the systemd watchdog stops pinging once one has been silent too long.
 *
 * A probe still unanswered after `probeTimeoutMs` no longer blocks the next one (a crashed page's
 * may never settle).
 */
export class PageHeartbeat {
  private readonly pages = new Map<ProbedWindow, Watched>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly probeTimeoutMs = 5_000,
  ) {}

  /** Watch a window's page until the window is closed. */
  watch(window: ProbedWindow, name: string): void {
    this.pages.set(window, { name, openedAt: this.now(), lastAnswerAt: null, probingSince: null });
    window.once('closed', () => this.pages.delete(window));
  }

  probe(): void {
    for (const [window, page] of this.pages) {
      if (window.isDestroyed()) {
        this.pages.delete(window);
        continue;
      }
      const at = this.now();
      if (page.probingSince !== null && at - page.probingSince < this.probeTimeoutMs) continue;
      if (window.webContents.isCrashed()) continue;
      page.probingSince = at;
      window.webContents.executeJavaScript('1').then(
        () => {
          page.lastAnswerAt = this.now();
          page.probingSince = null;
        },
        () => {
          page.probingSince = null;
        },
      );
    }
  }

  health(): PageHealth[] {
    return [...this.pages.values()].map(({ name, openedAt, lastAnswerAt }) => ({
      name,
      openedAt,
      lastAnswerAt,
    }));
  }
}
