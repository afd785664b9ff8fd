import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackTransport } from '../../../../../src/lib/players/transport';
import type { RuntimeCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { TileSupervisor } from '../../../../../src/lib/wall-engine/tile-supervisor';
import { UNPLAYABLE_RETRY_MS } from '../../../../../src/lib/wall-engine/unplayable';
import { fakeFactory, FakeVideo, fakeStartStream, ok, playback } from './fakes';

const CAPS: RuntimeCapabilities = { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true };
const ORDER: PlaybackTransport[] = ['ws-flv', 'flv', 'hls'];

function tileFor(answer: ReturnType<typeof playback>, behave?: Parameters<typeof fakeFactory>[0]) {
  const { factory, players } = fakeFactory(behave);
  const start = fakeStartStream(ok(answer));
  const tile = new TileSupervisor({
    video: new FakeVideo().asElement(),
    startStream: start.fn,
    createPlayer: factory,
    budget: new ConnectionBudget(),
    order: ORDER,
    capabilities: CAPS,
    random: () => 0.5,
  });
  return { tile, start, players };
}

describe('a stream this computer cannot play is asked for again rarely', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('only RTSP and RTMP: says what was offered and what plays here, then asks again in minutes, not seconds', async () => {
    const { tile, start } = tileFor(
      playback({ rtsp: 'rtsp://10.0.0.5:554/live/cam?secret=S', rtmp: 'rtmp://10.0.0.5/live/cam?secret=S' }),
    );
    tile.start();
    await vi.advanceTimersByTimeAsync(10);
    const snap = tile.snapshot();
    expect(snap).toMatchObject({ state: 'failed', reason: 'no-playable-url' });
    expect(snap.detail).toBe(
      'the platform offered only RTMP and RTSP addresses; this computer plays WS-FLV, HTTP-FLV and HLS (as set in the transport order)',
    );
    expect(snap.detail).not.toContain('secret');
    // Set when it failed, 10 ms ago on the fake clock.
    expect(snap.nextRetryAt! - Date.now()).toBe(UNPLAYABLE_RETRY_MS - 10);
    expect(start.calls).toBe(1);
    // A network fault would have retried a dozen times by now; this asked once.
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(start.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(start.calls).toBe(2);
  });

  it('H.265 without a decoder: names the format and what plays here, fresh URLs in minutes, no cycling through transports', async () => {
    const { tile, start, players } = tileFor(
      playback({
        ws_flv: 'ws://m.test/live/cam.live.flv?secret=S',
        flv: 'http://m.test/live/cam.live.flv?secret=S',
      }),
      (player) =>
        player.events.emit('media-info', {
          videoCodec: 'hvc1.1.6.L93.B0',
          audioCodec: null,
          width: 1920,
          height: 1080,
        }),
    );
    tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(tile.snapshot()).toMatchObject({ state: 'failed', reason: 'codec-unsupported' });
    expect(tile.snapshot().detail).toBe(
      'the stream is H.265 (hvc1.1.6.L93.B0), which this computer cannot decode; it plays H.264',
    );
    await vi.advanceTimersByTimeAsync(UNPLAYABLE_RETRY_MS - 60_000);
    expect(players).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(start.calls).toBe(2);
    expect(players).toHaveLength(2);
  });
});
