import { cpus, loadavg } from 'node:os';
import type { LayoutGrid } from '../../../electron/shared/layout';
import type { FirstFrameRecord } from './first-frame-probe';
import { median, MiB, quantile, round } from './stats';
import type { WallBenchArgs } from './wall-args';
import type { TimelinePoint, WindowFigures } from './wall-window';

/** How the wall started: the tiles that showed a frame, and when (page ms). */
export interface StartupFigures {
  up: FirstFrameRecord[];
  ttff: number[];
  wallUpFromMount: number | null;
  wallUpFromSave: number | null;
}

export interface TileFigure {
  key: string;
  fps: number;
  decodedFps: number;
  droppedPct: number;
  states: string[];
}

/** Each tile's rates over the window (unrounded). */
export function tileFiguresOf(w: WindowFigures): TileFigure[] {
  return [...w.perTile.entries()].map(([key, t]) => ({
    key,
    fps: (t.decoded - t.dropped) / w.windowSeconds,
    decodedFps: t.decoded / w.windowSeconds,
    droppedPct: t.decoded > 0 ? (t.dropped / t.decoded) * 100 : 100,
    states: [...t.states],
  }));
}

/** The run's figures, as written to the .json report (the peer and true-lag parts are added beside them). */
export function buildWallResult(input: {
  label: string;
  args: WallBenchArgs;
  grid: LayoutGrid;
  clipFiles: string[];
  /** The clips' frame rate: a full-rate tile decodes this many frames a second. */
  fps: number;
  startup: StartupFigures;
  window: WindowFigures;
  /** Chromium's CPU on the empty wall (1 = one core). */
  idleCpu: number;
  emptyPss: { bytes: number; processes: number };
  floor: { perClip: Record<string, number>; mean: number } | null;
  /** Which transport each tile ended on. */
  transports: string[];
  /** Tiles that showed overview pictures over the window. */
  degradedTiles: number;
  clockRoundTripMs: number | null;
}) {
  const { args, window: w, floor, transports } = input;
  const tileFigures = tileFiguresOf(w);
  const pixelRate = [...w.perTile.values()].reduce((a, t) => a + t.pixels, 0) / w.windowSeconds;
  const cpuPerTile = w.chromiumCpu / args.tiles;
  const netCpuPerTile = Math.max(0, w.chromiumCpu - input.idleCpu) / args.tiles;
  const pssPerTile = (w.lastPss.bytes - input.emptyPss.bytes) / args.tiles;
  // A starved tile decodes fewer frames and so spends less: compare the cost of a full 25 fps too.
  const decodedFpsMedian = median(tileFigures.map((t) => t.decodedFps)) ?? 0;
  const cpuPerTileAt25 = decodedFpsMedian > 0 ? (cpuPerTile * input.fps) / decodedFpsMedian : null;

  // Drift over the window: the first quarter against the last (flat is what a soak should show).
  const quarter = Math.max(1, Math.floor(w.timeline.length / 4));
  const firstQ = w.timeline.slice(0, quarter);
  const lastQ = w.timeline.slice(-quarter);
  const medianOf = (rows: TimelinePoint[], pick: (r: TimelinePoint) => number | null) =>
    median(rows.map(pick).filter((v): v is number => v !== null));
  const drift = {
    latencyP95FirstQuarterSeconds: round(
      medianOf(firstQ, (r) => r.latencyP95),
      3,
    ),
    latencyP95LastQuarterSeconds: round(
      medianOf(lastQ, (r) => r.latencyP95),
      3,
    ),
    pssFirstQuarterMiB: round(
      medianOf(firstQ, (r) => r.pssMiB),
      1,
    ),
    pssLastQuarterMiB: round(
      medianOf(lastQ, (r) => r.pssMiB),
      1,
    ),
  };

  return {
    label: input.label,
    args,
    when: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      loadavgAtEnd: loadavg().map((l) => round(l, 2)),
      busyPctOfAllCoresDuringWindow: round(w.machineBusy * 100, 1),
      note: 'the machine is shared with other workers: busy % includes them; Chromium, this process (demo platform + browser shell) and everything else compete for the same cores',
    },
    tiles: {
      count: args.tiles,
      grid: input.grid,
      clips: input.clipFiles,
      fpsMedian: round(median(tileFigures.map((t) => t.fps)), 2),
      fpsMin: round(Math.min(...tileFigures.map((t) => t.fps)), 2),
      droppedPctMedian: round(median(tileFigures.map((t) => t.droppedPct)), 2),
      droppedPctMax: round(Math.max(...tileFigures.map((t) => t.droppedPct)), 2),
      tilesAtOrAbove24Fps: tileFigures.filter((t) => t.fps >= 24).length,
      tilesAtOrBelow1PctDropped: tileFigures.filter((t) => t.droppedPct <= 1).length,
      transports: Object.fromEntries(
        [...new Set(transports)].map((t) => [t, transports.filter((x) => x === t).length]),
      ),
      perTile: tileFigures.map((t) => ({
        ...t,
        fps: round(t.fps, 2),
        decodedFps: round(t.decodedFps, 2),
        droppedPct: round(t.droppedPct, 2),
      })),
    },
    startup: {
      tilesUp: input.startup.up.length,
      ttffMsP50: round(median(input.startup.ttff), 0),
      ttffMsP95: round(quantile(input.startup.ttff, 0.95), 0),
      wallUpMsFromFirstMount: round(input.startup.wallUpFromMount, 0),
      wallUpMsFromLayoutSave: round(input.startup.wallUpFromSave, 0),
    },
    latency: {
      seeksPerTilePerMinute: round(w.seeksPerTilePerMinute, 1),
      waitingPerTilePerMinute: round(w.waitsPerTilePerMinute, 1),
      samples: w.latencies.length,
      p50Seconds: round(median(w.latencies), 3),
      p95Seconds: round(quantile(w.latencies, 0.95), 3),
      measure:
        args.transport === 'webrtc'
          ? 'end to end: when the demo timeline made the picture → when the page expected it on screen (rVFC rtpTimestamp, expectedDisplayTime)'
          : "the player's buffer: buffered end − playback position of each <video>",
      webrtcReceiveToShownP50Seconds: round(median(w.rtcReceiveToShown), 3),
      webrtcReceiveToShownP95Seconds: round(quantile(w.rtcReceiveToShown, 0.95), 3),
      clockOffsetRoundTripMs: input.clockRoundTripMs === null ? null : round(input.clockRoundTripMs, 1),
    },
    cpu: {
      chromiumPctOfOneCore: round(w.chromiumCpu * 100, 1),
      chromiumIdlePctOfOneCore: round(input.idleCpu * 100, 1),
      perTilePctOfOneCore: round(cpuPerTile * 100, 2),
      netPerTilePctOfOneCore: round(netCpuPerTile * 100, 2),
      ffmpegFloorPctOfOneCorePerTile: floor ? round(floor.mean * 100, 2) : null,
      ffmpegFloorPerClip: floor
        ? Object.fromEntries(Object.entries(floor.perClip).map(([k, v]) => [k, round(v * 100, 2)]))
        : null,
      ratioToFloor: floor ? round(cpuPerTile / floor.mean, 2) : null,
      perTileAt25FpsPctOfOneCore: cpuPerTileAt25 === null ? null : round(cpuPerTileAt25 * 100, 2),
      ratioToFloorPerDecodedFrame:
        floor && cpuPerTileAt25 !== null ? round(cpuPerTileAt25 / floor.mean, 2) : null,
      netRatioToFloor: floor ? round(netCpuPerTile / floor.mean, 2) : null,
      busiestThreads: w.busiestThreads,
      /** % of one core by what the threads do (see costGroup), and per tile in multiples of the floor. */
      breakdownPctOfOneCore: w.breakdown,
      breakdownPerTileRatioToFloor: floor
        ? Object.fromEntries(
            Object.entries(w.breakdown).map(([group, pct]) => [
              group,
              round(pct / 100 / args.tiles / floor.mean, 2),
            ]),
          )
        : null,
    },
    memory: {
      chromiumPssMiB: round(w.lastPss.bytes / MiB, 1),
      emptyWallPssMiB: round(input.emptyPss.bytes / MiB, 1),
      chromiumProcesses: w.lastPss.processes,
      perTileMiB: round(pssPerTile / MiB, 2),
      totalPerTileMiB: round(w.lastPss.bytes / MiB / args.tiles, 2),
    },
    pixels: {
      decodedPerSecond: Math.round(pixelRate),
      /** No tile showed overview pictures: a rate this machine sustains (the setting sustainedPixelRate). */
      sustained: input.degradedTiles === 0,
      degradedTiles: input.degradedTiles,
    },
    drift,
    churn: { everySeconds: args.churn, cycles: w.churnCycles },
    timeline: w.timeline,
  };
}

export type WallBenchResult = ReturnType<typeof buildWallResult>;
