import type { LiveMedia } from '../../../electron/demo-platform/media';
import type { BarePage } from './bare-page';

/** One reading of every tile's <video>, in the page. */
export interface VideoSample {
  key: string;
  state: string;
  total: number;
  dropped: number;
  latency: number | null;
  /** WebRTC: the last frame callback's picture (RTP timestamp) and when it was shown and received (page ms). */
  rtc: { rtp: number; shownAt: number; receivedAt: number | null } | null;
  /** The picture's own size (0 before the first frame). */
  width: number;
  height: number;
}

const READ_VIDEOS = `(() => ({ now: performance.now(), videos: [...document.querySelectorAll('[data-testid="wall-tile"]')].map((tile) => {
        const video = tile.querySelector('video');
        const q = video ? video.getVideoPlaybackQuality() : { totalVideoFrames: 0, droppedVideoFrames: 0 };
        const b = video ? video.buffered : { length: 0 };
        const rtc = video && video.__rtcFrame ? video.__rtcFrame : null;
        if (video && video.srcObject) {
          video.__rtcFrame = null;
          video.requestVideoFrameCallback((_, m) => {
            if (typeof m.rtpTimestamp === 'number')
              video.__rtcFrame = { rtp: m.rtpTimestamp, shownAt: m.expectedDisplayTime, receivedAt: m.receiveTime ?? null };
          });
        }
        return {
          key: tile.dataset.deviceKey,
          state: tile.dataset.state ?? '',
          total: q.totalVideoFrames,
          dropped: q.droppedVideoFrames,
          latency: b.length ? b.end(b.length - 1) - video.currentTime : null,
          rtc,
          width: video ? video.videoWidth : 0,
          height: video ? video.videoHeight : 0,
        };
      }) }))()`;

/**
 * Reads every tile's <video> (counters, latency, WebRTC frame) and keeps the page's clock against this
 * process's: the offset seen on the quickest round trip so far (see WEBRTC LATENCY in wall.bench.ts).
 */
export class VideoSampler {
  private clockOffset = { rtt: Infinity, pageMinusNode: 0 };

  constructor(
    private readonly page: BarePage,
    private readonly media: LiveMedia,
  ) {}

  async sample(): Promise<VideoSample[]> {
    const t0 = performance.now();
    const { now, videos } = await this.page.evaluate<{ now: number; videos: VideoSample[] }>(READ_VIDEOS);
    const t1 = performance.now();
    if (t1 - t0 < this.clockOffset.rtt)
      this.clockOffset = { rtt: t1 - t0, pageMinusNode: now - (t0 + t1) / 2 };
    return videos;
  }

  /** A WebRTC frame's lag behind live (s), shown − due, on this process's clock. */
  rtcBehindLive(rtc: NonNullable<VideoSample['rtc']>): number {
    return (rtc.shownAt - this.clockOffset.pageMinusNode - this.media.webrtcPictureDueAt(rtc.rtp)) / 1000;
  }

  /** The quickest round trip so far (ms), null before any. */
  get clockRoundTripMs(): number | null {
    return Number.isFinite(this.clockOffset.rtt) ? this.clockOffset.rtt : null;
  }
}
