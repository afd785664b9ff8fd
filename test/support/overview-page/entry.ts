/**
 * A bare page for test/e2e/overview.spec.ts: the wall engine with overview pictures and its decode
 * budget in real Chromium.
 *
 * Node exposes `__startStream(deviceKey)` (the demo platform's streams:start, as a Result); the test
 * drives everything through `window.overview`. Every WebSocket the page opens is counted by path
 * (`sockets`), and every picture each `<video>` presents is timed with requestVideoFrameCallback
 * (`presentedSince`). The load can be the real LoadMonitor or one the test sets (`fakeLoad`,
 * `setLoad`).
 */
import type { Result } from '../../../electron/shared/contract';
import type { StreamPlayback } from '../../../electron/shared/domain';
import type { PictureRate } from '../../../src/lib/players/player';
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
  }
};

/** performance.now() of each picture a video presented (the last few thousand). */
const presented = new Map<HTMLVideoElement, number[]>();

function watchFrames(video: HTMLVideoElement): void {
  const times: number[] = [];
  presented.set(video, times);
  const onFrame = () => {
    times.push(performance.now());
    if (times.length > 5000) times.splice(0, 1000);
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
}

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
    const video = document.createElement('video');
    video.id = id;
    video.style.width = `${size[0]}px`;
    video.style.height = `${size[1]}px`;
    document.getElementById('wall')!.append(video);
    watchFrames(video);
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
  rateChanges: () => rateChanges.map((c) => ({ ...c })),
  budgetStatus: () => engine!.budgetStatus(),
  /** Pictures the tile's `<video>` presented since `since` (performance.now()). */
  presentedSince(id: string, since: number): number[] {
    const video = tiles.get(id)?.video;
    return (video ? (presented.get(video) ?? []) : []).filter((t) => t >= since);
  },
  now: () => performance.now(),
  sockets: (path?: string) =>
    path === undefined ? [...sockets.values()].reduce((a, b) => a + b, 0) : (sockets.get(path) ?? 0),
  clear() {
    for (const id of [...tiles.keys()]) harness.removeTile(id);
    engine?.destroy();
    engine = null;
    rateChanges.length = 0;
  },
};

window.overview = harness;
document.body.dataset.ready = 'true';
