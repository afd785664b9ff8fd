import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLiveMedia,
  HLS_GRACE,
  HLS_WINDOW,
  type LiveMedia,
} from '../../../../electron/demo-platform/media';
import type { StreamPlayback } from '../../../../electron/shared/domain';
import { fastClock } from './fast-clock';
import { fetchBytes } from './media-client';
import { parseM3u8, parseTs, pesTimestamps, readSection, type M3u8 } from './media-parsers';

// 5× fast: a 2 s segment completes every 400 ms, so the window visibly slides within a second or two.
let media: LiveMedia;
let stream: StreamPlayback;

beforeAll(async () => {
  media = await createLiveMedia({ clock: fastClock(5) });
  stream = await media.startStream({ deviceKey: 'hls-device', sipId: '', channelId: '' });
});
afterAll(async () => {
  await media.close();
});

async function playlist(): Promise<M3u8> {
  const res = await fetchBytes(stream.hls);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  return parseM3u8(res.body.toString('utf8'));
}

/** Poll the playlist until its media sequence has moved on by `steps`. */
async function playlistAfter(sequence: number, steps: number): Promise<M3u8> {
  for (;;) {
    const p = await playlist();
    if (p.mediaSequence! >= sequence + steps) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('HLS', () => {
  it('serves a live sliding-window playlist of 2 s segments', async () => {
    const p = await playlist();
    expect(p.endList).toBe(false);
    expect(p.targetDuration).toBe(2);
    expect(p.segments).toHaveLength(HLS_WINDOW);
    for (const s of p.segments) {
      expect(s.duration).toBeCloseTo(2, 3);
      expect(new URL(s.uri, stream.hls).searchParams.get('secret')).toBe(
        new URL(stream.hls).searchParams.get('secret'),
      );
    }
  });

  it('serves segments that are valid MPEG-TS, starting at a keyframe, continuing the previous one', async () => {
    const p = await playlist();
    const bodies = await Promise.all(
      p.segments.slice(-2).map(async (s) => fetchBytes(new URL(s.uri, stream.hls).href)),
    );
    const [a, b] = bodies.map((r) => {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('video/mp2t');
      expect(r.body.length % 188).toBe(0);
      const packets = parseTs(r.body);
      expect(packets[0].pid).toBe(0);
      expect(readSection(packets[0]).crcOk).toBe(true);
      const pes = pesTimestamps(packets, 0x100);
      expect(pes).toHaveLength(50);
      expect(pes[0].key).toBe(true);
      return pes;
    });
    expect(b[0].dts - a[a.length - 1].dts).toBe(3600);
  });

  it('slides: the media sequence rises and a segment that left the window expires with 404', async () => {
    const before = await playlist();
    const first = before.segments[0];
    const firstUrl = new URL(first.uri, stream.hls).href;
    expect((await fetchBytes(firstUrl)).status).toBe(200);

    const later = await playlistAfter(before.mediaSequence!, 1);
    expect(later.segments.some((s) => s.uri === first.uri)).toBe(false);
    // Just out of the playlist it is still served, for a player that read the old one (unless the
    // window has meanwhile moved past the grace: a playlist read after the fetch tells)...
    const status = (await fetchBytes(firstUrl)).status;
    const after = await playlist();
    expect(status === 200 || after.mediaSequence! - before.mediaSequence! > HLS_GRACE).toBe(true);
    // ...then gone.
    await playlistAfter(before.mediaSequence!, HLS_GRACE + 1);
    expect((await fetchBytes(firstUrl)).status).toBe(404);
  });

  it('answers 404 for a segment that does not exist yet', async () => {
    const p = await playlist();
    const next = new URL(`${p.mediaSequence! + HLS_WINDOW + 10}.ts`, stream.hls);
    next.search = new URL(stream.hls).search;
    expect((await fetchBytes(next.href)).status).toBe(404);
  });
});
