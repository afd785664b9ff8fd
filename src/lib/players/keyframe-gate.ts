import {
  FLV_FILE_HEADER as FILE_HEADER,
  FLV_PREVIOUS_TAG_SIZE as PREVIOUS_TAG_SIZE,
  FLV_TAG_AUDIO as TAG_AUDIO,
  FLV_TAG_HEADER as TAG_HEADER,
  FLV_TAG_SCRIPT as TAG_SCRIPT,
  FLV_TAG_VIDEO as TAG_VIDEO,
} from './flv-layout';

/**
 * The rate a tile plays at: every picture, or an overview picture (the stream's keyframes only).
 */
export type PictureRate = 'full' | 'overview';

/** What one FLV tag is, as far as the gate cares. */
export type FlvTagKind = 'script' | 'audio' | 'video-config' | 'video-key' | 'video-inter' | 'other';

export interface KeyframeGateOptions {
  /**
   * Inter pictures kept after each keyframe in overview (default 1). mpegts.js's remuxer holds the
   * last picture it was given until the next one arrives (it needs the next timestamp for the
   * duration), so a keyframe alone would reach the screen only with the next keyframe, a whole GOP
   * late. The picture after it pushes it out at once; it is cheaper to decode than the keyframe and,
   * in the IPPP streams cameras send (no B-frames), refers to the keyframe only.
   */
  keepAfterKey?: number;
  /** Called for every keyframe passed on, with its FLV timestamp (ms). */
  onKeyframe?: (timestampMs: number) => void;
  /**
   * Called for every video picture that comes in (passed on or not), with its FLV timestamp (ms) and
   * the timestamp it is passed on with: the stream's own clock, for the player's liveness figures.
   */
  onPicture?: (timestampMs: number, outTimestampMs: number) => void;
  /**
   * What becomes of audio tags: `pass` (default: at full rate they go on with the video), `drop` (never
   * passed: a muted tile's player never parses, remuxes or appends audio), or `extract` (never passed;
   * at full rate each tag's body goes to `onAudio`, for a player that plays the sound itself).
   */
  audio?: 'pass' | 'drop' | 'extract';
  /**
   * Retime what passes in overview (default true: see the class comment; what a player on MSE needs).
   * False: every tag keeps the stream's own time, for a player that shows each keyframe as it is decoded
   * and keeps its own clock (the WebCodecs player).
   */
  retime?: boolean;
  /** `audio: 'extract'`: one audio tag's body (its first byte says the codec) and FLV timestamp (ms). */
  onAudio?: (timestampMs: number, body: Uint8Array) => void;
}

export interface KeyframeGateStats {
  /** What the gate does now; `resuming` is overview waiting for a keyframe to go back to full. */
  mode: 'full' | 'overview' | 'resuming' | 'passthrough';
  /** Video keyframes passed on. */
  keyframes: number;
  /** The stream's keyframe interval from its own timestamps (ms), null until two keyframes were seen. */
  keyframeIntervalMs: number | null;
  /** The interval between two pictures from the stream's timestamps (ms), null until measured. */
  frameIntervalMs: number | null;
  /** Tags and bytes left out (overview). */
  droppedTags: number;
  droppedBytes: number;
  passedBytes: number;
}

/** A picture's duration when nothing better is known (25 fps). */
const DEFAULT_FRAME_MS = 40;
/**
 * The longest a keyframe is held on screen before the picture after it, in overview (ms). Measured
 * on 48 overview tiles whose keyframes all come at once (the demo's clips share a timeline): held
 * 40 ms, a keyframe decoded late was now and then never shown (picture age up to 2 s and more);
 * held 800 ms, a late one left the buffer over mpegts.js's 1.2 s jump to the live edge, which
 * seeks (4–5 per tile in 20 s, ages up to 3.6 s); 400 ms: no seek, ages under 1.7 s.
 */
const MAX_HOLD_MS = 400;

/**
 * What a tag holds, from its type and the first two bytes of its body.
 *
 * Video, legacy form: frame type in the high nibble (1 key, 2 inter, 3 disposable inter, 4 generated
 * key, 5 info/command), codec in the low one; for AVC (7), HEVC (12, the common extension) and AV1
 * (13) the next byte is the packet type (0 sequence header, 1 picture, 2 end of sequence). Enhanced
 * RTMP (bit 7 set): frame type in bits 4–6, packet type in the low nibble (1 and 3 are pictures,
 * the others configuration). Everything that is not a picture is configuration and always passes.
 */
export function kindOf(type: number, body0: number | undefined, body1: number | undefined): FlvTagKind {
  if (type === TAG_SCRIPT) return 'script';
  if (type === TAG_AUDIO) return 'audio';
  if (type !== TAG_VIDEO) return 'other';
  if (body0 === undefined) return 'video-config';
  let frameType: number;
  let picture: boolean;
  if (body0 & 0x80) {
    frameType = (body0 >> 4) & 0x07;
    const packetType = body0 & 0x0f;
    picture = packetType === 1 || packetType === 3;
  } else {
    frameType = body0 >> 4;
    const codec = body0 & 0x0f;
    picture = codec === 7 || codec === 12 || codec === 13 ? body1 === 1 : true;
  }
  if (frameType === 5 || !picture) return 'video-config';
  if (frameType === 1 || frameType === 4) return 'video-key';
  if (frameType === 2 || frameType === 3) return 'video-inter';
  return 'video-config';
}

/**
 * A streaming filter of an FLV byte stream that, in overview, passes on only what a decoder needs
 * for the keyframes: the file header, script data, sequence headers and keyframes (plus
 * `keepAfterKey` pictures after each), and leaves out the other pictures and the audio.
 *
 * It rewrites the time of what it passes: the picture after a keyframe comes `holdMs` (up to
 * 400 ms) after it, and the next keyframe one picture's duration after that, closing the gap the
 * left-out pictures leave. So the player's buffer never holds more than one keyframe's time, the
 * player waits at its end for the next keyframe and shows it as soon as it is decoded (instead of
 * a GOP later, as its timestamps would have it), and a keyframe shows long enough that a busy
 * decoder is not late for it.
 *
 * Switching: to overview at the next tag; back to full at the next keyframe, never in the middle of
 * a GOP (the pictures there refer to ones that were left out). The time shift reached in overview is
 * kept for every tag after it, audio included, so time runs on without a jump.
 *
 * Full rate costs a walk over the tag headers: the chunk is passed on as it came (the same buffer)
 * unless a header is split across chunks or time has been shifted (then headers are patched in place).
 * A stream that does not start with an FLV header is passed on untouched (the player reports it).
 */
export class KeyframeGate {
  private requested: PictureRate = 'full';
  private mode: 'full' | 'overview' | 'passthrough' = 'full';
  /** Bytes of the file header still to pass (9 to read its size, then the rest and PreviousTagSize0). */
  private fileHeaderLeft = FILE_HEADER;
  private fileHeaderRead = false;
  private readonly fileHeader = new Uint8Array(FILE_HEADER);
  private fileHeaderHave = 0;
  /** The tag header being collected: 11 bytes plus up to 2 of the body. */
  private readonly head = new Uint8Array(TAG_HEADER + 2);
  private headHave = 0;
  private headNeed = TAG_HEADER;
  /** Where the current header began in the current chunk (-1: in an earlier chunk). */
  private headStart = -1;
  /** Body + PreviousTagSize bytes left of the current tag, and whether they pass. */
  private bodyLeft = 0;
  private bodyKeep = true;
  private inBody = false;
  /** The tag whose body is being passed on is a picture. */
  private bodyPicture = false;

  /** Subtracted from every timestamp passed on (mod 2^32). */
  private shift = 0;
  private lastOutVideo: number | null = null;
  private lastInVideo: number | null = null;
  /** A video picture was left out since the last one passed. */
  private gap = false;
  private frameMs = DEFAULT_FRAME_MS;
  private frameMeasured = false;
  private keptAfterKey = 0;
  private lastKeyIn: number | null = null;
  private keyInterval: number | null = null;

  private keyframes = 0;
  private picturesWhole = 0;
  private droppedTags = 0;
  private droppedBytes = 0;
  private passedBytes = 0;

  /** The body of the audio tag being extracted, and how much of it has come. */
  private audioBody: Uint8Array | null = null;
  private audioHave = 0;
  private audioTimestamp = 0;

  private readonly keepAfterKey: number;
  private readonly retime: boolean;
  private readonly audioMode: 'pass' | 'drop' | 'extract';

  constructor(private readonly options: KeyframeGateOptions = {}) {
    this.keepAfterKey = Math.max(0, options.keepAfterKey ?? 1);
    this.retime = options.retime ?? true;
    this.audioMode = options.audio ?? 'pass';
  }

  /** Ask for a rate: overview from the next tag, full from the next keyframe. */
  setRate(rate: PictureRate): void {
    this.requested = rate;
  }

  /**
   * Video pictures passed on whole so far: body and PreviousTagSize. mpegts.js demuxes a tag only once
   * its PreviousTagSize has come, so bytes handed on after a whole picture are demuxed to their end,
   * and bytes cut before it leave the tag waiting (copied into mpegts.js's stash) for the next delivery.
   */
  get picturesComplete(): number {
    return this.picturesWhole;
  }

  /** The rate the bytes passed on are at now (full only once a keyframe has come after overview). */
  get rate(): PictureRate {
    return this.mode === 'overview' ? 'overview' : 'full';
  }

  stats(): KeyframeGateStats {
    return {
      mode: this.mode === 'overview' && this.requested === 'full' ? 'resuming' : this.mode,
      keyframes: this.keyframes,
      keyframeIntervalMs: this.keyInterval,
      frameIntervalMs: this.frameMeasured ? this.frameMs : null,
      droppedTags: this.droppedTags,
      droppedBytes: this.droppedBytes,
      passedBytes: this.passedBytes,
    };
  }

  /**
   * Filter one chunk. Returns the bytes to pass on: the chunk itself when all of it passes as it came,
   * else a new array (possibly empty).
   */
  push(chunk: Uint8Array): Uint8Array {
    if (this.mode === 'passthrough') {
      this.passedBytes += chunk.byteLength;
      return chunk;
    }
    const out = new Output(chunk);
    let i = 0;
    const n = chunk.byteLength;
    while (i < n) {
      if (this.fileHeaderLeft > 0) {
        i = this.readFileHeader(chunk, i, out);
        if (this.isPassthrough()) {
          out.input(i, n);
          i = n;
        }
        continue;
      }
      if (this.inBody) {
        const take = Math.min(this.bodyLeft, n - i);
        if (this.bodyKeep) out.input(i, i + take);
        else this.droppedBytes += take;
        if (this.audioBody) this.collectAudio(chunk, i, take);
        this.bodyLeft -= take;
        i += take;
        if (this.bodyLeft === 0) {
          this.inBody = false;
          if (this.bodyPicture) this.picturesWhole += 1;
        }
        continue;
      }
      // A tag header: collect it, then decide.
      if (this.headHave === 0) {
        this.headStart = i;
        this.headNeed = TAG_HEADER;
      }
      while (i < n && this.headHave < this.headNeed) {
        this.head[this.headHave++] = chunk[i++];
        if (this.headHave === TAG_HEADER) {
          const size = dataSize(this.head);
          this.headNeed = TAG_HEADER + Math.min(2, size);
        }
      }
      if (this.headHave < this.headNeed) {
        // Split across chunks: what came of it is held back until it is complete.
        this.headStart = -1;
        break;
      }
      this.decide(chunk, i, out);
    }
    const result = out.result();
    this.passedBytes += result.byteLength;
    return result;
  }

  /**
   * How long a keyframe shows before the picture after it, in overview: a quarter of the keyframe
   * interval, at most `MAX_HOLD_MS` (the player's buffer then stays well under mpegts.js's 1.2 s
   * jump to the live edge) and at least a picture's duration.
   */
  private holdMs(): number {
    const quarter = this.keyInterval === null ? MAX_HOLD_MS : this.keyInterval / 4;
    return Math.max(this.frameMs, Math.min(MAX_HOLD_MS, Math.round(quarter)));
  }

  /** Not FLV: everything passes untouched (a method: TypeScript narrows `mode` across the loop). */
  private isPassthrough(): boolean {
    return this.mode === 'passthrough';
  }

  private readFileHeader(chunk: Uint8Array, i: number, out: Output): number {
    const n = chunk.byteLength;
    if (!this.fileHeaderRead) {
      while (i < n && this.fileHeaderHave < FILE_HEADER) this.fileHeader[this.fileHeaderHave++] = chunk[i++];
      if (this.fileHeaderHave < FILE_HEADER) return i;
      this.fileHeaderRead = true;
      out.bytes(this.fileHeader.slice(0, FILE_HEADER));
      const h = this.fileHeader;
      if (h[0] !== 0x46 || h[1] !== 0x4c || h[2] !== 0x56) {
        this.mode = 'passthrough';
        this.fileHeaderLeft = 0;
        return i;
      }
      const dataOffset = ((h[5] << 24) | (h[6] << 16) | (h[7] << 8) | h[8]) >>> 0;
      this.fileHeaderLeft = Math.max(0, dataOffset - FILE_HEADER) + PREVIOUS_TAG_SIZE;
      return i;
    }
    const take = Math.min(this.fileHeaderLeft, n - i);
    out.input(i, i + take);
    this.fileHeaderLeft -= take;
    return i + take;
  }

  /** The header of a tag is complete (its last byte before `end`): keep it or leave it out. */
  private decide(chunk: Uint8Array, end: number, out: Output): void {
    const head = this.head;
    const size = dataSize(head);
    const type = head[0] & 0x1f;
    const kind = kindOf(
      type,
      size > 0 ? head[TAG_HEADER] : undefined,
      size > 1 ? head[TAG_HEADER + 1] : undefined,
    );
    const timestamp = readTimestamp(head);

    if (this.mode === 'full' && this.requested === 'overview') {
      this.mode = 'overview';
      this.keptAfterKey = this.keepAfterKey;
    }
    let keep: boolean;
    if (kind === 'video-key') {
      keep = true;
      if (this.mode === 'overview' && this.requested === 'full') this.mode = 'full';
      this.keptAfterKey = 0;
    } else if (kind === 'video-inter') {
      keep = this.mode === 'full' || this.keptAfterKey < this.keepAfterKey;
      if (keep && this.mode === 'overview') this.keptAfterKey += 1;
    } else if (kind === 'audio') {
      keep = this.mode === 'full' && this.audioMode === 'pass';
      if (this.audioMode === 'extract' && this.mode === 'full' && size > 0) this.startAudio(size, timestamp);
    } else {
      keep = true;
    }

    const picture = kind === 'video-key' || kind === 'video-inter';
    if (picture && keep) {
      if (!this.gap && this.lastInVideo !== null) {
        const step = (timestamp - this.lastInVideo) >>> 0;
        if (step > 0 && step < 1000) {
          this.frameMs = step;
          this.frameMeasured = true;
        }
      }
      // Without retiming (`retime: false`) the shift stays 0: the stream's own time throughout.
      if (this.retime && this.lastOutVideo !== null) {
        if (kind === 'video-inter' && this.mode === 'overview' && this.keptAfterKey === 1) {
          // The picture that pushes a keyframe out of the remuxer comes `holdMs` after it, so the
          // keyframe is on screen that long: time enough to decode it on a busy computer before
          // the player's clock would call it late and drop it.
          this.shift = (timestamp - (this.lastOutVideo + this.holdMs())) >>> 0;
        } else if (this.gap) {
          // Close the gap the left-out pictures left: this one follows the last one passed on.
          this.shift = (timestamp - (this.lastOutVideo + this.frameMs)) >>> 0;
        }
      }
      this.gap = false;
      this.lastInVideo = timestamp;
      this.lastOutVideo = (timestamp - this.shift) >>> 0;
    } else if (picture) {
      this.gap = true;
    }
    if (picture) this.options.onPicture?.(timestamp, (timestamp - this.shift) >>> 0);
    if (kind === 'video-key') {
      this.keyframes += 1;
      if (this.lastKeyIn !== null) {
        const interval = (timestamp - this.lastKeyIn) >>> 0;
        if (interval > 0 && interval < 60_000) this.keyInterval = interval;
      }
      this.lastKeyIn = timestamp;
      this.options.onKeyframe?.(timestamp);
    }

    const headerLength = this.headHave;
    if (keep) {
      if (this.shift !== 0) writeTimestamp(head, (timestamp - this.shift) >>> 0);
      if (this.headStart >= 0) {
        // The header lies in this chunk: patch it there and pass the chunk's bytes on.
        if (this.shift !== 0) chunk.set(head.subarray(4, 8), this.headStart + 4);
        out.input(this.headStart, end);
      } else {
        out.bytes(head.slice(0, headerLength));
      }
    } else {
      this.droppedTags += 1;
      this.droppedBytes += headerLength;
    }
    this.bodyKeep = keep;
    this.bodyPicture = picture && keep;
    this.bodyLeft = size - (headerLength - TAG_HEADER) + PREVIOUS_TAG_SIZE;
    this.inBody = this.bodyLeft > 0;
    this.headHave = 0;
    this.headStart = -1;
  }

  /** An audio tag to extract begins: its first body bytes are in the header buffer already. */
  private startAudio(size: number, timestamp: number): void {
    this.audioBody = new Uint8Array(size);
    this.audioHave = Math.min(size, this.headHave - TAG_HEADER);
    this.audioBody.set(this.head.subarray(TAG_HEADER, TAG_HEADER + this.audioHave));
    this.audioTimestamp = timestamp;
    this.finishAudio();
  }

  private collectAudio(chunk: Uint8Array, from: number, length: number): void {
    const body = this.audioBody!;
    const take = Math.min(length, body.byteLength - this.audioHave);
    if (take > 0) body.set(chunk.subarray(from, from + take), this.audioHave);
    this.audioHave += take;
    this.finishAudio();
  }

  private finishAudio(): void {
    const body = this.audioBody;
    if (!body || this.audioHave < body.byteLength) return;
    this.audioBody = null;
    this.options.onAudio?.(this.audioTimestamp, body);
  }
}

function dataSize(head: Uint8Array): number {
  return (head[1] << 16) | (head[2] << 8) | head[3];
}

/** FLV timestamps: 24 bits, then an 8-bit extension holding the high byte. */
function readTimestamp(head: Uint8Array): number {
  return ((head[7] << 24) | (head[4] << 16) | (head[5] << 8) | head[6]) >>> 0;
}

function writeTimestamp(head: Uint8Array, ms: number): void {
  head[4] = (ms >>> 16) & 0xff;
  head[5] = (ms >>> 8) & 0xff;
  head[6] = ms & 0xff;
  head[7] = (ms >>> 24) & 0xff;
}

/** The bytes passed on from one chunk: ranges of the chunk (merged when adjacent) and copies. */
class Output {
  private readonly parts: (Uint8Array | [number, number])[] = [];
  private length = 0;

  constructor(private readonly chunk: Uint8Array) {}

  input(start: number, end: number): void {
    if (end <= start) return;
    const last = this.parts[this.parts.length - 1];
    if (Array.isArray(last) && last[1] === start) last[1] = end;
    else this.parts.push([start, end]);
    this.length += end - start;
  }

  bytes(data: Uint8Array): void {
    if (data.byteLength === 0) return;
    this.parts.push(data);
    this.length += data.byteLength;
  }

  result(): Uint8Array {
    const only = this.parts.length === 1 ? this.parts[0] : null;
    if (Array.isArray(only) && only[0] === 0 && only[1] === this.chunk.byteLength) return this.chunk;
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      const bytes = Array.isArray(part) ? this.chunk.subarray(part[0], part[1]) : part;
      out.set(bytes, at);
      at += bytes.byteLength;
    }
    return out;
  }
}

/**
 * The picture-rate figures of a player with a keyframe gate (PlayerStats' rate, keyframeIntervalMs,
 * streamFps): what the gate does, or the rate asked for before it exists.
 */
export function gatedRateStats(
  gate: KeyframeGate | null,
  requested: PictureRate,
): { rate: PictureRate; keyframeIntervalMs: number | null; streamFps: number | null } {
  const stats = gate?.stats();
  return {
    rate: gate ? gate.rate : requested,
    keyframeIntervalMs: stats?.keyframeIntervalMs ?? null,
    streamFps: stats?.frameIntervalMs ? Math.round(10_000 / stats.frameIntervalMs) / 10 : null,
  };
}
