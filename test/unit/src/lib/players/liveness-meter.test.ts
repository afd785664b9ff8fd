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
    // The floor rose as a drifting camera clock would move it (500 ppm of the 3.04 s it waited: 1.5 ms).
    const { trailMs, queuedMs, behindMs } = meter.liveness(100);
    expect(trailMs).toBeCloseTo(3_000 - 3_040 * 0.0005, 6);
    expect(queuedMs).toBe(100);
    expect(behindMs).toBeCloseTo(trailMs! + 100, 6);
    meter.arrive(3_120, 4_120);
    expect(meter.liveness(0).trailMs).toBe(0);
  });

  it('counts the wait for an overdue frame: the newest picture ages while nothing newer comes', () => {
    const meter = new LivenessMeter();
    // 25 pictures a second, in real time.
    for (let i = 0; i < 100; i++) meter.arrive(i * 40, 1_000 + i * 40);
    const last = 1_000 + 99 * 40;
    // Read between two frames: the usual cadence is not lag.
    expect(meter.liveness(0, last + 30).trailMs).toBe(0);
    expect(meter.liveness(0, last + 240).trailMs).toBe(0);
    // Nothing came for 1.25 s: the picture is 1 s older than the cadence allows.
    expect(meter.liveness(100, last + 1_250)).toEqual({
      trailMs: 1_000,
      queuedMs: 100,
      behindMs: 1_100,
      waitingMs: 1_000,
    });
    // Without a clock (a caller that only wants the arrival figure) nothing is added.
    expect(meter.liveness(0).trailMs).toBe(0);
  });

  it('allows a slow cadence its own gaps (HLS fragments every 2 s)', () => {
    const meter = new LivenessMeter();
    for (let i = 0; i < 40; i++) meter.arrive(i * 2_000, 5_000 + i * 2_000);
    const last = 5_000 + 39 * 2_000;
    expect(meter.liveness(0, last + 1_900).trailMs).toBe(0);
    expect(meter.liveness(0, last + 5_000).trailMs).toBeGreaterThan(0);
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
    expect(meter.liveness(0).trailMs).toBeCloseTo(1_000 - 1_040 * 0.0005, 6);
  });

  it('follows a camera clock running slow: a day at 100 ppm never reads as behind', () => {
    const meter = new LivenessMeter();
    // The camera's 40 ms are 40.004 ms of the computer's: 8.64 s a day.
    const day = 24 * 3_600_000;
    let worst = 0;
    for (let at = 0, media = 0; at < day; at += 40.004, media += 40) {
      meter.arrive(media, 1_000 + at);
      if (media % 60_000 === 0) worst = Math.max(worst, meter.liveness(0).trailMs ?? 0);
    }
    expect(worst).toBeLessThan(1);
  });

  it('still sees a delivery falling behind at a percent: 2 s behind after 200 s, less the drift allowed', () => {
    const meter = new LivenessMeter();
    // Delivery 1 % short of the stream's rate: each 40 ms picture comes 40.4 ms after the last.
    let at = 0;
    for (let media = 0; media <= 200_000; media += 40, at += 40.4) meter.arrive(media, 1_000 + at);
    const { trailMs } = meter.liveness(0);
    // 2,000 ms of backlog, of which the floor followed 0.05 % of the 202 s (101 ms).
    expect(trailMs).toBeGreaterThan(1_850);
    expect(trailMs).toBeLessThan(2_000);
  });
});
