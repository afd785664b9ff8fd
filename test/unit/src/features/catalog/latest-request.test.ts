import { describe, expect, it } from 'vitest';
import { LatestRequest } from '../../../../../src/features/catalog/latest-request';

describe('LatestRequest', () => {
  it('lets only the newest ticket apply its answer', () => {
    const latest = new LatestRequest();
    const first = latest.begin();
    const second = latest.begin();
    expect(latest.isCurrent(first)).toBe(false);
    expect(latest.isCurrent(second)).toBe(true);
  });

  it('makes every ticket stale on invalidate', () => {
    const latest = new LatestRequest();
    const ticket = latest.begin();
    latest.invalidate();
    expect(latest.isCurrent(ticket)).toBe(false);
  });
});
