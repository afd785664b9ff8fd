import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import { engineDetailText } from '../../../../../src/lib/wall-engine/engine-detail-words';
import { describeUnplayable, refusedCodec } from '../../../../../src/lib/wall-engine/unplayable';
import type { StreamCandidate, UnplayableUrl } from '../../../../../src/lib/wall-engine/classify';

startI18n('en');
afterAll(() => void startI18n('en'));

const rtsp = { url: 'rtsp://x', protocol: 'rtsp', reason: '', fields: [] } as UnplayableUrl;
const rtmp = { ...rtsp, protocol: 'rtmp' } as UnplayableUrl;
const odd = { ...rtsp, protocol: 'unknown' } as UnplayableUrl;
const hls = { url: 'http://x', transport: 'hls', tls: false, origin: '', fields: [] } as StreamCandidate;
const caps = { mse: true, h264: true, hevc: false };

/** Details the engine writes itself, from its own builders where it has them. */
const DETAILS = [
  'no new frame for 3 s',
  'no video arrived within 10 s',
  'another tile of this profile was refused',
  'The media server answered HTTP 502',
  describeUnplayable({ playable: [], unplayable: [] }, ['ws-flv', 'flv', 'hls']),
  describeUnplayable({ playable: [], unplayable: [rtsp, rtmp, odd] }, ['ws-flv', 'flv', 'hls']),
  describeUnplayable({ playable: [hls], unplayable: [rtsp] }, ['ws-flv']),
  refusedCodec('hvc1.1.6.L93.B0', caps) as string,
  'this computer cannot decode H.265 video (hvc1.1.6.L93.B0)',
  'every connection the browser allows to this media server is in use and the stream offers no WebSocket, HLS or WebRTC address',
  'the platform returned no address a browser can play',
  'none of the stream addresses can be played here with the transports enabled in the settings',
  refusedCodec('hvc1.1.6.L93.B0', { mse: true, h264: false, hevc: false }) as string,
];

describe('the wall engine’s own details, worded', () => {
  it('in English exactly as the engine wrote them', () => {
    for (const detail of DETAILS) expect(engineDetailText(detail, 'en')).toBe(detail);
  });

  it('in Chinese with no English left but the names of transports, codecs and formats', () => {
    for (const detail of DETAILS) {
      const zh = engineDetailText(detail, 'zh-CN') as string;
      expect(zh).not.toBe(detail);
      const words = zh.replace(
        /WS-FLV|HTTP-FLV|HLS|RTSP|RTMP|HTTP|WebSocket|WebRTC|H\.26[45]|hvc1\.1\.6\.L93\.B0/g,
        '',
      );
      expect(words).not.toMatch(/[A-Za-z]/);
    }
    expect(engineDetailText(DETAILS[5], 'zh-CN')).toContain('RTSP、RTMP和');
  });

  it('words every fixed detail the players write (read from their source), the same in English', () => {
    const folder = new URL('../../../../../src/lib/players/', import.meta.url);
    const fixed = new Set<string>();
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts')))
      for (const [, text] of readFileSync(new URL(file, folder), 'utf8').matchAll(/message: '([a-z][^']*)'/g))
        fixed.add(text);
    expect(fixed).toContain('the media server closed the stream');
    for (const detail of fixed) {
      expect(engineDetailText(detail, 'en')).toBe(detail);
      const zh = engineDetailText(detail, 'zh-CN');
      expect(zh, detail).not.toBeNull();
      const words = (zh as string).replace(
        /WebSocket|WebRTC|SourceBuffer|Media Source Extensions|HLS|DTLS|ICE|SDP|RTCPeerConnection|code/g,
        '',
      );
      expect(words, detail).not.toMatch(/[A-Za-z]/);
    }
  });

  it('leaves a platform’s or a player’s own words alone', () => {
    expect(engineDetailText('Device 34020000001320000001 offline', 'zh-CN')).toBeNull();
  });
});
