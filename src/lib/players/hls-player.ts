import Hls, { type ErrorData, type HlsConfig } from 'hls.js';
import { absoluteUrl } from './absolute-url';
import { AudioSink } from './audio-sink';
import { BasePlayer, PLAYER_DEFAULTS } from './base-player';
import { ByteRate } from './byte-rate';
import { LivenessMeter } from './liveness-meter';
import type { PlayerAudio, PlayerError, PlayerStats } from './player';
import { redactUrlsIn } from './redact-url';

/**
 * The hls.js configuration of a wall tile (option names as in hls.js 1.7's `HlsConfig`).
 *
 * Close to the live edge (2 segments), a small forward buffer and a short back buffer so memory stays
 * flat over days. hls.js retries loads by itself per its load policies; whatever it still calls fatal
 * is reported up, and the supervisor makes a new player.
 */
export function hlsConfig(options: {
  backBufferSeconds?: number;
  hlsWorkerPath?: string | null;
  audio?: boolean;
}): Partial<HlsConfig> {
  const backBuffer = options.backBufferSeconds ?? PLAYER_DEFAULTS.backBufferSeconds;
  // A muted tile loads no alternate audio rendition (EXT-X-MEDIA TYPE=AUDIO): without these two
  // controllers hls.js never fetches its playlist or segments. (hls.js has no switch to leave out a
  // track muxed into the video's own segments: that one is demuxed, and plays muted.)
  const noAudio: Partial<HlsConfig> = options.audio
    ? {}
    : { audioStreamController: undefined, audioTrackController: undefined };
  return {
    ...noAudio,
    // The ESM build can only start its transmux worker from a URL (hls.worker.js); without one it
    // transmuxes on the main thread, which for one small live rendition is cheap.
    enableWorker: true,
    workerPath: options.hlsWorkerPath ?? null,
    lowLatencyMode: true,
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: 5,
    maxLiveSyncPlaybackRate: 1.5,
    liveDurationInfinity: true,
    backBufferLength: backBuffer,
    maxBufferLength: 4,
    maxMaxBufferLength: 8,
    maxBufferSize: 8 * 1000 * 1000,
    startFragPrefetch: true,
    // One rendition per stream: no ABR probing.
    testBandwidth: false,
    capLevelToPlayerSize: false,
  };
}

/** HLS through hls.js on Media Source Extensions. */
export class HlsPlayer extends BasePlayer {
  protected readonly library = 'hls.js';
  private hls: Hls | null = null;
  private bytes = new ByteRate(this.now);
  private readonly liveness = new LivenessMeter();
  private audioState: PlayerAudio = { state: 'pending', codec: null };
  private sink: AudioSink | null = null;

  protected open(video: HTMLVideoElement): void {
    // The rate counts from the connection, not from when the player was made (it may wait for a start slot).
    this.bytes = new ByteRate(this.now);
    if (!Hls.isSupported()) {
      this.fail({ kind: 'unsupported', message: 'this runtime has no Media Source Extensions for HLS' });
      return;
    }
    const hls = new Hls(hlsConfig(this.options));
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) this.fail(hlsError(data));
    });
    hls.on(Hls.Events.FRAG_LOADED, (_event, data) => {
      this.bytes.add(data.payload.byteLength);
      const kbps = this.bytes.kbps();
      if (kbps !== null && !this.destroyed) this.events.emit('statistics', { bitrateKbps: kbps });
    });
    // Each fragment's video, once parsed: its end on the stream's clock against when it came.
    hls.on(Hls.Events.FRAG_PARSED, (_event, { frag }) => {
      const streams = frag.elementaryStreams;
      const end = streams.video?.endPTS ?? streams.audiovideo?.endPTS ?? frag.end;
      if (Number.isFinite(end)) this.liveness.arrive(end * 1000, this.now());
    });
    hls.on(Hls.Events.BUFFER_CODECS, (_event, data) => {
      if (this.options.audio)
        this.soundOf(data.audio?.codec ?? data.audiovideo?.codec ?? null, !!(data.audio || data.audiovideo));
      const video = data.video ?? data.audiovideo;
      this.setMediaInfo({
        videoCodec: video?.codec ?? null,
        audioCodec: data.audio?.codec ?? null,
        width: video?.metadata?.width ?? null,
        height: video?.metadata?.height ?? null,
      });
    });
    hls.loadSource(absoluteUrl(this.source.url, this.options.baseUrl));
    hls.attachMedia(video);
    this.play(video);
  }

  /** Jump to the buffered live edge; false when it is delivery that trails (reconnect: catchUpWith). */
  catchUp(): boolean {
    return this.catchUpWith(this.liveness);
  }

  override stats(): PlayerStats {
    const stats = super.stats();
    const video = this.video;
    const queued = video ? super.latency(video) : null;
    stats.liveness = this.liveness.liveness(queued === null ? null : queued * 1000, this.now());
    if (this.options.audio)
      stats.audio =
        this.audioState.state === 'playing' && this.sink && !this.sink.running
          ? {
              ...this.audioState,
              state: 'pending',
              reason: 'the browser holds the sound until the user interacts with the page',
            }
          : this.audioState;
    return stats;
  }

  /** The audible tile: hls.js plays the sound on the element; unmute it once the page may make sound. */
  private soundOf(codec: string | null, present: boolean): void {
    if (!present) {
      this.audioState = { state: 'none', codec: null };
      return;
    }
    this.audioState = { state: 'playing', codec };
    if (this.sink) return;
    const sink = new AudioSink(this.video!, () => null);
    if (!sink.open()) return;
    this.sink = sink;
    sink.whenRunning(() => {
      if (!this.destroyed && this.video) this.video.muted = false;
    });
  }

  protected close(): void {
    this.sink?.close();
    this.sink = null;
    const hls = this.hls;
    this.hls = null;
    // destroy() stops loading, detaches the media and frees its buffers.
    hls?.destroy();
  }

  protected override currentBitrate(): number | null {
    return this.bytes.kbps();
  }

  protected override latency(video: HTMLVideoElement): number | null {
    const latency = this.hls?.latency;
    if (typeof latency === 'number' && Number.isFinite(latency) && latency > 0) return latency;
    return super.latency(video);
  }
}

export function hlsError(
  data: Pick<ErrorData, 'type' | 'details' | 'response' | 'reason' | 'error'>,
): PlayerError {
  const message = redactUrlsIn(`${data.type}: ${data.details}${data.reason ? ` (${data.reason})` : ''}`);
  const status = data.response?.code;
  if (typeof status === 'number' && status >= 400) return { kind: 'http-status', status, message };
  if (data.type === Hls.ErrorTypes.NETWORK_ERROR) return { kind: 'network', message };
  if (
    data.details === Hls.ErrorDetails.BUFFER_ADD_CODEC_ERROR ||
    data.details === Hls.ErrorDetails.BUFFER_INCOMPATIBLE_CODECS_ERROR ||
    data.details === Hls.ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR
  )
    return { kind: 'codec-unsupported', message };
  return { kind: 'media', message };
}
