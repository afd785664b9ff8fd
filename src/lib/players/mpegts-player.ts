import mpegts from 'mpegts.js';
import { absoluteUrl } from './absolute-url';
import { BasePlayer, PLAYER_DEFAULTS } from './base-player';
import { gatedLoaderClass } from './gated-loader';
import { KeyframeGate } from './keyframe-gate';
import type { PictureRate, PlayerError, PlayerStats } from './player';
import { redactUrlsIn } from './redact-url';

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
 * FLV (not in worker mode) is read through our own loader with a keyframe gate in front of mpegts.js
 * (gated-loader.ts, keyframe-gate.ts), so `setRate('overview')` can leave out every picture but the
 * keyframes before they are transmuxed, appended or decoded, on the same connection. MPEG-TS and
 * worker mode play at full rate only (`setRate` says so).
 */
export class MpegtsPlayer extends BasePlayer {
  protected readonly library = 'mpegts.js';
  private player: mpegts.Player | null = null;
  private gate: KeyframeGate | null = null;

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
    const type = transport === 'flv' || transport === 'ws-flv' ? 'flv' : 'mpegts';
    const config = mpegtsConfig(this.options);
    if (this.canGate()) {
      // A loader class cannot cross into mpegts.js's worker: only the main-thread player is gated.
      this.gate = new KeyframeGate();
      this.gate.setRate(this.pictureRate);
      config.customLoader = gatedLoaderClass(this.gate, () => {
        if (!this.destroyed) this.events.emit('connected', { at: this.now() });
      }) as unknown as mpegts.CustomLoaderConstructor;
    }
    const player = mpegts.createPlayer(
      { type, isLive: true, url: absoluteUrl(this.source.url, this.options.baseUrl), hasVideo: true },
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
      if (!this.destroyed) this.events.emit('statistics', { bitrateKbps: this.bitrateKbps });
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

  protected override rateStats(): Pick<PlayerStats, 'rate' | 'keyframeIntervalMs' | 'streamFps'> {
    if (!this.canGate()) return {};
    const gate = this.gate?.stats();
    return {
      rate: this.gate ? this.gate.rate : this.pictureRate,
      keyframeIntervalMs: gate?.keyframeIntervalMs ?? null,
      streamFps: gate?.frameIntervalMs ? Math.round(10_000 / gate.frameIntervalMs) / 10 : null,
    };
  }

  /** FLV on the main thread: what the keyframe gate can filter. */
  private canGate(): boolean {
    const transport = this.source.transport;
    return (transport === 'flv' || transport === 'ws-flv') && !(this.options.worker ?? false);
  }

  protected close(): void {
    this.gate = null;
    const player = this.player;
    this.player = null;
    if (!player) return;
    // destroy() unloads (aborts the connection) and detaches from the element.
    player.destroy();
  }
}

export function mpegtsError(
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
