import mpegts from 'mpegts.js';
import { absoluteUrl } from './absolute-url';
import { AudioSink } from './audio-sink';
import { BasePlayer, PLAYER_DEFAULTS } from './base-player';
import { ByteRate } from './byte-rate';
import { FlvAudio, soundOf } from './flv-audio';
import { decodeG711 } from './g711';
import { gatedLoaderClass, type ChunkFilter } from './gated-loader';
import { gatedRateStats, KeyframeGate } from './keyframe-gate';
import { LivenessMeter } from './liveness-meter';
import { PICTURE_BATCH } from './picture-batch';
import type { PictureRate, PlayerAudio, PlayerError, PlayerStats } from './player';
import { redactUrlsIn } from './redact-url';
import { TS_G711A, TS_G711U, TsFilter } from './ts-filter';

/** A stream whose first seconds of pictures bring no audio has none (ms of media time). */
const NO_AUDIO_AFTER_MS = 2_000;
const TS_AAC_TYPES = new Set([0x0f, 0x11]);
const TS_G711_TYPES: ReadonlySet<number> = new Set([TS_G711A, TS_G711U]);

let loggingTamed = false;

/**
 * mpegts.js logs every step at info/debug level, and some lines quote the URL with its secret. Keep
 * its warnings and errors only; do it on first use, not at import.
 */
function tameLogging(): void {
  if (loggingTamed) return;
  loggingTamed = true;
  mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false });
}

/**
 * The mpegts.js configuration of a wall tile (option names as in mpegts.js 1.8's `Mpegts.Config`).
 *
 * Worker mode is off by default. On a wall each tile would get its own dedicated worker (its own V8
 * isolate, several MiB) — against a budget of ~15 MiB per tile — and transmuxing one 360p/720p stream
 * costs little, so on a 2-core machine a worker per tile buys no parallelism, only memory. The option
 * stays (`worker: true`) for a few large tiles on a many-core machine; URLs are made absolute either
 * way, because a blob: worker cannot resolve a relative one.
 */
export function mpegtsConfig(options: {
  worker?: boolean;
  maxLatencySeconds?: number;
  minRemainSeconds?: number;
  backBufferSeconds?: number;
}): mpegts.Config {
  const maxLatency = options.maxLatencySeconds ?? PLAYER_DEFAULTS.maxLatencySeconds;
  const minRemain = options.minRemainSeconds ?? PLAYER_DEFAULTS.minRemainSeconds;
  const backBuffer = options.backBufferSeconds ?? PLAYER_DEFAULTS.backBufferSeconds;
  return {
    enableWorker: options.worker ?? false,
    enableWorkerForMSE: false,
    // The stash buffer trades latency for smoothness over a jittery network; a wall wants the edge.
    enableStashBuffer: false,
    stashInitialSize: 128 * 1024,
    isLive: true,
    // Two ways to stay live: play slightly faster while a little behind — the adapter does that, in
    // proportion to the lag (live-rate.ts), instead of mpegts.js's 1×/1.2× switch — ...
    liveSync: false,
    // ... and jump to the edge when far behind (a long hiccup).
    liveBufferLatencyChasing: true,
    liveBufferLatencyMaxLatency: maxLatency,
    liveBufferLatencyMinRemain: minRemain,
    // Never pause the download: a live stream cannot be resumed where it stopped.
    lazyLoad: false,
    // Connect at once rather than after the MediaSource opens (an event that comes late on a busy
    // page: on a 64-tile wall starting, hundreds of ms): the connect overlaps it, and mpegts.js keeps
    // what arrives meanwhile (its init segment and media segments wait for \`sourceopen\`).
    deferLoadAfterSourceOpen: false,
    // Without trimming Chromium keeps up to ~150 MiB of SourceBuffer per tile and slows down over hours.
    autoCleanupSourceBuffer: true,
    autoCleanupMaxBackwardDuration: backBuffer * 1.5,
    autoCleanupMinBackwardDuration: backBuffer,
    statisticsInfoReportInterval: 1000,
    fixAudioTimestampGap: true,
  };
}

/**
 * FLV and MPEG-TS over http(s) and ws(s), through mpegts.js on Media Source Extensions.
 *
 * On the main thread (the default) the stream is read through our own loader (gated-loader.ts) with a
 * filter in front of mpegts.js:
 * - FLV: the keyframe gate (keyframe-gate.ts), so `setRate('overview')` can leave out every picture but
 *   the keyframes before they are transmuxed, appended or decoded, on the same connection; it also takes
 *   out the audio tags (mpegts.js then runs with `hasAudio: false`: G.711, codec id 7, which mpegts.js
 *   refuses, or a silent AAC track never costs the picture), and reads each picture's timestamp for the
 *   liveness figures. The audible tile's sound is played by FlvAudio (G.711 by table, AAC by WebCodecs).
 * - MPEG-TS: the TS filter (ts-filter.ts) reads the video PTS for the liveness figures and, on a muted
 *   tile, takes the audio out of the PMT and the stream (mpegts.js honours `hasAudio` for FLV only). On
 *   the audible tile mpegts.js plays AAC itself; G.711 (stream types 0x90/0x91) is played here.
 * MPEG-TS and worker mode play at full rate only (`setRate` says so); worker mode has no filter (a loader
 * class cannot cross into the worker): no liveness, and its audio is left to mpegts.js.
 */
export class MpegtsPlayer extends BasePlayer {
  protected readonly library = 'mpegts.js';
  private player: mpegts.Player | null = null;
  private gate: KeyframeGate | null = null;
  private filtered = false;
  private readonly liveness = new LivenessMeter();
  /** What the connection brought, counted by our loader (filtered players only). */
  private received: ByteRate | null = null;
  private sink: AudioSink | null = null;
  private flvAudio: FlvAudio | null = null;
  /** TS: the audio the program carries, as the filter read it from the PMT. */
  private tsAudio: PlayerAudio = { state: 'pending', codec: null };
  /** The stream time (ms) of the first picture passed on, and the gate's time shift of the newest. */
  private firstPictureOut: number | null = null;
  private firstPictureIn: number | null = null;
  private pictureShift = 0;
  private audioTagSeen = false;

  protected open(video: HTMLVideoElement): void {
    if (!mpegts.getFeatureList().mseLivePlayback) {
      this.fail({
        kind: 'unsupported',
        message: 'this runtime has no Media Source Extensions for live playback',
      });
      return;
    }
    tameLogging();
    const transport = this.source.transport;
    const flv = transport === 'flv' || transport === 'ws-flv';
    const audio = this.options.audio ?? false;
    const config = mpegtsConfig(this.options);
    if (audio) this.openSound(video);
    const filter = this.canFilter() ? (flv ? this.flvFilter(audio) : this.tsFilter(audio)) : null;
    if (filter) {
      // A loader class cannot cross into mpegts.js's worker: only the main-thread player is filtered.
      this.filtered = true;
      const received = new ByteRate(this.now);
      this.received = received;
      config.customLoader = gatedLoaderClass(
        filter,
        () => {
          if (!this.destroyed) this.events.emit('connected', { at: this.now() });
        },
        (bytes) => received.add(bytes),
        this.pictureBatch(),
      ) as unknown as mpegts.CustomLoaderConstructor;
    }
    // FLV's sound is never mpegts.js's (the gate takes it out, FlvAudio plays it); TS's is, on the
    // audible tile only (mpegts.js ignores `hasAudio` for TS: the filter takes it out of muted ones).
    const hasAudio = flv && filter ? false : audio ? undefined : false;
    const player = mpegts.createPlayer(
      {
        type: flv ? 'flv' : 'mpegts',
        isLive: true,
        url: absoluteUrl(this.source.url, this.options.baseUrl),
        hasVideo: true,
        ...(hasAudio === undefined ? {} : { hasAudio }),
      },
      config,
    );
    this.player = player;

    player.on(
      mpegts.Events.ERROR,
      (type: string, detail: string, info: { code?: number; msg?: string } | undefined) =>
        this.fail(mpegtsError(type, detail, info)),
    );
    // A live stream whose connection closes "completes": for a wall that is a drop.
    player.on(mpegts.Events.LOADING_COMPLETE, () =>
      this.fail({ kind: 'ended', message: 'the media server closed the stream' }),
    );
    player.on(mpegts.Events.MEDIA_INFO, (info: mpegts.MSEPlayerMediaInfo) =>
      this.setMediaInfo({
        videoCodec: info.videoCodec ?? null,
        audioCodec: info.audioCodec ?? null,
        width: info.width ?? null,
        height: info.height ?? null,
      }),
    );
    player.on(mpegts.Events.STATISTICS_INFO, (stats: mpegts.MSEPlayerStatisticsInfo) => {
      if (typeof stats.speed !== 'number') return;
      // mpegts.js reports KiB/s.
      this.bitrateKbps = (stats.speed * 1024 * 8) / 1000;
      const kbps = this.currentBitrate();
      if (kbps !== null && !this.destroyed) this.events.emit('statistics', { bitrateKbps: kbps });
    });

    player.attachMediaElement(video);
    player.load();
    this.holdLiveRate(video);
    this.play(video);
  }

  override setRate(rate: PictureRate): boolean {
    if (!this.canGate()) return false;
    this.pictureRate = rate;
    this.gate?.setRate(rate);
    return true;
  }

  /** Jump to the buffered live edge; false when it is delivery that trails (reconnect: catchUpWith). */
  catchUp(): boolean {
    return this.catchUpWith(this.liveness);
  }

  override stats(): PlayerStats {
    const stats = super.stats();
    if (this.filtered) {
      const queued = this.video ? this.latency(this.video) : null;
      stats.liveness = this.liveness.liveness(queued === null ? null : queued * 1000, this.now());
    }
    if (this.options.audio) stats.audio = this.audio();
    return stats;
  }

  /**
   * What the connection brings, as our loader counted it off the socket or response: from the first
   * chunk, and whole in overview (the gate drops most of it before mpegts.js, whose own speed counts
   * only what it was given, and says nothing for its first second). Worker mode has only mpegts.js's.
   */
  protected override currentBitrate(): number | null {
    return this.received ? this.received.kbps() : this.bitrateKbps;
  }

  protected override rateStats(): Pick<PlayerStats, 'rate' | 'keyframeIntervalMs' | 'streamFps'> {
    if (!this.canGate()) return {};
    return gatedRateStats(this.gate, this.pictureRate);
  }

  /**
   * FLV at full rate: two pictures a delivery to mpegts.js, not one (picture-batch.ts: half the MSE
   * appends where the server sends a tag a message); overview pictures pass at once.
   */
  private pictureBatch(): { pictures: () => number; gather: () => number; maxHoldMs: number } | undefined {
    const gate = this.gate;
    if (!gate) return undefined;
    return {
      // Whole pictures: a delivery then ends where a tag does, and mpegts.js demuxes all of it at once.
      // (ZLMediaKit sends a tag's header, body and PreviousTagSize as three messages: counted at their
      // headers, each delivery stopped four bytes short of its last picture, which mpegts.js held, with
      // a copy, until the next one, 40–80 ms later.)
      pictures: () => gate.picturesComplete,
      gather: () => (gate.rate === 'full' ? PICTURE_BATCH.pictures : 1),
      maxHoldMs: PICTURE_BATCH.maxHoldMs,
    };
  }

  /** FLV on the main thread: what the keyframe gate can filter. */
  private canGate(): boolean {
    const transport = this.source.transport;
    return (transport === 'flv' || transport === 'ws-flv') && this.canFilter();
  }

  /** Main thread: our loader (and its filter) stands in front of mpegts.js. */
  private canFilter(): boolean {
    return !(this.options.worker ?? false);
  }

  private flvFilter(audio: boolean): ChunkFilter {
    this.gate = new KeyframeGate({
      audio: audio ? 'extract' : 'drop',
      onPicture: (timestamp, out) => this.picture(timestamp, out),
      onAudio: (timestamp, body) => {
        this.audioTagSeen = true;
        this.flvAudio?.tag(timestamp, body);
      },
    });
    this.gate.setRate(this.pictureRate);
    return this.gate;
  }

  private tsFilter(audio: boolean): ChunkFilter {
    return new TsFilter({
      dropAudio: !audio,
      onPicture: (pts) => this.picture(pts, pts),
      extractTypes: audio ? TS_G711_TYPES : undefined,
      onStreams: (streams) => {
        const sound = streams.find((s) => TS_AAC_TYPES.has(s.type) || TS_G711_TYPES.has(s.type));
        const other = streams.find((s) => !TS_AAC_TYPES.has(s.type) && isTsAudio(s.type));
        if (sound && TS_G711_TYPES.has(sound.type))
          this.tsAudio = { state: 'playing', codec: sound.type === TS_G711A ? 'alaw' : 'ulaw' };
        else if (sound) this.tsAudio = { state: 'playing', codec: 'mp4a.40.2' };
        else if (other)
          this.tsAudio = {
            state: 'unsupported',
            codec: `stream type 0x${other.type.toString(16)}`,
            reason: `this player does not play MPEG-TS stream type 0x${other.type.toString(16)} sound`,
          };
        else this.tsAudio = { state: 'none', codec: null };
      },
      onAudio: (type, pts, payload) => {
        if (pts === null) return;
        this.sink?.play(pts, [decodeG711(type === TS_G711A ? 'alaw' : 'ulaw', payload)], 8_000);
      },
    });
  }

  /** A picture came in (stream time `timestamp`, passed on as `out`): the liveness clock. */
  private picture(timestamp: number, out: number): void {
    if (this.destroyed) return;
    this.liveness.arrive(timestamp, this.now());
    if (this.firstPictureOut === null) {
      this.firstPictureOut = out;
      this.firstPictureIn = timestamp;
    }
    this.pictureShift = timestamp - out;
    if (
      !this.audioTagSeen &&
      this.firstPictureIn !== null &&
      timestamp - this.firstPictureIn > NO_AUDIO_AFTER_MS
    )
      this.flvAudio?.noAudio();
  }

  /** The audible tile: a Web Audio sink for the sound we decode, and the element unmuted if allowed. */
  private openSound(video: HTMLVideoElement): void {
    const sink = new AudioSink(video, (mediaMs) =>
      this.firstPictureOut === null ? null : (mediaMs - this.pictureShift - this.firstPictureOut) / 1000,
    );
    if (!sink.open()) {
      this.tsAudio = { state: 'unsupported', codec: null, reason: 'this runtime has no Web Audio' };
      return;
    }
    this.sink = sink;
    if (this.source.transport === 'flv' || this.source.transport === 'ws-flv')
      this.flvAudio = new FlvAudio(sink);
    // TS: mpegts.js plays AAC on the element itself; unmute it once the page may make sound.
    else
      sink.whenRunning(() => {
        if (!this.destroyed && this.tsAudio.codec === 'mp4a.40.2') video.muted = false;
      });
  }

  private audio(): PlayerAudio {
    if (this.flvAudio) return this.flvAudio.audio();
    if (!this.filtered)
      return { state: 'pending', codec: null, reason: 'worker mode: mpegts.js plays the sound' };
    const audio = this.tsAudio;
    if (audio.state !== 'playing') return audio;
    if (this.sink && (audio.codec === 'alaw' || audio.codec === 'ulaw')) return soundOf(audio, this.sink);
    if (this.sink && !this.sink.running)
      return {
        ...audio,
        state: 'pending',
        reason: 'the browser holds the sound until the user interacts with the page',
      };
    // mpegts.js plays AAC on the element: unmute it once sound is allowed (the PMT may come after).
    if (audio.codec === 'mp4a.40.2' && this.video?.muted && this.sink?.running) this.video.muted = false;
    return audio;
  }

  protected close(): void {
    this.gate = null;
    this.flvAudio?.close();
    this.flvAudio = null;
    this.sink?.close();
    this.sink = null;
    const player = this.player;
    this.player = null;
    if (!player) return;
    // destroy() unloads (aborts the connection) and detaches from the element.
    destroyQuietly(player);
  }
}

function isTsAudio(type: number): boolean {
  return [0x03, 0x04, 0x0f, 0x11, 0x1c, 0x81, 0x87, 0x90, 0x91].includes(type);
}

/** The parts of mpegts.js's player the quiet destroy reaches (mpegts.js 1.8: MSEPlayer → engine → Transmuxer). */
interface MpegtsInternals {
  _player_engine?: { _transmuxer?: { _emitter: unknown } | null } | null;
}

/**
 * mpegts.js's Transmuxer passes every event on in a microtask (`Promise.resolve().then(() =>
 * this._emitter.emit(...))`) and its destroy() sets `_emitter` to null: a player destroyed while one
 * is pending (an owner that destroys it from a `media-info` or `error` listener) throws "Cannot read
 * properties of null (reading 'emit')" as an unhandled rejection. The emitter is swapped for a silent
 * one after destroy, so the pending events go nowhere.
 */
function destroyQuietly(player: mpegts.Player): void {
  const transmuxer = (player as unknown as MpegtsInternals)._player_engine?._transmuxer ?? null;
  try {
    player.destroy();
  } finally {
    if (transmuxer && transmuxer._emitter === null) transmuxer._emitter = SILENT_EMITTER;
  }
}

const SILENT_EMITTER = {
  emit: () => false,
  addListener: () => SILENT_EMITTER,
  removeListener: () => SILENT_EMITTER,
  removeAllListeners: () => SILENT_EMITTER,
};

function mpegtsError(
  type: string,
  detail: string,
  info: { code?: number; msg?: string } | undefined,
): PlayerError {
  const message = redactUrlsIn(`${type}: ${detail}${info?.msg ? ` (${info.msg})` : ''}`);
  const E = mpegts.ErrorDetails;
  if (detail === E.NETWORK_STATUS_CODE_INVALID && typeof info?.code === 'number' && info.code > 0)
    return { kind: 'http-status', status: info.code, message };
  if (type === mpegts.ErrorTypes.NETWORK_ERROR) return { kind: 'network', message };
  if (detail === E.MEDIA_CODEC_UNSUPPORTED) return { kind: 'codec-unsupported', message };
  // addSourceBuffer refusing the stream's type ("...hvc1... is unsupported"): the decoder is missing.
  // (For MPEG-TS without audio mpegts.js never sends MEDIA_INFO, so this is how H.265 shows up there.)
  if (detail === E.MEDIA_MSE_ERROR && /unsupported|not supported/i.test(info?.msg ?? ''))
    return { kind: 'codec-unsupported', message };
  return { kind: 'media', message };
}
