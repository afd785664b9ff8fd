/**
 * Taking tiles off a (degraded) wall: how soon the tiles left are back at full rate, and whether any
 * of them reconnected to do it.
 *
 * The layout arrives with fewer tiles as another window's save would (the grid unchanged, so the
 * tiles left keep their size); the tiles kept are the last ones of the layout, the lowest-ranked,
 * which a degraded wall has in overview. Every 250 ms the probe of picture-age.ts says how many
 * pictures each has presented; a tile is back at full rate from the second in which it began to
 * present at least `fullFps` a second for 2 s on end. WebSockets opened meanwhile count reconnects.
 */
import type { LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import type { BarePage } from './bare-page';
import { presentedNow, socketsOpened } from './picture-age';
import { sleep } from './stats';

export interface RemovalFigures {
  from: number;
  to: number;
  /** Per kept tile: seconds from the save until it was back at full rate for good (null: never within the wait). */
  backAfterSeconds: Record<string, number | null>;
  /** The slowest tile; null when one never came back. */
  allBackAfterSeconds: number | null;
  /** Kept tiles that were below full rate just before the save. */
  degradedBefore: number;
  /** WebSockets the page opened after the save (0: no tile reconnected). */
  socketsOpened: number;
}

/** Seconds a tile must hold full rate to count as back. */
const SUSTAIN_S = 2;

export async function measureRemoval(options: {
  page: BarePage;
  save: (tiles: LayoutTile[]) => Promise<void>;
  grid: LayoutGrid;
  tiles: LayoutTile[];
  keep: number;
  waitSeconds?: number;
  fullFps?: number;
}): Promise<RemovalFigures> {
  const { page } = options;
  const fullFps = options.fullFps ?? 20;
  const kept = options.tiles.slice(-options.keep);
  const keys = kept.map((t) => t.deviceKey);
  const history = new Map<string, { at: number; presented: number }[]>(keys.map((k) => [k, []]));
  const sample = async (t: number) => {
    const now = await presentedNow(page);
    for (const key of keys) if (now[key]) history.get(key)!.push({ at: t, presented: now[key].presented });
  };
  /** Pictures a tile presented over the second up to `at` (from the history). */
  const rateAt = (key: string, index: number): number | null => {
    const h = history.get(key)!;
    const end = h[index];
    const start = [...h.slice(0, index)].reverse().find((s) => end.at - s.at >= 1);
    if (!start) return null;
    const delta = end.presented >= start.presented ? end.presented - start.presented : end.presented;
    return delta / (end.at - start.at);
  };

  // A second before the save: which kept tiles are below full rate now.
  for (let i = 0; i < 5; i++) {
    await sample(-1.25 + i * 0.25);
    await sleep(250);
  }
  const degradedBefore = keys.filter((k) => (rateAt(k, history.get(k)!.length - 1) ?? 0) < fullFps).length;
  const sockets0 = await socketsOpened(page);
  for (const h of history.values()) h.length = 0;

  const savedAt = Date.now();
  await options.save(kept);
  const wait = (options.waitSeconds ?? 20) * 1000;
  while (Date.now() - savedAt < wait) {
    await sample((Date.now() - savedAt) / 1000);
    await sleep(250);
  }
  const backAfterSeconds: Record<string, number | null> = {};
  for (const key of keys) {
    const h = history.get(key)!;
    const rates = h.map((s, i) => ({ at: s.at, rate: rateAt(key, i) }));
    // Back: the first second after which it presents full-rate pictures for SUSTAIN_S on end (a busy
    // machine's single slow second later on is not a tile still in overview).
    let back: number | null = null;
    for (let i = 0; i < rates.length && back === null; i++) {
      const { at, rate } = rates[i];
      if (rate === null || rate < fullFps) continue;
      const span = rates.filter((r) => r.at >= at && r.at <= at + SUSTAIN_S);
      if (span[span.length - 1].at - at >= SUSTAIN_S - 0.3 && span.every((r) => (r.rate ?? 0) >= fullFps))
        back = Math.max(0, at - 1);
    }
    backAfterSeconds[key] = back === null ? null : Math.round(back * 10) / 10;
  }
  const values = Object.values(backAfterSeconds);
  return {
    from: options.tiles.length,
    to: kept.length,
    backAfterSeconds,
    allBackAfterSeconds: values.some((v) => v === null) ? null : Math.max(...(values as number[])),
    degradedBefore,
    socketsOpened: (await socketsOpened(page)) - sockets0,
  };
}
