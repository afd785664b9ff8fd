import { describe, expect, it } from 'vitest';
import { LivenessMeter } from '../../../../../src/lib/players/liveness-meter';

describe('LivenessMeter', () => {
  it('is null until two frames came, then measures from the soonest frame', () => {
    const meter = new LivenessMeter();
    expect(meter.liveness(null)).toEqual({ trailMs: null, queuedMs: null, behindMs: null });
    // A GOP-cache burst: 2 s of frames arrive at once at t=10 000; the last one is the live edge.
    for (let i = 0; i < 50; i++) meter.arrive(100_000 + i * 40, 10_000);
    expect(meter.liveness(200)).toEqual({ trailMs: 0, queuedMs: 200, behindMs: 200 });
    // Then in real time: no trail.
    for (let i = 50; i < 100; i++) meter.arrive(100_000 + i * 40, 10_000 + (i - 49) * 40);
    expect(meter.liveness(150).trailMs).toBe(0);
  });

  it('grows when delivery falls behind the stream’s own clock, and shrinks when it catches up', () => {
    const meter = new LivenessMeter();
    meter.arrive(0, 1_000);
    meter.arrive(40, 1_040);
    // Delivery stalls for 3 s, then the backlog arrives.
    meter.arrive(80, 4_080);
    expect(meter.liveness(100)).toEqual({ trailMs: 3_000, queuedMs: 100, behindMs: 3_100 });
    meter.arrive(3_120, 4_120);
    expect(meter.liveness(0).trailMs).toBe(0);
  });

  it('takes a jump of the stream’s clock for a new timeline, not for lateness', () => {
    const meter = new LivenessMeter();
    meter.arrive(500_000, 1_000);
    meter.arrive(500_040, 1_040);
    // The camera restarted: its timestamps start again at 0.
    meter.arrive(0, 1_080);
    meter.arrive(40, 1_120);
    expect(meter.liveness(0).trailMs).toBe(0);
    // And leapt forward an hour.
    meter.arrive(3_600_000, 1_160);
    meter.arrive(3_600_040, 1_200);
    expect(meter.liveness(0).trailMs).toBe(0);
    meter.arrive(3_600_080, 2_240);
    expect(meter.liveness(0).trailMs).toBe(1_000);
  });
});
