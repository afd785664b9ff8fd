import { describe, expect, it } from 'vitest';
import type { PlaybackTransport } from '../../../../../src/lib/players/transport';
import type { RuntimeCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import { chooseSource } from '../../../../../src/lib/wall-engine/choose-source';
import { classifyPlayback, type StreamCandidate } from '../../../../../src/lib/wall-engine/classify';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { DEFAULT_TRANSPORT_ORDER, lowestLatencyOrder } from '../../../../../electron/shared/settings';
import { playback } from './fakes';

const CHROMIUM: RuntimeCapabilities = { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true };
const ALL: PlaybackTransport[] = ['ws-flv', 'flv', 'hls', 'ws-ts', 'ts', 'fmp4', 'ws-fmp4'];

function candidates(host = 'media.example.com:8080', id = 'cam1'): StreamCandidate[] {
  return classifyPlayback(
    playback({
      flv: `http://${host}/live/${id}.live.flv?secret=s`,
      https_flv: `https://${host}/live/${id}.live.flv?secret=s`,
      ws_flv: `ws://${host}/live/${id}.live.flv?secret=s`,
      hls: `http://${host}/live/${id}/hls.m3u8?secret=s`,
      ts: `http://${host}/live/${id}.live.ts?secret=s`,
      ws_ts: `ws://${host}/live/${id}.live.ts?secret=s`,
      fmp4: `http://${host}/live/${id}.live.mp4?secret=s`,
      ws_fmp4: `ws://${host}/live/${id}.live.mp4?secret=s`,
      rtsp: `rtsp://${host}/live/${id}?secret=s`,
      rtc: `http://${host}/index/api/webrtc?app=live&stream=${id}&type=play&secret=s`,
    }),
  ).playable;
}

const pick = (order: PlaybackTransport[], caps: RuntimeCapabilities = CHROMIUM, extra = {}) => {
  const choice = chooseSource(candidates(), { order, capabilities: caps, ...extra });
  return choice.ok ? `${choice.candidate.transport}${choice.candidate.tls ? '+tls' : ''}` : choice.reason;
};

describe('chooseSource', () => {
  it('honours the order setting', () => {
    expect(pick(['ws-flv', 'flv'])).toBe('ws-flv');
    expect(pick(['hls', 'ws-flv'])).toBe('hls');
    expect(pick(['ts', 'hls'])).toBe('ts');
  });

  it('never chooses a transport the order leaves out', () => {
    expect(pick(['ws-ts'])).toBe('ws-ts');
    const onlyRtsp = chooseSource(classifyPlayback(playback({ flv: 'rtsp://h/a' })).playable, {
      order: ALL,
      capabilities: CHROMIUM,
    });
    expect(onlyRtsp).toMatchObject({ ok: false, reason: 'no-playable-url' });
  });

  it('prefers plain URLs over TLS ones across the order, or TLS when asked', () => {
    expect(pick(['flv'])).toBe('flv');
    expect(pick(['flv'], CHROMIUM, { preferTls: true })).toBe('flv+tls');
    // https-flv (another origin, often not served) is a fallback, not the next best after plain flv.
    const budget = new ConnectionBudget();
    while (budget.tryAcquire('http://media.example.com:8080'));
    expect(budget.available('https://media.example.com:8080')).toBe(5);
    expect(pick(['flv', 'ws-flv'], CHROMIUM, { budget })).toBe('ws-flv');
  });

  it('uses only TLS URLs where the page blocks insecure ones', () => {
    expect(pick(['ws-flv', 'flv'], { ...CHROMIUM, insecure: false })).toBe('flv+tls');
  });

  it('without MSE plays only what a plain <video> can', () => {
    expect(pick(ALL, { mse: false, h264: false, hevc: false })).toBe('fmp4');
    expect(pick(['ws-flv', 'hls'], { mse: false, h264: false, hevc: false })).toBe('no-playable-url');
  });

  it('skips ws-fmp4 unless the runtime supports it', () => {
    expect(pick(['ws-fmp4', 'hls'], { ...CHROMIUM, wsFmp4: false })).toBe('hls');
    expect(pick(['ws-fmp4', 'hls'])).toBe('ws-fmp4');
  });

  it('plays WebRTC where it is in the order, first with the lowest-latency preset, never without WebRTC', () => {
    // Default order: WebRTC after the WebSocket transports.
    expect(DEFAULT_TRANSPORT_ORDER.indexOf('webrtc')).toBeGreaterThan(
      Math.max(...(['ws-flv', 'ws-ts', 'ws-fmp4'] as const).map((t) => DEFAULT_TRANSPORT_ORDER.indexOf(t))),
    );
    expect(pick([...DEFAULT_TRANSPORT_ORDER])).toBe('ws-flv');
    expect(pick(['webrtc', 'ws-flv'])).toBe('webrtc');
    expect(lowestLatencyOrder()).toEqual([
      'webrtc',
      ...DEFAULT_TRANSPORT_ORDER.filter((t) => t !== 'webrtc'),
    ]);
    expect(lowestLatencyOrder(['hls', 'webrtc', 'flv'])).toEqual(['webrtc', 'hls', 'flv']);
    expect(pick(lowestLatencyOrder())).toBe('webrtc');
    // No RTCPeerConnection: the next transport; no MSE is no obstacle to WebRTC.
    expect(pick(['webrtc', 'hls'], { ...CHROMIUM, webrtc: false })).toBe('hls');
    expect(pick(['webrtc', 'hls'], { mse: false, h264: false, hevc: false })).toBe('webrtc');
  });

  it('refuses an H.265 stream where there is no H.265 decoder', () => {
    expect(pick(ALL, CHROMIUM, { codec: 'hvc1.1.6.L93.B0' })).toBe('codec-unsupported');
    expect(pick(ALL, { ...CHROMIUM, hevc: true }, { codec: 'hvc1.1.6.L93.B0' })).toBe('ws-flv');
  });

  describe('with a connection budget', () => {
    const wall = (tiles: number, budget: ConnectionBudget, order: PlaybackTransport[]) =>
      Array.from({ length: tiles }, (_, i) => {
        const offered = candidates('media.example.com:8080', `cam${i}`).filter(
          (c) => (c.transport === 'flv' || c.transport === 'ws-flv') && !c.tls,
        );
        return chooseSource(offered, { order, capabilities: CHROMIUM, budget });
      });

    it.each([9, 12])(
      'a %i-tile wall offered only HTTP-FLV and WS-FLV never opens a 6th HTTP-FLV',
      (tiles) => {
        const budget = new ConnectionBudget();
        const choices = wall(tiles, budget, ['flv', 'ws-flv']);
        expect(choices.every((c) => c.ok)).toBe(true);
        const transports = choices.map((c) => (c.ok ? c.candidate.transport : null));
        expect(transports.filter((t) => t === 'flv')).toHaveLength(5);
        expect(transports.filter((t) => t === 'ws-flv')).toHaveLength(tiles - 5);
        expect(transports.slice(5).every((t) => t === 'ws-flv')).toBe(true);
        expect(budget.inUse('http://media.example.com:8080')).toBe(5);
      },
    );

    it('gives a freed connection to the next tile', () => {
      const budget = new ConnectionBudget();
      const choices = wall(6, budget, ['flv', 'ws-flv']);
      expect(choices[5]).toMatchObject({ ok: true, candidate: { transport: 'ws-flv' } });
      if (choices[0].ok) choices[0].lease?.release();
      expect(wall(1, budget, ['flv', 'ws-flv'])[0]).toMatchObject({
        ok: true,
        candidate: { transport: 'flv' },
      });
    });

    it('WebSocket and HLS tiles take no lease', () => {
      const budget = new ConnectionBudget();
      const choices = Array.from({ length: 12 }, (_, i) =>
        chooseSource(candidates('h:1', `c${i}`), {
          order: ['ws-flv', 'hls'],
          capabilities: CHROMIUM,
          budget,
        }),
      );
      expect(choices.every((c) => c.ok && c.lease === null)).toBe(true);
      expect(budget.inUse('http://h:1')).toBe(0);
    });

    it('WebRTC tiles take no lease: a 12-tile WebRTC wall leaves every HTTP connection free', () => {
      const budget = new ConnectionBudget();
      const choices = Array.from({ length: 12 }, (_, i) =>
        chooseSource(candidates('h:1', `c${i}`), {
          order: ['webrtc', 'flv'],
          capabilities: CHROMIUM,
          budget,
        }),
      );
      expect(choices.every((c) => c.ok && c.candidate.transport === 'webrtc' && c.lease === null)).toBe(true);
      expect(budget.inUse('http://h:1')).toBe(0);
      // And with every HTTP connection taken, WebRTC is still chosen after HTTP-FLV is refused.
      while (budget.tryAcquire('http://h:1'));
      expect(
        chooseSource(candidates('h:1', 'late'), { order: ['flv', 'webrtc'], capabilities: CHROMIUM, budget }),
      ).toMatchObject({ ok: true, candidate: { transport: 'webrtc' }, lease: null });
    });

    it('says connection-limit when only long-lived HTTP is offered and none is left', () => {
      const budget = new ConnectionBudget({ perOrigin: 6, reserve: 1 });
      const onlyFlv = (i: number) =>
        candidates('h:1', `c${i}`).filter((c) => c.transport === 'flv' && !c.tls);
      const results = Array.from({ length: 7 }, (_, i) =>
        chooseSource(onlyFlv(i), { order: ['flv'], capabilities: CHROMIUM, budget }),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results[6]).toMatchObject({ ok: false, reason: 'connection-limit' });
    });

    it('counts each media host apart', () => {
      const budget = new ConnectionBudget();
      const a = Array.from({ length: 5 }, (_, i) =>
        chooseSource(candidates('a:1', `c${i}`), { order: ['flv'], capabilities: CHROMIUM, budget }),
      );
      const b = chooseSource(candidates('b:1'), { order: ['flv'], capabilities: CHROMIUM, budget });
      expect(a.every((c) => c.ok)).toBe(true);
      expect(b).toMatchObject({ ok: true, candidate: { transport: 'flv' } });
    });
  });
});
