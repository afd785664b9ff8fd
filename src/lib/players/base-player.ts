import { monotonicNow } from '../monotonic-now';
import { Emitter } from './emitter';
import { FrameMeter, type MeteredVideo } from './frame-meter';
import { LiveRateController } from './live-rate';
import type { LivenessMeter } from './liveness-meter';
import type {
  PictureRate,
  Player,
  PlayerError,
  PlayerEvent,
  PlayerEventMap,
  PlayerMediaInfo,
  PlayerOptions,
  PlayerSource,
  PlayerStats,
} from './player';
import { redactUrlsIn } from './redact-url';
import type { PlayerLibrary } from './transport';

/** Delivery trailing the camera by more than this is not caught up by a jump (ms): see catchUpWith. */
const TRAIL_NEEDS_RECONNECT_MS = 1_000;

/** The defaults every adapter shares: near the live edge, a short back buffer. */
/** The least change of playback rate worth making (live-rate.ts's rates come in hundredths). */
const RATE_STEP = 0.02;

export const PLAYER_DEFAULTS = {
  maxLatencySeconds: 1.2,
  minRemainSeconds: 0.3,
  backBufferSeconds: 10,
} as const;

/**
 * What all adapters have in common: events, frame counting, the stats snapshot, and the rule that a
 * player reports at most one fatal error and is silent once destroyed.
 */
export abstract class BasePlayer implements Player {
  protected abstract readonly library: PlayerLibrary;
  protected video: HTMLVideoElement | null = null;
  protected readonly now: () => number;
  protected readonly events = new Emitter<PlayerEventMap>();
  protected meter: FrameMeter | null = null;
  protected mediaInfo: PlayerMediaInfo | null = null;
  protected bitrateKbps: number | null = null;
  protected destroyed = false;
  private failed = false;
  private started = false;
  private liveRate: LiveRateController | null = null;
  /** The picture rate asked for (setRate); the live-rate control holds 1× in overview. */
  protected pictureRate: PictureRate = 'full';
  private readonly onTimeUpdate = () => this.keepLiveRate();
  /** The picture ran out of data while playing (not a seek): the live rate aims further back. */
  private readonly onWaiting = () => {
    // Not before the first picture (the start waits for data by nature), nor on a seek or in overview.
    if (!this.video || this.video.seeking || this.pictureRate !== 'full') return;
    if (this.meter?.lastFrameAt != null) this.liveRate?.underrun();
  };

  constructor(
    readonly source: PlayerSource,
    protected readonly options: PlayerOptions = {},
  ) {
    this.now = options.now ?? monotonicNow;
  }

  attach(video: HTMLVideoElement): void {
    if (this.video) throw new Error('a player attaches to one element once');
    this.video = video;
    // A wall is silent, and muted video may autoplay without a gesture.
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    this.meter = new FrameMeter(
      this.meteredVideo(video),
      this.now,
      (at) => {
        if (!this.destroyed) this.events.emit('first-frame', { at });
      },
      this.options.frameCallbacks ?? true,
    );
  }

  start(): void {
    if (this.destroyed) return;
    if (!this.video) throw new Error('attach a video element before start()');
    if (this.started) return;
    this.started = true;
    try {
      this.open(this.video);
    } catch (error) {
      this.fail({ kind: 'unsupported', message: errorText(error) });
      return;
    }
    // open() may already have failed (and the owner destroyed us from its error listener).
    if (!this.destroyed) this.meter?.start();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.meter?.stop();
    this.events.clear();
    if (this.liveRate && this.video) {
      this.video.removeEventListener('timeupdate', this.onTimeUpdate);
      this.video.removeEventListener('waiting', this.onWaiting);
      if (this.video.playbackRate !== 1) this.video.playbackRate = 1;
    }
    this.liveRate = null;
    try {
      if (this.video) this.close(this.video);
    } catch (error) {
      console.warn('[players] destroy failed:', errorText(error));
    }
    this.video = null;
  }

  on<E extends PlayerEvent>(event: E, listener: (payload: PlayerEventMap[E]) => void): () => void {
    return this.events.on(event, listener);
  }

  /**
   * Full rate or keyframes only (see Player.setRate). Players that can filter their stream override
   * this; the default plays every picture and says it cannot.
   */
  setRate(rate: PictureRate): boolean {
    void rate;
    return false;
  }

  stats(): PlayerStats {
    const sample = this.meter?.sample();
    const at = this.now();
    const lastFrameAt = sample?.lastFrameAt ?? null;
    return {
      transport: this.source.transport,
      tls: this.source.tls,
      library: this.library,
      fps: sample?.fps ?? null,
      decodedFrames: sample?.decodedFrames ?? 0,
      droppedFrames: sample?.droppedFrames ?? 0,
      bitrateKbps: this.currentBitrate(),
      latencySeconds: this.video ? this.latency(this.video) : null,
      width: this.video?.videoWidth ?? this.mediaInfo?.width ?? 0,
      height: this.video?.videoHeight ?? this.mediaInfo?.height ?? 0,
      codec: this.mediaInfo?.videoCodec ?? null,
      lastFrameAt,
      frameAgeMs: lastFrameAt === null ? null : Math.max(0, at - lastFrameAt),
      callbackLatenessMs: sample?.callbackLatenessMs ?? null,
      ...this.rateStats(),
    };
  }

  /** What the frame meter reads: the element itself, unless the player counts its frames itself. */
  protected meteredVideo(video: HTMLVideoElement): MeteredVideo {
    return video;
  }

  /** The picture rate figures of a player that can change its rate; none by default. */
  protected rateStats(): Pick<PlayerStats, 'rate' | 'keyframeIntervalMs' | 'streamFps'> {
    return {};
  }

  /** Start the library on the element. May throw: that is reported as `unsupported`. */
  protected abstract open(video: HTMLVideoElement): void;

  /** Stop all network activity and release the element. */
  protected abstract close(video: HTMLVideoElement): void;

  protected currentBitrate(): number | null {
    return this.bitrateKbps;
  }

  /** Seconds of media buffered ahead of the playback position: what separates us from the live edge. */
  protected latency(video: HTMLVideoElement): number | null {
    const buffered = video.buffered;
    if (!buffered || buffered.length === 0) return null;
    return Math.max(0, buffered.end(buffered.length - 1) - video.currentTime);
  }

  /**
   * The catch-up of a player that measures its liveness: a jump to the buffered edge where what lags is
   * in the buffer; false where it is delivery that trails (the backlog waits in the socket or on the
   * server, and only a new connection skips it), so the owner reconnects.
   */
  protected catchUpWith(meter: LivenessMeter): boolean {
    const queued = this.video ? this.latency(this.video) : null;
    // Read on the clock the stats use: a newest frame that is overdue is delivery trailing too.
    const { trailMs, queuedMs } = meter.liveness(queued === null ? null : queued * 1000, this.now());
    if (trailMs !== null && trailMs > TRAIL_NEEDS_RECONNECT_MS && trailMs > (queuedMs ?? 0)) return false;
    return this.jumpToEdge();
  }

  /**
   * Jump to the buffered live edge (`minRemainSeconds` behind its end), dropping what waits unshown: the
   * catch-up of the players that buffer through MSE. False when nothing is buffered yet.
   */
  protected jumpToEdge(): boolean {
    const video = this.video;
    if (!video || this.destroyed) return false;
    const buffered = video.buffered;
    if (!buffered || buffered.length === 0) return false;
    const last = buffered.length - 1;
    const minRemain = this.options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds;
    const target = Math.max(buffered.start(last), buffered.end(last) - minRemain);
    if (target > video.currentTime) video.currentTime = target;
    return true;
  }

  /**
   * For adapters that buffer through MSE: on each timeupdate (about 4 a second while playing), play at
   * the rate that brings the tile back to `minRemainSeconds` behind the edge (live-rate.ts).
   */
  protected holdLiveRate(video: HTMLVideoElement): void {
    this.liveRate = new LiveRateController(this.options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds);
    video.addEventListener('timeupdate', this.onTimeUpdate);
    video.addEventListener('waiting', this.onWaiting);
  }

  private keepLiveRate(): void {
    const video = this.video;
    if (!video || !this.liveRate || video.paused) return;
    const latency = this.latency(video);
    if (latency === null) return;
    // In overview the buffer holds a picture or two by design: nothing to catch up or slow down for.
    const rate = this.pictureRate === 'overview' ? 1 : this.liveRate.update(latency);
    // A hundredth either way is the buffer's sawtooth, not a trend: each change is a message to the
    // media pipeline and a \`ratechange\` through every listener of the page (React's root among them);
    // a 16-tile wall changed rate 75 times a second, nearly at every sample.
    if (rate !== 1 && Math.abs(rate - video.playbackRate) < RATE_STEP) return;
    if (video.playbackRate !== rate) video.playbackRate = rate;
  }

  protected fail(error: PlayerError): void {
    if (this.destroyed || this.failed) return;
    this.failed = true;
    this.events.emit('error', error);
  }

  protected setMediaInfo(info: PlayerMediaInfo): void {
    if (this.destroyed) return;
    this.mediaInfo = info;
    this.events.emit('media-info', info);
  }

  /** Muted autoplay is allowed everywhere we run; a rejected play() (e.g. aborted by destroy) is not an error. */
  protected play(video: HTMLVideoElement): void {
    const result = video.play();
    if (result && typeof result.catch === 'function') result.catch(() => undefined);
  }
}

/** An error's text with any URL in it redacted. */
export function errorText(error: unknown): string {
  return redactUrlsIn(error instanceof Error ? error.message : String(error));
}
