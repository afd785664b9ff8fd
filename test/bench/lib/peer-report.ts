/**
 * What the wall benchmark adds for a wall bigger than the machine (issue #23): every tile's picture
 * age, which tiles showed overview pictures, taking tiles off a degraded wall (`--remove-to N`), and
 * the peer (`--peer`): the same streams in a plain page of raw mpegts.js players, run after the wall
 * in the same run, printed beside it.
 *
 * wall.bench.ts calls these at fixed points, so its own flow stays as it was:
 *   installWallProbes(page)        with the first-frame probe, before the tiles start
 *   pictureAgeWindow(page, true)   when the measured window opens; false when it closes
 *   afterWindow(…)                 after the window: removal, then (wall page closed) the peer
 *   printBeside(result, extras)    at the end of the printout
 */
import { cpus } from 'node:os';
import type { LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import type { BarePage } from './bare-page';
import { runPeer, type PeerFigures } from './peer-page';
import { degradedTiles, engineLog, pictureAgeProbe, readPictureAges, type PictureAges } from './picture-age';
import { measureRemoval, type RemovalFigures } from './wall-removal';

export interface PeerArgs {
  /** Run the peer page after the wall. */
  peer: boolean;
  /** After the window, take the wall down to this many tiles (0: no). */
  removeTo: number;
}

export function parsePeerArgs(argv: string[]): PeerArgs {
  const i = argv.indexOf('--remove-to');
  const removeTo = i >= 0 ? Number(argv[i + 1]) : 0;
  if (!Number.isInteger(removeTo) || removeTo < 0) throw new Error('--remove-to N (tiles to keep)');
  return { peer: argv.includes('--peer'), removeTo };
}

export interface WallExtras {
  pictureAge: PictureAges;
  /** Tiles that showed overview pictures (or were stuck) over more than half the window. */
  degraded: string[];
  removal: RemovalFigures | null;
  peer: PeerFigures | null;
  /** The wall engine's decode-budget log of the whole run (start, window, removal). */
  engineLog: string[];
}

/** The picture-age probe on the wall's tiles (and the page's WebSocket count). */
export async function installWallProbes(page: BarePage): Promise<void> {
  await page.evaluate(pictureAgeProbe('[data-testid="wall-tile"]', 'deviceKey'));
}

export async function afterWindow(options: {
  page: BarePage;
  args: PeerArgs;
  /** Saves the bench layout with these tiles (as another window would). */
  saveLayout: (tiles: LayoutTile[]) => Promise<void>;
  grid: LayoutGrid;
  tiles: LayoutTile[];
  /** The WS-FLV URL (or another the peer can play) for each tile's device. */
  streamUrl: (deviceKey: string) => Promise<string>;
  viewport: { width: number; height: number };
  warmupSeconds: number;
  seconds: number;
  /** `--profile`: a CPU profile of the plain page after its window (lib/cpu-profile.ts). */
  profile?: { seconds: number; file: string };
}): Promise<WallExtras> {
  const { page, args } = options;
  const pictureAge = await readPictureAges(page);
  const degraded = degradedTiles(pictureAge);
  let removal: RemovalFigures | null = null;
  if (args.removeTo > 0 && args.removeTo < options.tiles.length) {
    console.error(`[bench] taking the wall from ${options.tiles.length} to ${args.removeTo} tiles`);
    removal = await measureRemoval({
      page,
      save: options.saveLayout,
      grid: options.grid,
      tiles: options.tiles,
      keep: args.removeTo,
    });
  }
  const log = await engineLog(page);
  let peer: PeerFigures | null = null;
  if (args.peer) {
    // The wall's Chromium goes first: the peer gets the machine the wall had.
    await page.close();
    console.error(`[bench] peer: ${options.tiles.length} raw mpegts.js players in a plain page`);
    const streams = [];
    for (const t of options.tiles)
      streams.push({ key: t.deviceKey, url: await options.streamUrl(t.deviceKey) });
    peer = await runPeer({
      streams,
      grid: options.grid,
      viewport: options.viewport,
      warmupSeconds: options.warmupSeconds,
      seconds: options.seconds,
      profile: options.profile,
    });
  }
  return { pictureAge, degraded, removal, peer, engineLog: log };
}

/** The parts of the wall's result printed beside the peer. */
interface WallResult {
  tiles: {
    count: number;
    fpsMedian: number | null;
    fpsMin: number | null;
    droppedPctMedian: number | null;
    droppedPctMax: number | null;
    tilesAtOrAbove24Fps: number;
  };
  startup: { wallUpMsFromFirstMount: number | null };
  cpu: { chromiumPctOfOneCore: number | null; breakdownPctOfOneCore?: Record<string, number> | null };
  memory: { chromiumPssMiB: number | null; perTileMiB: number | null };
}

export function printBeside(result: WallResult, extras: WallExtras): void {
  const cores = cpus().length;
  const a = extras.pictureAge;
  const p = extras.peer;
  const row = (name: string, wall: unknown, peer: unknown) =>
    console.log(`${name.padEnd(34)} ${String(wall).padEnd(26)} ${p ? String(peer) : ''}`);
  const ages = (x: PictureAges) => `${x.ageP50 ?? '—'} / ${x.ageP95 ?? '—'} / ${x.ageMax ?? '—'} s`;
  console.log(`\n${''.padEnd(34)} ${'wall'.padEnd(26)} ${p ? 'peer (raw mpegts.js)' : ''}`);
  row(
    'tiles ≥ 24 fps',
    `${result.tiles.tilesAtOrAbove24Fps}/${result.tiles.count}`,
    p && `${p.tilesAtOrAbove24Fps}/${p.tiles}`,
  );
  row(
    'fps median (min)',
    `${result.tiles.fpsMedian} (${result.tiles.fpsMin})`,
    p && `${p.fpsMedian} (${p.fpsMin})`,
  );
  row(
    'dropped % median (max)',
    `${result.tiles.droppedPctMedian} (${result.tiles.droppedPctMax})`,
    p && `${p.droppedPctMedian} (${p.droppedPctMax})`,
  );
  row('picture age p50 / p95 / max', ages(a), p && ages(p.pictureAge));
  row(
    'worst tile: age p95 / max',
    `${a.worstTileP95 ?? '—'} / ${a.worstTileMax ?? '—'} s`,
    p && `${p.pictureAge.worstTileP95 ?? '—'} / ${p.pictureAge.worstTileMax ?? '—'} s`,
  );
  row('degraded (overview or stuck)', `${extras.degraded.length} tiles`, p && `${p.degraded.length} tiles`);
  row(
    'wall up (every first picture)',
    `${result.startup.wallUpMsFromFirstMount ?? 'not all'} ms`,
    p && `${p.wallUpMs ?? 'not all'} ms`,
  );
  const wallCpu = result.cpu.chromiumPctOfOneCore ?? 0;
  row(
    'Chromium CPU: % of a core (machine)',
    `${wallCpu} (${(wallCpu / cores).toFixed(1)} %)`,
    p && `${p.chromiumPctOfOneCore} (${p.chromiumPctOfMachine} %)`,
  );
  // Per tile, by what the threads do: where the wall spends beyond the plain page.
  const perTile = (b: Record<string, number> | null | undefined, n: number) =>
    b
      ? Object.entries(b)
          .map(([group, pct]) => `${group} ${(pct / n).toFixed(2)}`)
          .join(' ')
      : '—';
  console.log(
    `CPU per tile by thread, % of a core: wall    ${perTile(result.cpu.breakdownPctOfOneCore, result.tiles.count)}`,
  );
  if (p) console.log(`                                    plain   ${perTile(p.breakdown, p.tiles)}`);
  row(
    'PSS total (growth per tile)',
    `${result.memory.chromiumPssMiB} MiB (${result.memory.perTileMiB})`,
    p && `${p.pssMiB} MiB (${p.pssPerTileMiB})`,
  );
  if (extras.degraded.length > 0) console.log(`degraded tiles: ${extras.degraded.join(' ')}`);
  const r = extras.removal;
  if (r)
    console.log(
      `removal ${r.from} → ${r.to}: ${r.degradedBefore} of the kept tiles below full rate before; every kept tile back at full rate after ${r.allBackAfterSeconds ?? 'not all within the wait'} s; WebSockets opened meanwhile: ${r.socketsOpened}`,
    );
}
