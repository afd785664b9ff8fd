import { cameraAudioFor, type AudioTracks } from './camera-audio';
import type { Clip } from './clip-library';
import { ClipTicker } from './clip-ticker';
import { HlsSegmenter } from './hls-segmenter';
import type { LiveTimeline } from './live-timeline';

/** What a stream is played from: its clip's ticker (push formats, WebRTC) and HLS segmenter. */
export interface ClipSource {
  ticker: ClipTicker;
  segmenter: HlsSegmenter;
}

/**
 * The live sources of the media server: one per clip by default. Under the ZLMediaKit habits a
 * device's streams carry its camera's audio, so there is one per clip and camera audio, made when
 * first watched (still one ticker however many viewers).
 */
export class ClipSources {
  private readonly plain: ClipSource[];
  private readonly withAudio = new Map<string, ClipSource>();

  constructor(
    private readonly clips: readonly Clip[],
    private readonly timeline: LiveTimeline,
    private readonly audio?: AudioTracks,
  ) {
    this.plain = clips.map((clip) => {
      const ticker = new ClipTicker(clip, timeline);
      return { ticker, segmenter: new HlsSegmenter(ticker) };
    });
  }

  /** The source of a device's stream of clip `clipIndex`. */
  for(clipIndex: number, deviceKey: string): ClipSource {
    if (!this.audio) return this.plain[clipIndex];
    const camera = cameraAudioFor(deviceKey);
    const id = `${clipIndex}/${camera}`;
    let source = this.withAudio.get(id);
    if (!source) {
      const ticker = new ClipTicker(this.clips[clipIndex], this.timeline, this.audio[camera]);
      source = { ticker, segmenter: new HlsSegmenter(ticker) };
      this.withAudio.set(id, source);
    }
    return source;
  }

  tickers(): ClipTicker[] {
    return [...this.plain, ...this.withAudio.values()].map((source) => source.ticker);
  }
}
