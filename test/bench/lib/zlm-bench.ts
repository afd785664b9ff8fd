/**
 * What `bench:wall` adds for issue #27 (items 7 and 8): the demo in its ZLMediaKit habits (`--zlm`), the
 * cameras chosen among those carrying ZLMediaKit's silent AAC track (`--audio silent`, the default; a
 * plain mpegts.js page cannot play G.711 at all, so a mixed wall would compare tiles that do not play),
 * and the true lag of every tile (lib/true-lag.ts) in the wall and, with `--peer`, in the plain page.
 *
 * wall.bench.ts calls these at fixed points:
 *   trueLagPhase(media, args)   before choosing the devices (it notes which stream URL is whose)
 *   .pickDevices(keys, n)       the wall's devices
 *   .install(page)              with the other probes, before the tiles start
 *   .sample()                   once a second in the window
 *   .afterWindow(page)          with the stats overlay shown: the tiles' own figure beside the probe's
 *   printTrueLag(…)             at the end of the printout
 */
import type { LiveMedia } from '../../../electron/demo-platform/media';
import type { BarePage } from './bare-page';
import type { PeerFigures } from './peer-page';
import type { WallExtras } from './peer-report';
import { sleep } from './stats';
import {
  readOverlayBehind,
  trueLagProbe,
  TrueLagRecorder,
  type OverlayBehind,
  type TrueLagFigures,
} from './true-lag';

export interface ZlmArgs {
  zlm: boolean;
  audio: 'silent' | 'mixed';
}

export function parseZlmArgs(argv: string[]): ZlmArgs {
  const i = argv.indexOf('--audio');
  const audio = i >= 0 ? argv[i + 1] : 'silent';
  if (audio !== 'silent' && audio !== 'mixed') throw new Error('--audio silent|mixed');
  return { zlm: argv.includes('--zlm'), audio };
}

/** The wall's true lag over the window, and the overlay's figure beside the probe's after it. */
export interface WallTrueLag {
  window: TrueLagFigures;
  overlay: OverlayBehind | null;
}

export function trueLagPhase(media: LiveMedia, args: ZlmArgs) {
  // Which device each stream URL path belongs to, as the demo answered streamStart.
  const owners = new Map<string, string>();
  const original = media.startStream.bind(media);
  media.startStream = async (request) => {
    const playback = await original(request);
    for (const url of Object.values(playback)) {
      if (typeof url !== 'string' || !/^(ws|wss|http|https):/.test(url)) continue;
      owners.set(new URL(url).pathname, request.deviceKey);
    }
    return playback;
  };
  let recorder: TrueLagRecorder | null = null;
  return {
    pickDevices(keys: readonly string[], tiles: number): string[] {
      const pool =
        args.zlm && args.audio === 'silent' ? keys.filter((k) => media.cameraAudio(k) === 'none') : keys;
      if (pool.length < tiles)
        throw new Error(`only ${pool.length} demo devices carry the silent AAC track (asked for ${tiles})`);
      return pool.slice(0, tiles);
    },
    async install(page: BarePage): Promise<void> {
      await page.evaluate(trueLagProbe('[data-testid="wall-tile"]', 'deviceKey'));
      recorder = new TrueLagRecorder(page, (path) => owners.get(path));
    },
    async sample(): Promise<void> {
      await recorder?.sample();
    },
    /** `probe`: the benchmark's own figure by tile (ms) where the WS-FLV probe does not apply (WebRTC). */
    async afterWindow(
      page: BarePage,
      probe?: () => Promise<Map<string, number | null>>,
    ): Promise<WallTrueLag> {
      const window = recorder!.figures();
      // A second recorder, so the overlay readings stay out of the window's figures.
      const beside = new TrueLagRecorder(page, (path) => owners.get(path));
      const overlay = probe
        ? await readOverlayBehind(page, probe, 5, sleep)
        : await readOverlayBehind(
            page,
            () => beside.sample(),
            5,
            sleep,
            () => beside.lastAtArrival,
            () => beside.lastParts,
          );
      return { window, overlay: overlay.appSeconds.length ? overlay : null };
    },
  };
}

interface WallResult {
  tiles: { count: number; fpsMedian: number | null; fpsMin: number | null };
  cpu: { chromiumPctOfOneCore: number | null };
  latency: { p50Seconds: number | null; p95Seconds: number | null };
  args: { transport: string };
}

const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null || b === 0 ? '—' : `${(a / b).toFixed(2)}×`;

/** True lag and CPU per tile, wall beside the plain page, with the wall-to-page ratio. */
export function printTrueLag(result: WallResult, extras: WallExtras, lag: WallTrueLag): void {
  const p: PeerFigures | null = extras.peer;
  const w = lag.window;
  const row = (name: string, wall: unknown, peer: unknown, r = '') =>
    console.log(`${name.padEnd(34)} ${String(wall).padEnd(26)} ${p ? String(peer).padEnd(22) : ''} ${r}`);
  console.log(
    `\n${''.padEnd(34)} ${'wall'.padEnd(26)} ${p ? 'plain page'.padEnd(22) : ''} ${p ? 'wall ÷ page' : ''}`,
  );
  const wallCpuTile = (result.cpu.chromiumPctOfOneCore ?? 0) / result.tiles.count;
  const peerCpuTile = p ? p.chromiumPctOfOneCore / p.tiles : null;
  row('fps median', result.tiles.fpsMedian, p?.fpsMedian, ratio(result.tiles.fpsMedian, p?.fpsMedian));
  row('fps min', result.tiles.fpsMin, p?.fpsMin, ratio(result.tiles.fpsMin, p?.fpsMin));
  row(
    'CPU per tile, % of a core',
    wallCpuTile.toFixed(2),
    peerCpuTile?.toFixed(2),
    ratio(wallCpuTile, peerCpuTile),
  );
  // The same per picture shown (ms of a core per picture): on a loaded machine the two sides do not
  // show as many, and CPU per tile alone then favours the side that falls behind.
  const perPicture = (cpuTile: number | null | undefined, fps: number | null | undefined) =>
    cpuTile == null || !fps ? null : (cpuTile * 10) / fps;
  const wallPicture = perPicture(wallCpuTile, result.tiles.fpsMedian);
  const peerPicture = perPicture(peerCpuTile, p?.fpsMedian);
  row(
    'CPU per picture shown, ms of a core',
    wallPicture?.toFixed(3) ?? '—',
    peerPicture?.toFixed(3) ?? '—',
    ratio(wallPicture, peerPicture),
  );
  const lagText = (f: TrueLagFigures) => `${f.p50Seconds ?? '—'} / ${f.p95Seconds ?? '—'} s`;
  if (result.args.transport === 'webrtc')
    row(
      'true lag p50 / p95 (end to end)',
      `${result.latency.p50Seconds} / ${result.latency.p95Seconds} s`,
      '',
    );
  else {
    row('true lag p50 / p95 (probe)', lagText(w), p ? lagText(p.trueLag) : '');
    const atArrival = (f: TrueLagFigures) =>
      `${f.atArrivalP50Seconds ?? '—'} / ${f.atArrivalP95Seconds ?? '—'} s`;
    row('  the same at newest arrival', atArrival(w), p ? atArrival(p.trueLag) : '');
  }
  if (result.args.transport !== 'webrtc') {
    row('true lag max', `${w.maxSeconds ?? '—'} s`, p ? `${p.trueLag.maxSeconds ?? '—'} s` : '');
    row(
      'oldest picture shown as live',
      `${w.oldestShownAsLiveSeconds ?? '—'} s (${w.shownAsLiveOver2500ms} tile-s > 2.5 s)`,
      p ? `${p.trueLag.oldestShownAsLiveSeconds ?? '—'} s (${p.trueLag.shownAsLiveOver2500ms} > 2.5 s)` : '',
    );
    row('tile-seconds unmeasured', w.unmeasured, p ? p.trueLag.unmeasured : '');
  }
  row('tile-seconds flagged BEHIND LIVE', w.flaggedSeconds, p ? '— (no badge)' : '');
  const o = lag.overlay;
  if (o) {
    console.log(
      `overlay after the window (the tiles' stats().liveness.behindMs): p50 / p95 ${o.appP50Seconds} / ${o.appP95Seconds} s, oldest not flagged ${o.appOldestShownAsLiveSeconds ?? '—'} s; ${result.args.transport === 'webrtc' ? 'end to end' : 'probe'} at the same readings ${o.probeP50Seconds} / ${o.probeP95Seconds} s${o.probeAtArrivalP50Seconds === null ? '' : ` (the app's way, at the newest frame's arrival: ${o.probeAtArrivalP50Seconds} / ${o.probeAtArrivalP95Seconds} s)`}; ${o.disagreements.length} readings differ by > 0.5 s`,
    );
    for (const d of o.disagreements.slice(0, 5))
      console.log(
        `  ${d.key}: overlay ${d.app} s, probe ${d.probe} s${d.probeAtArrival === undefined ? '' : ` (at arrival ${d.probeAtArrival} s)`}${d.parts ? ` ${JSON.stringify(d.parts)}` : ''}`,
      );
  }
}
