/**
 * Wall benchmark: a wall of N live tiles in headless Chromium, through the browser shell and the demo
 * platform's live media, measured from outside the app.
 *
 *   npm run bench:wall -- --tiles 16 --transport ws-flv|flv|hls|ts|fmp4|webrtc --res 360p|720p --seconds 30
 *                          [--churn S]   (cut every tile's stream every S seconds: re-creation churn)
 *                          [--peer]      (then the same streams in a plain page of raw mpegts.js players)
 *                          [--remove-to N] (then take the wall down to N tiles: back at full rate when?)
 *                          [--zlm [--audio silent|mixed]] (the demo serves as a real ZLMediaKit: cameras
 *                          chosen among those carrying its silent AAC track unless --audio mixed)
 *   npm run bench:wall -- --tour [--pages 4] [--tiles 16] [--dwell 10] [--seconds 300]
 *                          (a tour of saved views: the gap at each switch, CPU and PSS first vs last minute;
 *                          see lib/tour-bench.ts)
 *
 * Prints per-tile fps and dropped %, time to first frame p50/p95 and "wall up" (every tile's first
 * frame), the decoded pixels per second the wall kept up (and whether it is a sustained rate: no tile
 * degraded to overview pictures; the setting `sustainedPixelRate`), latency behind the live edge p50/p95 (buffered end − playback position of each <video>,
 * sampled every second; for WebRTC, which buffers nothing in the element, see WEBRTC LATENCY below),
 * CPU of all Chromium processes (/proc utime+stime of the browser's process tree) in % of one core,
 * summed PSS (/proc/<pid>/smaps_rollup) and its growth per tile over the empty wall, and, where ffmpeg
 * is on PATH, ffmpeg's single-thread decode cost of the same clips as the floor
 * with the ratio; and each tile's true lag behind the camera (lib/true-lag.ts; lib/zlm-bench.ts prints it
 * beside the plain page's, with CPU per tile and the ratios). Writes
 * .bench/wall-<tiles>-<transport>-<res>-<seconds>s[-zlm][-peer].json, .svg and .png.
 *
 * The wall runs in a Chromium the benchmark starts itself and drives over a bare DevTools connection
 * that only evaluates expressions (lib/bare-page.ts): a Playwright-driven page has DevTools' Network
 * domain on, which reports every WebSocket message and keeps every response body, and a wall in
 * production has no DevTools attached. Only that Chromium's processes are counted.
 *
 * These are measurements, not a test: nothing here asserts a time. The demo platform and the browser
 * shell run in this process and share the machine with Chromium; the machine's own load over the
 * window is recorded next to the figures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clipForDevice } from '../../electron/demo-platform/media';
import type { Transport } from '../../electron/shared/settings';
import { TransportSchema } from '../../electron/shared/settings';
import { renderChart } from './lib/bench-chart';
import {
  costBreakdown,
  cpuSecondsBetween,
  cpuTicks,
  machineTicks,
  pssBytes,
  threadTicks,
  topThreads,
} from './lib/proc-stats';
import { launchBarePage } from './lib/bare-page';
import { parseTourArgs, runTourBench } from './lib/tour-bench';
import { openWallSession } from './lib/wall-session';
import { parseZlmArgs, printTrueLag, trueLagPhase } from './lib/zlm-bench';
import {
  afterWindow,
  installWallProbes,
  parsePeerArgs,
  pictureAgeWindow,
  printBeside,
} from './lib/peer-report';
import { quantile, median, round, MiB, sleep } from './lib/stats';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MEDIA_DIR = path.join(ROOT, 'resources', 'demo-media');
const FPS = 25;

/*
 * WEBRTC LATENCY. A WebRTC <video> plays a MediaStream: it has no buffered range, and the browser's jitter
 * buffer sits before the decoder. So a WebRTC tile's latency behind live is measured end to end instead:
 * the demo stamps each picture with its place on the live timeline (RTP timestamp = 90 kHz ticks), and
 * once a second the page asks each <video> for its next frame callback, whose metadata carries that
 * picture's rtpTimestamp and when it is expected on screen. Behind live = shown − due, where `due` is when
 * the demo's timeline made that picture (LiveMedia.webrtcPictureDueAt). The page's and this process's
 * clocks are put on one time line by reading both in one evaluate (the offset of the quickest round trip
 * so far). This counts everything from the picture being due to its display: the demo's pacing, loopback,
 * the jitter buffer, decoding and compositing. The WS-FLV measure (buffered end − position) counts the
 * player's buffer only; loopback, demuxing and decoding add a few milliseconds and up to a frame to it.
 * The receiver's own share (receiveTime → shown) is reported too.
 */

interface Args {
  tiles: number;
  transport: Transport;
  res: '360p' | '720p';
  seconds: number;
  warmup: number;
  /** Every this many seconds, cut every tile's stream (0: never): memory across player re-creations. */
  churn: number;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const transport = TransportSchema.safeParse(value('transport', 'ws-flv'));
  if (!transport.success) throw new Error(`--transport ${TransportSchema.options.join('|')}`);
  const res = value('res', '360p');
  if (res !== '360p' && res !== '720p') throw new Error('--res 360p|720p');
  const tiles = Number(value('tiles', '9'));
  if (!Number.isInteger(tiles) || tiles < 1 || tiles > 64) throw new Error('--tiles 1..64');
  return {
    tiles,
    transport: transport.data,
    res,
    seconds: Number(value('seconds', '30')),
    warmup: Number(value('warmup', '5')),
    churn: Number(value('churn', '0')),
  };
}

/**
 * In the page: note when each tile's <video> appears and when it presents its first frame
 * (requestVideoFrameCallback), into `window.__bench`.
 */
const FIRST_FRAME_PROBE = `(() => {
  const records = new Map();
  const seen = new WeakSet();
  const scan = () => {
    for (const video of document.querySelectorAll('[data-testid="wall-tile"] video')) {
      if (seen.has(video)) continue;
      seen.add(video);
      const key = video.closest('[data-testid="wall-tile"]').dataset.deviceKey;
      const record = { mountedAt: performance.now(), firstFrameAt: null, seeks: 0, waits: 0 };
      records.set(key, record);
      video.requestVideoFrameCallback(() => { record.firstFrameAt = performance.now(); });
      // Jumps to the live edge (each one decodes from the previous keyframe) and buffer underruns.
      video.addEventListener('seeking', () => { record.seeks += 1; });
      video.addEventListener('waiting', () => { record.waits += 1; });
    }
  };
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  window.__bench = records;
})()`;

/** One reading of every tile's <video>, in the page. */
interface VideoSample {
  key: string;
  state: string;
  total: number;
  dropped: number;
  latency: number | null;
  /** WebRTC: the last frame callback's picture (RTP timestamp) and when it was shown and received (page ms). */
  rtc: { rtp: number; shownAt: number; receivedAt: number | null } | null;
  /** The picture's own size (0 before the first frame). */
  width: number;
  height: number;
}

/** ffmpeg's single-thread decode cost of a clip: CPU seconds per second of video. */
function ffmpegFloor(files: string[]): { perClip: Record<string, number>; mean: number } | null {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const perClip: Record<string, number> = {};
  for (const file of files) {
    // Three passes, the cheapest kept: the machine is shared and the floor should be the floor.
    let best = Infinity;
    for (let pass = 0; pass < 3; pass++) {
      const run = spawnSync(
        'ffmpeg',
        [
          '-hide_banner',
          '-nostdin',
          '-benchmark',
          '-threads',
          '1',
          '-i',
          path.join(MEDIA_DIR, file),
          '-f',
          'null',
          '-',
        ],
        { encoding: 'utf8' },
      );
      const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(run.stderr);
      const frames = [...run.stderr.matchAll(/frame=\s*(\d+)/g)].pop();
      if (!bench || !frames) continue;
      const cpu = Number(bench[1]) + Number(bench[2]);
      best = Math.min(best, cpu / (Number(frames[1]) / FPS));
    }
    if (Number.isFinite(best)) perClip[file] = best;
  }
  const values = Object.values(perClip);
  return values.length ? { perClip, mean: values.reduce((a, b) => a + b, 0) / values.length } : null;
}

async function main(): Promise<void> {
  if (process.argv.includes('--tour')) return runTourBench(parseTourArgs(process.argv.slice(2)), ROOT);
  const args = parseArgs(process.argv.slice(2));
  const extraArgs = parsePeerArgs(process.argv.slice(2));
  const zlmArgs = parseZlmArgs(process.argv.slice(2));
  const label = `${args.tiles} tiles ${args.transport} ${args.res} ${args.seconds}s${args.churn > 0 ? ` churn ${args.churn}s` : ''}${zlmArgs.zlm ? ` zlm (${zlmArgs.audio} audio)` : ''}`;
  console.error(
    `[bench] wall: ${label} (${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );

  const wall = await openWallSession({
    viewport: { width: 1920, height: 1080 },
    ...(zlmArgs.zlm && { liveMediaOptions: { zlm: true } }),
  });
  const { session } = wall;
  const media = session.media!;
  // The signed-in Playwright page steps aside; the wall is measured in a Chromium with no DevTools
  // client watching its network (see bare-page.ts), and only that Chromium's processes are counted.
  await wall.page.goto('about:blank');
  const page = await launchBarePage({ viewport: { width: 1920, height: 1080 } }).catch(async (error) => {
    await wall.close();
    throw error;
  });
  const chromium = page.pid;
  try {
    if (args.res === '720p') {
      // The demo serves its 1280×720 clip to device keys holding "720": map every tile onto it.
      const original = media.startStream.bind(media);
      media.startStream = (request) => original({ ...request, deviceKey: `${request.deviceKey}-720` });
    }
    const lag = trueLagPhase(media, zlmArgs);
    const devices = lag.pickDevices(wall.deviceKeys, args.tiles);
    const clipKey = (key: string) => (args.res === '720p' ? `${key}-720` : key);
    const clipFiles = [...new Set(devices.map((k) => clipForDevice(clipKey(k), media.clips).file))];
    await wall.settings({ transportOrder: [args.transport], statsOverlay: false });
    const columns = Math.ceil(Math.sqrt(args.tiles));
    const rows = Math.ceil(args.tiles / columns);
    const grid = { columns, rows };
    const tiles = devices.map((deviceKey, i) => ({
      deviceKey,
      column: (i % columns) + 1,
      row: Math.floor(i / columns) + 1,
    }));

    // An empty wall first, the catalog folded away (a wall screen), then the probe.
    await wall.showLayoutIn(page, 'bench', grid, []);
    await page.evaluate(`document.querySelector('[data-testid="toggle-catalog"]').click()`);
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    await page.evaluate(FIRST_FRAME_PROBE);
    await installWallProbes(page);
    await lag.install(page);
    await sleep(2000);
    const idleCpu0 = cpuTicks(chromium);
    await sleep(3000);
    const idleCpu = cpuSecondsBetween(idleCpu0, cpuTicks(chromium)) / 3;
    const emptyPss = pssBytes(chromium);
    // The floor is measured now, before the tiles start, so that the wall's own load cannot inflate it.
    const floor = ffmpegFloor(clipFiles);

    // Go: the layout arrives as another window's save would, and the wall fills.
    const t0 = await page.evaluate<number>('performance.now()');
    const saved = await session.call('layouts:save', {
      id: 'bench',
      name: 'bench',
      profileId: wall.profileId,
      grid,
      tiles,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const upDeadline = Date.now() + 60_000;
    type Probe = {
      key: string;
      mountedAt: number;
      firstFrameAt: number | null;
      seeks: number;
      waits: number;
    };
    const readProbe = () => page.evaluate<Probe[]>(`[...window.__bench].map(([key, r]) => ({ key, ...r }))`);
    let firsts: Probe[] = [];
    while (Date.now() < upDeadline) {
      firsts = await readProbe();
      if (firsts.length === args.tiles && firsts.every((f) => f.firstFrameAt !== null)) break;
      await sleep(50);
    }
    const up = firsts.filter((f) => f.firstFrameAt !== null);
    const ttff = up.map((f) => f.firstFrameAt! - f.mountedAt);
    const wallUpFromSave = up.length === args.tiles ? Math.max(...up.map((f) => f.firstFrameAt! - t0)) : null;
    const firstMount = Math.min(...firsts.map((f) => f.mountedAt));
    const wallUpFromMount =
      up.length === args.tiles ? Math.max(...up.map((f) => f.firstFrameAt!)) - firstMount : null;
    console.error(
      `[bench] ${up.length}/${args.tiles} tiles showed a first frame; wall up ${wallUpFromMount?.toFixed(0) ?? '—'} ms after the first tile mounted`,
    );

    await sleep(args.warmup * 1000);

    // The window: every second, each <video>'s counters and latency; every 5 s, PSS.
    // The page's clock against this process's: the offset seen on the quickest round trip so far.
    let clockOffset = { rtt: Infinity, pageMinusNode: 0 };
    const sample = async (): Promise<VideoSample[]> => {
      const t0 = performance.now();
      const { now, videos } = await page.evaluate<{
        now: number;
        videos: VideoSample[];
      }>(`(() => ({ now: performance.now(), videos: [...document.querySelectorAll('[data-testid="wall-tile"]')].map((tile) => {
        const video = tile.querySelector('video');
        const q = video ? video.getVideoPlaybackQuality() : { totalVideoFrames: 0, droppedVideoFrames: 0 };
        const b = video ? video.buffered : { length: 0 };
        const rtc = video && video.__rtcFrame ? video.__rtcFrame : null;
        if (video && video.srcObject) {
          video.__rtcFrame = null;
          video.requestVideoFrameCallback((_, m) => {
            if (typeof m.rtpTimestamp === 'number')
              video.__rtcFrame = { rtp: m.rtpTimestamp, shownAt: m.expectedDisplayTime, receivedAt: m.receiveTime ?? null };
          });
        }
        return {
          key: tile.dataset.deviceKey,
          state: tile.dataset.state ?? '',
          total: q.totalVideoFrames,
          dropped: q.droppedVideoFrames,
          latency: b.length ? b.end(b.length - 1) - video.currentTime : null,
          rtc,
          width: video ? video.videoWidth : 0,
          height: video ? video.videoHeight : 0,
        };
      }) }))()`);
      const t1 = performance.now();
      if (t1 - t0 < clockOffset.rtt) clockOffset = { rtt: t1 - t0, pageMinusNode: now - (t0 + t1) / 2 };
      return videos;
    };
    /** A WebRTC frame's lag behind live (s), shown − due, on this process's clock. */
    const rtcBehindLive = (rtc: NonNullable<VideoSample['rtc']>) =>
      (rtc.shownAt - clockOffset.pageMinusNode - media.webrtcPictureDueAt(rtc.rtp)) / 1000;
    const rtcReceiveToShown: number[] = [];
    const perTile = new Map<
      string,
      { decoded: number; dropped: number; pixels: number; last: VideoSample; states: Set<string> }
    >();
    const latencies: number[] = [];
    const timeline: { t: number; latencyP50: number | null; latencyP95: number | null; pssMiB: number }[] =
      [];
    let bucket: number[] = [];
    const events0 = await readProbe();
    await pictureAgeWindow(page, true);
    const machine0 = machineTicks();
    const cpu0 = cpuTicks(chromium);
    const threads0 = threadTicks(chromium);
    const started = Date.now();
    const end = started + args.seconds * 1000;
    let nextBucket = started + 5000;
    for (const s of await sample())
      perTile.set(s.key, { decoded: 0, dropped: 0, pixels: 0, last: s, states: new Set([s.state]) });
    let lastPss = emptyPss;
    let churnCycles = 0;
    let nextChurn = args.churn > 0 ? started + args.churn * 1000 : Infinity;
    while (Date.now() < end) {
      if (Date.now() >= nextChurn) {
        // A network blip on every stream at once: each tile must notice, replace its player and play on.
        for (const key of devices) media.faults.set(key, { type: 'drop', afterSeconds: 0 });
        setTimeout(() => {
          for (const key of devices) media.faults.clear(key);
        }, 300);
        churnCycles += 1;
        nextChurn += args.churn * 1000;
      }
      await sleep(1000 - ((Date.now() - started) % 1000));
      for (const s of await sample()) {
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
        const latency = s.rtc ? rtcBehindLive(s.rtc) : s.latency;
        if (latency !== null) {
          latencies.push(latency);
          bucket.push(latency);
        }
        if (s.rtc?.receivedAt != null) rtcReceiveToShown.push((s.rtc.shownAt - s.rtc.receivedAt) / 1000);
      }
      await lag.sample();
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
    const busiestThreads = topThreads(threads0, threads1, windowSeconds);
    const breakdown = costBreakdown(threads0, threads1, windowSeconds);
    const machine1 = machineTicks();
    const machineBusy = (machine1.busy - machine0.busy) / (machine1.total - machine0.total);
    const events1 = await readProbe();
    const perMinute = (field: 'seeks' | 'waits') =>
      ((events1.reduce((a, e) => a + e[field], 0) - events0.reduce((a, e) => a + e[field], 0)) / args.tiles) *
      (60 / windowSeconds);

    // Which transport each tile ended on, from the tiles' own stats overlay.
    await wall.settings({ statsOverlay: true });
    await sleep(1500);
    const transports = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-testid="wall-tile"]')].map((el) => el.querySelector('[data-stat="transport"] dd')?.textContent ?? '')`,
    );
    // The tiles' own "behind live" (stats().liveness.behindMs) beside the probe's, with the overlay shown.
    // For WebRTC, beside the end-to-end measure (RTP timestamp against display) at the same readings.
    const endToEnd = async () =>
      new Map((await sample()).map((s) => [s.key, s.rtc ? rtcBehindLive(s.rtc) * 1000 : null]));
    const trueLag = await lag.afterWindow(page, args.transport === 'webrtc' ? endToEnd : undefined);

    // Picture ages and degraded tiles; then, as asked, tiles taken off, and the peer page (issue #23).
    const extras = await afterWindow({
      page,
      args: extraArgs,
      saveLayout: async (kept) => {
        const saved = await session.call('layouts:save', {
          id: 'bench',
          name: 'bench',
          profileId: wall.profileId,
          grid,
          tiles: kept,
        });
        if (!saved.ok) throw new Error(saved.error.message);
      },
      grid,
      tiles,
      streamUrl: async (key) =>
        (await media.startStream({ deviceKey: key, sipId: '', channelId: '' })).ws_flv,
      viewport: { width: 1920, height: 1080 },
      warmupSeconds: args.warmup,
      seconds: args.seconds,
    });

    const pixelRate = [...perTile.values()].reduce((a, t) => a + t.pixels, 0) / windowSeconds;
    const pixelRateSustained = extras.degraded.length === 0;
    const tileFigures = [...perTile.entries()].map(([key, t]) => ({
      key,
      fps: (t.decoded - t.dropped) / windowSeconds,
      decodedFps: t.decoded / windowSeconds,
      droppedPct: t.decoded > 0 ? (t.dropped / t.decoded) * 100 : 100,
      states: [...t.states],
    }));
    const cpuPerTile = chromiumCpu / args.tiles;
    const netCpuPerTile = Math.max(0, chromiumCpu - idleCpu) / args.tiles;
    const pssPerTile = (lastPss.bytes - emptyPss.bytes) / args.tiles;
    // A starved tile decodes fewer frames and so spends less: compare the cost of a full 25 fps too.
    const decodedFpsMedian = median(tileFigures.map((t) => t.decodedFps)) ?? 0;
    const cpuPerTileAt25 = decodedFpsMedian > 0 ? (cpuPerTile * FPS) / decodedFpsMedian : null;

    // Drift over the window: the first quarter against the last (flat is what a soak should show).
    const quarter = Math.max(1, Math.floor(timeline.length / 4));
    const firstQ = timeline.slice(0, quarter);
    const lastQ = timeline.slice(-quarter);
    const medianOf = (rows: typeof timeline, pick: (r: (typeof timeline)[number]) => number | null) =>
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

    const result = {
      label,
      args,
      when: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        loadavgAtEnd: loadavg().map((l) => round(l, 2)),
        busyPctOfAllCoresDuringWindow: round(machineBusy * 100, 1),
        note: 'the machine is shared with other workers: busy % includes them; Chromium, this process (demo platform + browser shell) and everything else compete for the same cores',
      },
      tiles: {
        count: args.tiles,
        grid,
        clips: clipFiles,
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
        tilesUp: up.length,
        ttffMsP50: round(median(ttff), 0),
        ttffMsP95: round(quantile(ttff, 0.95), 0),
        wallUpMsFromFirstMount: round(wallUpFromMount, 0),
        wallUpMsFromLayoutSave: round(wallUpFromSave, 0),
      },
      latency: {
        seeksPerTilePerMinute: round(perMinute('seeks'), 1),
        waitingPerTilePerMinute: round(perMinute('waits'), 1),
        samples: latencies.length,
        p50Seconds: round(median(latencies), 3),
        p95Seconds: round(quantile(latencies, 0.95), 3),
        measure:
          args.transport === 'webrtc'
            ? 'end to end: when the demo timeline made the picture → when the page expected it on screen (rVFC rtpTimestamp, expectedDisplayTime)'
            : "the player's buffer: buffered end − playback position of each <video>",
        webrtcReceiveToShownP50Seconds: round(median(rtcReceiveToShown), 3),
        webrtcReceiveToShownP95Seconds: round(quantile(rtcReceiveToShown, 0.95), 3),
        clockOffsetRoundTripMs: Number.isFinite(clockOffset.rtt) ? round(clockOffset.rtt, 1) : null,
      },
      cpu: {
        chromiumPctOfOneCore: round(chromiumCpu * 100, 1),
        chromiumIdlePctOfOneCore: round(idleCpu * 100, 1),
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
        busiestThreads,
        /** % of one core by what the threads do (see costGroup), and per tile in multiples of the floor. */
        breakdownPctOfOneCore: breakdown,
        breakdownPerTileRatioToFloor: floor
          ? Object.fromEntries(
              Object.entries(breakdown).map(([group, pct]) => [
                group,
                round(pct / 100 / args.tiles / floor.mean, 2),
              ]),
            )
          : null,
      },
      memory: {
        chromiumPssMiB: round(lastPss.bytes / MiB, 1),
        emptyWallPssMiB: round(emptyPss.bytes / MiB, 1),
        chromiumProcesses: lastPss.processes,
        perTileMiB: round(pssPerTile / MiB, 2),
        totalPerTileMiB: round(lastPss.bytes / MiB / args.tiles, 2),
      },
      pixels: {
        decodedPerSecond: Math.round(pixelRate),
        /** No tile showed overview pictures: a rate this machine sustains (the setting sustainedPixelRate). */
        sustained: pixelRateSustained,
        degradedTiles: extras.degraded.length,
      },
      drift,
      churn: { everySeconds: args.churn, cycles: churnCycles },
      timeline,
    };

    const outDir = path.join(ROOT, '.bench');
    await mkdir(outDir, { recursive: true });
    const base = path.join(
      outDir,
      `wall-${args.tiles}-${args.transport}-${args.res}-${args.seconds}s${args.churn > 0 ? `-churn${args.churn}s` : ''}${zlmArgs.zlm ? '-zlm' : ''}${extraArgs.peer ? '-peer' : ''}`,
    );
    await writeFile(`${base}.json`, `${JSON.stringify({ ...result, ...extras, trueLag }, null, 2)}\n`);
    const svg = renderChart({
      title: `Wall benchmark: ${label}`,
      subtitle: [
        `fps median ${result.tiles.fpsMedian} · dropped median ${result.tiles.droppedPctMedian} % · wall up ${result.startup.wallUpMsFromFirstMount ?? '—'} ms · latency p95 ${result.latency.p95Seconds ?? '—'} s`,
        `Chromium CPU ${result.cpu.chromiumPctOfOneCore} % of a core (${result.cpu.ratioToFloor ?? '—'}× the decode floor per tile) · PSS ${result.memory.totalPerTileMiB} MiB/tile · machine busy ${result.machine.busyPctOfAllCoresDuringWindow} % (shared)`,
      ],
      tiles: tileFigures,
      targetFps: 24,
      timeline,
    });
    await writeFile(`${base}.svg`, svg);
    // The same chart as a PNG, drawn by the same Chromium (for viewers without SVG).
    const chartPage = await session.context.newPage();
    await chartPage.setViewportSize({ width: 1000, height: 670 });
    await chartPage.setContent(`<html><body style="margin:0;background:#0e1318">${svg}</body></html>`);
    await chartPage.screenshot({ path: `${base}.png` });
    await chartPage.close();

    const line = (name: string, value: unknown) => console.log(`${name.padEnd(34)} ${String(value)}`);
    console.log(`\nWall benchmark — ${label}`);
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
      pixelRateSustained
        ? `${Math.round(pixelRate)} (sustained: no tile degraded; settings sustainedPixelRate)`
        : `${Math.round(pixelRate)} (not sustained: ${extras.degraded.length} tiles degraded; try fewer tiles)`,
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
      floor
        ? `${result.cpu.ffmpegFloorPctOfOneCorePerTile} % → ratio ${result.cpu.ratioToFloor}× (net ${result.cpu.netRatioToFloor}×)`
        : 'ffmpeg not on PATH',
    );
    line(
      'where it goes, × floor per tile',
      result.cpu.breakdownPerTileRatioToFloor
        ? Object.entries(result.cpu.breakdownPerTileRatioToFloor)
            .map(([group, ratio]) => `${group} ${ratio}`)
            .join(', ')
        : Object.entries(breakdown)
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
      busiestThreads
        .slice(0, 6)
        .map((t) => `${t.thread} ${t.pctOfOneCore}`)
        .join(', '),
    );
    line(
      'drift, first → last quarter',
      `latency p95 ${drift.latencyP95FirstQuarterSeconds} → ${drift.latencyP95LastQuarterSeconds} s, PSS ${drift.pssFirstQuarterMiB} → ${drift.pssLastQuarterMiB} MiB`,
    );
    if (churnCycles > 0) line('streams cut (churn)', `${churnCycles} times, every ${args.churn} s`);
    line('transports', JSON.stringify(result.tiles.transports));
    line(
      'machine busy during window',
      `${result.machine.busyPctOfAllCoresDuringWindow} % of ${result.machine.cores} cores (load ${result.machine.loadavgAtEnd.join(' ')})`,
    );
    console.log(
      `\nper tile (fps / dropped %): ${tileFigures.map((t) => `${t.fps.toFixed(1)}/${t.droppedPct.toFixed(1)}`).join('  ')}`,
    );
    printBeside(result, extras);
    printTrueLag(result, extras, trueLag);
    console.log(`\nwrote ${path.relative(ROOT, base)}.json, .svg and .png`);
  } finally {
    await page.close();
    await wall.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
