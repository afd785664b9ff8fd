import type { BrowserWindow, ProcessMetric } from 'electron';
import type { Logger } from '../../core/logger';

/**
 * A wall left running for weeks must not grow until the machine runs out of memory: the page's
 * process is read every minute, and once it stays over its limit for a few readings in a row the page
 * is restarted in a new process (which reopens the last layout; about a second of pictures is lost).
 *
 * Measured on a 36-tile wall the page's process holds ~560 MiB resident (~330 MiB of it its own, PSS)
 * and creeps by a fraction of a MiB a minute, so the limit is far above a healthy wall and is only reached by a leak: a browser bug, a
 * stream that makes a decoder hoard, a week of slow growth. Chromium's own out-of-memory end of the
 * page is the last resort (`renderer-recovery` reloads after it); this comes first, before the whole
 * machine is short of memory.
 */
export interface MemoryGuardOptions {
  log: Logger;
  /** The memory the page's process holds now, in KiB; null when it cannot be told (no process yet). */
  readKiB(): number | null;
  /**
   * Restart the page in a new process; `why` completes "The wall's page was restarted: …", `memory`
   * gives the same figures for the notice's code.
   */
  restart(why: string, memory?: { used: string; limit: string }): void;
  limitMiB: number;
  /** How often to read. */
  intervalMs?: number;
  /** Readings in a row over the limit before restarting: one high reading may be a passing peak. */
  strikes?: number;
}

/** Reads until the returned function is called. */
export function guardRendererMemory(options: MemoryGuardOptions): () => void {
  const { log, readKiB, restart, limitMiB } = options;
  const strikesToRestart = options.strikes ?? 3;
  let strikes = 0;
  const check = (): void => {
    let kib: number | null;
    try {
      kib = readKiB();
    } catch (error) {
      log.warn("could not read the wall page's memory", { error: (error as Error).message });
      return;
    }
    if (kib === null) return;
    const mib = kib / 1024;
    if (mib <= limitMiB) {
      if (strikes > 0) log.info(`the wall's page is back under its memory limit (${formatMiB(mib)})`);
      strikes = 0;
      return;
    }
    strikes += 1;
    log.warn(`the wall's page holds ${formatMiB(mib)}, over its limit of ${formatMiB(limitMiB)}`, {
      strikes,
    });
    if (strikes < strikesToRestart) return;
    strikes = 0;
    const memory = { used: formatMiB(mib), limit: formatMiB(limitMiB) };
    restart(`it was using ${memory.used} of memory, over its limit of ${memory.limit}`, memory);
  };
  const timer = setInterval(check, options.intervalMs ?? 60_000);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * The page's limit on a machine with `totalBytes` of memory: a quarter of it, within 1.5–3 GiB. A
 * 36-tile wall's page holds ~0.56 GiB resident, 64 tiles at the 15 MiB-a-tile budget ~1.2 GiB; a kiosk with 8 GiB
 * keeps three quarters for the system, the GPU process and the main process.
 */
export function memoryLimitMiB(totalBytes: number): number {
  const quarter = Math.round(totalBytes / 4 / 2 ** 20);
  return Math.min(3072, Math.max(1536, quarter));
}

/** The working set of the process that runs `window`'s page, in KiB (Electron reports KiB). */
export function pageMemoryKiB(
  window: Pick<BrowserWindow, 'isDestroyed' | 'webContents'>,
  appMetrics: () => ProcessMetric[],
): number | null {
  if (window.isDestroyed()) return null;
  const pid = window.webContents.getOSProcessId();
  if (!pid) return null;
  return appMetrics().find((m) => m.pid === pid)?.memory.workingSetSize ?? null;
}

export function formatMiB(mib: number): string {
  return mib >= 1024 ? `${(mib / 1024).toFixed(1)} GiB` : `${Math.round(mib)} MiB`;
}
