import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STREAM_URL_FIELDS,
  StreamPlaybackSchema,
  type StreamPlayback,
  type StreamUrlField,
} from '../../../../electron/shared/domain';
import { createLiveMedia, SERVED_FIELDS, type LiveMedia } from '../../../../electron/demo-platform/media';
import { fetchBytes, readHttp, readWs } from './media-client';

let media: LiveMedia;

beforeAll(async () => {
  media = await createLiveMedia();
});
afterAll(async () => {
  await media.close();
});

const withSecret = (url: string, secret: string | undefined): string => {
  const u = new URL(url);
  if (secret === undefined) u.searchParams.delete('secret');
  else u.searchParams.set('secret', secret);
  return u.href;
};

/** How a client must tell URLs apart: by scheme and path, never by field name. */
function kindOf(url: string): string {
  const u = new URL(url);
  if (u.pathname === '/index/api/webrtc') return 'rtc';
  const scheme = u.protocol.slice(0, -1);
  if (['rtmp', 'rtmps', 'rtsp', 'rtsps'].includes(scheme)) return scheme;
  const family = u.pathname.endsWith('.live.flv')
    ? 'flv'
    : u.pathname.endsWith('.live.mp4')
      ? 'fmp4'
      : u.pathname.endsWith('/hls.m3u8')
        ? 'hls'
        : u.pathname.endsWith('.live.ts')
          ? 'ts'
          : '?';
  return { http: family, https: `https_${family}`, ws: `ws_${family}`, wss: `wss_${family}` }[scheme] ?? '?';
}

describe('streamStart result', () => {
  it('has all 24 fields; every URL is complete, carries the secret, and names app and stream', async () => {
    const result = await media.startStream({
      deviceKey: 'urls-device',
      sipId: '34020000001320000001',
      channelId: '34020000001310000001',
    });
    expect(StreamPlaybackSchema.parse(result)).toEqual(result);
    expect(result.streamId).toBe('34020000001320000001_34020000001310000001');
    const secret = new URL(result.flv).searchParams.get('secret');
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    for (const field of STREAM_URL_FIELDS) {
      const u = new URL(result[field]);
      expect(u.searchParams.get('secret')).toBe(secret);
      // Host and an explicit port, even where it is the scheme's default (URL would hide it).
      expect(result[field]).toMatch(/^[a-z]+:\/\/127\.0\.0\.1:\d+\//);
      expect(kindOf(result[field])).toBe(field);
      if (field === 'rtc') {
        expect(u.searchParams.get('app')).toBe('rtp');
        expect(u.searchParams.get('stream')).toBe(result.streamId);
        expect(u.searchParams.get('type')).toBe('play');
      } else {
        expect(u.pathname.startsWith(`/rtp/${result.streamId}`)).toBe(true);
      }
    }
    // The served families point at the media server; the others at ports it does not serve.
    const origin = media.origin;
    for (const field of STREAM_URL_FIELDS) {
      const sameServer = result[field].includes(`:${new URL(origin).port}/`);
      expect(sameServer).toBe(SERVED_FIELDS.includes(field) || field === 'ws_hls');
    }
  });

  it('mints a fresh secret per call and gives a device without ids stable GB28181-like ids', async () => {
    const a = await media.startStream({ deviceKey: 'no-ids', sipId: '', channelId: '' });
    const b = await media.startStream({ deviceKey: 'no-ids', sipId: '', channelId: '' });
    expect(a.streamId).toBe(b.streamId);
    expect(a.sipId).toMatch(/^\d{20}$/);
    expect(new URL(a.flv).searchParams.get('secret')).not.toBe(new URL(b.flv).searchParams.get('secret'));
    // Both secrets play: two tiles of one device do not lock each other out.
    for (const r of [a, b]) expect((await fetchBytes(r.hls)).status).toBe(200);
  });

  it('encodes a stream id with URL-special characters and still serves it', async () => {
    const r = await media.startStream({ deviceKey: 'odd-ids', sipId: 'a b/c', channelId: '1?2' });
    expect(r.streamId).toBe('a b/c_1?2');
    expect((await fetchBytes(r.hls)).status).toBe(200);
  });
});

describe('secrets', () => {
  let stream: StreamPlayback;
  beforeAll(async () => {
    stream = await media.startStream({ deviceKey: 'secret-device', sipId: '', channelId: '' });
  });

  it.each(['flv', 'ts', 'fmp4', 'hls'] as const)(
    'refuses %s with a missing or wrong secret (403)',
    async (field: StreamUrlField) => {
      for (const secret of [undefined, '', '0'.repeat(32), 'not-hex']) {
        const res = await fetchBytes(withSecret(stream[field], secret));
        expect(res.status).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
      }
      expect((await readHttp(stream[field], { maxMs: 300 })).status).toBe(200);
    },
  );

  it('refuses a segment fetched with a wrong secret', async () => {
    const playlist = (await fetchBytes(stream.hls)).body.toString('utf8');
    const uri = playlist.split('\n').find((l) => l.endsWith(new URL(stream.hls).search));
    const segment = new URL(uri!, stream.hls).href;
    expect((await fetchBytes(segment)).status).toBe(200);
    expect((await fetchBytes(withSecret(segment, 'f'.repeat(32)))).status).toBe(403);
  });

  it('refuses WebSocket play with a wrong secret', async () => {
    const read = await readWs(withSecret(stream.ws_flv, 'f'.repeat(32)), { maxMs: 3000 });
    expect(read.opened).toBe(false);
    expect(read.refusedStatus).toBe(403);
  });

  it("does not accept one stream's secret for another", async () => {
    const other = await media.startStream({ deviceKey: 'other-device', sipId: '', channelId: '' });
    const secret = new URL(other.flv).searchParams.get('secret')!;
    expect((await fetchBytes(withSecret(stream.hls, secret))).status).toBe(403);
  });

  it('answers 404 for a stream nobody started', async () => {
    const u = new URL(stream.hls);
    u.pathname = '/rtp/never-started/hls.m3u8';
    expect((await fetchBytes(u.href)).status).toBe(404);
  });

  it('lets secrets expire when a TTL is configured', async () => {
    const short = await createLiveMedia({ secretTtlMs: 400 });
    try {
      const r = await short.startStream({ deviceKey: 'ttl-device', sipId: '', channelId: '' });
      expect((await fetchBytes(r.hls)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await fetchBytes(r.hls)).status).toBe(403);
      // A new streamStart mints a new secret that plays.
      expect(
        (
          await fetchBytes(
            (await short.startStream({ deviceKey: 'ttl-device', sipId: '', channelId: '' })).hls,
          )
        ).status,
      ).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('scrambled field names', () => {
  it('puts every URL under another field, the same way every time, and can be switched off', async () => {
    const request = { deviceKey: 'scramble-device', sipId: '', channelId: '' };
    const plain = await media.startStream(request);
    media.setScrambleFields(true);
    try {
      const a = await media.startStream(request);
      const b = await media.startStream(request);
      expect(StreamPlaybackSchema.parse(a)).toEqual(a);
      const strip = (url: string) => withSecret(url, undefined);
      // The same set of URLs, none under its own name, and the same permutation for the same stream.
      expect(STREAM_URL_FIELDS.map((f) => strip(a[f])).sort()).toEqual(
        STREAM_URL_FIELDS.map((f) => strip(plain[f])).sort(),
      );
      for (const field of STREAM_URL_FIELDS) {
        expect(kindOf(a[field])).not.toBe(field);
        expect(strip(a[field])).toBe(strip(b[field]));
      }
      // Classified by scheme and path, the URLs still play.
      const flv = STREAM_URL_FIELDS.map((f) => a[f]).find((u) => kindOf(u) === 'flv')!;
      expect((await readHttp(flv, { maxMs: 300 })).status).toBe(200);
    } finally {
      media.setScrambleFields(false);
    }
    const again = await media.startStream(request);
    for (const field of STREAM_URL_FIELDS) expect(kindOf(again[field])).toBe(field);
  });
});
