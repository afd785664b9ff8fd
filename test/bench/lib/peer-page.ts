/**
 * The peer: the same streams in a plain page of raw mpegts.js players with their defaults, measured
 * the way the wall is, for a figure beside each of the wall's.
 *
 * One `<video>` per stream in a grid of the wall's columns × rows filling the window, and
 * `mpegts.createPlayer({ type: 'flv', isLive: true, url })` with no configuration (mpegts.js 1.8's
 * defaults: a stash buffer, lazy loading, no latency chasing, no live sync, no worker), muted and
 * playing. Started in the same bare Chromium set-up as the wall (lib/bare-page.ts: no DevTools client
 * watching the network), after the wall's Chromium is closed, against the same demo media server.
 * No supervisor, no watchdog, no budget: what a page without the engine does with the same load.
 * Its true lag (how far each picture trails the camera) is measured as the wall's is: lib/true-lag.ts.
 */
import { cpus } from 'node:os';
import { startStaticServer } from '../../support/static-server';
import { profilePage, tracePage, type ProfileSummary } from './cpu-profile';
import { launchBarePage } from './bare-page';
import {
  degradedTiles,
  pictureAgeProbe,
  pictureAgeWindow,
  readPictureAges,
  type PictureAges,
} from './picture-age';
import {
  costBreakdown,
  cpuSecondsBetween,
  cpuTicks,
  pssBytes,
  threadTicks,
  type CostGroup,
} from './proc-stats';
import { peerPathOwner, trueLagProbe, TrueLagRecorder, type TrueLagFigures } from './true-lag';
import { MiB, quantile, round, sleep } from './stats';

export interface PeerOptions {
  /** WS-FLV (or HTTP-FLV) URL of each tile, by key, in the wall's order. */
  streams: { key: string; url: string }[];
  grid: { columns: number; rows: number };
  viewport: { width: number; height: number };
  warmupSeconds: number;
  seconds: number;
  /** A CPU profile of the page's main thread after the window (lib/cpu-profile.ts). */
  profile?: { seconds: number; file: string };
}

export interface PeerFigures {
  tiles: number;
  fpsMedian: number | null;
  fpsMin: number | null;
  droppedPctMedian: number | null;
  droppedPctMax: number | null;
  tilesAtOrAbove24Fps: number;
  /** Every tile's first picture, from the players' creation (ms); null if not all came within 60 s. */
  wallUpMs: number | null;
  pictureAge: PictureAges;
  degraded: string[];
  chromiumPctOfOneCore: number;
  chromiumPctOfMachine: number;
  /** The same CPU by what the threads do (proc-stats.ts costBreakdown), % of one core. */
  breakdown: Record<CostGroup, number>;
  pssMiB: number;
  pssPerTileMiB: number;
  perTile: { key: string; fps: number; droppedPct: number }[];
  /** How far behind the camera each picture is, measured as in the wall (lib/true-lag.ts). */
  trueLag: TrueLagFigures;
  profile?: ProfileSummary;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>peer</title>
<style>html,body{margin:0;height:100%;background:#0e1318}#grid{display:grid;height:100vh;gap:2px}
video{width:100%;height:100%;min-width:0;min-height:0;object-fit:contain;background:#000}</style>
<script src="/lib/mpegts.js"></script></head><body><div id="grid"></div></body></html>`;

export async function runPeer(options: PeerOptions): Promise<PeerFigures> {
  const server = await startStaticServer({ html: PAGE });
  const page = await launchBarePage({ viewport: options.viewport });
  try {
    await page.navigate(`${server.origin}/`);
    await page.waitFor(`typeof window.mpegts !== 'undefined'`);
    const emptyPss = pssBytes(page.pid);
    await page.evaluate(pictureAgeProbe('video[data-key]', 'key'));
    await page.evaluate(trueLagProbe('video[data-key]', 'key'));
    const lag = new TrueLagRecorder(page, peerPathOwner(options.streams));
    const { columns, rows } = options.grid;
    const started = await page.evaluate<number>(`(() => {
      const grid = document.getElementById('grid');
      grid.style.gridTemplateColumns = 'repeat(${columns}, 1fr)';
      grid.style.gridTemplateRows = 'repeat(${rows}, 1fr)';
      const streams = ${JSON.stringify(options.streams)};
      window.__firsts = new Map();
      const t0 = performance.now();
      for (const { key, url } of streams) {
        const video = document.createElement('video');
        video.dataset.key = key;
        video.muted = true;
        video.autoplay = true;
        video.playsInline = true;
        grid.append(video);
        video.requestVideoFrameCallback(() => window.__firsts.set(key, performance.now()));
        const type = /\\.flv/.test(new URL(url).pathname) ? 'flv' : 'mpegts';
        const player = mpegts.createPlayer({ type, isLive: true, url });
        player.attachMediaElement(video);
        player.load();
        const p = player.play();
        if (p && p.catch) p.catch(() => {});
      }
      return t0;
    })()`);
    const deadline = Date.now() + 60_000;
    let firsts: number[] = [];
    while (Date.now() < deadline) {
      firsts = await page.evaluate<number[]>(`[...window.__firsts.values()]`);
      if (firsts.length === options.streams.length) break;
      await sleep(50);
    }
    const wallUpMs = firsts.length === options.streams.length ? Math.max(...firsts) - started : null;
    await sleep(options.warmupSeconds * 1000);

    const counters = () =>
      page.evaluate<{ key: string; total: number; dropped: number }[]>(
        `[...document.querySelectorAll('video[data-key]')].map((v) => { const q = v.getVideoPlaybackQuality(); return { key: v.dataset.key, total: q.totalVideoFrames, dropped: q.droppedVideoFrames }; })`,
      );
    await pictureAgeWindow(page, true);
    const before = await counters();
    const cpu0 = cpuTicks(page.pid);
    const threads0 = threadTicks(page.pid);
    const t0 = Date.now();
    // Once a second, as in the wall, the true lag of every tile.
    for (let end = t0 + options.seconds * 1000; Date.now() < end;) {
      await sleep(Math.min(1000 - ((Date.now() - t0) % 1000), end - Date.now()));
      if (Date.now() < end) await lag.sample();
    }
    const cpu1 = cpuTicks(page.pid);
    const threads1 = threadTicks(page.pid);
    const windowSeconds = (Date.now() - t0) / 1000;
    const after = await counters();
    await pictureAgeWindow(page, false);
    const pictureAge = await readPictureAges(page);
    const pss = pssBytes(page.pid);
    const profile = options.profile
      ? await profilePage(page, options.profile.seconds, options.profile.file)
      : undefined;
    if (options.profile) {
      const trace = await tracePage(
        page,
        Math.min(options.profile.seconds, 10),
        options.profile.file.replace('.cpuprofile', '.trace.json'),
      );
      console.error(`trace of the plain page (ms per s):\n${trace.join('\n')}`);
    }

    const perTile = after.map((a) => {
      const b = before.find((x) => x.key === a.key) ?? { total: 0, dropped: 0 };
      const decoded = a.total - b.total;
      const dropped = a.dropped - b.dropped;
      return {
        key: a.key,
        fps: round((decoded - dropped) / windowSeconds)!,
        droppedPct: round(decoded > 0 ? (dropped / decoded) * 100 : 100)!,
      };
    });
    const cpu = cpuSecondsBetween(cpu0, cpu1) / windowSeconds;
    return {
      tiles: options.streams.length,
      fpsMedian: round(
        quantile(
          perTile.map((t) => t.fps),
          0.5,
        ),
      ),
      fpsMin: round(Math.min(...perTile.map((t) => t.fps))),
      droppedPctMedian: round(
        quantile(
          perTile.map((t) => t.droppedPct),
          0.5,
        ),
      ),
      droppedPctMax: round(Math.max(...perTile.map((t) => t.droppedPct))),
      tilesAtOrAbove24Fps: perTile.filter((t) => t.fps >= 24).length,
      wallUpMs: round(wallUpMs, 0),
      pictureAge,
      degraded: degradedTiles(pictureAge),
      chromiumPctOfOneCore: round(cpu * 100, 1)!,
      chromiumPctOfMachine: round((cpu * 100) / cpus().length, 1)!,
      // Where it goes (as the wall's breakdown): what the wall does beyond the plain page, by thread.
      breakdown: costBreakdown(threads0, threads1, windowSeconds),
      pssMiB: round(pss.bytes / MiB, 1)!,
      pssPerTileMiB: round((pss.bytes - emptyPss.bytes) / MiB / options.streams.length, 2)!,
      perTile,
      trueLag: lag.figures(),
      ...(profile && { profile }),
    };
  } finally {
    await page.close();
    await server.close();
  }
}
