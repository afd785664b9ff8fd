import { absoluteUrl } from './absolute-url';
import { BasePlayer, PLAYER_DEFAULTS } from './base-player';
import type { PlayerError } from './player';
import { redactUrlsIn } from './redact-url';

/** How far back the latency floor is taken. */
const LATENCY_WINDOW_MS = 3_000;
const CATCH_UP_RATE = 1.1;

type DecodedBytes = { webkitVideoDecodedByteCount?: number; webkitAudioDecodedByteCount?: number };

/**
 * Progressive fragmented MP4 on a plain `<video src>`: no library, no MSE.
 *
 * The element buffers as it likes and does not chase the live edge, so this adapter does, gently:
 * progressive loading makes `buffered.end` jump in bursts, so it watches the lowest latency of the
 * last few seconds; above `maxLatencySeconds` it plays 10 % faster until back under half of it, and only
 * when far behind (a hiccup) does it jump. (Seeking on every burst would make the element decode from
 * the previous keyframe again and again.) The bit rate comes from Chromium's decoded byte counters.
 */
export class NativePlayer extends BasePlayer {
  protected readonly library = 'native';
  private readonly listeners: [string, EventListener][] = [];
  private lastBytes: { at: number; bytes: number } | null = null;
  private rate: number | null = null;
  private readonly latencies: { at: number; latency: number }[] = [];

  protected open(video: HTMLVideoElement): void {
    this.listen(video, 'error', () => this.fail(mediaElementError(video.error)));
    // A live progressive stream that "ends" was cut by the server.
    this.listen(video, 'ended', () =>
      this.fail({ kind: 'ended', message: 'the media server closed the stream' }),
    );
    this.listen(video, 'loadedmetadata', () =>
      this.setMediaInfo({
        videoCodec: null,
        audioCodec: null,
        width: video.videoWidth,
        height: video.videoHeight,
      }),
    );
    this.listen(video, 'timeupdate', () => this.chaseLiveEdge(video));
    video.src = absoluteUrl(this.source.url, this.options.baseUrl);
    this.play(video);
  }

  private chaseLiveEdge(video: HTMLVideoElement): void {
    const buffered = video.buffered;
    if (buffered.length === 0 || video.paused) return;
    const maxLatency = this.options.maxLatencySeconds ?? PLAYER_DEFAULTS.maxLatencySeconds;
    const minRemain = this.options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds;
    const end = buffered.end(buffered.length - 1);
    const at = this.now();
    this.latencies.push({ at, latency: end - video.currentTime });
    while (this.latencies.length > 0 && at - this.latencies[0].at > LATENCY_WINDOW_MS) this.latencies.shift();
    if (at - this.latencies[0].at < LATENCY_WINDOW_MS / 2) return; // not enough history yet
    const floor = Math.min(...this.latencies.map((l) => l.latency));
    if (floor > Math.max(3, maxLatency * 2.5)) {
      video.currentTime = Math.max(0, end - minRemain);
      video.playbackRate = 1;
      this.latencies.length = 0;
    } else if (floor > maxLatency) {
      video.playbackRate = CATCH_UP_RATE;
    } else if (floor < maxLatency / 2 && video.playbackRate !== 1) {
      video.playbackRate = 1;
    }
  }

  protected close(video: HTMLVideoElement): void {
    for (const [name, listener] of this.listeners) video.removeEventListener(name, listener);
    this.listeners.length = 0;
    // Removing src and loading again aborts the download and frees its HTTP connection.
    video.removeAttribute('src');
    video.load();
  }

  protected override currentBitrate(): number | null {
    const video = this.video as (HTMLVideoElement & DecodedBytes) | null;
    if (!video || typeof video.webkitVideoDecodedByteCount !== 'number') return null;
    const bytes = video.webkitVideoDecodedByteCount + (video.webkitAudioDecodedByteCount ?? 0);
    const at = this.now();
    if (this.lastBytes && at - this.lastBytes.at >= 500 && bytes >= this.lastBytes.bytes) {
      this.rate = ((bytes - this.lastBytes.bytes) * 8) / (at - this.lastBytes.at);
      this.lastBytes = { at, bytes };
    } else if (!this.lastBytes || bytes < this.lastBytes.bytes) {
      this.lastBytes = { at, bytes };
    }
    return this.rate;
  }

  private listen(video: HTMLVideoElement, name: string, listener: EventListener): void {
    video.addEventListener(name, listener);
    this.listeners.push([name, listener]);
  }
}

/** The element's own error, in the players' terms. */
function mediaElementError(error: MediaError | null): PlayerError {
  const detail = error?.message ? ` (${redactUrlsIn(error.message)})` : '';
  switch (error?.code) {
    case 2: // MEDIA_ERR_NETWORK
      return { kind: 'network', message: `network error while loading the video${detail}` };
    case 3: // MEDIA_ERR_DECODE
      return { kind: 'media', message: `the video could not be decoded${detail}` };
    case 4: // MEDIA_ERR_SRC_NOT_SUPPORTED: also what a failed first request looks like
      return {
        kind: 'media',
        message: `the video could not be loaded or is in an unsupported format${detail}`,
      };
    default:
      return { kind: 'media', message: `the video element failed${detail}` };
  }
}
