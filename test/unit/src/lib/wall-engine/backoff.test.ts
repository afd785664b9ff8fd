import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from '../../../../../src/lib/wall-engine/backoff';

describe('backoff', () => {
  it('grows by the factor from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20, 1000].map((n) => backoffCeiling(n))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('jitters: the same attempt waits differently with different dice', () => {
    const delays = [0, 0.25, 0.5, 0.75, 1].map((r) => backoffDelay(5, DEFAULT_BACKOFF, () => r));
    expect(new Set(delays).size).toBe(5);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8000);
  });

  it('with equal jitter every wait is at least as long as the one before could have been', () => {
    for (let attempt = 1; attempt < 12; attempt++) {
      const shortestNext = backoffDelay(attempt + 1, DEFAULT_BACKOFF, () => 0);
      const longestThis = backoffDelay(attempt, DEFAULT_BACKOFF, () => 0.999999);
      expect(shortestNext).toBeGreaterThanOrEqual(Math.min(longestThis, DEFAULT_BACKOFF.capMs / 2));
    }
  });

  it('with full jitter spreads over [min, ceiling] and never drops below the floor', () => {
    const policy = { ...DEFAULT_BACKOFF, jitter: 'full' as const };
    expect(backoffDelay(6, policy, () => 0)).toBe(policy.minMs);
    expect(backoffDelay(6, policy, () => 0.5)).toBe(8000);
    expect(backoffDelay(6, policy, () => 1)).toBe(16000);
  });

  it('never exceeds the cap, even after a very long outage', () => {
    for (const r of [0, 0.5, 1])
      expect(backoffDelay(10_000, DEFAULT_BACKOFF, () => r)).toBeLessThanOrEqual(30_000);
  });
});
