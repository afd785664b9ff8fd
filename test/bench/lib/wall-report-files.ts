import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { renderChart } from './bench-chart';
import type { WallBenchArgs } from './wall-args';
import type { TileFigure, WallBenchResult } from './wall-result';

/** Where a run's report goes: .bench/wall-<tiles>-<transport>-<res>-<seconds>s[-churn][-zlm][-peer] (no extension). */
export function wallReportBase(
  root: string,
  args: WallBenchArgs,
  options: { zlm: boolean; peer: boolean },
): string {
  return path.join(
    root,
    '.bench',
    `wall-${args.tiles}-${args.transport}-${args.res}-${args.seconds}s${args.churn > 0 ? `-churn${args.churn}s` : ''}${options.zlm ? '-zlm' : ''}${options.peer ? '-peer' : ''}`,
  );
}

/** Write `<base>.json` (the result and what lies beside it), the chart as `<base>.svg` and `<base>.png`. */
export async function writeWallReport(options: {
  base: string;
  /** Everything the .json holds: the result, the peer figures and the true lag. */
  json: unknown;
  result: WallBenchResult;
  tileFigures: TileFigure[];
  /** A browser context to draw the PNG in (the same Chromium as the wall). */
  context: BrowserContext;
}): Promise<void> {
  const { base, result } = options;
  await mkdir(path.dirname(base), { recursive: true });
  await writeFile(`${base}.json`, `${JSON.stringify(options.json, null, 2)}\n`);
  const svg = renderChart({
    title: `Wall benchmark: ${result.label}`,
    subtitle: [
      `fps median ${result.tiles.fpsMedian} · dropped median ${result.tiles.droppedPctMedian} % · wall up ${result.startup.wallUpMsFromFirstMount ?? '—'} ms · latency p95 ${result.latency.p95Seconds ?? '—'} s`,
      `Chromium CPU ${result.cpu.chromiumPctOfOneCore} % of a core (${result.cpu.ratioToFloor ?? '—'}× the decode floor per tile) · PSS ${result.memory.totalPerTileMiB} MiB/tile · machine busy ${result.machine.busyPctOfAllCoresDuringWindow} % (shared)`,
    ],
    tiles: options.tileFigures,
    targetFps: 24,
    timeline: result.timeline,
  });
  await writeFile(`${base}.svg`, svg);
  // The same chart as a PNG, drawn by the same Chromium (for viewers without SVG).
  const chartPage = await options.context.newPage();
  await chartPage.setViewportSize({ width: 1000, height: 670 });
  await chartPage.setContent(`<html><body style="margin:0;background:#0e1318">${svg}</body></html>`);
  await chartPage.screenshot({ path: `${base}.png` });
  await chartPage.close();
}
