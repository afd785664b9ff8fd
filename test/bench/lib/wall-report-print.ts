import type { TileFigure, WallBenchResult } from './wall-result';

/** The run's figures on stdout, one per line (the peer and true-lag tables follow, printed by their modules). */
export function printWallReport(result: WallBenchResult, tileFigures: TileFigure[]): void {
  const { args } = result;
  const line = (name: string, value: unknown) => console.log(`${name.padEnd(34)} ${String(value)}`);
  console.log(`\nWall benchmark — ${result.label}`);
  line(
    'tiles ≥ 24 fps / ≤ 1 % dropped',
    `${result.tiles.tilesAtOrAbove24Fps}/${args.tiles} / ${result.tiles.tilesAtOrBelow1PctDropped}/${args.tiles}`,
  );
  line('fps median (min)', `${result.tiles.fpsMedian} (${result.tiles.fpsMin})`);
  line('dropped % median (max)', `${result.tiles.droppedPctMedian} (${result.tiles.droppedPctMax})`);
  line('time to first frame p50 / p95', `${result.startup.ttffMsP50} / ${result.startup.ttffMsP95} ms`);
  line('wall up (first mount → all)', `${result.startup.wallUpMsFromFirstMount ?? 'not all tiles up'} ms`);
  line(
    'decoded pixels per second',
    result.pixels.sustained
      ? `${result.pixels.decodedPerSecond} (sustained: no tile degraded; settings sustainedPixelRate)`
      : `${result.pixels.decodedPerSecond} (not sustained: ${result.pixels.degradedTiles} tiles degraded; try fewer tiles)`,
  );
  line('latency p50 / p95', `${result.latency.p50Seconds} / ${result.latency.p95Seconds} s`);
  if (args.transport === 'webrtc')
    line(
      '  (receive → shown p50 / p95)',
      `${result.latency.webrtcReceiveToShownP50Seconds} / ${result.latency.webrtcReceiveToShownP95Seconds} s`,
    );
  line(
    'seeks / underruns per tile-minute',
    `${result.latency.seeksPerTilePerMinute} / ${result.latency.waitingPerTilePerMinute}`,
  );
  line(
    'Chromium CPU (idle wall)',
    `${result.cpu.chromiumPctOfOneCore} % of one core (${result.cpu.chromiumIdlePctOfOneCore} %)`,
  );
  line(
    'CPU per tile (net of idle)',
    `${result.cpu.perTilePctOfOneCore} % (${result.cpu.netPerTilePctOfOneCore} %)`,
  );
  line(
    'ffmpeg decode floor per tile',
    result.cpu.ffmpegFloorPctOfOneCorePerTile !== null
      ? `${result.cpu.ffmpegFloorPctOfOneCorePerTile} % → ratio ${result.cpu.ratioToFloor}× (net ${result.cpu.netRatioToFloor}×)`
      : 'ffmpeg not on PATH',
  );
  line(
    'where it goes, × floor per tile',
    result.cpu.breakdownPerTileRatioToFloor
      ? Object.entries(result.cpu.breakdownPerTileRatioToFloor)
          .map(([group, ratio]) => `${group} ${ratio}`)
          .join(', ')
      : Object.entries(result.cpu.breakdownPctOfOneCore)
          .map(([group, pct]) => `${group} ${pct} %`)
          .join(', '),
  );
  line(
    'PSS total (empty wall)',
    `${result.memory.chromiumPssMiB} MiB (${result.memory.emptyWallPssMiB} MiB)`,
  );
  line(
    'PSS per tile: total / tiles (growth over empty)',
    `${result.memory.totalPerTileMiB} MiB (${result.memory.perTileMiB} MiB)`,
  );
  line(
    'busiest threads (% of one core)',
    result.cpu.busiestThreads
      .slice(0, 6)
      .map((t) => `${t.thread} ${t.pctOfOneCore}`)
      .join(', '),
  );
  const { drift } = result;
  line(
    'drift, first → last quarter',
    `latency p95 ${drift.latencyP95FirstQuarterSeconds} → ${drift.latencyP95LastQuarterSeconds} s, PSS ${drift.pssFirstQuarterMiB} → ${drift.pssLastQuarterMiB} MiB`,
  );
  if (result.churn.cycles > 0)
    line('streams cut (churn)', `${result.churn.cycles} times, every ${args.churn} s`);
  line('transports', JSON.stringify(result.tiles.transports));
  line(
    'machine busy during window',
    `${result.machine.busyPctOfAllCoresDuringWindow} % of ${result.machine.cores} cores (load ${result.machine.loadavgAtEnd.join(' ')})`,
  );
  console.log(
    `\nper tile (fps / dropped %): ${tileFigures.map((t) => `${t.fps.toFixed(1)}/${t.droppedPct.toFixed(1)}`).join('  ')}`,
  );
}
