import { describe, expect, it } from 'vitest';
import { retryText, staleText, stateText, statsRows } from '../../../../../src/features/wall/tile-format';
import type { TileSnapshot, TileStats } from '../../../../../src/lib/wall-engine';

const snap = (patch: Partial<TileSnapshot>): TileSnapshot => ({
  state: 'idle',
  reason: null,
  label: null,
  detail: null,
  attempt: 0,
  nextRetryAt: null,
  transport: null,
  tls: false,
  url: null,
  since: 0,
  firstFrameAt: null,
  lastFrameAt: null,
  ...patch,
});

describe('what a tile says', () => {
  it('names the state, and the reason of a failed tile', () => {
    expect(stateText(snap({ state: 'playing' }))).toBe('Live');
    expect(stateText(snap({ state: 'reconnecting' }))).toBe('Reconnecting…');
    expect(stateText(snap({ state: 'failed', reason: 'device-offline', label: 'Device offline' }))).toBe(
      'Device offline',
    );
    expect(stateText(snap({ state: 'paused-hidden' }))).toBe('Paused while hidden');
  });

  it('counts down to the next try in whole seconds', () => {
    expect(retryText(null, 1_000)).toBeNull();
    expect(retryText(13_000, 1_000)).toBe('Retrying in 12 s');
    expect(retryText(1_400, 1_000)).toBe('Retrying in 1 s');
    expect(retryText(900, 1_000)).toBe('Retrying now…');
  });

  it('shows the stale badge in whole seconds', () => {
    expect(staleText(null)).toBeNull();
    expect(staleText(12_900)).toBe('STALE 12 s');
  });

  it('formats the stats overlay, with dropped frames as a share of decoded ones', () => {
    const stats: TileStats = {
      state: 'playing',
      transport: 'ws-flv',
      tls: false,
      library: 'mpegts.js',
      fps: 24.96,
      decodedFrames: 1000,
      droppedFrames: 5,
      bitrateKbps: 455.4,
      latencySeconds: 0.312,
      width: 640,
      height: 360,
      codec: 'avc1.42c01e',
      lastFrameAt: 10,
      frameAgeMs: 40,
    };
    expect(Object.fromEntries(statsRows(stats))).toEqual({
      fps: '25.0',
      dropped: '5 (0.5 %)',
      bitrate: '455 kbit/s',
      latency: '0.31 s',
      resolution: '640×360',
      codec: 'avc1.42c01e',
      transport: 'ws-flv · mpegts.js',
      'last frame': '0.0 s ago',
    });
    expect(
      Object.fromEntries(
        statsRows({
          ...stats,
          fps: null,
          latencySeconds: null,
          bitrateKbps: null,
          frameAgeMs: null,
          tls: true,
        }),
      ),
    ).toMatchObject({
      fps: '–',
      latency: '–',
      bitrate: '–',
      transport: 'ws-flv (TLS) · mpegts.js',
      'last frame': '–',
    });
  });
});
