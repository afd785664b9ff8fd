import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoHttpError } from '../../../../electron/demo-platform/media-backend';
import { createLiveMedia, type LiveMedia } from '../../../../electron/demo-platform/media';
import type { StreamPlayback } from '../../../../electron/shared/domain';
import { candidateAddresses, playRtc, post, receiveOnlyOffer, type RtcSession } from './webrtc-client';

/**
 * WebRTC play on the demo's media server, with werift as the browser: both signalling shapes, the
 * stream's secret, loopback only, H.264 over RTP paced on the live timeline, and the faults.
 */

let media: LiveMedia;
let n = 0;
const sessions: RtcSession[] = [];

beforeAll(async () => {
  media = await createLiveMedia();
});
afterEach(async () => {
  media.faults.clear();
  media.setRtcShape('zlm');
  for (const s of sessions.splice(0)) await s.close();
});
afterAll(async () => {
  await media.close();
});

async function freshStream(): Promise<StreamPlayback & { deviceKey: string }> {
  n += 1;
  const deviceKey = `rtc-device-${n}`;
  return { deviceKey, ...(await media.startStream({ deviceKey, sipId: '', channelId: '' })) };
}

async function play(url: string): Promise<RtcSession> {
  const session = await playRtc(url);
  sessions.push(session);
  return session;
}

const withSecret = (url: string, secret: string | undefined): string => {
  const u = new URL(url);
  if (secret === undefined) u.searchParams.delete('secret');
  else u.searchParams.set('secret', secret);
  return u.href;
};

/**
 * The packets in sending order: by sequence number, each once. A burst (the cached GOP) can overflow the
 * werift client's socket, and the retransmissions it asks for (NACK) arrive after later packets.
 */
function inOrder(s: RtcSession) {
  const first = s.packets[0].sequence;
  const bySeq = new Map(s.packets.map((p) => [(p.sequence - first + 0x10000) & 0xffff, p]));
  return [...bySeq.entries()].sort((a, b) => a[0] - b[0]);
}

/** The RTP timestamps of whole pictures (one per marker bit), in sending order. */
const pictureTimestamps = (s: RtcSession) =>
  inOrder(s)
    .map(([, p]) => p)
    .filter((p) => p.marker)
    .map((p) => p.timestamp);

/** Pictures in a GOP of the fixtures: the cached GOP, sent at once, is at most this long. */
const GOP = 50;

const waitFor = async (predicate: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('WebRTC play', () => {
  it.each(['zlm', 'whep'] as const)(
    'the rtc field (%s) answers an offer and sends H.264 from a keyframe, paced live',
    async (shape) => {
      media.setRtcShape(shape);
      const s = await freshStream();
      const url = new URL(s.rtc);
      expect(url.origin).toBe(media.origin);
      expect(url.pathname).toBe(shape === 'whep' ? '/index/api/whep' : '/index/api/webrtc');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        app: 'rtp',
        stream: s.streamId,
        type: 'play',
      });

      const session = await play(s.rtc);
      if (shape === 'whep') {
        expect(session).toMatchObject({ status: 201, contentType: 'application/sdp' });
        expect(session.location).toMatch(/^\/index\/api\/whep\/[0-9a-f]{32}$/);
      } else {
        expect(session.status).toBe(200);
        expect(JSON.parse(session.body)).toMatchObject({ code: 0, type: 'answer' });
      }
      // Loopback only: the answer offers 127.0.0.1 and nothing else, no STUN or TURN.
      expect(candidateAddresses(session.answer!)).toEqual(['127.0.0.1']);
      expect(session.answer).toMatch(/^a=rtpmap:\d+ H264\/90000/m);

      await session.pictures(GOP + 10);
      const packets = inOrder(session);
      // Sequence numbers run on without a gap (lost ones were sent again).
      expect(packets.every(([offset], i) => offset === i)).toBe(true);
      // The first packet is the cached keyframe: SPS and PPS in a STAP-A, then the IDR slice.
      expect(packets[0][1]).toMatchObject({ nalType: 24, carries: [7, 8] });
      expect(packets[1][1].carries).toEqual([5]);
      // The cached GOP comes at once, 1 ms (90 ticks) apart, then one picture per 40 ms (3600 ticks).
      const stamps = pictureTimestamps(session);
      const steps = stamps.slice(1).map((t, i) => (t - stamps[i] + 2 ** 32) % 2 ** 32);
      const live = steps.slice(steps.findIndex((d) => d !== 90));
      expect(steps.slice(0, steps.length - live.length).every((d) => d === 90)).toBe(true);
      expect(live.length).toBeGreaterThan(0);
      expect(
        live.every((d) => d % 3600 === 0 && d > 0),
        JSON.stringify(steps),
      ).toBe(true);
      expect(media.stats().webrtcSessions).toBeGreaterThanOrEqual(1);
    },
  );

  it('paces live pictures in real time: about 25 a second', async () => {
    const s = await freshStream();
    const session = await play(s.rtc);
    await session.pictures(GOP + 5);
    const start = session.packets.filter((p) => p.marker).length;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    const rate = ((session.packets.filter((p) => p.marker).length - start) * 1000) / (performance.now() - t0);
    expect(rate).toBeGreaterThan(20);
    expect(rate).toBeLessThan(30);
    // Each live picture leaves when the timeline makes it: its RTP timestamp maps back to a due time
    // just before it arrived (what the wall benchmark measures WebRTC latency from).
    const lags = session.packets
      .filter((p) => p.marker)
      .slice(-10)
      .map((p) => p.at - media.webrtcPictureDueAt(p.timestamp));
    for (const lag of lags) {
      expect(lag).toBeGreaterThanOrEqual(-1);
      expect(lag).toBeLessThan(250);
    }
  });

  it('WHEP: DELETE on the Location ends the session; an unknown session is 404', async () => {
    media.setRtcShape('whep');
    const s = await freshStream();
    const session = await play(s.rtc);
    await session.pictures(3);
    const before = media.stats().webrtcSessions;
    const resource = new URL(session.location!, media.origin).href;
    expect((await fetch(resource, { method: 'DELETE' })).status).toBe(200);
    expect(media.stats().webrtcSessions).toBe(before - 1);
    await session.closedByServer;
    expect((await fetch(resource, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(resource, { method: 'GET' })).status).toBe(405);
  });

  it('both endpoints are served whichever the rtc field points at, and answer a CORS preflight', async () => {
    const s = await freshStream();
    const whep = s.rtc.replace('/index/api/webrtc', '/index/api/whep');
    const session = await play(whep);
    expect(session.status).toBe(201);
    await session.pictures(3);
    const preflight = await fetch(s.rtc, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(preflight.headers.get('access-control-expose-headers')).toBe('*');
  });
});

describe('WebRTC refusals', () => {
  it.each(['zlm', 'whep'] as const)(
    '%s: a missing or wrong secret is 403, an unknown stream 404',
    async (shape) => {
      media.setRtcShape(shape);
      const s = await freshStream();
      const { pc, offer } = await receiveOnlyOffer();
      try {
        for (const secret of [undefined, '', '0'.repeat(32), 'not-hex']) {
          const res = await post(withSecret(s.rtc, secret), offer);
          expect(res.status).toBe(403);
          expect(res.allowOrigin).toBe('*');
          if (shape === 'zlm') expect(JSON.parse(res.body)).toMatchObject({ code: -1 });
        }
        const unknown = new URL(s.rtc);
        unknown.searchParams.set('stream', 'never-started');
        expect((await post(unknown.href, offer)).status).toBe(404);
        expect(media.stats().webrtcSessions).toBe(0);
      } finally {
        await pc.close();
      }
    },
  );

  it('an offer it cannot answer: ZLMediaKit-style {code: -400} in JSON, WHEP a 400', async () => {
    const s = await freshStream();
    const before = media.stats().webrtcSessions;
    const zlm = await post(s.rtc, 'hello', 'text/plain');
    expect(zlm.status).toBe(200);
    expect(JSON.parse(zlm.body)).toMatchObject({ code: -400, msg: 'the body is not an SDP offer' });
    const push = new URL(s.rtc);
    push.searchParams.set('type', 'push');
    const { pc, offer } = await receiveOnlyOffer();
    try {
      expect(JSON.parse((await post(push.href, offer)).body)).toMatchObject({ code: -400 });
      // An offer without H.264 (VP8 only).
      const vp8 = offer.replace(/H264\/90000/g, 'VP8/90000');
      const noH264 = await post(s.rtc.replace('/index/api/webrtc', '/index/api/whep'), vp8);
      expect(noH264.status).toBe(400);
      expect(noH264.body).toContain('could not be answered');
    } finally {
      await pc.close();
    }
    expect(media.stats().webrtcSessions).toBe(before);
  });
});

describe('WebRTC on loopback only', () => {
  // The machine's own address (a packet to it never leaves the machine).
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)('refuses an offer from a client that is not on loopback (403)', async () => {
    const exposed = await createLiveMedia({ host: external, clips: [...media.clips] });
    try {
      const s = await exposed.startStream({ deviceKey: 'rtc-exposed', sipId: '', channelId: '' });
      expect(new URL(s.rtc).hostname).toBe(external);
      const { pc, offer } = await receiveOnlyOffer();
      try {
        const res = await post(s.rtc, offer);
        expect(res.status).toBe(403);
        expect(JSON.parse(res.body).msg ?? res.body).toContain('loopback');
      } finally {
        await pc.close();
      }
      expect(exposed.stats().webrtcSessions).toBe(0);
    } finally {
      await exposed.close();
    }
  });
});

describe('WebRTC faults', () => {
  it.each([404, 500] as const)('refuse %i: the offer is answered with that status', async (status) => {
    const s = await freshStream();
    media.faults.set(s.deviceKey, { type: 'refuse', status });
    const session = await play(s.rtc);
    expect(session.status).toBe(status);
    expect(session.answer).toBeNull();
    media.faults.clear(s.deviceKey);
    const again = await play(s.rtc);
    expect(again.status).toBe(200);
    await again.pictures(3);
  });

  it('offline: streamStart fails with 503, an open session ends and a new offer is 404', async () => {
    const s = await freshStream();
    const session = await play(s.rtc);
    await session.pictures(3);
    media.faults.set(s.deviceKey, { type: 'offline' });
    await session.closedByServer;
    await expect(
      media.startStream({ deviceKey: s.deviceKey, sipId: '', channelId: '' }),
    ).rejects.toBeInstanceOf(DemoHttpError);
    expect((await play(s.rtc)).status).toBe(404);
  });

  it('drop: an open session is closed (close_notify) N s after the fault is set; a new one N s after it opens', async () => {
    const s = await freshStream();
    const open = await play(s.rtc);
    await open.pictures(3);
    const setAt = performance.now();
    media.faults.set(s.deviceKey, { type: 'drop', afterSeconds: 0.5 });
    await open.closedByServer;
    expect(performance.now() - setAt).toBeGreaterThanOrEqual(400);
    const fresh = await play(s.rtc);
    expect(fresh.status).toBe(200);
    await fresh.pictures(3);
    await fresh.closedByServer;
    const sent = fresh.packets.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(fresh.packets.length).toBe(sent);
    await waitFor(() => media.stats().webrtcSessions === 0);
  });

  it('stall: an open session sends nothing for N s, then resumes at a keyframe', async () => {
    const s = await freshStream();
    const session = await play(s.rtc);
    await session.pictures(GOP + 3);
    media.faults.set(s.deviceKey, { type: 'stall', seconds: 1 });
    const stalledAt = session.packets.length;
    const t0 = performance.now();
    await session.pictures(session.packets.filter((p) => p.marker).length + 3, 10_000);
    const resumed = session.packets.slice(stalledAt);
    // Nothing (beyond packets already on their way) for about the stall, then a keyframe first.
    const firstAfterGap = resumed.find((p, i) => i > 0 && p.at - resumed[i - 1].at > 800) ?? resumed[0];
    expect(performance.now() - t0).toBeGreaterThanOrEqual(900);
    expect(firstAfterGap).toMatchObject({ nalType: 24, carries: [7, 8] });
  });

  it('stall on a new offer: the answer waits N s', async () => {
    const s = await freshStream();
    media.faults.set(s.deviceKey, { type: 'stall', seconds: 1 });
    const t0 = performance.now();
    const session = await play(s.rtc);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(900);
    expect(session.status).toBe(200);
    media.faults.clear(s.deviceKey);
    await session.pictures(3);
  });
});
