import { execFile } from 'node:child_process';
import type { Logger } from './logger';

/**
 * systemd's watchdog (sd_notify WATCHDOG=1), for a shell run as a systemd service with WatchdogSec=.
 *
 * systemd sets $NOTIFY_SOCKET and $WATCHDOG_USEC for such a service and kills it (then Restart=
 * starts it again) when no WATCHDOG=1 arrives within that time. The app sends one every half of it,
 * but only while it is well: its main loop runs (the timer fires) and every wall page answered
 * lately. A page the app is healing itself (a reload with backoff, a rebuilt window) is given
 * `staleAfterMs` first; one silent for longer means the app's own recovery is not getting
 * anywhere, so the pings stop and systemd restarts the whole app.
 *
 * Node cannot send a unix datagram, so the message goes through the `systemd-notify` binary (the unit
 * needs NotifyAccess=all: the sender is that child). Since systemd 246 it waits until the manager has
 * read the message (a barrier), so it is not lost when the short-lived sender is gone.
 */

interface WatchdogConfig {
  socket: string;
  /** Between two pings: half the watchdog's time, as sd_watchdog_enabled(3) advises. */
  intervalMs: number;
  /** The watchdog's time itself. */
  timeoutMs: number;
  /** Sent as MAINPID (systemd-notify --pid) when the watchdog is this process's own. */
  mainPid?: number;
}

export type WatchdogSetup = { on: true; config: WatchdogConfig } | { on: false; reason: string };

/** What the environment says: a watchdog for this process, or why none. */
export function watchdogSetup(env: NodeJS.ProcessEnv, pid: number): WatchdogSetup {
  const socket = env.NOTIFY_SOCKET;
  if (!socket) return { on: false, reason: 'not run by systemd (no NOTIFY_SOCKET)' };
  const usec = Number(env.WATCHDOG_USEC);
  if (!env.WATCHDOG_USEC || !Number.isFinite(usec) || usec <= 0)
    return { on: false, reason: 'the unit sets no WatchdogSec (no WATCHDOG_USEC)' };
  const timeoutMs = Math.max(1, Math.floor(usec / 1000));
  // WATCHDOG_PID names the process the watchdog is for; another one (a wrapper script that did not
  // exec) is still kept alive by our pings under NotifyAccess=all, but its main PID is not ours to move.
  const watchdogPid = env.WATCHDOG_PID ? Number(env.WATCHDOG_PID) : undefined;
  const own = watchdogPid === undefined || watchdogPid === pid;
  return {
    on: true,
    config: {
      socket,
      timeoutMs,
      intervalMs: Math.max(250, Math.floor(timeoutMs / 2)),
      ...(own && { mainPid: pid }),
    },
  };
}

/** One wall page, as the watchdog sees it. */
export interface PageHealth {
  /** Names the page in the log ("window 2"). */
  name: string;
  /** When it last answered a probe; null when it never has. */
  lastAnswerAt: number | null;
  /** When it was opened (counts as an answer until it first answers). */
  openedAt: number;
}

export type WatchdogVerdict = { ping: true } | { ping: false; page: string; reason: string };

/** A page that has not answered for this long is beyond the app's own recovery (reload backoff ≤ 60 s). */
const DEFAULT_STALE_AFTER_MS = 90_000;

/** Ping when every page answered within `staleAfterMs` (no page: the main loop alone decides). */
export function watchdogVerdict(
  pages: readonly PageHealth[],
  now: number,
  staleAfterMs: number = DEFAULT_STALE_AFTER_MS,
): WatchdogVerdict {
  for (const page of pages) {
    const since = page.lastAnswerAt ?? page.openedAt;
    const silent = now - since;
    if (silent > staleAfterMs)
      return {
        ping: false,
        page: page.name,
        reason: `${page.name} has not answered for ${Math.round(silent / 1000)} s${page.lastAnswerAt === null ? ' (never since it opened)' : ''}`,
      };
  }
  return { ping: true };
}

/** Runs `systemd-notify`; resolves when it is done (never rejects). */
export type NotifySender = (
  args: string[],
  env: NodeJS.ProcessEnv,
) => Promise<{ ok: boolean; error?: string }>;

export const systemdNotify: NotifySender = (args, env) =>
  new Promise((resolve) => {
    execFile('systemd-notify', args, { env, timeout: 10_000 }, (error, _stdout, stderr) =>
      resolve(
        error ? { ok: false, error: `${error.message}${stderr ? `: ${stderr.trim()}` : ''}` } : { ok: true },
      ),
    );
  });

export interface WatchdogOptions {
  config: WatchdogConfig;
  log: Logger;
  /** The pages to judge at each tick; none for a shell without pages of its own. */
  pages?: () => readonly PageHealth[];
  /** Called at each tick before judging (probe the pages). */
  beforeTick?: () => void;
  staleAfterMs?: number;
  now?: () => number;
  send?: NotifySender;
  env?: NodeJS.ProcessEnv;
}

export interface Watchdog {
  /** READY=1 (harmless under Type=simple; what Type=notify waits for). */
  ready(status?: string): Promise<void>;
  stop(): void;
}

/**
 * Pings systemd's watchdog every `intervalMs` while the verdict says so; says once in the log when it
 * stops pinging and when it starts again. The timer does not keep the process alive.
 */
export function startWatchdog(options: WatchdogOptions): Watchdog {
  const { config, log } = options;
  const now = options.now ?? Date.now;
  const send = options.send ?? systemdNotify;
  const env = { ...(options.env ?? process.env), NOTIFY_SOCKET: config.socket };
  const pidArgs = config.mainPid !== undefined ? [`--pid=${config.mainPid}`] : [];
  let withholding: string | null = null;
  let sending = false;
  let failed = false;

  const notify = async (messages: string[]): Promise<void> => {
    const result = await send([...pidArgs, ...messages], env);
    if (!result.ok && !failed)
      log.error('systemd-notify failed; systemd will restart the app', { error: result.error });
    else if (result.ok && failed) log.info('systemd-notify works again');
    failed = !result.ok;
  };

  const tick = (): void => {
    options.beforeTick?.();
    const verdict = watchdogVerdict(options.pages?.() ?? [], now(), options.staleAfterMs);
    if (!verdict.ping) {
      if (withholding !== verdict.page)
        log.warn(
          `not pinging systemd's watchdog: ${verdict.reason}; systemd restarts the app when it runs out`,
        );
      withholding = verdict.page;
      return;
    }
    if (withholding !== null) log.info("pinging systemd's watchdog again: every page answers");
    withholding = null;
    // A ping still on its way (a busy machine) is not doubled.
    if (sending) return;
    sending = true;
    void notify(['WATCHDOG=1']).finally(() => (sending = false));
  };

  log.info(
    `systemd watchdog: ${config.timeoutMs} ms; pinging every ${config.intervalMs} ms while the wall is well`,
  );
  const timer = setInterval(tick, config.intervalMs);
  timer.unref?.();
  return {
    ready: (status) => notify(['READY=1', ...(status ? [`STATUS=${status}`] : [])]),
    stop: () => clearInterval(timer),
  };
}
