import { backoffDelay } from './backoff';
import { FAILURE_LABELS, type Failure } from './failure';
import type { SupervisorSettings } from './supervisor-settings';
import type { TileState } from './tile-snapshot';

/** How a tile recovers from a fault: how long it waits, and what it shows meanwhile. */
export interface RecoveryPlan {
  delay: number;
  state: TileState;
  /** Nothing offered can play here: every transport gets its chance again after the wait. */
  unplayable: boolean;
}

/**
 * The wait and the state after a failed attempt (`attempt` counts this one).
 *
 * Nothing offered can play here: ask again in minutes, not through every transport each 30 s. A
 * frozen picture stays `stalled` through its recovery attempt, so monitoring can see it.
 */
export function planRecovery(
  failure: Failure,
  attempt: number,
  current: TileState,
  settings: SupervisorSettings,
  random: () => number,
): RecoveryPlan {
  const unplayable = failure.reason === 'no-playable-url' || failure.reason === 'codec-unsupported';
  const delay = unplayable
    ? Math.round(settings.unplayableRetryMs * (0.9 + 0.2 * random()))
    : backoffDelay(attempt, settings.backoff, random);
  const state: TileState =
    failure.persistent || attempt >= settings.failedAfterAttempts || current === 'failed'
      ? 'failed'
      : failure.reason === 'stalled'
        ? 'stalled'
        : 'reconnecting';
  return { delay, state, unplayable };
}

/** "reconnecting: Network — …; retry 3 in 4.2 s" */
export function recoveryText(plan: RecoveryPlan, failure: Failure, attempt: number): string {
  return `${plan.state}: ${FAILURE_LABELS[failure.reason]} — ${failure.detail}; retry ${attempt} in ${(plan.delay / 1000).toFixed(1)} s`;
}
