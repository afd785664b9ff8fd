import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoHttpError } from '../../../../electron/demo-platform/media-backend';
import { createLiveMedia, isLoopback, type LiveMedia } from '../../../../electron/demo-platform/media';
import type { StreamPlayback } from '../../../../electron/shared/domain';
import { fetchBytes, readHttp, readWs, type StreamRead } from './media-client';
import { flvPictures, parseFlv, parseTs } from './media-parsers';

let media: LiveMedia;
let n = 0;

beforeAll(async () => {
  media = await createLiveMedia();
});
afterEach(() => {
  media.faults.clear();
});
afterAll(async () => {
  await media.close();
});

/** A fresh device and stream per test, so faults of one test never touch another. */
async function freshStream(): Promise<StreamPlayback & { deviceKey: string }> {
  n += 1;
  const deviceKey = `fault-device-${n}`;
  return { deviceKey, ...(await media.startStream({ deviceKey, sipId: '', channelId: '' })) };
}

/** Resolves once a reader has had its first bytes (a readiness signal rather than a sleep). */
function firstBytes(): { until: (body: Buffer) => boolean; arrived: Promise<void>; stop: () => void } {
  let resolve: () => void = () => {};
  let stopped = false;
  const arrived = new Promise<void>((r) => (resolve = r));
  return {
    until: (body) => {
      if (body.length > 0) resolve();
      return stopped;
    },
    arrived,
    stop: () => (stopped = true),
  };
}

/** The longest silence between two chunks. */
function longestGap(read: StreamRead): { gap: number; afterIndex: number } {
  let best = { gap: 0, afterIndex: -1 };
  for (let i = 1; i < read.arrivals.length; i += 1) {
    const gap = read.arrivals[i].at - read.arrivals[i - 1].at;
    if (gap > best.gap) best = { gap, afterIndex: i };
  }
  return best;
}

describe('drop', () => {
  it('cuts a new connection after N s, and clearing restores service', async () => {
    const s = await freshStream();
    media.faults.set(s.deviceKey, { type: 'drop', afterSeconds: 1 });
    const read = await readHttp(s.flv, { maxMs: 5000 });
    expect(read.status).toBe(200);
    expect(flvPictures(parseFlv(read.body).tags).length).toBeGreaterThan(0);
    expect(read.endedByServer).toBe(true);
    expect(read.endedAt).toBeGreaterThanOrEqual(950);
    expect(read.endedAt).toBeLessThan(2500);

    media.faults.clear(s.deviceKey);
    const after = await readHttp(s.flv, { maxMs: 1500 });
    expect(after.endedByServer).toBe(false);
  });

  it('cuts a connection that is already open, N s after the fault is set', async () => {
    const s = await freshStream();
    const signal = firstBytes();
    const reading = readHttp(s.flv, { maxMs: 6000, until: signal.until });
    await signal.arrived;
    const setAt = performance.now();
    media.faults.set(s.streamId, { type: 'drop', afterSeconds: 0.5 });
    const read = await reading;
    const cutAfter = performance.now() - setAt;
    expect(read.endedByServer).toBe(true);
    expect(cutAfter).toBeGreaterThanOrEqual(450);
    expect(cutAfter).toBeLessThan(2000);
  });

  it('cuts WebSocket play too', async () => {
    const s = await freshStream();
    media.faults.set(s.streamId, { type: 'drop', afterSeconds: 0.5 });
    const t0 = performance.now();
    const read = await readWs(s.ws_flv, { maxMs: 5000 });
    expect(read.opened).toBe(true);
    expect(read.endedByServer).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2500);
  });
});

describe('stall', () => {
  it('holds an open connection silent for N s, then resumes at a keyframe', async () => {
    const s = await freshStream();
    const signal = firstBytes();
    const reading = readHttp(s.flv, { maxMs: 4000, until: signal.until });
    await signal.arrived;
    media.faults.set(s.deviceKey, { type: 'stall', seconds: 1.5 });
    const read = await reading;
    expect(read.endedByServer).toBe(false);
    const { gap, afterIndex } = longestGap(read);
    expect(gap).toBeGreaterThanOrEqual(1400);
    // Bytes flow again after the stall, and the picture that comes first is a keyframe.
    const before = read.arrivals.slice(0, afterIndex).reduce((sum, a) => sum + a.bytes, 0);
    const all = flvPictures(parseFlv(read.body).tags);
    const beforeCount = flvPictures(parseFlv(read.body.subarray(0, before)).tags).length;
    expect(all.length).toBeGreaterThan(beforeCount);
    expect(all[beforeCount].key).toBe(true);
  });

  it('holds a new connection without even a status line, then serves it', async () => {
    const s = await freshStream();
    media.faults.set(s.streamId, { type: 'stall', seconds: 1 });
    const read = await readHttp(s.ts, { maxMs: 3000 });
    expect(read.headersAt).toBeGreaterThanOrEqual(950);
    expect(read.status).toBe(200);
    expect(
      parseTs(read.body.subarray(0, read.body.length - (read.body.length % 188))).length,
    ).toBeGreaterThan(0);
  });

  it('can close instead of resuming', async () => {
    const s = await freshStream();
    media.faults.set(s.streamId, { type: 'stall', seconds: 1, then: 'close' });
    const read = await readHttp(s.flv, { maxMs: 4000 });
    expect(read.status).toBe(0);
    expect(read.endedByServer).toBe(true);
    expect(read.endedAt).toBeGreaterThanOrEqual(950);
  });
});

describe('refuse', () => {
  it.each([404, 500] as const)(
    'answers new requests with %i in every format, until cleared',
    async (status) => {
      const s = await freshStream();
      media.faults.set(s.deviceKey, { type: 'refuse', status });
      for (const url of [s.flv, s.ts, s.fmp4, s.hls]) expect((await fetchBytes(url)).status).toBe(status);
      expect((await readWs(s.ws_flv, { maxMs: 2000 })).refusedStatus).toBe(status);
      media.faults.clear(s.deviceKey);
      expect((await fetchBytes(s.hls)).status).toBe(200);
    },
  );

  it('touches only its own device', async () => {
    const a = await freshStream();
    const b = await freshStream();
    media.faults.set(a.deviceKey, { type: 'refuse', status: 500 });
    expect((await fetchBytes(a.hls)).status).toBe(500);
    expect((await fetchBytes(b.hls)).status).toBe(200);
  });
});

describe('throttle', () => {
  it('lets bytes out no faster than the given rate', async () => {
    const s = await freshStream();
    media.faults.set(s.deviceKey, { type: 'throttle', kbps: 160 });
    const read = await readHttp(s.flv, { maxMs: 3000 });
    // 160 kbit/s is 20 kB/s: over the read, about 60 kB (plus the headers' first tick).
    const bytes = read.body.length;
    expect(bytes).toBeGreaterThan(20_000 * 2.0);
    expect(bytes).toBeLessThan(20_000 * 3.6);
    // Still a valid FLV stream: pacing splits bytes, never reorders them.
    expect(parseFlv(read.body).tags.every((t) => t.sizeChainOk)).toBe(true);
  });

  it('throttles HLS segments too', async () => {
    const s = await freshStream();
    const playlist = (await fetchBytes(s.hls)).body.toString('utf8');
    const uri = playlist
      .split('\n')
      .filter((l) => l.includes('.ts?'))
      .at(-1)!;
    media.faults.set(s.deviceKey, { type: 'throttle', kbps: 400 });
    const read = await readHttp(new URL(uri, s.hls).href, { maxMs: 1500 });
    expect(read.endedByServer).toBe(false); // a 2 s segment at 600+ kbit/s cannot arrive in 1.5 s at 400
    expect(read.body.length).toBeLessThan(50_000 * 1.5 * 1.3);
  });
});

describe('offline', () => {
  it('makes streamStart fail with 503 DEVICE_OFFLINE and ends open streams', async () => {
    const s = await freshStream();
    const signal = firstBytes();
    const reading = readHttp(s.flv, { maxMs: 5000, until: signal.until });
    await signal.arrived;
    media.faults.set(s.deviceKey, { type: 'offline' });
    const error = await media
      .startStream({ deviceKey: s.deviceKey, sipId: '', channelId: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DemoHttpError);
    expect(error).toMatchObject({ status: 503, code: 'DEVICE_OFFLINE' });
    expect((error as Error).message).toBe(`Device ${s.deviceKey} is offline.`);
    expect((await reading).endedByServer).toBe(true);
    expect((await fetchBytes(s.hls)).status).toBe(404);

    media.faults.clear(s.deviceKey);
    const back = await media.startStream({ deviceKey: s.deviceKey, sipId: '', channelId: '' });
    expect((await fetchBytes(back.hls)).status).toBe(200);
  });
});

describe('garbage', () => {
  it('sends random bytes instead of media, on new and open connections', async () => {
    const s = await freshStream();
    const signal = firstBytes();
    const open = readHttp(s.flv, { maxMs: 2500, until: signal.until });
    await signal.arrived;
    media.faults.set(s.deviceKey, { type: 'garbage' });

    const fresh = await readHttp(s.flv, { maxMs: 1000 });
    expect(fresh.status).toBe(200);
    expect(fresh.body.length).toBeGreaterThan(1000);
    expect(parseFlv(fresh.body).headerOk).toBe(false);

    // The open stream goes on receiving bytes, but they stop making a valid FLV tag chain.
    const read = await open;
    const flv = parseFlv(read.body);
    const parsedBytes = 13 + flv.tags.reduce((sum, t) => sum + 15 + t.body.length, 0);
    expect(flv.tags.every((t) => t.sizeChainOk) && parsedBytes === read.body.length).toBe(false);

    const playlist = (await fetchBytes(s.hls)).body.toString('utf8');
    const uri = playlist
      .split('\n')
      .filter((l) => l.includes('.ts?'))
      .at(-1)!;
    const segment = await fetchBytes(new URL(uri, s.hls).href);
    expect(segment.status).toBe(200);
    expect(() => parseTs(segment.body)).toThrow(/sync byte/);

    media.faults.clear(s.deviceKey);
    const healthy = await readHttp(s.flv, { maxMs: 500 });
    expect(parseFlv(healthy.body).headerOk).toBe(true);
  });
});

describe('reconfigure', () => {
  it('switches an open FLV stream to another picture size at a keyframe, and back when cleared', async () => {
    const s = await freshStream();
    const hd = media.clips.find((c) => c.hd)!;
    // Readiness, not sleeps: each step waits for the sequence header the one before it brings, and
    // the read ends two pictures after the third (the old size back). maxMs only bounds a failure.
    const headersIn = (body: Buffer) => {
      const tags = parseFlv(body).tags;
      const at = tags.flatMap((t, i) => (t.type === 9 && t.body[1] === 0 ? [i] : []));
      return {
        count: at.length,
        picturesAfterLast: at.length ? flvPictures(tags.slice(at.at(-1)! + 1)).length : 0,
      };
    };
    let seen = 0;
    const reading = readHttp(s.flv, {
      maxMs: 30_000,
      until: (body) => {
        const { count, picturesAfterLast } = headersIn(body);
        if (count >= 1 && seen === 0) media.faults.set(s.deviceKey, { type: 'reconfigure' });
        if (count >= 2 && seen < 2) media.faults.clear(s.deviceKey);
        seen = Math.max(seen, count);
        return count >= 3 && picturesAfterLast >= 2;
      },
    });
    const tags = parseFlv((await reading).body).tags;

    // A sequence header (AVC packet type 0) at the start, one for the new size, one for the old again.
    const headers = tags.flatMap((t, i) => (t.type === 9 && t.body[1] === 0 ? [i] : []));
    expect(headers).toHaveLength(3);
    const spsOf = (i: number) => {
      const record = tags[i].body.subarray(5);
      return record.subarray(8, 8 + record.readUInt16BE(6));
    };
    expect(spsOf(headers[1]).equals(hd.sps)).toBe(true);
    expect(spsOf(headers[0]).equals(hd.sps)).toBe(false);
    expect(spsOf(headers[2]).equals(spsOf(headers[0]))).toBe(true);
    for (const i of headers.slice(1)) {
      // Each new size begins at a keyframe, after a metadata tag, on the same connection.
      expect(tags[i - 1].type).toBe(18);
      const next = tags[i + 1];
      expect(next.type === 9 && next.body[0] >> 4 === 1 && next.body[1] === 1).toBe(true);
    }
    // Time runs on: a camera starts its new picture now, not from an older keyframe.
    const times = flvPictures(tags).map((p) => p.timestamp);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
  });
});

describe('damage', () => {
  /** The NAL units of a picture tag's body (after its 5-byte AVC header), each after a 4-byte length. */
  const nalUnits = (body: Buffer) => {
    const units: Buffer[] = [];
    for (let at = 5; at + 4 <= body.length;) {
      const length = body.readUInt32BE(at);
      units.push(body.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    return units;
  };
  const zeroTail = (unit: Buffer) => unit.subarray(Math.ceil(unit.length / 2)).every((b) => b === 0);

  it('sends an open FLV stream its next keyframes damaged as listed; the rest, and a new connection, clean', async () => {
    const s = await freshStream();
    const keys = (body: Buffer) => flvPictures(parseFlv(body).tags).filter((p) => p.key).length;
    let set = false;
    const reading = readHttp(s.flv, {
      maxMs: 30_000,
      until: (body) => {
        if (!set && keys(body) >= 1) {
          media.faults.set(s.deviceKey, { type: 'damage', keyframes: ['zeroed', 'not-idr'] });
          set = true;
        }
        return keys(body) >= 4;
      },
    });
    const pictures = flvPictures(parseFlv((await reading).body).tags);
    const keyframes = pictures.filter((p) => p.key);
    expect(keyframes.length).toBeGreaterThanOrEqual(4);
    // The first came before the fault; the next is damaged in place (the NAL headers and lengths as they
    // were, so a player reads it as the IDR it was); the next relabelled; the one after is clean again.
    const [before, damaged, relabelled, after] = keyframes.map((p) => nalUnits(p.body));
    expect(zeroTail(before.at(-1)!)).toBe(false);
    expect(damaged.reduce((sum, u) => sum + 4 + u.length, 5)).toBe(keyframes[1].body.length);
    expect(damaged.at(-1)![0] & 0x1f).toBe(5);
    expect(zeroTail(damaged.at(-1)!)).toBe(true);
    expect(relabelled.at(-1)![0] & 0x1f).toBe(1);
    expect(zeroTail(relabelled.at(-1)!)).toBe(false);
    expect(zeroTail(after.at(-1)!)).toBe(false);
    expect(after.at(-1)![0] & 0x1f).toBe(5);
    // A connection opened while the fault stands is served clean.
    media.faults.set(s.deviceKey, { type: 'damage', keyframes: ['zeroed', 'zeroed'] });
    const fresh = await readHttp(s.flv, { maxMs: 30_000, until: (body) => keys(body) >= 2 });
    for (const picture of flvPictures(parseFlv(fresh.body).tags).filter((p) => p.key))
      expect(zeroTail(nalUnits(picture.body).at(-1)!)).toBe(false);
  });
});

describe('fault controller', () => {
  it('rejects an invalid fault', () => {
    expect(() => media.faults.set('x', { type: 'refuse', status: 418 } as never)).toThrow();
    expect(() => media.faults.set('x', { type: 'explode' } as never)).toThrow();
    expect(media.faults.list()).toEqual([]);
  });

  it('prefers a stream fault over its device fault', () => {
    media.faults.set('dev', { type: 'refuse', status: 404 });
    media.faults.set('stream', { type: 'refuse', status: 500 });
    expect(media.faults.resolve('dev', 'stream')?.fault).toEqual({ type: 'refuse', status: 500 });
    expect(media.faults.resolve('dev', 'other')?.fault).toEqual({ type: 'refuse', status: 404 });
  });
});

describe('admin endpoint', () => {
  const admin = () => `${media.origin}/admin/faults`;

  it('sets, lists and clears faults over HTTP', async () => {
    const s = await freshStream();
    const post = await fetch(admin(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ target: s.deviceKey, fault: { type: 'refuse', status: 500 } }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ target: s.deviceKey, fault: { type: 'refuse', status: 500 } });
    expect((await fetchBytes(s.hls)).status).toBe(500);
    expect(await (await fetch(admin())).json()).toEqual({
      faults: [{ target: s.deviceKey, fault: { type: 'refuse', status: 500 } }],
    });

    const del = await fetch(`${admin()}?target=${encodeURIComponent(s.deviceKey)}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ cleared: 1 });
    expect((await fetchBytes(s.hls)).status).toBe(200);

    media.faults.set('a', { type: 'offline' });
    media.faults.set('b', { type: 'garbage' });
    expect(await (await fetch(admin(), { method: 'DELETE' })).json()).toEqual({ cleared: 2 });
  });

  it('rejects bad requests and a fault it does not know', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(admin(), { method: 'POST', headers: { 'Content-Type': type }, body });
    expect((await post('{"target":"x","fault":{"type":"drop","afterSeconds":1}}', 'text/plain')).status).toBe(
      415,
    );
    expect((await post('{nope')).status).toBe(400);
    const invalid = await post('{"target":"x","fault":{"type":"refuse","status":418}}');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).details.length).toBeGreaterThan(0);
    expect((await post('{"fault":{"type":"offline"}}')).status).toBe(400);
    expect((await fetch(admin(), { method: 'PUT' })).status).toBe(405);
    expect(media.faults.list()).toEqual([]);
    // No CORS grant: a web page cannot drive the switchboard.
    expect((await fetch(admin())).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '', undefined])
      expect(isLoopback(a)).toBe(false);
  });

  // This one server must listen on a non-loopback address: that is the case under test.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)('refuses a client that is not on loopback (403)', async () => {
    const exposed = await createLiveMedia({ host: external });
    try {
      const res = await fetch(`${exposed.origin}/admin/faults`);
      expect(res.status).toBe(403);
      const post = await fetch(`${exposed.origin}/admin/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ target: 'x', fault: { type: 'offline' } }),
      });
      expect(post.status).toBe(403);
      expect(exposed.faults.list()).toEqual([]);
    } finally {
      await exposed.close();
    }
  });
});
