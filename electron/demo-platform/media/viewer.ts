import { randomBytes } from 'node:crypto';
import type { ClipTicker, FrameSubscriber, LiveFrame } from './clip-ticker';
import type { ActiveFault } from './fault-controller';
import { flvAudioConfigTag, flvAudioMeta } from './audio-mux';
import { damagedPicture } from './damaged-picture';
import { flvHeader, flvMetadataTag, flvSequenceHeaderTag, flvTagParts, flvVideoTag } from './flv-muxer';
import { AUDIO_TRACK_ID, fmp4InitSegment, fmp4Moof, mdatBox, sampleDuration } from './fmp4-muxer';
import { PacedTransport, type Transport } from './transport';

/** The push formats a viewer can take (HLS is request/response and needs no viewer). */
export type PushFormat = 'flv' | 'ts' | 'fmp4';

const initSegments = new WeakMap<ClipTicker, Buffer>();

export interface ViewerCounters {
  framesSent: number;
  framesSkipped: number;
}

/**
 * One open play connection: it takes pictures from its clip's ticker and writes them in its format.
 *
 * Backpressure: when more than `maxBufferedBytes` wait in the socket, it drops pictures and starts again
 * at the next keyframe, rather than buffering without bound. Faults switch its behaviour while it is open.
 */
export class Viewer implements FrameSubscriber {
  readonly counters: ViewerCounters = { framesSent: 0, framesSkipped: 0 };
  private readonly out: PacedTransport;
  private unsubscribe: (() => void) | undefined;
  private needKeyframe = true;
  private started = false;
  private closed = false;
  private stalled = false;
  private fault: ActiveFault | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private garbageTimer: NodeJS.Timeout | undefined;
  // fMP4: the viewer's own fragment numbers and decode time, which run on without gaps even after skips.
  private sequence = 1;
  private decodeTime = 0;
  /** fMP4: the audio track's decode time (its own clock, samples), counted like the picture's. */
  private audioDecodeTime = 0;
  /** FLV: the next picture sent goes after a new metadata tag and sequence header (a new picture size). */
  private newSequence = false;
  /** Timeline index of the last picture sent: a switched-to ticker's cached GOP lies behind it. */
  private lastIndex = -1;
  private readonly original: ClipTicker;
  /** How the next FLV keyframes go out damaged (a `damage` fault), in order. */
  private damage: ('zeroed' | 'not-idr')[] = [];

  constructor(
    readonly format: PushFormat,
    readonly deviceKey: string,
    readonly streamId: string,
    transport: Transport,
    private ticker: ClipTicker,
    private readonly maxBufferedBytes: number,
    private readonly onEnd: (viewer: Viewer) => void,
    /** What a `reconfigure` fault switches an FLV stream to: a clip of another picture size. */
    private readonly reconfigured?: ClipTicker,
    /**
     * FLV as ZLMediaKit writes it on WS-FLV: the file header, then each tag's header, body and
     * PreviousTagSize, each its own WebSocket message (see flvTagParts).
     */
    private readonly messagePerWrite = false,
  ) {
    this.original = ticker;
    this.out = new PacedTransport(transport);
    transport.onClose(() => this.finish());
  }

  get currentFault(): ActiveFault | undefined {
    return this.fault;
  }

  /** Send the format's header and subscribe: the cached GOP arrives at once, then live pictures. */
  start(): void {
    if (this.closed || this.started) return;
    this.started = true;
    if (this.format === 'fmp4') this.out.send([this.initSegment()]);
    if (this.fault?.fault.type === 'garbage') return;
    this.unsubscribe = this.ticker.subscribe(this);
  }

  offer(frame: LiveFrame): void {
    if (this.closed || this.stalled || this.garbageTimer) {
      this.needKeyframe = true;
      return;
    }
    // Pictures of a switched-to clip's cached GOP are older than what was sent: a camera starts anew.
    if (frame.index <= this.lastIndex) return;
    if (this.needKeyframe && !frame.key) {
      this.counters.framesSkipped += 1;
      return;
    }
    if (this.out.buffered() > this.maxBufferedBytes) {
      this.needKeyframe = true;
      this.counters.framesSkipped += 1;
      return;
    }
    this.needKeyframe = false;
    this.write(frame);
  }

  private write(frame: LiveFrame): void {
    this.counters.framesSent += 1;
    this.lastIndex = frame.index;
    if (this.format === 'flv') {
      const { audio } = this.ticker;
      const first = this.counters.framesSent === 1;
      if (first || this.newSequence) {
        const { clip } = this.ticker;
        const t = frame.timestampMs;
        const audioConfig = audio && flvAudioConfigTag(audio, t);
        this.sendFlv(first ? flvHeader(audio !== undefined) : undefined, [
          flvMetadataTag(clip, t, audio && flvAudioMeta(audio)),
          flvSequenceHeaderTag(clip.sps, clip.pps, t),
          ...(audioConfig ? [audioConfig] : []),
          this.flvPicture(frame),
          ...frame.flvAudio(),
        ]);
        this.newSequence = false;
      } else {
        const picture = this.flvPicture(frame);
        this.sendFlv(undefined, audio ? [picture, ...frame.flvAudio()] : [picture]);
      }
    } else if (this.format === 'ts') {
      this.out.send([frame.ts()]);
    } else {
      const duration = sampleDuration(this.ticker.timeline.fps);
      const moof = fmp4Moof(this.sequence, this.decodeTime, duration, frame.frame.avcc.length, frame.key);
      this.sequence += 1;
      this.decodeTime += duration;
      this.out.send([moof, frame.frame.mdat, ...this.fmp4Audio(frame)]);
    }
  }

  /** The picture's FLV tag: the shared one, or under a `damage` fault a damaged copy of a keyframe. */
  private flvPicture(frame: LiveFrame): Buffer {
    const how = frame.key ? this.damage.shift() : undefined;
    return how ? flvVideoTag(damagedPicture(frame.frame.avcc, how), true, frame.timestampMs) : frame.flv();
  }

  /**
   * FLV bytes out: by default in one write (one WebSocket message); as ZLMediaKit does when
   * `messagePerWrite`, the file header alone and every tag in its three parts.
   */
  private sendFlv(header: Buffer | undefined, tags: Buffer[]): void {
    if (!this.messagePerWrite) {
      this.out.send(header ? [header, ...tags] : tags);
      return;
    }
    if (header) this.out.send([header]);
    for (const tag of tags) for (const part of flvTagParts(tag)) this.out.send([part]);
  }

  /** fMP4: one fragment per audio frame after the picture, on the audio track's own clock. */
  private fmp4Audio(frame: LiveFrame): Buffer[] {
    const parts: Buffer[] = [];
    for (const unit of frame.audio()) {
      const raw = unit.track.raw(unit.k);
      parts.push(
        fmp4Moof(
          this.sequence,
          this.audioDecodeTime,
          unit.track.samplesPerFrame,
          raw.length,
          true,
          AUDIO_TRACK_ID,
        ),
        mdatBox(raw),
      );
      this.sequence += 1;
      this.audioDecodeTime += unit.track.samplesPerFrame;
    }
    return parts;
  }

  private initSegment(): Buffer {
    let init = initSegments.get(this.ticker);
    if (!init) {
      const { clip, audio } = this.ticker;
      init = fmp4InitSegment(
        { width: clip.width, height: clip.height, fps: clip.fps, sps: clip.sps, pps: clip.pps },
        audio,
      );
      initSegments.set(this.ticker, init);
    }
    return init;
  }

  /**
   * Follow a change of this stream's fault (undefined: back to normal). Called once at open too.
   * `effects: false` only notes the fault: a stall at open is served by the server before the viewer
   * exists, and must not start again here.
   */
  applyFault(next: ActiveFault | undefined, { effects = true }: { effects?: boolean } = {}): void {
    if (this.closed || next === this.fault) return;
    const previous = this.fault?.fault;
    this.fault = next;
    // Damage is what an open stream meets from now on; a connection opened later is served clean.
    this.damage = next?.fault.type === 'damage' && this.started ? [...next.fault.keyframes] : [];
    if (!effects) return;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (previous?.type === 'throttle') this.out.setRate(undefined);
    if (previous?.type === 'stall') this.stalled = false;
    if (previous?.type === 'garbage' && next?.fault.type !== 'garbage') this.stopGarbage();
    if (previous?.type === 'reconfigure' && next?.fault.type !== 'reconfigure') this.switchTo(this.original);

    const fault = next?.fault;
    if (!fault) return;
    switch (fault.type) {
      case 'drop':
        this.after(fault.afterSeconds, () => this.destroy());
        break;
      case 'stall':
        this.stalled = true;
        this.needKeyframe = true;
        this.after(fault.seconds, () => {
          this.stalled = false;
          if (fault.then === 'close') this.destroy();
        });
        break;
      case 'throttle':
        this.out.setRate(fault.kbps);
        break;
      case 'garbage':
        this.startGarbage();
        break;
      case 'offline':
        this.destroy();
        break;
      case 'refuse':
        // Only new requests are refused; an open stream carries on.
        break;
      case 'reconfigure':
        if (this.reconfigured) this.switchTo(this.reconfigured);
        break;
      case 'damage':
        // The keyframes to damage were counted above.
        break;
    }
  }

  /** FLV: carry on from another clip's next keyframe, after its own sequence header. */
  private switchTo(ticker: ClipTicker): void {
    if (this.format !== 'flv' || ticker === this.ticker || !this.started) return;
    this.unsubscribe?.();
    this.ticker = ticker;
    this.needKeyframe = true;
    this.newSequence = this.counters.framesSent > 0;
    this.unsubscribe = ticker.subscribe(this);
  }

  private after(seconds: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, seconds * 1000);
    this.timers.add(timer);
  }

  /** Random bytes at about the clip's bit rate, in place of pictures. */
  private startGarbage(): void {
    if (this.garbageTimer) return;
    const { clip } = this.ticker;
    const average = Math.max(
      512,
      Math.round(clip.frames.reduce((n, f) => n + f.avcc.length, 0) / clip.frames.length),
    );
    this.garbageTimer = setInterval(() => {
      if (this.out.buffered() <= this.maxBufferedBytes) this.out.send([randomBytes(average)]);
    }, this.ticker.timeline.frameMs);
  }

  private stopGarbage(): void {
    if (this.garbageTimer) clearInterval(this.garbageTimer);
    this.garbageTimer = undefined;
    this.needKeyframe = true;
    if (this.started && !this.unsubscribe) this.unsubscribe = this.ticker.subscribe(this);
  }

  /** End normally (server shutting down). */
  end(): void {
    this.out.end();
    this.finish();
  }

  /** Cut the connection. */
  destroy(): void {
    this.out.destroy();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.garbageTimer) clearInterval(this.garbageTimer);
    this.garbageTimer = undefined;
    this.out.setRate(undefined);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.onEnd(this);
  }
}
