import type { Result } from '../../../../../electron/shared/contract';
import type { StreamPlayback } from '../../../../../electron/shared/domain';
import { STREAM_URL_FIELDS } from '../../../../../electron/shared/domain';
import { Emitter } from '../../../../../src/lib/players/emitter';
import type {
  PictureRate,
  Player,
  PlayerAudio,
  PlayerEvent,
  PlayerLiveness,
  PlayerEventMap,
  PlayerOptions,
  PlayerSource,
  PlayerStats,
} from '../../../../../src/lib/players/player';
import { libraryFor } from '../../../../../src/lib/players/transport';

/** A playback result: every field empty except the given ones. */
export function playback(urls: Partial<Record<string, string>>, streamId = 'cam1'): StreamPlayback {
  const empty = Object.fromEntries(STREAM_URL_FIELDS.map((f) => [f, ''])) as Record<string, string>;
  return { streamId, sipId: '3402000000', channelId: '1', ...empty, ...urls } as StreamPlayback;
}

/** A player driven by the test: frames flow while `live`, errors on demand. */
export class FakePlayer implements Player {
  readonly events = new Emitter<PlayerEventMap>();
  attachedTo: unknown = null;
  started = false;
  destroyed = false;
  /** While true, every stats() call sees a frame "now". */
  live = false;
  decoded = 0;
  lastFrameAt: number | null = null;
  /** What stats() says of liveness and sound (absent: the player does not measure it). */
  liveness: PlayerLiveness | undefined = undefined;
  audio: PlayerAudio | undefined = undefined;
  /** The options it was made with. */
  options: PlayerOptions | undefined = undefined;
  private firstShown = false;

  /** `now`: the clock the supervisor hands its players (PlayerOptions.now), as a real player uses. */
  constructor(
    readonly source: PlayerSource,
    private readonly now: () => number = () => Date.now(),
  ) {}

  attach(video: HTMLVideoElement): void {
    this.attachedTo = video;
  }
  start(): void {
    this.started = true;
  }
  destroy(): void {
    this.destroyed = true;
    this.live = false;
    this.events.clear();
  }
  on<E extends PlayerEvent>(event: E, listener: (payload: PlayerEventMap[E]) => void): () => void {
    return this.events.on(event, listener);
  }
  /** The first frame arrives now and frames keep coming. */
  play(): void {
    this.live = true;
    this.frame();
  }
  frame(): void {
    this.decoded += 1;
    this.lastFrameAt = this.now();
    if (!this.firstShown) {
      this.firstShown = true;
      this.events.emit('first-frame', { at: this.lastFrameAt });
    }
  }
  fail(kind: PlayerEventMap['error']['kind'] = 'network', status?: number): void {
    this.events.emit('error', { kind, status, message: `fake ${kind}` });
  }
  stats(): PlayerStats {
    if (this.live) {
      this.decoded += 1;
      this.lastFrameAt = this.now();
    }
    return {
      transport: this.source.transport,
      tls: this.source.tls,
      library: libraryFor(this.source.transport),
      fps: this.live ? 25 : 0,
      decodedFrames: this.decoded,
      droppedFrames: 0,
      bitrateKbps: 800,
      latencySeconds: 0.3,
      width: 640,
      height: 360,
      codec: 'avc1.64001e',
      lastFrameAt: this.lastFrameAt,
      frameAgeMs: this.lastFrameAt === null ? null : this.now() - this.lastFrameAt,
      ...(this.liveness ? { liveness: { ...this.liveness } } : {}),
      ...(this.audio ? { audio: { ...this.audio } } : {}),
    };
  }
}

/**
 * A player factory that records what it made. `behave` runs on each new player after start();
 * by default the first frame arrives 100 ms later and frames keep coming.
 */
export function fakeFactory(behave: (player: FakePlayer, index: number) => void = autoPlay(100)) {
  const players: FakePlayer[] = [];
  const factory = (source: PlayerSource, options?: PlayerOptions) => {
    const player = new FakePlayer(source, options?.now);
    player.options = options;
    const index = players.length;
    players.push(player);
    const start = player.start.bind(player);
    player.start = () => {
      start();
      behave(player, index);
    };
    return player;
  };
  return { factory, players };
}

/**
 * fakeFactory's players, able to change their rate as MpegtsPlayer does for FLV; `rates` holds what
 * each was told, in order (the first: the rate it started at).
 */
export function ratedFactory(behave?: (player: FakePlayer, index: number) => void) {
  const made = fakeFactory(behave);
  const rates = new Map<FakePlayer, PictureRate[]>();
  const factory: typeof made.factory = (source, options) => {
    const player = made.factory(source, options);
    rates.set(player, []);
    (player as FakePlayer & { setRate(rate: PictureRate): boolean }).setRate = (rate) => {
      rates.get(player)!.push(rate);
      return true;
    };
    return player;
  };
  return { factory, players: made.players, rates };
}

export function autoPlay(afterMs: number) {
  return (player: FakePlayer) => {
    setTimeout(() => {
      if (!player.destroyed) player.play();
    }, afterMs);
  };
}

/** The `<video>` parts the supervisor touches: its error event and `error`. */
export class FakeVideo {
  error: { code: number; message: string } | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(name: string, listener: () => void): void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }
  removeEventListener(name: string, listener: () => void): void {
    this.listeners.get(name)?.delete(listener);
  }
  dispatch(name: string): void {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
  listenerCount(name: string): number {
    return this.listeners.get(name)?.size ?? 0;
  }
  asElement(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }
}

/** A `<video>` of a given size on screen (what the decode budget ranks tiles by). */
export class SizedVideo extends FakeVideo {
  playbackRate = 1;
  constructor(private readonly size: [number, number]) {
    super();
  }
  getBoundingClientRect() {
    return { width: this.size[0], height: this.size[1] };
  }
}

/** A streams:start stand-in that counts calls and answers from a queue (last answer repeats). */
export function fakeStartStream(...answers: Result<StreamPlayback>[]) {
  let calls = 0;
  const fn = async (): Promise<Result<StreamPlayback>> => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    return answer;
  };
  return {
    fn,
    get calls() {
      return calls;
    },
  };
}

export const ok = (value: StreamPlayback): Result<StreamPlayback> => ({ ok: true, value });
