import { describe, expect, it } from 'vitest';
import { PictureBatch } from '../../../../../src/lib/players/picture-batch';

/** A batch whose timer the test fires by hand; what it delivered. */
function batchOf(gather: () => number) {
  const delivered: number[][] = [];
  const timers = new Map<number, () => void>();
  let next = 1;
  const batch = new PictureBatch({
    gather,
    maxHoldMs: 60,
    deliver: (bytes) => delivered.push([...bytes]),
    setTimer: (run) => {
      timers.set(next, run);
      return next++;
    },
    clearTimer: (handle) => timers.delete(handle as number),
  });
  const fire = () => {
    const pending = [...timers.values()];
    timers.clear();
    for (const run of pending) run();
  };
  return { batch, delivered, timers, fire };
}

describe('PictureBatch', () => {
  it('passes two pictures on together, in order and contiguous, at full rate', () => {
    const { batch, delivered, timers } = batchOf(() => 2);
    batch.add(Uint8Array.of(1, 2), 0); // the header, script data: no picture
    batch.add(Uint8Array.of(3), 1);
    expect(delivered).toEqual([]);
    expect(timers.size).toBe(1);
    batch.add(Uint8Array.of(4, 5), 1);
    expect(delivered).toEqual([[1, 2, 3, 4, 5]]);
    // Delivered: the timer is gone, and a chunk holding two pictures goes on at once, as it came.
    expect(timers.size).toBe(0);
    const both = Uint8Array.of(6, 7);
    batch.add(both, 2);
    expect(delivered.at(-1)).toEqual([6, 7]);
  });

  it('never holds a picture longer than its timer when the stream pauses', () => {
    const { batch, delivered, fire } = batchOf(() => 2);
    batch.add(Uint8Array.of(9), 1);
    expect(delivered).toEqual([]);
    fire();
    expect(delivered).toEqual([[9]]);
  });

  it('holds nothing back in overview (gather 1), and drops what it holds when cleared', () => {
    let gather = 1;
    const { batch, delivered, timers } = batchOf(() => gather);
    batch.add(Uint8Array.of(1), 1);
    expect(delivered).toEqual([[1]]);
    gather = 2;
    batch.add(Uint8Array.of(2), 1);
    batch.clear();
    expect(timers.size).toBe(0);
    batch.flush();
    expect(delivered).toEqual([[1]]);
  });
});
