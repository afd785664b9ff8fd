import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerError } from '../../../../../src/lib/players/player';
import { FakeMediaElement } from './fake-video';

// mpegts.js is a browser bundle (it reads `self` at import); the adapter's contract with it is what is
// tested here, against a recording stand-in. Real playback is covered in test/e2e/players.spec.ts.
const made = vi.hoisted(() => [] as FakeLib[]);
interface FakeLib {
  source: Record<string, unknown>;
  config: Record<string, unknown>;
  handlers: Map<string, (...args: unknown[]) => void>;
  attached: unknown;
  loaded: boolean;
  destroyed: boolean;
}
vi.mock('mpegts.js', () => {
  const Events = {
    ERROR: 'error',
    LOADING_COMPLETE: 'loading_complete',
    MEDIA_INFO: 'media_info',
    STATISTICS_INFO: 'statistics_info',
  };
  const mpegts = {
    Events,
    ErrorTypes: { NETWORK_ERROR: 'NetworkError', MEDIA_ERROR: 'MediaError', OTHER_ERROR: 'OtherError' },
    ErrorDetails: {
      NETWORK_STATUS_CODE_INVALID: 'HttpStatusCodeInvalid',
      NETWORK_EXCEPTION: 'Exception',
      MEDIA_CODEC_UNSUPPORTED: 'CodecUnsupported',
      MEDIA_FORMAT_ERROR: 'FormatError',
      MEDIA_MSE_ERROR: 'MediaMSEError',
    },
    LoggingControl: { applyConfig: vi.fn() },
    getFeatureList: () => ({ mseLivePlayback: true }),
    createPlayer(source: Record<string, unknown>, config: Record<string, unknown>) {
      const lib: FakeLib = {
        source,
        config,
        handlers: new Map(),
        attached: null,
        loaded: false,
        destroyed: false,
      };
      made.push(lib);
      return {
        on: (event: string, handler: (...args: unknown[]) => void) => lib.handlers.set(event, handler),
        attachMediaElement: (el: unknown) => (lib.attached = el),
        load: () => (lib.loaded = true),
        play: () => Promise.resolve(),
        destroy: () => (lib.destroyed = true),
      };
    },
  };
  return { default: mpegts };
});

const { MpegtsPlayer, mpegtsConfig } = await import('../../../../../src/lib/players/mpegts-player');

function started(
  transport: 'flv' | 'ws-flv' | 'ts' | 'ws-ts',
  url = '/live/cam1.live.flv?secret=CANARY',
  audio?: boolean,
) {
  const video = new FakeMediaElement();
  const player = new MpegtsPlayer(
    { url, transport, tls: false },
    { baseUrl: 'http://127.0.0.1:9000/wall/index.html', frameCallbacks: false, audio },
  );
  const errors: PlayerError[] = [];
  player.on('error', (e) => errors.push(e));
  player.attach(video.asElement());
  player.start();
  return { video, player, errors, lib: made[made.length - 1] };
}

describe('MpegtsPlayer', () => {
  beforeEach(() => {
    made.length = 0;
  });

  it('plays live with latency chasing, a trimmed buffer, no stash and no lazy load', () => {
    const { lib, video } = started('ws-flv');
    expect(lib.source).toMatchObject({ type: 'flv', isLive: true });
    expect(lib.config).toMatchObject({
      isLive: true,
      enableWorker: false,
      enableStashBuffer: false,
      lazyLoad: false,
      liveBufferLatencyChasing: true,
      // The adapter keeps the rate itself (live-rate.ts).
      liveSync: false,
      liveBufferLatencyMinRemain: 0.3,
      autoCleanupSourceBuffer: true,
    });
    const max = lib.config.liveBufferLatencyMaxLatency as number;
    expect(max).toBeGreaterThanOrEqual(1.0);
    expect(max).toBeLessThanOrEqual(1.5);
    expect(lib.config.autoCleanupMaxBackwardDuration).toBeGreaterThanOrEqual(10);
    expect(lib.config.autoCleanupMaxBackwardDuration).toBeLessThanOrEqual(20);
    expect(lib.config.autoCleanupMinBackwardDuration).toBeGreaterThanOrEqual(5);
    expect(lib.config.autoCleanupMinBackwardDuration).toBeLessThanOrEqual(10);
    expect(lib.attached).toBe(video);
    expect(lib.loaded).toBe(true);
    expect(video.muted).toBe(true);
  });

  it('plays a lagging tile a little faster until it is back at the target, and resets on destroy', () => {
    const { video, player } = started('ws-flv');
    video.ranges = [[0, 10]];
    video.currentTime = 9.5; // 0.5 s behind the buffered edge; the target is 0.3 s
    for (let i = 0; i < 20; i++) video.dispatch('timeupdate');
    expect(video.playbackRate).toBeGreaterThan(1);
    expect(video.playbackRate).toBeLessThanOrEqual(1.2);
    video.currentTime = 9.7; // caught up
    for (let i = 0; i < 20; i++) video.dispatch('timeupdate');
    expect(video.playbackRate).toBe(1);
    video.currentTime = 9.4;
    for (let i = 0; i < 20; i++) video.dispatch('timeupdate');
    expect(video.playbackRate).toBeGreaterThan(1);
    player.destroy();
    expect(video.playbackRate).toBe(1);
    video.currentTime = 9;
    video.dispatch('timeupdate');
    expect(video.playbackRate).toBe(1);
  });

  it('reads FLV through the keyframe gate, so it can switch to overview pictures; MPEG-TS and worker mode cannot', () => {
    const flv = started('ws-flv');
    expect(typeof flv.lib.config.customLoader).toBe('function');
    expect(flv.player.setRate('overview')).toBe(true);
    // What the bytes passed on are at: overview from the next tag, so still full before any came.
    expect(flv.player.stats()).toMatchObject({ rate: 'full' });
    expect(started('flv').player.setRate('overview')).toBe(true);

    // MPEG-TS is read through the TS filter (liveness, audio), but cannot leave pictures out.
    const ts = started('ws-ts');
    expect(typeof ts.lib.config.customLoader).toBe('function');
    expect(ts.player.setRate('overview')).toBe(false);
    expect(ts.player.stats().rate).toBeUndefined();

    const worker = new MpegtsPlayer(
      { url: 'ws://m/live.flv', transport: 'ws-flv', tls: false },
      { worker: true },
    );
    expect(worker.setRate('overview')).toBe(false);
  });

  it('leaves the rate alone for a hundredth either way: the sawtooth of the buffer is not a trend', () => {
    const { video } = started('ws-flv');
    let changes = 0;
    let rate = 1;
    Object.defineProperty(video, 'playbackRate', {
      get: () => rate,
      set: (value: number) => {
        changes += 1;
        rate = value;
      },
    });
    video.ranges = [[0, 10]];
    // About 0.11 s over the target, give or take a few ms a sample: 1.05× or 1.06× by the hundredth.
    for (let i = 0; i < 80; i++) {
      video.currentTime = 10 - (i % 2 === 0 ? 0.405 : 0.418);
      video.dispatch('timeupdate');
    }
    expect(rate).toBeGreaterThan(1);
    expect(changes).toBeLessThanOrEqual(4);
  });

  it('holds a tile in overview at 1×: its buffer is a keyframe or two by design, nothing to catch up', () => {
    const { video, player } = started('ws-flv');
    player.setRate('overview');
    video.ranges = [[0, 10]];
    video.currentTime = 9.4;
    for (let i = 0; i < 20; i++) video.dispatch('timeupdate');
    expect(video.playbackRate).toBe(1);
    player.setRate('full');
    for (let i = 0; i < 20; i++) video.dispatch('timeupdate');
    expect(video.playbackRate).toBeGreaterThan(1);
  });

  it('never lets mpegts.js demux audio on a muted tile, nor FLV audio at all (the player plays it)', () => {
    for (const transport of ['flv', 'ws-flv', 'ts', 'ws-ts'] as const)
      expect(started(transport).lib.source.hasAudio).toBe(false);
    // The audible tile: FLV's sound is ours (G.711 by table, AAC by WebCodecs), TS's AAC mpegts.js's.
    expect(started('ws-flv', undefined, true).lib.source.hasAudio).toBe(false);
    expect('hasAudio' in started('ws-ts', undefined, true).lib.source).toBe(false);
  });

  it('reports liveness (null before frames) and the sound of the audible tile only', () => {
    const muted = started('ws-flv').player.stats();
    expect(muted.liveness).toEqual({ trailMs: null, queuedMs: null, behindMs: null });
    expect(muted.audio).toBeUndefined();
    // Node has no Web Audio: the audible tile says why it is silent, and plays its picture on.
    expect(started('ws-flv', undefined, true).player.stats().audio).toMatchObject({
      state: 'unsupported',
      reason: 'this runtime has no Web Audio',
    });
  });

  it('catches up by jumping to the buffered live edge', () => {
    const { video, player } = started('ws-flv');
    expect(player.catchUp()).toBe(false); // nothing buffered yet
    video.ranges = [[0, 30]];
    video.currentTime = 5;
    expect(player.catchUp()).toBe(true);
    expect(video.currentTime).toBeCloseTo(29.7, 5);
  });

  it('resolves a relative URL against the page (a worker could not)', () => {
    const { lib } = started('flv');
    expect(lib.source.url).toBe('http://127.0.0.1:9000/live/cam1.live.flv?secret=CANARY');
  });

  it('reads MPEG-TS as mpegts and can turn the worker on', () => {
    expect(started('ws-ts').lib.source.type).toBe('mpegts');
    expect(mpegtsConfig({ worker: true }).enableWorker).toBe(true);
  });

  it('reports a closed live stream as ended, once, and nothing after destroy', () => {
    const { lib, player, errors } = started('ws-flv');
    lib.handlers.get('loading_complete')!();
    lib.handlers.get('error')!('NetworkError', 'Exception', { code: -1, msg: 'x' });
    expect(errors).toEqual([{ kind: 'ended', message: 'the media server closed the stream' }]);
    player.destroy();
    expect(lib.destroyed).toBe(true);
  });

  it('maps an HTTP refusal to http-status and keeps the secret out of the message', () => {
    const { lib, errors } = started('flv');
    lib.handlers.get('error')!('NetworkError', 'HttpStatusCodeInvalid', {
      code: 403,
      msg: 'Forbidden http://127.0.0.1:9000/live/cam1.live.flv?secret=CANARY',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'http-status', status: 403 });
    expect(errors[0].message).not.toContain('CANARY');
  });

  it('maps an unsupported codec, also when MSE refuses the SourceBuffer type', () => {
    const a = started('flv');
    a.lib.handlers.get('error')!('MediaError', 'CodecUnsupported', { code: -1, msg: 'hvc1' });
    expect(a.errors[0].kind).toBe('codec-unsupported');
    const b = started('ts');
    b.lib.handlers.get('error')!('MediaError', 'MediaMSEError', {
      code: 9,
      msg: "Failed to execute 'addSourceBuffer' on 'MediaSource': The type provided ('video/mp4;codecs=hvc1.1.6.L93.B0') is unsupported.",
    });
    expect(b.errors[0].kind).toBe('codec-unsupported');
    const c = started('ts');
    c.lib.handlers.get('error')!('MediaError', 'MediaMSEError', { code: 11, msg: 'QuotaExceededError' });
    expect(c.errors[0].kind).toBe('media');
  });

  it('passes media info and transfer statistics into its stats', () => {
    const { lib, player } = started('flv');
    const infos: unknown[] = [];
    player.on('media-info', (i) => infos.push(i));
    lib.handlers.get('media_info')!({
      videoCodec: 'avc1.64001e',
      audioCodec: undefined,
      width: 640,
      height: 360,
    });
    lib.handlers.get('statistics_info')!({ speed: 100 });
    expect(infos).toEqual([{ videoCodec: 'avc1.64001e', audioCodec: null, width: 640, height: 360 }]);
    expect(player.stats()).toMatchObject({
      transport: 'flv',
      library: 'mpegts.js',
      codec: 'avc1.64001e',
      // Our loader counts what the connection brings (nothing here): mpegts.js's speed counts only
      // what the gate passed on (mpegts-received-rate.test.ts).
      bitrateKbps: null,
    });
  });
});
