import { describe, expect, it } from 'vitest';
import { classifyPlayback, classifyUrl } from '../../../../../src/lib/wall-engine/classify';
import { playback } from './fakes';

const H = 'media.example.com:8080';

describe('classifyUrl', () => {
  it.each([
    [`http://${H}/live/cam1.live.flv?secret=s`, 'flv', false],
    [`https://${H}/live/cam1.flv?secret=s`, 'flv', true],
    [`ws://${H}/live/cam1.live.flv?secret=s`, 'ws-flv', false],
    [`wss://${H}/live/cam1.live.flv?secret=s`, 'ws-flv', true],
    [`http://${H}/live/cam1/hls.m3u8?secret=s`, 'hls', false],
    [`https://${H}/live/cam1/hls.m3u8?secret=s`, 'hls', true],
    [`http://${H}/live/cam1.live.ts?secret=s`, 'ts', false],
    [`ws://${H}/live/cam1.live.ts?secret=s`, 'ws-ts', false],
    [`http://${H}/live/cam1.live.mp4?secret=s`, 'fmp4', false],
    [`wss://${H}/live/cam1.live.mp4?secret=s`, 'ws-fmp4', true],
    [`HTTP://${H.toUpperCase()}/LIVE/CAM1.LIVE.FLV`, 'flv', false],
    // WebRTC play endpoints, by path: ZLMediaKit's API, and WHEP as platforms name it.
    [`http://${H}/index/api/webrtc?app=live&stream=cam1&type=play&secret=s`, 'webrtc', false],
    [`https://${H}/index/api/webrtc?app=live&stream=cam1&type=play&secret=s`, 'webrtc', true],
    [`http://${H}/index/api/whep?app=live&stream=cam1&type=play&secret=s`, 'webrtc', false],
    [`http://${H}/live/cam1/whep`, 'webrtc', false],
    [`https://${H}/rtc/v1/whep/?app=live&stream=cam1`, 'webrtc', true],
    [`http://${H}/whep/cam1?secret=s`, 'webrtc', false],
    [`http://${H}/zlm/INDEX/API/WEBRTC?app=live&stream=cam1`, 'webrtc', false],
    // A container ending wins: a stream file under a folder named whep is that file.
    [`http://${H}/whep/cam1.live.flv?secret=s`, 'flv', false],
  ])('%s → %s (tls %s)', (url, transport, tls) => {
    const result = classifyUrl(url);
    expect(result).toMatchObject({ playable: true, transport, tls });
  });

  it('refuses what a browser cannot play, with the reason', () => {
    expect(classifyUrl(`rtmp://${H}/live/cam1?secret=s`)).toMatchObject({
      playable: false,
      protocol: 'rtmp',
    });
    expect(classifyUrl(`rtmps://${H}/live/cam1.flv?secret=s`)).toMatchObject({
      playable: false,
      protocol: 'rtmp',
    });
    expect(classifyUrl(`rtsp://${H}/live/cam1?secret=s`)).toMatchObject({
      playable: false,
      protocol: 'rtsp',
    });
    expect(classifyUrl(`rtsps://${H}/live/cam1?secret=s`)).toMatchObject({
      playable: false,
      protocol: 'rtsp',
    });
    expect(classifyUrl(`ws://${H}/live/cam1/hls.m3u8?secret=s`)).toMatchObject({
      playable: false,
      protocol: 'hls-over-websocket',
    });
    expect(classifyUrl(`http://${H}/live/cam1.avi`)).toMatchObject({ playable: false, protocol: 'unknown' });
    expect(classifyUrl('not a url at all')).toMatchObject({ playable: false, protocol: 'unknown' });
  });

  it('tells WebRTC addresses it cannot negotiate with from the ones it plays, with the reason', () => {
    // Signalling it does not speak: a type=play query on another path, SRS's webrtc://, a WebSocket.
    for (const url of [
      `http://${H}/rtc/signal?app=live&stream=cam1&type=play`,
      `webrtc://${H}/live/cam1`,
      `ws://${H}/index/api/webrtc?app=live&stream=cam1&type=play`,
      `wss://${H}/live/cam1/whep`,
    ]) {
      const result = classifyUrl(url);
      expect(result, url).toMatchObject({ playable: false, protocol: 'webrtc' });
      expect(result.playable === false && result.reason, url).toContain('WHEP');
    }
    // Not WebRTC at all: a path that merely contains the letters, or a segment that is not `whep`.
    expect(classifyUrl(`http://${H}/whepx/cam1`)).toMatchObject({ playable: false, protocol: 'unknown' });
    expect(classifyUrl(`http://${H}/index/api/webrtcx`)).toMatchObject({ protocol: 'unknown' });
  });

  it('resolves a relative URL against the base it is given', () => {
    expect(classifyUrl('/live/cam1.live.flv?secret=s', 'http://10.0.0.5:8000/app/')).toMatchObject({
      playable: true,
      transport: 'flv',
      url: 'http://10.0.0.5:8000/live/cam1.live.flv?secret=s',
      origin: 'http://10.0.0.5:8000',
    });
  });
});

describe('classifyPlayback', () => {
  it("classifies the spec sample's mismatched fields by each URL's own scheme and path", () => {
    // Field names deliberately lie, as in the spec's sample.
    const sample = playback({
      flv: `ws://${H}/live/cam1.live.flv?secret=s`,
      ws_flv: `http://${H}/live/cam1/hls.m3u8?secret=s`,
      hls: `http://${H}/live/cam1.live.flv?secret=s`,
      https_hls: `https://${H}/live/cam1.live.ts?secret=s`,
      fmp4: `rtsp://${H}/live/cam1?secret=s`,
      rtsp: `http://${H}/live/cam1.live.mp4?secret=s`,
      rtc: `rtmp://${H}/live/cam1?secret=s`,
      rtmp: `http://${H}/index/api/webrtc?app=live&stream=cam1&type=play&secret=s`,
    });
    const { playable, unplayable } = classifyPlayback(sample);
    const byField = Object.fromEntries(playable.map((c) => [c.fields[0], c.transport]));
    expect(byField).toEqual({
      flv: 'ws-flv',
      ws_flv: 'hls',
      hls: 'flv',
      https_hls: 'ts',
      rtsp: 'fmp4',
      // The WebRTC endpoint under `rtmp`: still WebRTC, by its path.
      rtmp: 'webrtc',
    });
    expect(playable.find((c) => c.fields[0] === 'https_hls')?.tls).toBe(true);
    expect(Object.fromEntries(unplayable.map((u) => [u.fields[0], u.protocol]))).toEqual({
      fmp4: 'rtsp',
      rtc: 'rtmp',
    });
  });

  it('classifies scrambled field names that are not even spec names', () => {
    const { playable } = classifyPlayback({
      a: `ws://${H}/x/cam.flv?secret=1`,
      zz_hls: `http://${H}/x/cam.live.mp4`,
    });
    expect(playable.map((c) => c.transport).sort()).toEqual(['fmp4', 'ws-flv']);
  });

  it('keeps one candidate per identical URL and remembers every field it came under', () => {
    const url = `http://${H}/live/cam1.live.flv?secret=s`;
    const { playable } = classifyPlayback(playback({ flv: url, https_flv: url, hls: url }));
    expect(playable).toHaveLength(1);
    expect(playable[0].fields).toEqual(['flv', 'https_flv', 'hls']);
  });

  it('skips ids and empty fields, which are not URLs', () => {
    const { playable, unplayable } = classifyPlayback(playback({ ws_flv: `ws://${H}/live/cam1.flv` }));
    expect(playable).toHaveLength(1);
    expect(unplayable).toHaveLength(0);
  });

  it('gives each candidate its origin, so http and https of one host count apart', () => {
    const { playable } = classifyPlayback(
      playback({ flv: `http://${H}/a.flv`, https_flv: `https://media.example.com:8443/a.flv` }),
    );
    expect(playable.map((c) => c.origin)).toEqual([`http://${H}`, 'https://media.example.com:8443']);
  });
});

describe('classifyPlayback on the demo platform’s own URLs', () => {
  it.each(['zlm', 'whep'] as const)(
    'gives every URL the same transport whether or not the fields are scrambled (rtc: %s)',
    async (rtcShape) => {
      const { playbackUrls, scrambleUrls } =
        await import('../../../../../electron/demo-platform/media/playback-urls');
      const urls = playbackUrls({
        host: '127.0.0.1',
        port: 8080,
        app: 'rtp',
        streamId: '34020000001320000001_1',
        secret: 's',
        rtcShape,
      });
      const scrambled = scrambleUrls(urls, '34020000001320000001_1');
      expect(
        Object.entries(scrambled).filter(([field, url]) => urls[field as keyof typeof urls] === url),
      ).toEqual([]);
      const byUrl = (c: ReturnType<typeof classifyPlayback>) =>
        Object.fromEntries(c.playable.map((p) => [p.url, `${p.transport}${p.tls ? '+tls' : ''}`]));
      const plain = classifyPlayback(urls);
      expect(byUrl(classifyPlayback(scrambled))).toEqual(byUrl(plain));
      // And each URL's class is the family its true field names.
      const expected = {
        [urls.flv]: 'flv',
        [urls.https_flv]: 'flv+tls',
        [urls.ws_flv]: 'ws-flv',
        [urls.wss_flv]: 'ws-flv+tls',
        [urls.fmp4]: 'fmp4',
        [urls.https_fmp4]: 'fmp4+tls',
        [urls.ws_fmp4]: 'ws-fmp4',
        [urls.wss_fmp4]: 'ws-fmp4+tls',
        [urls.hls]: 'hls',
        [urls.https_hls]: 'hls+tls',
        [urls.ts]: 'ts',
        [urls.https_ts]: 'ts+tls',
        [urls.ws_ts]: 'ws-ts',
        [urls.wss_ts]: 'ws-ts+tls',
        [urls.rtc]: 'webrtc',
      };
      // Candidates carry normalised URLs (https://h:443/ is https://h/).
      expect(byUrl(plain)).toEqual(
        Object.fromEntries(Object.entries(expected).map(([u, t]) => [new URL(u).href, t])),
      );
      expect(plain.unplayable.map((u) => u.protocol).sort()).toEqual(
        ['hls-over-websocket', 'hls-over-websocket', 'rtmp', 'rtmp', 'rtsp', 'rtsp'].sort(),
      );
    },
  );
});
