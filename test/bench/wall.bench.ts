/**
 * Wall benchmark: a wall of N live tiles in headless Chromium, through the browser shell and the demo
 * platform's live media, measured from outside the app.
 *
 *   npm run bench:wall -- --help
 *   npm run bench:wall -- --tiles 16 --transport ws-flv|flv|hls|ts|fmp4|webrtc --res 360p|720p --seconds 30
 *                          [--churn S]   (cut every tile's stream every S seconds: re-creation churn)
 *                          [--peer]      (then the same streams in a plain page of raw mpegts.js players)
 *                          [--remove-to N] (then take the wall down to N tiles: back at full rate when?)
 *                          [--zlm [--audio silent|mixed]] (the demo serves as a real ZLMediaKit: cameras
 *                          chosen among those carrying its silent AAC track unless --audio mixed)
 *                          [--profile S] (after the window, a CPU profile and a trace of the wall page,
 *                          the same in the plain page: where each spends; lib/cpu-profile.ts)
 *                          [--css RULES] [--js CODE] (experiments on the wall page, no rebuild)
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
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { clipForDevice } from '../../electron/demo-platform/media';
import type { LayoutTile } from '../../electron/shared/layout';
import { launchBarePage } from './lib/bare-page';
import {
  parseProfileArgs,
  printProfile,
  profilePage,
  tracePage,
  type ProfileSummary,
} from './lib/cpu-profile';
import { ffmpegFloor } from './lib/ffmpeg-floor';
import { installFirstFrameProbe, readFirstFrames, type FirstFrameRecord } from './lib/first-frame-probe';
import { afterWindow, installWallProbes, parsePeerArgs, printBeside } from './lib/peer-report';
import { cpuSecondsBetween, cpuTicks, pssBytes } from './lib/proc-stats';
import { sleep } from './lib/stats';
import { parseTourArgs, runTourBench } from './lib/tour-bench';
import { VideoSampler } from './lib/video-sampler';
import { parseWallArgs, WALL_BENCH_USAGE } from './lib/wall-args';
import { wallReportBase, writeWallReport } from './lib/wall-report-files';
import { printWallReport } from './lib/wall-report-print';
import { buildWallResult, tileFiguresOf, type StartupFigures } from './lib/wall-result';
import { openWallSession } from './lib/wall-session';
import { measureWindow } from './lib/wall-window';
import { parseZlmArgs, printTrueLag, trueLagPhase } from './lib/zlm-bench';

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

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(WALL_BENCH_USAGE);
    return;
  }
  if (argv.includes('--tour')) return runTourBench(parseTourArgs(argv), ROOT);
  const args = parseWallArgs(argv);
  const extraArgs = parsePeerArgs(argv);
  const zlmArgs = parseZlmArgs(argv);
  const profileSeconds = parseProfileArgs(argv);
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
    const saveLayout = async (kept: LayoutTile[]) => {
      const saved = await session.call('layouts:save', {
        id: 'bench',
        name: 'bench',
        profileId: wall.profileId,
        grid,
        tiles: kept,
      });
      if (!saved.ok) throw new Error(saved.error.message);
    };

    // An empty wall first, the catalog folded away (a wall screen), then the probes.
    await wall.showLayoutIn(page, 'bench', grid, []);
    await page.evaluate(`document.querySelector('[data-testid="toggle-catalog"]').click()`);
    // `--css RULES`: a style sheet added to the wall page (an experiment on what the compositor draws,
    // measured without a rebuild; the finding goes into the app's own CSS).
    const cssAt = argv.indexOf('--css');
    if (cssAt >= 0)
      await page.evaluate(
        `document.head.append(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(argv[cssAt + 1] ?? '')} }))`,
      );
    // `--js CODE`: the same for a script (an experiment: a browser API stubbed, a setting changed).
    const jsAt = argv.indexOf('--js');
    if (jsAt >= 0) await page.evaluate(`void (() => { ${argv[jsAt + 1] ?? ''} })()`);
    await installFirstFrameProbe(page);
    await installWallProbes(page);
    await lag.install(page);
    await sleep(2000);
    const idleCpu0 = cpuTicks(chromium);
    await sleep(3000);
    const idleCpu = cpuSecondsBetween(idleCpu0, cpuTicks(chromium)) / 3;
    const emptyPss = pssBytes(chromium);
    // The floor is measured now, before the tiles start, so that the wall's own load cannot inflate it.
    const floor = ffmpegFloor(MEDIA_DIR, clipFiles, FPS);

    // Go: the layout arrives as another window's save would, and the wall fills.
    const t0 = await page.evaluate<number>('performance.now()');
    await saveLayout(tiles);
    const startup = await waitForWallUp(page, args.tiles, t0);
    console.error(
      `[bench] ${startup.up.length}/${args.tiles} tiles showed a first frame; wall up ${startup.wallUpFromMount?.toFixed(0) ?? '—'} ms after the first tile mounted`,
    );

    await sleep(args.warmup * 1000);

    const sampler = new VideoSampler(page, media);
    const measured = await measureWindow({
      page,
      sampler,
      chromium,
      media,
      devices,
      tiles: args.tiles,
      seconds: args.seconds,
      churn: args.churn,
      emptyPss,
      lag,
    });

    // An experiment's own figures (`--js` code may leave them in `window.__benchExperiment`).
    if (jsAt >= 0)
      console.log(
        `experiment: ${await page.evaluate<string>('JSON.stringify(window.__benchExperiment ?? null)')}`,
      );

    const base = wallReportBase(ROOT, args, { zlm: zlmArgs.zlm, peer: extraArgs.peer });
    let wallProfile: ProfileSummary | null = null;
    let wallTrace: string[] = [];
    if (profileSeconds > 0) {
      wallProfile = await profilePage(page, profileSeconds, `${base}-wall.cpuprofile`);
      wallTrace = await tracePage(page, Math.min(profileSeconds, 10), `${base}-wall.trace.json`);
    }

    // Which transport each tile ended on, from the tiles' own stats overlay.
    await wall.settings({ statsOverlay: true });
    await sleep(1500);
    const transports = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-testid="wall-tile"]')].map((el) => el.querySelector('[data-stat="transport"] dd')?.textContent ?? '')`,
    );
    // The tiles' own "behind live" (stats().liveness.behindMs) beside the probe's, with the overlay shown.
    // For WebRTC, beside the end-to-end measure (RTP timestamp against display) at the same readings.
    const endToEnd = async () =>
      new Map(
        (await sampler.sample()).map((s) => [s.key, s.rtc ? sampler.rtcBehindLive(s.rtc) * 1000 : null]),
      );
    const trueLag = await lag.afterWindow(page, args.transport === 'webrtc' ? endToEnd : undefined);

    // Picture ages and degraded tiles; then, as asked, tiles taken off, and the peer page (issue #23).
    const extras = await afterWindow({
      page,
      args: extraArgs,
      saveLayout,
      grid,
      tiles,
      streamUrl: async (key) =>
        (await media.startStream({ deviceKey: key, sipId: '', channelId: '' })).ws_flv,
      viewport: { width: 1920, height: 1080 },
      warmupSeconds: args.warmup,
      seconds: args.seconds,
      profile: profileSeconds > 0 ? { seconds: profileSeconds, file: `${base}-plain.cpuprofile` } : undefined,
    });

    const result = buildWallResult({
      label,
      args,
      grid,
      clipFiles,
      fps: FPS,
      startup,
      window: measured,
      idleCpu,
      emptyPss,
      floor,
      transports,
      degradedTiles: extras.degraded.length,
      clockRoundTripMs: sampler.clockRoundTripMs,
    });
    const tileFigures = tileFiguresOf(measured);
    await writeWallReport({
      base,
      json: { ...result, ...extras, trueLag },
      result,
      tileFigures,
      context: session.context,
    });

    printWallReport(result, tileFigures);
    printBeside(result, extras);
    printTrueLag(result, extras, trueLag);
    if (wallProfile) printProfile('wall', wallProfile, `${path.relative(ROOT, base)}-wall.cpuprofile`);
    if (wallTrace.length) console.log(`trace of the wall (ms per s):\n${wallTrace.join('\n')}`);
    if (extras.peer?.profile)
      printProfile('plain page', extras.peer.profile, `${path.relative(ROOT, base)}-plain.cpuprofile`);
    console.log(`\nwrote ${path.relative(ROOT, base)}.json, .svg and .png`);
  } finally {
    await page.close();
    await wall.close();
  }
}

/** Wait (at most a minute) for every tile's first frame; when each tile mounted and showed it. */
async function waitForWallUp(
  page: Parameters<typeof readFirstFrames>[0],
  count: number,
  savedAt: number,
): Promise<StartupFigures> {
  const upDeadline = Date.now() + 60_000;
  let firsts: FirstFrameRecord[] = [];
  while (Date.now() < upDeadline) {
    firsts = await readFirstFrames(page);
    if (firsts.length === count && firsts.every((f) => f.firstFrameAt !== null)) break;
    await sleep(50);
  }
  const up = firsts.filter((f) => f.firstFrameAt !== null);
  const firstMount = Math.min(...firsts.map((f) => f.mountedAt));
  return {
    up,
    ttff: up.map((f) => f.firstFrameAt! - f.mountedAt),
    wallUpFromSave: up.length === count ? Math.max(...up.map((f) => f.firstFrameAt! - savedAt)) : null,
    wallUpFromMount: up.length === count ? Math.max(...up.map((f) => f.firstFrameAt!)) - firstMount : null,
  };
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
