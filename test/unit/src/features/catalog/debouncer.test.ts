import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Debouncer } from '../../../../../src/features/catalog/debouncer';

describe('Debouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs only the last call of a burst, once the pause is long enough', () => {
    const d = new Debouncer(250);
    const ran: string[] = [];
    d.schedule(() => ran.push('a'));
    vi.advanceTimersByTime(200);
    d.schedule(() => ran.push('b'));
    vi.advanceTimersByTime(249);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['b']);
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual(['b']);
  });

  it('runs the pending call at once on flush, and nothing after', () => {
    const d = new Debouncer(250);
    const fn = vi.fn();
    d.schedule(fn);
    expect(d.isPending).toBe(true);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(d.isPending).toBe(false);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('drops the pending call on cancel', () => {
    const d = new Debouncer(250);
    const fn = vi.fn();
    d.schedule(fn);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
