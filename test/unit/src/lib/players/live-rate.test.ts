import { describe, expect, it } from 'vitest';
import { LIVE_RATE, LiveRateController, liveRate } from '../../../../../src/lib/players/live-rate';

describe('liveRate', () => {
  it('plays at 1× at or near the target, faster in proportion to the lag, never past the cap', () => {
    expect(liveRate(0.3, 0.3)).toBe(1);
    expect(liveRate(0.3 - LIVE_RATE.lowDeadband, 0.3)).toBe(1);
    expect(liveRate(0.3 + LIVE_RATE.deadband, 0.3)).toBe(1);
    expect(liveRate(0.4, 0.3)).toBe(1.05);
    expect(liveRate(0.5, 0.3)).toBe(1.1);
    expect(liveRate(3, 0.3)).toBe(LIVE_RATE.maxRate);
    expect(liveRate(Number.NaN, 0.3)).toBe(1);
  });

  it('plays slower when the buffer runs thin, in proportion, never below the floor', () => {
    expect(liveRate(0.2, 0.3)).toBe(0.95);
    expect(liveRate(0.1, 0.3)).toBe(0.9);
    expect(liveRate(0, 0.3)).toBe(LIVE_RATE.minRate);
  });
});

describe('LiveRateController', () => {
  it('brings a wall that a hiccup set 0.1 s back to the target, instead of leaving it there', () => {
    const controller = new LiveRateController(0.3);
    // A tile at the target, then a 100 ms hiccup: simulate 4 samples a second, the lag shrinking at
    // (rate − 1) seconds per second of play.
    let latency = 0.3;
    for (let i = 0; i < 8; i++) expect(controller.update(latency)).toBe(1);
    latency = 0.4;
    let seconds = 0;
    while (latency > 0.3 + LIVE_RATE.deadband + 0.01 && seconds < 30) {
      const rate = controller.update(latency);
      latency -= (rate - 1) * 0.25;
      seconds += 0.25;
    }
    expect(seconds).toBeGreaterThan(0.5);
    expect(seconds).toBeLessThan(10);
    expect(latency).toBeLessThanOrEqual(0.35);
  });

  it('holds the buffer of a camera whose clock runs 3 % slow, where 1× would drain it in seconds', () => {
    const controller = new LiveRateController(0.3);
    // The camera delivers 0.97 s of pictures per second; the buffer grows by that less what is played.
    let latency = 0.3;
    let lowest = latency;
    const rates: number[] = [];
    for (let step = 0; step < 4 * 600; step++) {
      const rate = controller.update(latency);
      rates.push(rate);
      latency += (0.97 - rate) * 0.25;
      lowest = Math.min(lowest, latency);
    }
    expect(lowest).toBeGreaterThan(0.15);
    expect(latency).toBeGreaterThan(0.15);
    const lastMinute = rates.slice(-240);
    const average = lastMinute.reduce((a, b) => a + b, 0) / lastMinute.length;
    expect(average).toBeCloseTo(0.97, 2);
  });

  it('smooths a one-frame sawtooth: it does not flap at the target', () => {
    const controller = new LiveRateController(0.3);
    const rates = new Set<number>();
    for (let i = 0; i < 200; i++) rates.add(controller.update(i % 2 === 0 ? 0.28 : 0.32));
    expect([...rates]).toEqual([1]);
  });

  it('starts over after a jump to the live edge, and ignores nonsense samples', () => {
    const controller = new LiveRateController(0.3);
    for (let i = 0; i < 10; i++) controller.update(1.1);
    expect(controller.update(0.3)).toBe(1);
    expect(controller.update(-1)).toBe(1);
    expect(controller.update(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('LiveRateController underruns', () => {
  it('aims further behind the edge after the buffer ran dry, and comes back while none follows', () => {
    const controller = new LiveRateController(0.3);
    expect(controller.aim).toBe(0.3);
    // 0.35 s behind: above the asked-for target, so it plays faster…
    expect(controller.update(0.35)).toBeGreaterThan(1);
    controller.underrun();
    expect(controller.aim).toBeCloseTo(0.4, 5);
    // …but after an underrun 0.35 s is under the aim: it no longer drains the buffer it needs.
    expect(controller.update(0.35)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 10; i++) controller.underrun();
    expect(controller.aim).toBeCloseTo(0.3 + LIVE_RATE.maxExtra, 5);
    // A minute of play (4 samples a second) without a wait: back to the target asked for.
    for (let i = 0; i < 240; i++) controller.update(0.3);
    expect(controller.aim).toBe(0.3);
  });
});
