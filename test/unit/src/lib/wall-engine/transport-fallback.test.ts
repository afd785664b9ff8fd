import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerError } from '../../../../../src/lib/players/player';
import type { PlaybackTransport } from '../../../../../src/lib/players/transport';
import type { RuntimeCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { TileSupervisor } from '../../../../../src/lib/wall-engine/tile-supervisor';
import { UNPLAYABLE_RETRY_MS } from '../../../../../src/lib/wall-engine/unplayable';
import { autoPlay, fakeFactory, FakeVideo, fakeStartStream, ok, playback, type FakePlayer } from './fakes';

const CAPS: RuntimeCapabilities = { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true };
const ORDER: PlaybackTransport[] = ['ws-flv', 'flv', 'ts', 'hls', 'webrtc'];
const ALL = playback({
  ws_flv: 'ws://m.test/live/cam.live.flv?secret=S',
  flv: 'http://m.test/live/cam.live.flv?secret=S',
  ts: 'http://m.test/live/cam.live.ts?secret=S',
  hls: 'http://m.test/live/cam/hls.m3u8?secret=S',
  rtc: 'http://m.test/index/api/webrtc?app=live&stream=cam&type=play&secret=S',
});

/** A camera whose G.711 audio FLV cannot carry here: FLV players refuse, the others play. */
function tileFor(
  refuses: (p: FakePlayer) => boolean,
  error: PlayerError = { kind: 'codec-unsupported', message: 'Unsupported audio codec idx: 7' },
) {
  const { factory, players } = fakeFactory((player) => {
    if (refuses(player)) queueMicrotask(() => player.events.emit('error', error));
    else autoPlay(100)(player);
  });
  const start = fakeStartStream(ok(ALL));
  const logs: string[] = [];
  const tile = new TileSupervisor({
    video: new FakeVideo().asElement(),
    startStream: start.fn,
    createPlayer: factory,
    budget: new ConnectionBudget(),
    order: ORDER,
    capabilities: CAPS,
    random: () => 0.5,
    log: (line) => logs.push(line),
  });
  return { tile, players, start, logs };
}

const flv = (p: FakePlayer) => p.source.transport === 'ws-flv' || p.source.transport === 'flv';

describe('a codec refusal tries the next transport before any wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('WS-FLV and HTTP-FLV refuse G.711: the tile plays over MPEG-TS within the second, on the same URLs', async () => {
    const { tile, players, start, logs } = tileFor(flv);
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(players.map((p) => p.source.transport)).toEqual(['ws-flv', 'flv', 'ts']);
    const snap = tile.snapshot();
    expect(snap.state).toBe('playing');
    expect(snap.transport).toBe('ts');
    expect(snap.tried).toEqual([
      { transport: 'ws-flv', why: 'Unsupported audio codec idx: 7' },
      { transport: 'flv', why: 'Unsupported audio codec idx: 7' },
    ]);
    // No backoff, no attempt counted, no fresh URLs asked for.
    expect(snap.attempt).toBe(0);
    expect(start.calls).toBe(1);
    expect(logs.join('\n')).toContain(
      'WS-FLV could not play this stream (Unsupported audio codec idx: 7); trying HTTP-FLV',
    );
    expect(logs.join('\n')).not.toContain('secret=S');
  });

  it('stays on the transport that plays after a later network fault (the refusing ones are not tried again)', async () => {
    const { tile, players } = tileFor(flv);
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    players[2].fail('network');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(players.map((p) => p.source.transport)).toEqual(['ws-flv', 'flv', 'ts', 'ts']);
    expect(tile.snapshot().state).toBe('playing');
  });

  it('only when every offered transport refused: the 5-minute wait, saying which were tried and why', async () => {
    const { tile, players, start } = tileFor(() => true);
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(players.map((p) => p.source.transport)).toEqual(['ws-flv', 'flv', 'ts', 'hls', 'webrtc']);
    const snap = tile.snapshot();
    expect(snap).toMatchObject({ state: 'failed', reason: 'codec-unsupported' });
    expect(snap.detail).toBe(
      'no transport offered plays this stream here; tried WS-FLV: Unsupported audio codec idx: 7; ' +
        'HTTP-FLV: Unsupported audio codec idx: 7; MPEG-TS: Unsupported audio codec idx: 7; ' +
        'HLS: Unsupported audio codec idx: 7; WebRTC: Unsupported audio codec idx: 7',
    );
    expect(snap.tried).toHaveLength(5);
    expect(snap.nextRetryAt! - Date.now()).toBeGreaterThan(UNPLAYABLE_RETRY_MS - 1_000);
    await vi.advanceTimersByTimeAsync(UNPLAYABLE_RETRY_MS - 60_000);
    expect(players).toHaveLength(5);
    // After the wait, fresh URLs and every transport again from the top of the order.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(start.calls).toBe(2);
    expect(players[5].source.transport).toBe('ws-flv');
  });

  it('transports not in the order are never tried', async () => {
    const { factory, players } = fakeFactory((player) =>
      queueMicrotask(() => player.events.emit('error', { kind: 'codec-unsupported', message: 'no' })),
    );
    const tile = new TileSupervisor({
      video: new FakeVideo().asElement(),
      startStream: fakeStartStream(ok(ALL)).fn,
      createPlayer: factory,
      budget: new ConnectionBudget(),
      order: ['ws-flv', 'hls'],
      capabilities: CAPS,
      random: () => 0.5,
    });
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(players.map((p) => p.source.transport)).toEqual(['ws-flv', 'hls']);
    expect(tile.snapshot()).toMatchObject({ state: 'failed', reason: 'codec-unsupported' });
  });
});

describe('a WebCodecs decoder failure tries the same transport through mpegts.js first', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** WebCodecs players (no flvDecoder asked, or 'webcodecs') fail with `error`; mpegts.js plays. */
  function decoderTile(error: { kind: 'media' | 'codec-unsupported'; message: string }) {
    return tileFor((p) => p.options?.flvDecoder !== 'mse', { ...error, decoder: true });
  }

  it('a decoder that keeps failing: the same WS-FLV URL through mpegts.js at once, and for good', async () => {
    const { tile, players, start, logs } = decoderTile({
      kind: 'media',
      message: 'MediaError: MediaFormatError (EncodingError: Decoding error.)',
    });
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(players.map((p) => [p.source.transport, p.options?.flvDecoder])).toEqual([
      ['ws-flv', undefined],
      ['ws-flv', 'mse'],
    ]);
    expect(players[1].source.url).toBe(players[0].source.url);
    expect(tile.snapshot()).toMatchObject({ state: 'playing', transport: 'ws-flv', tried: [] });
    expect(
      logs.some((line) => /WebCodecs could not decode the stream .*Decoding error.*mpegts\.js/.test(line)),
    ).toBe(true);
    // A drop later: the next attempt stays on mpegts.js.
    players[1].events.emit('error', { kind: 'network', message: 'NetworkError: NetworkException (closed)' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(players.slice(2).map((p) => p.options?.flvDecoder)).toEqual(['mse']);
    expect(start.calls).toBe(1);
  });

  it('WebCodecs refuses the codec and so does mpegts.js: then the next transport', async () => {
    const { factory, players } = fakeFactory((player) =>
      queueMicrotask(() =>
        player.source.transport === 'ts'
          ? autoPlay(100)(player)
          : player.events.emit('error', {
              kind: 'codec-unsupported',
              message: 'MediaError: MediaCodecUnsupported (avc1.64003E: no)',
              ...(player.options?.flvDecoder !== 'mse' && { decoder: true as const }),
            }),
      ),
    );
    const tile = new TileSupervisor({
      video: new FakeVideo().asElement(),
      startStream: fakeStartStream(ok(ALL)).fn,
      createPlayer: factory,
      budget: new ConnectionBudget(),
      order: ORDER,
      capabilities: CAPS,
      random: () => 0.5,
    });
    tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(players.map((p) => [p.source.transport, p.options?.flvDecoder])).toEqual([
      ['ws-flv', undefined],
      ['ws-flv', 'mse'],
      ['flv', 'mse'],
      ['ts', 'mse'],
    ]);
    expect(tile.snapshot()).toMatchObject({ state: 'playing', transport: 'ts' });
  });
});
