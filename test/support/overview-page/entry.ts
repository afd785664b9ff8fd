/**
 * A bare page for test/e2e/overview.spec.ts: single players and a whole engine in real Chromium.
 *
 * Node exposes `__startStream(deviceKey)` (the demo platform's streams:start, as a Result); the test
 * drives everything through `window.overview`. Every WebSocket the page opens is counted (`sockets`),
 * and every picture each `<video>` presents is timed with requestVideoFrameCallback (`presented`).
 */
import type { Result } from '../../../electron/shared/contract';
import type { StreamPlayback } from '../../../electron/shared/domain';
import { monotonicNow } from '../../../src/lib/monotonic-now';
import { MpegtsPlayer } from '../../../src/lib/players/mpegts-player';
import type { PictureRate, Player } from '../../../src/lib/players/player';
import {
  WallEngine,
  type DecodeBudgetOptions,
  type LoadLevel,
  type LoadSource,
  type RateChange,
  type TileSnapshot,
  type TileSupervisor,
} from '../../../src/lib/wall-engine';

declare global {
  interface Window {
    __startStream(deviceKey: string): Promise<Result<StreamPlayback>>;
    overview: typeof harness;
  }
}

/** WebSockets opened by the page, by URL path. */
const sockets = new Map<string, number>();
const NativeWebSocket = window.WebSocket;
window.WebSocket = class CountedWebSocket extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    const path = new URL(String(url)).pathname;
    sockets.set(path, (sockets.get(path) ?? 0) + 1);
    this.addEventListener('message', (event: MessageEvent) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      const b = new Uint8Array(event.data);
      if (b.length > 12 && b[0] === 9 && b[11] === 0x17 && b[12] === 1) keyArrivals.push(performance.now());
    });
  }
};
/** When messages starting with an AVC keyframe tag arrived (the demo sends a tag a message). */
const keyArrivals: number[] = [];

interface Presented {
  /** performance.now() of each presented picture. */
  at: number[];
}
const presented = new Map<HTMLVideoElement, Presented>();

function watchFrames(video: HTMLVideoElement): Presented {
  const record: Presented = { at: [] };
  presented.set(video, record);
  const onFrame = (now: number) => {
    record.at.push(now);
    if (record.at.length > 5000) record.at.splice(0, 1000);
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  return record;
}

function makeVideo(id: string): HTMLVideoElement {
  const video = document.createElement('video');
  video.id = id;
  document.getElementById('wall')!.append(video);
  watchFrames(video);
  return video;
}

const players = new Map<string, { player: Player; video: HTMLVideoElement }>();

let engine: WallEngine | null = null;
const tiles = new Map<string, { supervisor: TileSupervisor; video: HTMLVideoElement; states: string[] }>();
const rateChanges: RateChange[] = [];
/** The load the fake load source reports (when the engine was made with `fakeLoad`). */
let load: LoadLevel = 'healthy';
const fakeLoad: LoadSource = {
  sample: () => ({
    level: load,
    score: load === 'overloaded' ? 1.5 : load === 'spare' ? 0.1 : 0.6,
    reason: load === 'overloaded' ? 'simulated overload' : null,
  }),
  stop: () => undefined,
};

const harness = {
  /** A raw MpegtsPlayer on a new `<video>` (no engine): for the gate alone. */
  async player(id: string, deviceKey: string, rate: PictureRate = 'full') {
    const result = await window.__startStream(deviceKey);
    if (!result.ok) throw new Error(result.error.message);
    const video = makeVideo(id);
    const player = new MpegtsPlayer({ url: result.value.ws_flv, transport: 'ws-flv', tls: false });
    player.setRate(rate);
    player.attach(video);
    player.start();
    players.set(id, { player, video });
  },
  /** The same from a URL (for a page without `__startStream`, as a bare DevTools page). */
  playUrl(id: string, url: string, rate: PictureRate = 'full') {
    const video = makeVideo(id);
    const player = new MpegtsPlayer({ url, transport: 'ws-flv', tls: false });
    player.setRate(rate);
    player.attach(video);
    player.start();
    players.set(id, { player, video });
  },
  setRate: (id: string, rate: PictureRate) => players.get(id)!.player.setRate?.(rate) ?? false,
  playerStats: (id: string) => players.get(id)!.player.stats(),
  /** Presented pictures of a video since `since` (performance.now()). */
  presentedSince(id: string, since: number): number[] {
    const video = document.getElementById(id) as HTMLVideoElement;
    return (presented.get(video)?.at ?? []).filter((t) => t >= since);
  },
  decoded: (id: string) =>
    (document.getElementById(id) as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
  /** A new engine (the old one and its tiles destroyed), with the simulated load or the real monitor. */
  engine(
    options: { fakeLoad?: boolean; budget?: Partial<DecodeBudgetOptions>; budgetIntervalMs?: number } = {},
  ) {
    harness.clear();
    load = 'healthy';
    engine = new WallEngine({
      order: ['ws-flv'],
      decodeBudget: options.budget,
      budgetIntervalMs: options.budgetIntervalMs,
      ...(options.fakeLoad ? { loadSource: fakeLoad } : {}),
      log: (line) => console.info(line),
    });
    engine.onRateChange((change) => rateChanges.push(change));
  },
  /** A tile of the engine on a `<video>` of the given size (CSS px). */
  addTile(id: string, deviceKey: string, size: [number, number] = [200, 112]) {
    if (!engine) throw new Error('call overview.engine() first');
    const video = makeVideo(id);
    video.style.width = `${size[0]}px`;
    video.style.height = `${size[1]}px`;
    const supervisor = engine.createTile({
      id,
      label: deviceKey,
      video,
      startStream: () => window.__startStream(deviceKey),
    });
    const record = { supervisor, video, states: [] as string[] };
    supervisor.subscribe((snap) => {
      if (record.states.at(-1) !== snap.state) record.states.push(snap.state);
      video.dataset.state = snap.state;
    });
    tiles.set(id, record);
    supervisor.start();
  },
  removeTile(id: string) {
    const tile = tiles.get(id);
    if (!tile) return;
    tile.supervisor.destroy();
    tile.video.remove();
    tiles.delete(id);
  },
  setLoad(level: LoadLevel) {
    load = level;
  },
  pinRate: (id: string, rate: PictureRate | null) => engine!.pinRate(id, rate),
  focus: (id: string, focus: { selected?: boolean; maximised?: boolean }) => engine!.setTileFocus(id, focus),
  snapshot: (id: string): TileSnapshot => tiles.get(id)!.supervisor.snapshot(),
  states: (id: string) => tiles.get(id)!.states,
  stale: (id: string) => tiles.get(id)!.supervisor.staleMs(),
  tileStats: (id: string) => tiles.get(id)!.supervisor.stats(),
  rateChanges: () => rateChanges.map((c) => ({ ...c })),
  budgetStatus: () => engine!.budgetStatus(),
  /** How many tiles are at each rate, and what the load monitor heard (for experiments). */
  census: () => {
    const rates = { full: 0, overview: 0 };
    for (const t of tiles.values()) rates[t.supervisor.snapshot().rate ?? 'full'] += 1;
    return {
      rates,
      status: engine?.budgetStatus() ?? null,
      pressure: typeof (globalThis as { PressureObserver?: unknown }).PressureObserver,
    };
  },
  monotonicNow: () => monotonicNow(),
  now: () => performance.now(),
  keyArrivals: (since: number) => keyArrivals.filter((t) => t >= since),
  sockets: (path?: string) =>
    path === undefined ? [...sockets.values()].reduce((a, b) => a + b, 0) : (sockets.get(path) ?? 0),
  socketPaths: () => Object.fromEntries(sockets),
  clear() {
    for (const { player, video } of players.values()) {
      player.destroy();
      video.remove();
    }
    players.clear();
    for (const id of [...tiles.keys()]) harness.removeTile(id);
    engine?.destroy();
    engine = null;
    rateChanges.length = 0;
  },
};

window.overview = harness;
document.body.dataset.ready = 'true';
