/**
 * A bare page that drives the real wall engine in Chromium for test/e2e/players.spec.ts.
 *
 * Node exposes `__startStream(deviceKey)` (the demo platform's streams:start, as a Result); the test
 * drives tiles through `window.harness`.
 */
import type { Result } from '../../../electron/shared/contract';
import { monotonicNow } from '../../../src/lib/monotonic-now';
import type { StreamPlayback } from '../../../electron/shared/domain';
import type { PlaybackTransport } from '../../../src/lib/players';
import {
  observeVisibility,
  WallEngine,
  type TileSnapshot,
  type TileSupervisor,
  type WallEngineOptions,
} from '../../../src/lib/wall-engine';

declare global {
  interface Window {
    __startStream(deviceKey: string): Promise<Result<StreamPlayback>>;
    harness: typeof harness;
  }
}

interface Tile {
  supervisor: TileSupervisor;
  video: HTMLVideoElement;
  history: (TileSnapshot & { at: number })[];
  stop: () => void;
}

let engine: WallEngine | null = null;
const tiles = new Map<string, Tile>();
const logs: string[] = [];

const harness = {
  /** A new engine (destroys the old one and its tiles). */
  engine(options: Partial<WallEngineOptions> & { order: PlaybackTransport[] }) {
    harness.clear();
    engine = new WallEngine({ ...options, log: (line) => logs.push(line) });
    return engine.capabilities;
  },
  addTile(id: string, deviceKey: string) {
    if (!engine) throw new Error('call harness.engine() first');
    const video = document.createElement('video');
    video.dataset.testid = 'wall-tile';
    video.dataset.deviceKey = deviceKey;
    video.id = id;
    document.getElementById('wall')!.append(video);
    const supervisor = engine.createTile({
      video,
      startStream: () => window.__startStream(deviceKey),
      label: id,
    });
    const tile: Tile = { supervisor, video, history: [], stop: () => undefined };
    const unsubscribe = supervisor.subscribe((s) => {
      tile.history.push({ ...s, at: monotonicNow() });
      video.dataset.state = s.state;
    });
    const unobserve = observeVisibility(video, (visible) => supervisor.setVisible(visible));
    tile.stop = () => {
      unobserve();
      unsubscribe();
      supervisor.destroy();
      video.remove();
    };
    tiles.set(id, tile);
    supervisor.start();
  },
  state: (id: string) => tiles.get(id)?.supervisor.snapshot().state ?? null,
  snapshot: (id: string) => tiles.get(id)!.supervisor.snapshot(),
  history: (id: string) => tiles.get(id)!.history,
  stats: (id: string) => tiles.get(id)!.supervisor.stats(),
  staleMs: (id: string) => tiles.get(id)!.supervisor.staleMs(),
  /** Decoded frames of the tile's element (what a person would see move). */
  frames: (id: string) => tiles.get(id)!.video.getVideoPlaybackQuality().totalVideoFrames,
  /** Move a tile out of (or back into) the viewport; observeVisibility reports it. */
  offscreen(id: string, away: boolean) {
    const video = tiles.get(id)!.video;
    video.style.position = away ? 'fixed' : '';
    video.style.left = away ? '-5000px' : '';
  },
  ids: () => [...tiles.keys()],
  logs: () => logs,
  clear() {
    for (const tile of tiles.values()) tile.stop();
    tiles.clear();
    engine?.destroy();
    engine = null;
  },
};

window.harness = harness;
document.body.dataset.ready = 'true';
