import { describe, expect, it } from 'vitest';
import { hlsConfig, hlsError, HlsPlayer } from '../../../../../src/lib/players/hls-player';
import type { PlayerError } from '../../../../../src/lib/players/player';
import { FakeMediaElement } from './fake-video';

describe('HlsPlayer', () => {
  it('is configured for low latency and a short back buffer', () => {
    const config = hlsConfig({});
    expect(config).toMatchObject({ lowLatencyMode: true, liveSyncDurationCount: 2, enableWorker: true });
    expect(config.backBufferLength).toBeLessThanOrEqual(10);
    expect(config.maxBufferLength).toBeLessThanOrEqual(6);
    expect(config.liveMaxLatencyDurationCount).toBeGreaterThan(config.liveSyncDurationCount!);
  });

  it('reports "unsupported" where there is no MSE (as here, in Node), instead of throwing', () => {
    const video = new FakeMediaElement();
    const player = new HlsPlayer(
      { url: 'http://m/a/hls.m3u8', transport: 'hls', tls: false },
      { frameCallbacks: false },
    );
    const errors: PlayerError[] = [];
    player.on('error', (e) => errors.push(e));
    player.attach(video.asElement());
    player.start();
    expect(errors.map((e) => e.kind)).toEqual(['unsupported']);
  });

  it('maps fatal hls.js errors', () => {
    const net = { type: 'networkError', details: 'manifestLoadError' } as const;
    expect(hlsError({ ...net, response: { url: 'x', code: 404 } } as never)).toMatchObject({
      kind: 'http-status',
      status: 404,
    });
    expect(hlsError({ ...net, response: { url: 'x', code: 0 } } as never).kind).toBe('network');
    expect(hlsError({ type: 'mediaError', details: 'bufferAddCodecError' } as never).kind).toBe(
      'codec-unsupported',
    );
    expect(hlsError({ type: 'mediaError', details: 'bufferAppendError' } as never).kind).toBe('media');
  });
});
