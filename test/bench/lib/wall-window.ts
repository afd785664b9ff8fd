import type { LiveMedia } from '../../../electron/demo-platform/media';
import type { BarePage } from './bare-page';
import { readFirstFrames } from './first-frame-probe';
import { pictureAgeWindow } from './picture-age';
import {
  costBreakdown,
  cpuSecondsBetween,
  cpuTicks,
  machineTicks,
  pssBytes,
  threadTicks,
  topThreads,
} from './proc-stats';
import { median, MiB, quantile, round, sleep } from './stats';
import type { VideoSample, VideoSampler } from './video-sampler';

interface TileCounts {
  decoded: number;
  dropped: number;
  pixels: number;
  last: VideoSample;
  states: Set<string>;
}

export interface TimelinePoint {
  t: number;
  latencyP50: number | null;
  latencyP95: number | null;
  pssMiB: number;
}

/** What the measured window saw: per tile, latency, CPU, memory and the page's events. */
export interface WindowFigures {
  windowSeconds: number;
  perTile: Map<string, TileCounts>;
  latencies: number[];
  rtcReceiveToShown: number[];
  timeline: TimelinePoint[];
  lastPss: { bytes: number; processes: number };
  churnCycles: number;
  /** Chromium's CPU seconds per second (1 = one core). */
  chromiumCpu: number;
  busiestThreads: ReturnType<typeof topThreads>;
  breakdown: ReturnType<typeof costBreakdown>;
  /** Share of all cores busy (everything on the machine). */
  machineBusy: number;
  seeksPerTilePerMinute: number;
  waitsPerTilePerMinute: number;
}

/**
 * The window: every second, each <video>'s counters and latency; every 5 s, PSS; with `churn`, every
 * tile's stream cut every that many seconds.
 */
export async function measureWindow(options: {
  page: BarePage;
  sampler: VideoSampler;
  /** The benchmark's Chromium (its process tree is what is counted). */
  chromium: number;
  media: LiveMedia;
  devices: string[];
  /** The wall's tile count (per-tile rates are over it). */
  tiles: number;
  seconds: number;
  churn: number;
  emptyPss: { bytes: number; processes: number };
  /** The true-lag recorder, sampled once a second. */
  lag: { sample(): Promise<void> };
}): Promise<WindowFigures> {
  const { page, sampler, chromium, media, devices } = options;
  const rtcReceiveToShown: number[] = [];
  const perTile = new Map<string, TileCounts>();
  const latencies: number[] = [];
  const timeline: TimelinePoint[] = [];
  let bucket: number[] = [];
  const events0 = await readFirstFrames(page);
  await pictureAgeWindow(page, true);
  const machine0 = machineTicks();
  const cpu0 = cpuTicks(chromium);
  const threads0 = threadTicks(chromium);
  const started = Date.now();
  const end = started + options.seconds * 1000;
  let nextBucket = started + 5000;
  for (const s of await sampler.sample())
    perTile.set(s.key, { decoded: 0, dropped: 0, pixels: 0, last: s, states: new Set([s.state]) });
  let lastPss = options.emptyPss;
  let churnCycles = 0;
  let nextChurn = options.churn > 0 ? started + options.churn * 1000 : Infinity;
  while (Date.now() < end) {
    if (Date.now() >= nextChurn) {
      // A network blip on every stream at once: each tile must notice, replace its player and play on.
      for (const key of devices) media.faults.set(key, { type: 'drop', afterSeconds: 0 });
      setTimeout(() => {
        for (const key of devices) media.faults.clear(key);
      }, 300);
      churnCycles += 1;
      nextChurn += options.churn * 1000;
    }
    await sleep(1000 - ((Date.now() - started) % 1000));
    for (const s of await sampler.sample()) {
      const t = perTile.get(s.key);
      if (!t) continue;
      // A new player resets the element's counters: count from zero then.
      const dTotal = s.total >= t.last.total ? s.total - t.last.total : s.total;
      const dDropped = s.dropped >= t.last.dropped ? s.dropped - t.last.dropped : s.dropped;
      t.decoded += dTotal;
      t.dropped += dDropped;
      // Decoded pixels: each frame at the picture's own size (what the decoder and the compositor carry).
      t.pixels += dTotal * s.width * s.height;
      t.last = s;
      t.states.add(s.state);
      const latency = s.rtc ? sampler.rtcBehindLive(s.rtc) : s.latency;
      if (latency !== null) {
        latencies.push(latency);
        bucket.push(latency);
      }
      if (s.rtc?.receivedAt != null) rtcReceiveToShown.push((s.rtc.shownAt - s.rtc.receivedAt) / 1000);
    }
    await options.lag.sample();
    if (Date.now() >= nextBucket || Date.now() >= end) {
      lastPss = pssBytes(chromium);
      timeline.push({
        t: Math.round((Date.now() - started) / 1000),
        latencyP50: round(median(bucket), 3),
        latencyP95: round(quantile(bucket, 0.95), 3),
        pssMiB: round(lastPss.bytes / MiB, 1)!,
      });
      bucket = [];
      nextBucket += 5000;
    }
  }
  const windowSeconds = (Date.now() - started) / 1000;
  await pictureAgeWindow(page, false);
  const chromiumCpu = cpuSecondsBetween(cpu0, cpuTicks(chromium)) / windowSeconds;
  const threads1 = threadTicks(chromium);
  const machine1 = machineTicks();
  const events1 = await readFirstFrames(page);
  const perMinute = (field: 'seeks' | 'waits') =>
    ((events1.reduce((a, e) => a + e[field], 0) - events0.reduce((a, e) => a + e[field], 0)) /
      options.tiles) *
    (60 / windowSeconds);
  return {
    windowSeconds,
    perTile,
    latencies,
    rtcReceiveToShown,
    timeline,
    lastPss,
    churnCycles,
    chromiumCpu,
    busiestThreads: topThreads(threads0, threads1, windowSeconds),
    breakdown: costBreakdown(threads0, threads1, windowSeconds),
    machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
    seeksPerTilePerMinute: perMinute('seeks'),
    waitsPerTilePerMinute: perMinute('waits'),
  };
}
