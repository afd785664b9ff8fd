import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyInterval } from '../../../../../src/features/wall/shared-interval';

afterEach(() => {
  vi.useRealTimers();
});

describe('everyInterval', () => {
  it('reads every tile on one timer a period, and stops it with the last', () => {
    vi.useFakeTimers();
    const reads = new Array<number>(16).fill(0);
    const stops = reads.map((_, i) => everyInterval(1_000, () => (reads[i] += 1)));
    const half = everyInterval(500, () => undefined);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(3_000);
    expect(new Set(reads)).toEqual(new Set([3]));
    stops[0]();
    vi.advanceTimersByTime(1_000);
    expect(reads[0]).toBe(3);
    expect(reads[1]).toBe(4);
    for (const stop of stops) stop();
    half();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the others when one reading throws, and skips one stopped during the beat', () => {
    vi.useFakeTimers();
    const read: string[] = [];
    let stopB: () => void = () => undefined;
    const stops = [
      everyInterval(1_000, () => {
        read.push('a');
        stopB();
      }),
      (stopB = everyInterval(1_000, () => read.push('b'))),
      everyInterval(1_000, () => {
        throw new Error('broken');
      }),
      everyInterval(1_000, () => read.push('d')),
    ];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.advanceTimersByTime(1_000);
    expect(read).toEqual(['a', 'd']);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    for (const stop of stops) stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
