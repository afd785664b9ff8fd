import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { DEFAULT_LIVENESS_SETTINGS, type LivenessSettings } from './liveness-policy';
import { UNPLAYABLE_RETRY_MS } from './unplayable';

/** How a TileSupervisor judges and recovers its tile; DEFAULT_SUPERVISOR_SETTINGS unless set. */
export interface SupervisorSettings {
  /** No new frame for this long while playing → stalled → a new player. */
  stallTimeoutMs: number;
  /** From admission to first frame (including streams:start) before the attempt counts as failed. */
  startTimeoutMs: number;
  /** Failed attempts on one set of URLs before streams:start is asked for fresh ones. */
  attemptsPerUrlSet: number;
  /** Consecutive failed attempts of a passing fault before the tile shows `failed`. */
  failedAfterAttempts: number;
  /** Playing this long without a fault resets the attempt count (and so the backoff). */
  stableAfterMs: number;
  /** Hidden this long → the stream is stopped. */
  hiddenGraceMs: number;
  /** A transport that failed this many times before any frame is tried last until the tile plays. */
  demoteAfterFailures: number;
  /** How often frame progress is read. */
  tickMs: number;
  /** The frame age the UI calls stale. */
  staleAfterMs: number;
  /**
   * In overview (one picture per keyframe) and for this long after a change of rate: no new picture
   * for this long, or for two keyframe intervals and 2 s where those are longer → stalled.
   */
  overviewStallTimeoutMs: number;
  backoff: BackoffPolicy;
  /** Before asking the platform again when nothing it offers can play here (±10 %). */
  unplayableRetryMs: number;
  /** When the picture is behind live, and when it catches up (liveness-policy.ts). */
  liveness: LivenessSettings;
}

export const DEFAULT_SUPERVISOR_SETTINGS: SupervisorSettings = {
  stallTimeoutMs: 3_000,
  startTimeoutMs: 15_000,
  attemptsPerUrlSet: 2,
  failedAfterAttempts: 3,
  stableAfterMs: 10_000,
  hiddenGraceMs: 10_000,
  demoteAfterFailures: 2,
  tickMs: 250,
  staleAfterMs: 2_000,
  overviewStallTimeoutMs: 6_000,
  backoff: DEFAULT_BACKOFF,
  unplayableRetryMs: UNPLAYABLE_RETRY_MS,
  liveness: DEFAULT_LIVENESS_SETTINGS,
};
