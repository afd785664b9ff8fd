import { absoluteUrl } from './absolute-url';
import { BasePlayer } from './base-player';
import { ByteRate } from './byte-rate';
import type { MeteredVideo } from './frame-meter';
import { joinBytes } from '../../../electron/shared/join-bytes';
import {
  avcAnnexB,
  avcCodecString,
  FlvVideoReader,
  lengthsToStartCodes,
  type FlvVideoTag,
} from './flv-video-reader';
import { gatedLoaderClass, type MpegtsLoader } from './gated-loader';
import { gatedRateStats, KeyframeGate } from './keyframe-gate';
import { LivenessMeter } from './liveness-meter';
import { PRESENT_EVERY_MS, type PictureRate, type PlayerError, type PlayerStats } from './player';
import { PictureQueue } from './picture-queue';
import { redactUrlsIn } from './redact-url';

/** Chromium's MediaStreamTrackGenerator (not in TypeScript's DOM types): a video track we write frames to. */
interface TrackGenerator extends MediaStreamTrack {
  readonly writable: WritableStream<VideoFrame>;
}
type TrackGeneratorClass = new (init: { kind: 'video' }) => TrackGenerator;

function generatorClass(): TrackGeneratorClass | null {
  const found = (globalThis as { MediaStreamTrackGenerator?: TrackGeneratorClass }).MediaStreamTrackGenerator;
  return typeof found === 'function' ? found : null;
}

/** Whether this runtime can show pictures decoded by WebCodecs on a `<video>` (Chromium, Electron). */
export function canPlayWithWebCodecs(): boolean {
  return (
    typeof VideoDecoder === 'function' && typeof EncodedVideoChunk === 'function' && generatorClass() !== null
  );
}

/**
 * Pictures waiting in the decoder beyond this many mean it cannot keep up: the pictures up to the next
 * keyframe are left out. Well above a GOP cache's burst at connect (a media server sends the GOP so far at
 * once: 50 pictures for a 2 s GOP; a limit of 25 froze every new tile until its next keyframe), so it is
 * a bound on memory, not the way a tile catches up (the liveness policy and the decode budget are).
 */
const MAX_DECODE_QUEUE = 150;
/** Pictures waiting in the decoder beyond which a catch-up starts it again at the next keyframe. */
const RESET_DECODE_QUEUE = 10;

const FLV_CODEC_NAMES: Record<string, string> = {
  '12': 'H.265',
  hvc1: 'H.265',
  '13': 'AV1',
  av01: 'AV1',
  vp09: 'VP9',
  '2': 'Sorenson H.263',
  '4': 'VP6',
  '5': 'VP6 with alpha',
};

/**
 * The picture of a muted FLV tile (HTTP-FLV or WS-FLV, H.264), decoded by WebCodecs and shown through a
 * MediaStreamTrackGenerator on the tile's `<video>`: no transmuxing, no Media Source, no SourceBuffer.
 *
 * Why: on a 16-tile wall the MSE road (mpegts.js) costs its page CPU that no tuning of ours took away:
 * a quarter of the page's main thread is mpegts.js and the rest Chromium's own work for MSE (appends,
 * media events, buffered ranges); decoding in place of it cost 15–20 % less CPU a tile in the same
 * runs (docs/benchmarks.md). The parts that stay the same as the mpegts.js player's: our loader
 * (gated-loader.ts) reads the socket or response, the keyframe gate (keyframe-gate.ts) leaves out the
 * audio and, in overview, every picture but the keyframes, and the liveness meter reads each picture's
 * timestamp as it comes.
 *
 * What MSE did for us and this player does itself: the clock. Decoded pictures wait in a jitter buffer
 * (picture-queue.ts) and are shown at the stream's own pace, a short fixed delay after the soonest a
 * picture came; late ones are skipped (counted as dropped). A shared beat (`PlayerOptions.beat`, every
 * PRESENT_EVERY_MS) looks for a due picture on every tile at once. In overview each keyframe is shown
 * the moment it is decoded.
 *
 * What it does not play: the audible tile (its sound is the mpegts.js player's, in step with the
 * element's clock), other codecs than H.264 (a `codec-unsupported`: the tile tries its next transport),
 * and runtimes without WebCodecs or MediaStreamTrackGenerator (createPlayer picks mpegts.js there).
 */
export class WebCodecsFlvPlayer extends BasePlayer {
  protected readonly library = 'webcodecs';
  private loader: MpegtsLoader | null = null;
  private gate: KeyframeGate | null = null;
  private readonly reader = new FlvVideoReader();
  private decoder: VideoDecoder | null = null;
  private decoderConfig: VideoDecoderConfig | null = null;
  private configRecord: Uint8Array | null = null;
  /** Annex B: the SPS and PPS put before each keyframe (null: the pictures go as they came, with the record). */
  private parameterSets: Uint8Array | null = null;
  private needKey = true;
  /** The pictures waited out for a keyframe are left out because the decoder fell behind (drops). */
  private backlogSkip = false;
  private generator: TrackGenerator | null = null;
  private writer: WritableStreamDefaultWriter<VideoFrame> | null = null;
  private readonly queue = new PictureQueue<VideoFrame>();
  private readonly liveness = new LivenessMeter();
  private received: ByteRate | null = null;
  private stopBeat: (() => void) | null = null;
  /** Pictures dropped before decode (a decoder backlog's, up to the next keyframe). */
  private leftOut = 0;
  /** Media time (ms, as passed on by the gate) of the newest picture given to the decoder. */
  private newestInMs: number | null = null;
  /** How late after its time the last picture was written (ms): the page's main thread falling behind. */
  private lateMs: number | null = null;
  /** A decoder failed and a new one took over; no picture decoded since (a second failure gives up). */
  private recovering = false;

  protected open(video: HTMLVideoElement): void {
    const Generator = generatorClass();
    if (!Generator || typeof VideoDecoder !== 'function')
      throw new Error('this runtime has no WebCodecs video decoder or MediaStreamTrackGenerator');
    const generator = new Generator({ kind: 'video' });
    this.generator = generator;
    this.writer = generator.writable.getWriter();
    video.srcObject = new MediaStream([generator]);
    this.play(video);

    this.gate = new KeyframeGate({
      audio: 'drop',
      // A keyframe decodes and shows on its own here (no remuxer waiting for the next picture's time),
      // and this player keeps its own clock: the pictures keep the stream's time.
      keepAfterKey: 0,
      retime: false,
      onPicture: (timestamp) => {
        if (!this.destroyed) this.liveness.arrive(timestamp, this.now());
      },
    });
    this.gate.setRate(this.pictureRate);
    const received = new ByteRate(this.now);
    this.received = received;
    const Loader = gatedLoaderClass(
      this.gate,
      () => {
        if (!this.destroyed) this.events.emit('connected', { at: this.now() });
      },
      (bytes) => received.add(bytes),
    );
    const loader = new Loader();
    this.loader = loader;
    loader.onDataArrival = (chunk) => this.demux(new Uint8Array(chunk));
    loader.onError = (type, info) => this.fail(loaderError(type, info));
    // A live stream whose connection closes "completes": for a wall that is a drop.
    loader.onComplete = () => this.fail({ kind: 'ended', message: 'the media server closed the stream' });
    const tick = () => this.present();
    if (this.options.beat) this.stopBeat = this.options.beat(tick);
    else {
      const timer = setInterval(tick, PRESENT_EVERY_MS);
      this.stopBeat = () => clearInterval(timer);
    }
    loader.open({ url: absoluteUrl(this.source.url, this.options.baseUrl) });
  }

  override setRate(rate: PictureRate): boolean {
    this.pictureRate = rate;
    this.gate?.setRate(rate);
    return true;
  }

  /** Show the newest decoded picture now; false when it is delivery that trails (reconnect). */
  catchUp(): boolean {
    return this.catchUpWith(this.liveness);
  }

  override stats(): PlayerStats {
    const stats = super.stats();
    // latencySeconds is this player's queue (latency() below), read once.
    const queued = stats.latencySeconds === null ? null : stats.latencySeconds * 1000;
    stats.liveness = this.liveness.liveness(queued, this.now());
    stats.callbackLatenessMs = this.lateMs;
    return stats;
  }

  protected override currentBitrate(): number | null {
    return this.received ? this.received.kbps() : null;
  }

  protected override rateStats(): Pick<PlayerStats, 'rate' | 'keyframeIntervalMs' | 'streamFps'> {
    return gatedRateStats(this.gate, this.pictureRate);
  }

  /** Seconds of pictures received but not shown yet (in the decoder and the jitter buffer). */
  protected override latency(): number | null {
    const queued = this.queuedMs();
    return queued === null ? null : queued / 1000;
  }

  /**
   * The frame meter reads the element's own counters (for a track, the pictures its compositor got and
   * dropped), plus the pictures this player closed unshown: skipped as late, or left out before decode.
   *
   * No frame callbacks: each makes the page run a rendering step, and this player knows what they were
   * for without them (the first picture is counted by the element; how late pictures are shown is how
   * late the beat wrote them, `callbackLatenessMs`).
   */
  protected override meteredVideo(video: HTMLVideoElement): MeteredVideo {
    return {
      get videoWidth() {
        return video.videoWidth;
      },
      get videoHeight() {
        return video.videoHeight;
      },
      getVideoPlaybackQuality: () => {
        // Every runtime with WebCodecs and a track generator (Chromium) has the element's counters.
        const own = video.getVideoPlaybackQuality();
        const unshown = this.queue.skipped + this.leftOut;
        return {
          totalVideoFrames: own.totalVideoFrames + unshown,
          droppedVideoFrames: own.droppedVideoFrames + unshown,
        };
      },
    };
  }

  /** Catch-up: show the newest decoded picture now, and leave out a decoder backlog (to the next keyframe). */
  protected override jumpToEdge(): boolean {
    if (this.destroyed || !this.decoder) return false;
    // A decoder a good way behind is started again at the next keyframe (the picture holds until it
    // comes); a short queue there is left to decode, the jitter buffer is what is skipped.
    if (this.decoder.decodeQueueSize > RESET_DECODE_QUEUE && this.decoderConfig) {
      this.decoder.reset();
      this.decoder.configure(this.decoderConfig);
      this.needKey = true;
    }
    const frame = this.queue.take(this.now(), true);
    if (frame) this.write(frame);
    return true;
  }

  private queuedMs(): number | null {
    const shown = this.queue.shownMediaMs;
    if (shown === null || this.newestInMs === null) return null;
    return Math.max(0, this.newestInMs - shown);
  }

  private demux(bytes: Uint8Array): void {
    if (this.destroyed) return;
    let tags: FlvVideoTag[];
    try {
      tags = this.reader.feed(bytes);
    } catch (error) {
      this.fail(
        failure('media', 'MediaFormatUnsupported', error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    for (const tag of tags) {
      if (this.destroyed) return;
      if (tag.kind === 'avc-config') this.configure(tag.data);
      else if (tag.kind === 'avc-picture') this.decode(tag);
      else if (tag.codec !== 7) {
        const name = FLV_CODEC_NAMES[String(tag.codec)] ?? `FLV video codec ${String(tag.codec)}`;
        // This player's limit, not the transport's: mpegts.js may play it (H.265 where the computer decodes it).
        this.fail(
          decoderFailure('codec-unsupported', 'MediaCodecUnsupported', `${name}: decoded here as H.264 only`),
        );
        return;
      }
    }
  }

  private configure(record: Uint8Array): void {
    // A server repeats the sequence header (at each keyframe, on a new subscriber): the same one changes nothing.
    if (this.configRecord && sameBytes(this.configRecord, record)) return;
    const codec = avcCodecString(record);
    if (!codec) {
      this.fail(failure('media', 'MediaFormatError', 'an H.264 configuration that cannot be read'));
      return;
    }
    this.configRecord = record.slice();
    const annexB = avcAnnexB(record);
    this.parameterSets = annexB && annexB.lengthSize === 4 ? annexB.parameterSets : null;
    const config: VideoDecoderConfig = {
      codec,
      ...(this.parameterSets ? {} : { description: this.configRecord }),
      optimizeForLatency: true,
      // Hardware where the computer has it (the field's Windows and macOS PCs); software here.
    };
    this.decoderConfig = config;
    this.decoder ??= this.newDecoder();
    this.decoder.configure(config);
    this.needKey = true;
    this.setMediaInfo({ videoCodec: codec, audioCodec: null, width: null, height: null });
  }

  private newDecoder(): VideoDecoder {
    const decoder: VideoDecoder = new VideoDecoder({
      output: (frame) => this.decoded(frame),
      error: (error) => {
        if (!this.destroyed && this.decoder === decoder) this.decoderFailed(error);
      },
    });
    return decoder;
  }

  /**
   * The decoder failed and closed itself. A damaged picture (a camera's uplink lost packets, as a
   * GB28181 server passes them on) or a passing GPU fault (its process restarted): a new decoder takes
   * over at the next keyframe, on the same connection; the picture holds meanwhile. The same kind of
   * decoder: packet loss is common on GB28181 and must not leave a wall on software decoding a tile at a
   * time. A second failure before it decoded a picture means this decoder cannot decode the stream: the
   * tile is handed to mpegts.js (`decoder`), whose media pipeline falls back to software decoding by
   * itself; a codec WebCodecs does not support at all is a codec refusal, handed over the same way.
   */
  private decoderFailed(error: DOMException): void {
    const codec = this.decoderConfig?.codec ?? 'H.264';
    if (error.name === 'NotSupportedError') {
      this.fail(decoderFailure('codec-unsupported', 'MediaCodecUnsupported', `${codec}: ${error.message}`));
      return;
    }
    if (this.recovering || !this.decoderConfig) {
      this.fail(decoderFailure('media', 'MediaFormatError', `${error.name}: ${error.message}`));
      return;
    }
    this.recovering = true;
    console.warn(
      `[webcodecs] ${error.name}: ${error.message}: a new decoder takes over at the next keyframe`,
    );
    this.decoder = this.newDecoder();
    this.decoder.configure(this.decoderConfig);
    this.needKey = true;
  }

  /**
   * `decode()` threw: Chromium's DataError "A key frame is required" when a tag flagged key holds no IDR
   * picture (a camera's intra-refresh or recovery-point "keyframes"). That is the camera's way, not a
   * passing fault: the tile is handed to mpegts.js at once, whose decoder starts where it can.
   */
  private decodeRefused(error: unknown): void {
    const name = error instanceof DOMException ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    this.fail(decoderFailure('media', 'MediaFormatError', `${name}: ${message}`));
  }

  private decode(tag: FlvVideoTag): void {
    const decoder = this.decoder;
    if (!decoder || decoder.state !== 'configured') return;
    const mediaMs = tag.dts + tag.cts;
    // What came counts as waiting unshown even when it is left out: the picture on screen ages meanwhile.
    this.newestInMs = mediaMs;
    if (!tag.key && !this.needKey && decoder.decodeQueueSize > MAX_DECODE_QUEUE) {
      // A decoder that cannot keep up: what comes up to the next keyframe is left out, and dropped.
      this.needKey = true;
      this.backlogSkip = true;
    }
    if (!tag.key && this.needKey) {
      // Nothing to refer to: the start and a catch-up wait for a keyframe too, without a drop.
      if (this.backlogSkip) this.leftOut += 1;
      return;
    }
    this.needKey = false;
    this.backlogSkip = false;
    let data = tag.data;
    if (this.parameterSets) {
      if (!lengthsToStartCodes(data)) {
        this.fail(
          failure('media', 'MediaFormatError', 'an H.264 picture whose NAL unit lengths do not add up'),
        );
        return;
      }
      if (tag.key) data = joinBytes([this.parameterSets, data]);
    }
    try {
      decoder.decode(
        new EncodedVideoChunk({ type: tag.key ? 'key' : 'delta', timestamp: mediaMs * 1000, data }),
      );
    } catch (error) {
      this.decodeRefused(error);
    }
  }

  private decoded(frame: VideoFrame): void {
    if (this.destroyed) {
      frame.close();
      return;
    }
    this.recovering = false;
    if (this.mediaInfo && this.mediaInfo.width === null)
      this.mediaInfo = { ...this.mediaInfo, width: frame.displayWidth, height: frame.displayHeight };
    this.queue.add(frame, frame.timestamp / 1000, this.now());
    // In overview a keyframe is the picture until the next one: shown as soon as it is decoded.
    if (this.pictureRate === 'overview') this.present(true);
  }

  private present(now = false): void {
    if (this.destroyed) return;
    const at = this.now();
    const frame = this.queue.take(at, now);
    if (!frame) return;
    if (!now) this.lateMs = Math.max(0, at - this.queue.dueAt(frame.timestamp / 1000));
    this.write(frame);
  }

  private write(frame: VideoFrame): void {
    const writer = this.writer;
    if (!writer) {
      frame.close();
      return;
    }
    // The track's sink closes the frame once it has passed it on.
    writer.write(frame).catch(() => frame.close());
  }

  protected close(video: HTMLVideoElement): void {
    this.stopBeat?.();
    this.stopBeat = null;
    const loader = this.loader;
    this.loader = null;
    loader?.destroy();
    this.gate = null;
    const decoder = this.decoder;
    this.decoder = null;
    if (decoder && decoder.state !== 'closed') decoder.close();
    this.queue.clear();
    this.writer?.releaseLock();
    this.writer = null;
    this.generator?.stop();
    this.generator = null;
    video.srcObject = null;
  }
}

/**
 * A failure in the words mpegts.js uses for the same failure (`NetworkError: NetworkException (…)`,
 * `MediaError: MediaFormatError (…)`): what the tile says is worded from them (plain-error.ts), in the
 * operator's language, whichever player met it.
 */
function failure(kind: PlayerError['kind'], detail: string, why: string, status?: number): PlayerError {
  const type = kind === 'network' || kind === 'http-status' ? 'NetworkError' : 'MediaError';
  const message = redactUrlsIn(`${type}: ${detail}${why ? ` (${why})` : ''}`);
  return status === undefined ? { kind, message } : { kind, status, message };
}

/** A failure of this player's decoder, not of the stream's transport: mpegts.js may play it (PlayerError.decoder). */
function decoderFailure(kind: 'media' | 'codec-unsupported', detail: string, why: string): PlayerError {
  return { ...failure(kind, detail, why), decoder: true };
}

/** Our loader's failures (gated-loader.ts, named as mpegts.js's loaders name them). */
function loaderError(type: string, info: { code: number; msg: string }): PlayerError {
  if (type === 'HttpStatusCodeInvalid' && info.code > 0)
    return failure('http-status', 'NetworkStatusCodeInvalid', info.msg, info.code);
  return failure(
    'network',
    type === 'EarlyEof' ? 'NetworkUnrecoverableEarlyEof' : 'NetworkException',
    info.msg,
  );
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
