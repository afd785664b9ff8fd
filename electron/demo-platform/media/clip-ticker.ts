import { flvAudioFrameTag, tsStreamType } from './audio-mux';
import { audioAfterPicture, type AudioTrack, type AudioUnit } from './camera-audio';
import type { Clip, ClipFrame } from './clip-library';
import { flvVideoTag } from './flv-muxer';
import type { LiveTimeline } from './live-timeline';
import { TsMuxer } from './ts-muxer';

/**
 * One picture on a clip's live timeline. Each format's bytes are muxed once, on first use, and the same
 * Buffer goes to every viewer of that format.
 */
export class LiveFrame {
  private flvBytes?: Buffer;
  private tsBytes?: Buffer;
  private audioUnits?: AudioUnit[];
  private flvAudioTags?: Buffer[];

  constructor(
    readonly index: number,
    readonly frame: ClipFrame,
    private readonly ticker: ClipTicker,
  ) {}

  get key(): boolean {
    return this.frame.key;
  }

  get timestampMs(): number {
    return this.ticker.timeline.ms(this.index);
  }

  /** Presentation time on the 90 kHz clock (MPEG-TS PTS; WebRTC's RTP timestamp, modulo 2^32). */
  get ticks90k(): number {
    return this.ticker.timeline.ticks90k(this.index);
  }

  flv(): Buffer {
    this.flvBytes ??= flvVideoTag(this.frame.avcc, this.frame.key, this.timestampMs);
    return this.flvBytes;
  }

  ts(): Buffer {
    this.tsBytes ??= this.ticker.muxTs(this);
    return this.tsBytes;
  }

  /** The audio frames that go right after this picture (none when the stream has no audio). */
  audio(): AudioUnit[] {
    const track = this.ticker.audio;
    this.audioUnits ??= track ? audioAfterPicture(track, this.index, this.ticker.timeline.fps) : [];
    return this.audioUnits;
  }

  /** Those audio frames as FLV tags. */
  flvAudio(): Buffer[] {
    this.flvAudioTags ??= this.audio().map((unit) => flvAudioFrameTag(unit, this.ticker.timeline.flvStartMs));
    return this.flvAudioTags;
  }
}

/** Anything that takes a clip's pictures as they come. */
export interface FrameSubscriber {
  offer(frame: LiveFrame): void;
}

/** After a pause longer than this many pictures, skip to the latest keyframe instead of replaying. */
const MAX_CATCH_UP_SECONDS = 1;

/**
 * The live source of one clip: a ticker that emits its pictures in real time to every subscriber, so that
 * any number of viewers of the clip cost one source.
 *
 * It keeps the current GOP (the last keyframe onward) so a new viewer starts at once, and it runs only
 * while someone watches; on restart it resumes where the timeline is, at a keyframe.
 */
export class ClipTicker {
  private readonly subscribers = new Set<FrameSubscriber>();
  private gop: LiveFrame[] = [];
  private lastIndex = -1;
  private timer: NodeJS.Timeout | undefined;
  private readonly tsMuxer: TsMuxer;
  private emitted = 0;

  constructor(
    readonly clip: Clip,
    readonly timeline: LiveTimeline,
    /** The camera's audio, muxed beside every picture (the ZLMediaKit habits); none by default. */
    readonly audio?: AudioTrack,
  ) {
    this.tsMuxer = new TsMuxer(audio && tsStreamType(audio));
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  get viewers(): number {
    return this.subscribers.size;
  }

  /** Pictures emitted since start (each counted once, however many viewers). */
  get framesEmitted(): number {
    return this.emitted;
  }

  /** Add a subscriber: it gets the cached GOP at once, then live pictures. Returns the unsubscribe. */
  subscribe(subscriber: FrameSubscriber): () => void {
    this.catchUp();
    this.subscribers.add(subscriber);
    for (const frame of this.gop) subscriber.offer(frame);
    this.schedule();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The clip picture at a timeline index (the clip loops). */
  frameAt(index: number): ClipFrame {
    return this.clip.frames[index % this.clip.frames.length];
  }

  /** Timeline index of the keyframe at or before `index`. */
  keyframeAtOrBefore(index: number): number {
    const position = index % this.clip.frames.length;
    return index - (position - this.clip.keyAtOrBefore[position]);
  }

  /** Mux a picture for the live MPEG-TS output, in timeline order (continuity counters run on). */
  muxTs(frame: LiveFrame): Buffer {
    const picture = this.tsMuxer.picture(frame.frame.annexB, this.timeline.ticks90k(frame.index), frame.key);
    const audio = frame.audio();
    if (audio.length === 0) return picture;
    return Buffer.concat([
      picture,
      ...audio.map((unit) => this.tsMuxer.audio(unit.track.tsPayload(unit.k), unit.ticks90k)),
    ]);
  }

  private schedule(): void {
    if (this.timer || this.subscribers.size === 0) return;
    const delay = Math.max(0, this.timeline.dueAt(this.lastIndex + 1) - this.timeline.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.catchUp();
      this.schedule();
    }, delay);
  }

  /** Emit every picture that is due; after a long pause, start again at the latest keyframe. */
  private catchUp(): void {
    const target = this.timeline.indexAt();
    if (target <= this.lastIndex) return;
    let start = this.lastIndex + 1;
    if (this.lastIndex < 0 || target - this.lastIndex > MAX_CATCH_UP_SECONDS * this.timeline.fps) {
      start = Math.max(start, this.keyframeAtOrBefore(target));
    }
    for (let index = start; index <= target; index += 1) this.emit(index);
  }

  private emit(index: number): void {
    const frame = new LiveFrame(index, this.frameAt(index), this);
    if (frame.key) this.gop = [frame];
    else if (this.gop.length > 0) this.gop.push(frame);
    this.lastIndex = index;
    this.emitted += 1;
    for (const subscriber of this.subscribers) subscriber.offer(frame);
  }
}
