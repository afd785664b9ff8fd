import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipForDevice, createLiveMedia, type LiveMedia } from '../../../../electron/demo-platform/media';
import { FRAME_MS, GOP, fastClock } from './fast-clock';
import { readHttp } from './media-client';
import { flvPictures, parseFlv } from './media-parsers';

// Real time here: these tests are about pacing and what a viewer sees when it joins.
let media: LiveMedia;

beforeAll(async () => {
  media = await createLiveMedia();
});
afterAll(async () => {
  await media.close();
});

const pictures = (body: Buffer) => flvPictures(parseFlv(body).tags);

describe('live pacing', () => {
  it('delivers pictures in real time after the opening burst, never ahead of the clock', async () => {
    const stream = await media.startStream({ deviceKey: 'pacing-device', sipId: '', channelId: '' });
    // Each read: when (ms since the request) and the newest picture's media time so far. Judged by media
    // time against real time, not by counting arrivals in a window: a busy machine delays and bunches
    // arrivals (the reader and the server share this process); it cannot make media time run ahead.
    const seen: { at: number; newest: number; count: number }[] = [];
    let oldest: number | undefined;
    const t0 = performance.now();
    await readHttp(stream.flv, {
      maxMs: 3200,
      until: (body) => {
        const all = pictures(body);
        if (all.length === 0) return false;
        oldest ??= all[0].timestamp;
        seen.push({ at: performance.now() - t0, newest: all.at(-1)!.timestamp, count: all.length });
        return false;
      },
    });
    const first = seen[0];
    const last = seen.at(-1)!;
    // The opening burst is at most the current GOP (2 s of pictures); after it, never more media time
    // than real time has passed (a picture of slack for the timer).
    const burstMs = GOP * FRAME_MS;
    for (const s of seen) expect(s.newest - oldest!).toBeLessThanOrEqual(burstMs + s.at + FRAME_MS);
    // Live: media time advanced with real time over the read (an unpaced server sends the clip's
    // hundreds of pictures at once, failing the bound above; a stuck one nothing after the burst).
    expect(last.at - first.at).toBeGreaterThan(2000);
    expect(last.newest - first.newest).toBeGreaterThanOrEqual(last.at - first.at - 1000);
    expect(last.count).toBeGreaterThan(first.count);
  });
});

describe('GOP cache', () => {
  it('gives a new viewer the current GOP at once, from its keyframe', async () => {
    const stream = await media.startStream({ deviceKey: 'gop-device', sipId: '', channelId: '' });
    // A first viewer keeps the clip's ticker running; wait (on its pictures) until it is well into a GOP.
    let stopFirst = false;
    let resolveMid: (timestamp: number) => void = () => {};
    const midGop = new Promise<number>((resolve) => (resolveMid = resolve));
    const first = readHttp(stream.flv, {
      maxMs: 10_000,
      until: (body) => {
        const last = pictures(body).at(-1);
        if (last && (last.timestamp / FRAME_MS) % GOP >= 20 && (last.timestamp / FRAME_MS) % GOP <= 40)
          resolveMid(last.timestamp);
        return stopFirst;
      },
    });
    const liveTimestamp = await midGop;
    const gopStart = liveTimestamp - ((liveTimestamp / FRAME_MS) % GOP) * FRAME_MS;

    let burstCount = 0;
    const second = await readHttp(stream.flv, {
      maxMs: 3000,
      until: (body) => {
        burstCount = pictures(body).length;
        return burstCount >= 20;
      },
    });
    stopFirst = true;
    await first;

    const got = pictures(second.body);
    expect(got[0].key).toBe(true);
    expect(got[0].timestamp).toBe(gopStart);
    // 20 pictures (0.8 s of video) in well under the 0.8 s that waiting for them live would take.
    expect(got.length).toBeGreaterThanOrEqual(20);
    expect(second.endedAt).toBeLessThan(500);
  });
});

describe('one source per clip', () => {
  it('serves 64 viewers from one ticker per clip', async () => {
    // 64 tiles of one camera, and 64 different cameras: either way one ticker per clip shown.
    const same = await media.startStream({ deviceKey: 'shared-device', sipId: '', channelId: '' });
    const devices = Array.from({ length: 64 }, (_, i) => `wall-${i}`);
    const distinctClips = new Set(devices.map((d) => clipForDevice(d, media.clips).index));
    const walls = await Promise.all(
      devices.map((deviceKey) => media.startStream({ deviceKey, sipId: '', channelId: '' })),
    );

    for (const urls of [Array(64).fill(same.flv) as string[], walls.map((w) => w.flv)]) {
      // The previous round's connections close on the server a moment after the client lets go.
      while (media.stats().viewers > 0) await new Promise((r) => setTimeout(r, 20));
      const expectedTickers = urls[0] === urls[1] ? 1 : distinctClips.size;
      let opened = 0;
      let stop = false;
      let allOpen: () => void = () => {};
      const ready = new Promise<void>((resolve) => (allOpen = resolve));
      const readers = urls.map((url) =>
        readHttp(url, {
          maxMs: 8000,
          onResponse: () => {
            opened += 1;
            if (opened === urls.length) allOpen();
          },
          stop: () => stop,
        }),
      );
      await ready;
      expect(media.stats().viewers).toBe(64);
      expect(media.stats().tickersRunning).toBe(expectedTickers);
      const emittedBefore = media.stats().framesEmitted;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 2000));
      const seconds = (performance.now() - t0) / 1000;
      const emitted = media.stats().framesEmitted - emittedBefore;
      // 25 pictures a second per ticker, not per viewer (64 viewers would be 64× that). The slack covers
      // a ticker that was a few pictures behind when the window opened, on a busy machine.
      const perTickerRate = emitted / expectedTickers / seconds;
      expect(perTickerRate).toBeGreaterThanOrEqual(20);
      expect(perTickerRate).toBeLessThanOrEqual(32);
      stop = true;
      const reads = await Promise.all(readers);
      for (const read of reads) expect(pictures(read.body).length).toBeGreaterThanOrEqual(45);
    }
  });
});

describe('backpressure', () => {
  it('makes a viewer that stops reading skip to a keyframe instead of buffering without bound', async () => {
    // The 720p clip at 20× speed is ~3 MB/s; a reader that pauses 4 s falls far behind.
    const fast = await createLiveMedia({ clock: fastClock(20), maxBufferedBytes: 256 * 1024 });
    try {
      const stream = await fast.startStream({ deviceKey: 'cam-720-slow', sipId: '', channelId: '' });
      const read = await readHttp(stream.flv, {
        maxMs: 6000,
        onResponse: (pause, resume) => {
          pause();
          setTimeout(resume, 4000);
        },
      });
      expect(fast.stats().framesSkipped).toBeGreaterThan(0);
      const got = pictures(read.body);
      expect(parseFlv(read.body).tags.every((t) => t.sizeChainOk)).toBe(true);
      const gaps = got
        .map((p, i) => ({ p, gap: i > 0 ? p.timestamp - got[i - 1].timestamp : FRAME_MS }))
        .filter((g) => g.gap > FRAME_MS);
      expect(gaps.length).toBeGreaterThan(0);
      // Every jump lands on a keyframe, so the stream stays decodable.
      for (const g of gaps) expect(g.p.key).toBe(true);
    } finally {
      await fast.close();
    }
  });
});
