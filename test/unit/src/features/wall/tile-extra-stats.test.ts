import { describe, expect, it } from 'vitest';
import { extraStatsRows, playedHost } from '../../../../../src/features/wall/tile-extra-stats';
import type { TileStats } from '../../../../../src/lib/wall-engine';
import { startI18n } from '../../../../../src/i18n/start-i18n';

startI18n('en');

const stats = (more: Partial<TileStats> = {}) =>
  ({
    state: 'playing',
    transport: 'ws-flv',
    tls: false,
    library: 'mpegts.js',
    fps: 25,
    decodedFrames: 100,
    droppedFrames: 0,
    bitrateKbps: 900,
    latencySeconds: 0.3,
    width: 640,
    height: 360,
    codec: 'avc1.42e01e',
    lastFrameAt: 1,
    frameAgeMs: 10,
    ...more,
  }) as TileStats;

describe('the stats overlay’s extra rows', () => {
  it('shows the host and port played from, never the path or the query with its secret', () => {
    expect(playedHost('ws://203.0.113.7:8080/live/cam.live.flv?secret=***')).toBe('203.0.113.7:8080');
    expect(playedHost('http://[::1]:80/x.flv')).toBe('[::1]');
    expect(playedHost(null)).toBeNull();
    expect(playedHost('not a url')).toBeNull();
    const rows = extraStatsRows(stats(), 'ws://media.example.net:18080/live/a.live.flv?secret=abc');
    expect(rows).toEqual([['host', 'media.example.net:18080']]);
    expect(JSON.stringify(rows)).not.toMatch(/secret|live/);
  });

  it('adds WebRTC’s jitter buffer delay and packets lost when the player reports them', () => {
    expect(extraStatsRows(stats({ jitterBufferMs: 41.6, packetsLost: 3 }), null)).toEqual([
      ['jitter buffer', '42 ms'],
      ['packets lost', '3'],
    ]);
    expect(extraStatsRows(stats({ jitterBufferMs: null, packetsLost: null }), null)).toEqual([
      ['jitter buffer', '–'],
      ['packets lost', '–'],
    ]);
  });

  it('words the sound, the delay and the refusing transports in the app’s language', () => {
    const audible = stats({ audio: { codec: 'alaw', state: 'unsupported' } } as Partial<TileStats>);
    const tried = [
      { transport: 'ws-flv', why: 'a' },
      { transport: 'flv', why: 'b' },
    ] as Parameters<typeof extraStatsRows>[2];
    expect(extraStatsRows(audible, null, tried)).toEqual([
      ['sound', 'alaw · cannot play here'],
      ['refused by', 'WS-FLV, HTTP-FLV'],
    ]);
    startI18n('zh-CN');
    try {
      const rows = Object.fromEntries(
        extraStatsRows({ ...audible, jitterBufferMs: 41.6, packetsLost: 3 } as TileStats, null, tried),
      );
      expect(rows.sound).toMatch(/^alaw · [^A-Za-z]+$/);
      expect(rows['jitter buffer']).toMatch(/^42 [^A-Za-z]+$/);
      expect(rows['refused by']).toBe('WS-FLV、HTTP-FLV');
    } finally {
      startI18n('en');
    }
  });
});
