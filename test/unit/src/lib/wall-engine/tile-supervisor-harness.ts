import type { Result } from '../../../../../electron/shared/contract';
import type { StreamPlayback } from '../../../../../electron/shared/domain';
import type { PlaybackTransport } from '../../../../../src/lib/players/transport';
import type { RuntimeCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import type { StartScheduler } from '../../../../../src/lib/wall-engine/start-scheduler';
import type { TileSnapshot, TileState } from '../../../../../src/lib/wall-engine/tile-snapshot';
import { TileSupervisor, type SupervisorSettings } from '../../../../../src/lib/wall-engine/tile-supervisor';
import { fakeFactory, FakeVideo, fakeStartStream, ok, playback, type FakePlayer } from './fakes';

/** One TileSupervisor over fakes (players, <video>, streams:start), with what it said recorded. */

export const CAPS: RuntimeCapabilities = { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true };
const ORDER: PlaybackTransport[] = ['ws-flv', 'flv', 'hls', 'ws-ts', 'ts', 'fmp4'];
export const HOST = 'media.test:8080';

export const urls = (id: string, host = HOST) =>
  playback(
    {
      flv: `http://${host}/live/${id}.live.flv?secret=S-${id}`,
      ws_flv: `ws://${host}/live/${id}.live.flv?secret=S-${id}`,
      hls: `http://${host}/live/${id}/hls.m3u8?secret=S-${id}`,
    },
    id,
  );

export const OFFLINE: Result<StreamPlayback> = {
  ok: false,
  error: { kind: 'server', status: 503, message: 'device dev-1 is offline' },
};

interface Harness {
  tile: TileSupervisor;
  players: FakePlayer[];
  video: FakeVideo;
  budget: ConnectionBudget;
  start: ReturnType<typeof fakeStartStream>;
  states: TileState[];
  snapshots: TileSnapshot[];
  logs: string[];
}

export function harness(
  options: {
    answers?: Result<StreamPlayback>[];
    behave?: Parameters<typeof fakeFactory>[0];
    settings?: Partial<SupervisorSettings>;
    order?: PlaybackTransport[];
    caps?: RuntimeCapabilities;
    budget?: ConnectionBudget;
    scheduler?: StartScheduler;
    random?: () => number;
  } = {},
): Harness {
  const { factory, players } = fakeFactory(options.behave);
  const video = new FakeVideo();
  const budget = options.budget ?? new ConnectionBudget();
  const start = fakeStartStream(...(options.answers ?? [ok(urls('cam1'))]));
  const logs: string[] = [];
  const tile = new TileSupervisor({
    video: video.asElement(),
    startStream: start.fn,
    createPlayer: factory,
    budget,
    scheduler: options.scheduler,
    order: options.order ?? ORDER,
    capabilities: options.caps ?? CAPS,
    settings: options.settings,
    random: options.random ?? (() => 0.5),
    label: 'dev-1',
    log: (line) => logs.push(line),
  });
  const states: TileState[] = [];
  const snapshots: TileSnapshot[] = [];
  tile.subscribe((s) => {
    snapshots.push(s);
    if (states[states.length - 1] !== s.state) states.push(s.state);
  });
  return { tile, players, video, budget, start, states, snapshots, logs };
}

export const live = (players: FakePlayer[]) => players.filter((p) => !p.destroyed);
