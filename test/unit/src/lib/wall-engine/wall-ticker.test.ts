import { describe, expect, it } from 'vitest';
import type { EngineClock } from '../../../../../src/lib/wall-engine/clock';
import { WallTicker } from '../../../../../src/lib/wall-engine/wall-ticker';

/** A clock whose timers run when the test moves time on; it counts the timers pending. */
function manualClock(lateMs = 0) {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: EngineClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      // Every timer may run late (a busy page): by `lateMs`.
      timers.set(id, { at: now + ms + lateMs, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.size };
}

describe('WallTicker', () => {
  it('reads a tile alone every period from when it joined, as a timer of its own would', () => {
    const { clock, advance } = manualClock();
    const ticker = new WallTicker(clock, 250);
    const at: number[] = [];
    advance(100);
    const stop = ticker.add(() => at.push(clock.now()));
    advance(800);
    expect(at).toEqual([350, 600, 850]);
    stop();
    advance(1000);
    expect(at).toHaveLength(3);
  });

  it('keeps one timer for every tile, and none once the last one stopped', () => {
    const { clock, advance, pending } = manualClock();
    const ticker = new WallTicker(clock, 250);
    const reads = new Array<number>(16).fill(0);
    const stops = reads.map((_, i) => {
      advance(10);
      return ticker.add(() => (reads[i] += 1));
    });
    expect(pending()).toBe(1);
    advance(1000);
    expect(pending()).toBe(1);
    // Every tile read at each beat: four beats a second.
    expect(new Set(reads)).toEqual(new Set([4]));
    for (const stop of stops) stop();
    expect(pending()).toBe(0);
    expect(ticker.size).toBe(0);
  });

  it('skips a tile another tile stopped during the beat, and reads the others even when one throws', () => {
    const { clock, advance } = manualClock();
    const ticker = new WallTicker(clock, 250);
    const read: string[] = [];
    let stopB: () => void = () => undefined;
    ticker.add(() => {
      read.push('a');
      stopB();
    });
    stopB = ticker.add(() => read.push('b'));
    ticker.add(() => {
      throw new Error('a broken reading');
    });
    ticker.add(() => read.push('d'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      advance(500);
    } finally {
      console.error = original;
    }
    expect(read).toEqual(['a', 'd', 'a', 'd']);
    expect(errors).toHaveLength(2);
  });

  it('aligned, keeps its beats on the grid when each runs late: as many a second as the period says', () => {
    const beats = (aligned: boolean) => {
      const { clock, advance } = manualClock(7);
      const ticker = new WallTicker(clock, 40, aligned);
      const at: number[] = [];
      ticker.add(() => at.push(clock.now()));
      advance(1_007);
      return at;
    };
    // Unaligned, each late beat pushes the next: 21 by the time the aligned one has beaten 25, fewer than a 25 fps stream's pictures.
    expect(beats(false)).toHaveLength(21);
    const aligned = beats(true);
    expect(aligned).toHaveLength(25);
    expect(aligned.slice(0, 3)).toEqual([47, 87, 127]);
  });
});

