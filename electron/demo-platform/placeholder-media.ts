import { createHash } from 'node:crypto';
import type { StreamPlayback, StreamUrlField } from '../shared/domain';
import type { MediaBackend, StreamRequest } from './media-backend';

export interface PlaceholderMediaOptions {
  /** Host written into the URLs; default 127.0.0.1. */
  host?: string;
  /** Seeds the per-stream secrets so the same stream always gets the same URLs. */
  seed?: number;
  /**
   * Put some URLs under a field whose name does not match their scheme, as the spec's sample
   * does, so a consumer is forced to classify each URL by itself.
   */
  scrambleFields?: boolean;
}

const APP = 'rtp';

/** Field pairs the spec's sample shows swapped. */
const SCRAMBLED_PAIRS: readonly [StreamUrlField, StreamUrlField][] = [
  ['https_flv', 'ws_flv'],
  ['https_fmp4', 'ws_fmp4'],
  ['rtmps', 'rtsp'],
];

/**
 * A media backend that answers with well-formed, sample-like playback addresses.
 *
 * Nothing listens behind these URLs: it gives streamStart its complete 24-field shape until the
 * live media backend is plugged in.
 */
export class PlaceholderMedia implements MediaBackend {
  private readonly host: string;
  private readonly seed: number;
  private readonly scramble: boolean;

  constructor(options: PlaceholderMediaOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    this.seed = options.seed ?? 1;
    this.scramble = options.scrambleFields ?? false;
  }

  async startStream({ sipId, channelId }: StreamRequest): Promise<StreamPlayback> {
    const streamId = `${sipId}_${channelId}`;
    const secret = createHash('sha256').update(`${this.seed}:${streamId}`).digest('hex').slice(0, 32);
    const h = this.host;
    // The path and query carry the id encoded: sipId and channelId come from the caller's query.
    const id = encodeURIComponent(streamId);
    const path = `${APP}/${id}`;
    const q = `secret=${secret}`;
    const urls: Record<StreamUrlField, string> = {
      flv: `http://${h}:8080/${path}.live.flv?${q}`,
      https_flv: `https://${h}:8443/${path}.live.flv?${q}`,
      ws_flv: `ws://${h}:8080/${path}.live.flv?${q}`,
      wss_flv: `wss://${h}:8443/${path}.live.flv?${q}`,
      fmp4: `http://${h}:8080/${path}.live.mp4?${q}`,
      https_fmp4: `https://${h}:8443/${path}.live.mp4?${q}`,
      ws_fmp4: `ws://${h}:8080/${path}.live.mp4?${q}`,
      wss_fmp4: `wss://${h}:8443/${path}.live.mp4?${q}`,
      hls: `http://${h}:8080/${path}/hls.m3u8?${q}`,
      https_hls: `https://${h}:8443/${path}/hls.m3u8?${q}`,
      ws_hls: `ws://${h}:8080/${path}/hls.m3u8?${q}`,
      wss_hls: `wss://${h}:8443/${path}/hls.m3u8?${q}`,
      ts: `http://${h}:8080/${path}.live.ts?${q}`,
      https_ts: `https://${h}:8443/${path}.live.ts?${q}`,
      ws_ts: `ws://${h}:8080/${path}.live.ts?${q}`,
      wss_ts: `wss://${h}:8443/${path}.live.ts?${q}`,
      rtmp: `rtmp://${h}:1935/${path}?${q}`,
      rtmps: `rtmps://${h}:19350/${path}?${q}`,
      rtsp: `rtsp://${h}:554/${path}?${q}`,
      rtsps: `rtsps://${h}:322/${path}?${q}`,
      rtc: `http://${h}:8080/index/api/webrtc?app=${APP}&stream=${id}&type=play&secret=${secret}`,
    };
    if (this.scramble) {
      for (const [a, b] of SCRAMBLED_PAIRS) [urls[a], urls[b]] = [urls[b], urls[a]];
    }
    return { streamId, sipId, channelId, ...urls };
  }

  async close(): Promise<void> {}
}
