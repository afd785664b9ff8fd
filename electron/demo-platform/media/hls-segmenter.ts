import { tsStreamType } from './audio-mux';
import { audioAfterPicture } from './camera-audio';
import type { ClipTicker } from './clip-ticker';
import { TsMuxer } from './ts-muxer';

/** Segments listed in the playlist. */
export const HLS_WINDOW = 5;
/** Segments that have left the playlist but are still served, for a player that read it a moment ago. */
export const HLS_GRACE = 1;

/**
 * A clip's live HLS: one segment per GOP (2 s for the fixtures), a sliding window of HLS_WINDOW segments.
 *
 * Segments are cut on demand from the live timeline (a segment's pictures and timestamps depend only on
 * its number), so HLS needs no ticker; a few recent ones are cached.
 */
export class HlsSegmenter {
  private readonly cache = new Map<number, Buffer>();
  readonly targetDuration: number;

  constructor(private readonly ticker: ClipTicker) {
    const { gopStarts, frames, fps } = ticker.clip;
    const lengths = gopStarts.map((start, k) => (gopStarts[k + 1] ?? frames.length) - start);
    this.targetDuration = Math.ceil(Math.max(...lengths) / fps);
  }

  /** Timeline pictures [start, end) of segment `sequence`. */
  bounds(sequence: number): { start: number; end: number } {
    const { gopStarts, frames } = this.ticker.clip;
    const perLoop = gopStarts.length;
    const loop = Math.floor(sequence / perLoop);
    const k = sequence - loop * perLoop;
    const base = loop * frames.length;
    return { start: base + gopStarts[k], end: base + (gopStarts[k + 1] ?? frames.length) };
  }

  /** The segment holding timeline picture `index`. */
  sequenceAt(index: number): number {
    const { gopStarts, frames } = this.ticker.clip;
    const loop = Math.floor(index / frames.length);
    const position = index - loop * frames.length;
    let k = gopStarts.length - 1;
    while (gopStarts[k] > position) k -= 1;
    return loop * gopStarts.length + k;
  }

  /** The newest segment whose last picture is due. */
  latestComplete(): number {
    return this.sequenceAt(this.ticker.timeline.indexAt() + 1) - 1;
  }

  /**
   * The live playlist; segment URIs are relative to it and end with `query` (the viewer's secret by
   * default; nothing under the ZLMediaKit habits).
   */
  playlist(query: string): string {
    const latest = this.latestComplete();
    const first = latest - HLS_WINDOW + 1;
    const fps = this.ticker.timeline.fps;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${this.targetDuration}`,
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ];
    for (let sequence = first; sequence <= latest; sequence += 1) {
      const { start, end } = this.bounds(sequence);
      lines.push(`#EXTINF:${((end - start) / fps).toFixed(3)},`, `${sequence}.ts${query}`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** Segment bytes, or undefined when it has expired or is not complete yet. */
  segment(sequence: number): Buffer | undefined {
    const latest = this.latestComplete();
    const oldest = latest - HLS_WINDOW - HLS_GRACE + 1;
    if (!Number.isSafeInteger(sequence) || sequence < oldest || sequence > latest) return undefined;
    for (const cached of this.cache.keys()) if (cached < oldest) this.cache.delete(cached);
    let bytes = this.cache.get(sequence);
    if (!bytes) {
      bytes = this.mux(sequence);
      this.cache.set(sequence, bytes);
    }
    return bytes;
  }

  private mux(sequence: number): Buffer {
    const { start, end } = this.bounds(sequence);
    const { audio, timeline } = this.ticker;
    const muxer = new TsMuxer(audio && tsStreamType(audio));
    const parts: Buffer[] = [];
    for (let index = start; index < end; index += 1) {
      const frame = this.ticker.frameAt(index);
      parts.push(muxer.picture(frame.annexB, timeline.ticks90k(index), frame.key));
      if (!audio) continue;
      for (const unit of audioAfterPicture(audio, index, timeline.fps))
        parts.push(muxer.audio(audio.tsPayload(unit.k), unit.ticks90k));
    }
    return Buffer.concat(parts);
  }
}
