import Hls, { type ErrorData, type HlsConfig } from 'hls.js';
import { absoluteUrl } from './absolute-url';
import { BasePlayer, PLAYER_DEFAULTS } from './base-player';
import { ByteRate } from './byte-rate';
import type { PlayerError } from './player';
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
}): Partial<HlsConfig> {
  const backBuffer = options.backBufferSeconds ?? PLAYER_DEFAULTS.backBufferSeconds;
  return {
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
  private readonly bytes = new ByteRate(this.now);

  protected open(video: HTMLVideoElement): void {
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
    hls.on(Hls.Events.BUFFER_CODECS, (_event, data) => {
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

  protected close(): void {
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
