export interface BackoffPolicy {
  baseMs: number;
  factor: number;
  capMs: number;
  /** No retry comes sooner than this, whatever the dice say: never a tight loop. */
  minMs: number;
  /**
   * full: uniform in [0, ceiling] (spreads a herd the most); equal: uniform in [ceiling/2, ceiling]
   * (still spread, and each wait is at least as long as the previous one's ceiling/2, so an operator
   * sees the delays grow: 0.5, 1, 2, 4 ... 30 s).
   */
  jitter: 'full' | 'equal';
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 500,
  factor: 2,
  capMs: 30_000,
  minMs: 250,
  jitter: 'equal',
};

/** The upper bound of the wait before retry number `attempt` (1-based). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, attempt - 1);
  // Guard the power against overflow on very long outages.
  return Math.min(policy.capMs, policy.baseMs * Math.pow(policy.factor, Math.min(exponent, 64)));
}

/** The wait before retry number `attempt` (1-based), exponential with jitter, capped. */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = backoffCeiling(attempt, policy);
  const floor = policy.jitter === 'equal' ? ceiling / 2 : 0;
  const delay = floor + random() * (ceiling - floor);
  return Math.round(Math.min(policy.capMs, Math.max(policy.minMs, delay)));
}
