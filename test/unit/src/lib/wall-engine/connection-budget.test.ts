import { describe, expect, it } from 'vitest';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';

describe('ConnectionBudget', () => {
  it('keeps one of the six connections free by default', () => {
    const budget = new ConnectionBudget();
    expect(budget.limit).toBe(5);
    const leases = Array.from({ length: 6 }, () => budget.tryAcquire('http://h:80'));
    expect(leases.filter(Boolean)).toHaveLength(5);
    expect(leases[5]).toBeNull();
    expect(budget.available('http://h:80')).toBe(0);
  });

  it('counts a released lease once, however often it is released', () => {
    const budget = new ConnectionBudget({ perOrigin: 6, reserve: 0 });
    const a = budget.tryAcquire('o')!;
    const b = budget.tryAcquire('o')!;
    a.release();
    a.release();
    expect(budget.inUse('o')).toBe(1);
    b.release();
    expect(budget.inUse('o')).toBe(0);
    expect(budget.available('o')).toBe(6);
  });

  it('holds origins apart', () => {
    const budget = new ConnectionBudget({ perOrigin: 1, reserve: 0 });
    expect(budget.tryAcquire('http://a')).not.toBeNull();
    expect(budget.tryAcquire('http://a')).toBeNull();
    expect(budget.tryAcquire('http://b')).not.toBeNull();
  });
});
