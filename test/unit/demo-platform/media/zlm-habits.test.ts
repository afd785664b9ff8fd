import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamPlayback } from '../../../../electron/shared/domain';
import { createLiveMedia, defaultMediaDir, type LiveMedia } from '../../../../electron/demo-platform/media';
import { parseCliArgs } from '../../../../electron/demo-platform/cli-args';
import { seedDemoData } from '../../../../electron/demo-platform/seed-demo-data';
import { adtsHeader, alawToLinear, pesPackets, pmtStreams, toneOf, ulawToLinear } from './audio-parsers';
import { fetchBytes, readHttp, readWs } from './media-client';
import { findBox, parseBoxes, parseFlv, parseM3u8, parseTs, readSection, type FlvTag } from './media-parsers';

/**
 * The demo platform's media server with `zlm: true` must put on the wire what a real ZLMediaKit
 * puts there (checked against its source: src/Rtmp/Rtmp.cpp, src/Rtmp/FlvMuxer.cpp,
 * src/Common/MediaSink.cpp, src/Http/HttpSession.cpp, server/WebApi.cpp, media-server's mpeg-ts
 * stream types). Everything here is read back over real loopback HTTP and WebSocket.
 */

type Camera = 'g711a' | 'g711u' | 'aac' | 'none';
let media: LiveMedia;
const streams = new Map<Camera, StreamPlayback>();
const deviceOf = new Map<Camera, string>();

beforeAll(async () => {
  media = await createLiveMedia({ zlm: true });
  for (let i = 0; deviceOf.size < 4 && i < 1000; i += 1) {
    const key = `zlm-cam-${i}`;
    const camera = media.cameraAudio(key);
    if (deviceOf.has(camera)) continue;
    deviceOf.set(camera, key);
    streams.set(camera, await media.startStream({ deviceKey: key, sipId: '', channelId: '' }));
  }
});
afterAll(async () => {
  await media.close();
});

const stream = (camera: Camera): StreamPlayback => streams.get(camera)!;
const audioTags = (tags: FlvTag[]) => tags.filter((t) => t.type === 8);
const enoughAudio = (n: number) => (body: Buffer) => audioTags(parseFlv(body).tags).length >= n;

/** A tone's frequency from its sign changes in one 40 ms frame (one crossing either way: 25 Hz). */
function expectHz(hz: number, want: number): void {
  expect(Math.abs(hz - want)).toBeLessThanOrEqual(25);
}

/** The values of onMetaData's ECMA array (numbers and booleans). */
function metadata(tag: FlvTag): Record<string, number | boolean> {
  const b = tag.body;
  const out: Record<string, number | boolean> = {};
  let o = 3 + b.readUInt16BE(1); // 0x02, "onMetaData"
  expect(b[o]).toBe(0x08);
  const count = b.readUInt32BE(o + 1);
  o += 5;
  for (let i = 0; i < count; i += 1) {
    const length = b.readUInt16BE(o);
    const name = b.toString('utf8', o + 2, o + 2 + length);
    o += 2 + length;
    if (b[o] === 0x00) {
      out[name] = b.readDoubleBE(o + 1);
      o += 9;
    } else {
      out[name] = b[o + 1] === 1;
      o += 2;
    }
  }
  return out;
}

describe('the ZLMediaKit habits: which camera carries which audio', () => {
  it('is switched on by --zlm and is decided per device, every kind present in the seeded demo', () => {
    expect(parseCliArgs(['--zlm']).mediaOptions).toEqual({ zlm: true });
    expect(media.zlm).toBe(true);
    const mix = new Map<string, number>();
    for (const device of seedDemoData(1).devices) {
      const camera = media.cameraAudio(device.deviceKey);
      mix.set(camera, (mix.get(camera) ?? 0) + 1);
      expect(media.cameraAudio(device.deviceKey)).toBe(camera);
    }
    expect([...mix.keys()].sort()).toEqual(['aac', 'g711a', 'g711u', 'none']);
    expect(mix.get('g711a')).toBeGreaterThan(mix.get('g711u')!);
  });
});

describe('G.711 as ZLMediaKit muxes it', () => {
  it('HTTP-FLV: codec id 7 (A-law), header byte 0x72, 40 ms frames of a real 1 kHz tone', async () => {
    const read = await readHttp(stream('g711a').flv, { until: enoughAudio(20), maxMs: 10_000 });
    expect(read.status).toBe(200);
    expect(read.body[4]).toBe(0x05); // audio and video
    const flv = parseFlv(read.body);
    expect(flv.tags.every((t) => t.sizeChainOk)).toBe(true);
    const meta = metadata(flv.tags.find((t) => t.type === 0x12)!);
    expect(meta).toMatchObject({
      audiocodecid: 7,
      audiosamplerate: 8000,
      audiosamplesize: 16,
      stereo: false,
    });
    const audio = audioTags(flv.tags);
    expect(audio.length).toBeGreaterThanOrEqual(20);
    for (const tag of audio) {
      expect(tag.body[0]).toBe(0x72); // SoundFormat 7, rate bits 0, 16-bit, mono
      expect(tag.body.length).toBe(1 + 320); // 40 ms at 8 kHz
    }
    for (let i = 1; i < audio.length; i += 1) expect(audio[i].timestamp - audio[i - 1].timestamp).toBe(40);
    const samples = [...audio[3].body.subarray(1)].map(alawToLinear);
    const tone = toneOf(samples, 8000);
    expectHz(tone.hz, 1000);
    expect(tone.peak).toBeGreaterThan(7000);
    expect(tone.peak).toBeLessThan(9000);
  });

  it('HTTP-FLV: codec id 8 (μ-law), header byte 0x82, a real 600 Hz tone', async () => {
    const read = await readHttp(stream('g711u').flv, { until: enoughAudio(10), maxMs: 10_000 });
    const flv = parseFlv(read.body);
    expect(metadata(flv.tags.find((t) => t.type === 0x12)!).audiocodecid).toBe(8);
    const audio = audioTags(flv.tags);
    expect(audio.every((t) => t.body[0] === 0x82)).toBe(true);
    const tone = toneOf([...audio[2].body.subarray(1)].map(ulawToLinear), 8000);
    expectHz(tone.hz, 600);
    expect(tone.peak).toBeGreaterThan(7000);
  });

  it('MPEG-TS: the PMT lists stream type 0x90 and PES of G.711 (stream id 0xC0) follow each picture', async () => {
    const read = await readHttp(stream('g711a').ts, {
      until: (body) => body.length > 400_000,
      maxMs: 10_000,
    });
    const packets = parseTs(read.body);
    const pmt = readSection(packets.find((p) => p.pid === 0x1000)!);
    expect(pmt.crcOk).toBe(true);
    const types = pmtStreams(pmt.section);
    expect(types).toEqual([
      { type: 0x1b, pid: 0x100 },
      { type: 0x90, pid: 0x101 },
    ]);
    const audio = pesPackets(packets, 0x101);
    expect(audio.length).toBeGreaterThan(10);
    for (const pes of audio.slice(0, -1)) {
      expect(pes.streamId).toBe(0xc0);
      expect(pes.payload.length).toBe(320);
      expect(pes.declaredLength).toBe(8 + 320);
    }
    for (let i = 1; i < audio.length - 1; i += 1) expect(audio[i].pts - audio[i - 1].pts).toBe(3600);
    expectHz(toneOf([...audio[1].payload].map(alawToLinear), 8000).hz, 1000);
    // Continuity counters of the audio PID run on without a gap.
    const ccs = packets.filter((p) => p.pid === 0x101).map((p) => p.cc);
    for (let i = 1; i < ccs.length; i += 1) expect(ccs[i]).toBe((ccs[i - 1] + 1) & 0x0f);
  });

  it('MPEG-TS: a μ-law camera is stream type 0x91', async () => {
    const read = await readHttp(stream('g711u').ts, { until: (b) => b.length > 50_000, maxMs: 10_000 });
    const pmt = readSection(parseTs(read.body).find((p) => p.pid === 0x1000)!);
    expect(pmtStreams(pmt.section).map((s) => s.type)).toEqual([0x1b, 0x91]);
  });

  it('fMP4: the init segment declares an `alaw` audio track beside avc1', async () => {
    const read = await readHttp(stream('g711a').fmp4, { until: (b) => b.length > 100_000, maxMs: 10_000 });
    const boxes = parseBoxes(read.body);
    const moov = parseBoxes(findBox(boxes, ['moov'])!.body);
    const traks = moov.filter((b) => b.type === 'trak');
    expect(traks).toHaveLength(2);
    const entries = traks.map((t) => {
      const stsd = findBox(parseBoxes(t.body), ['mdia', 'minf', 'stbl', 'stsd'])!;
      return stsd.body.toString('latin1', 12, 16);
    });
    expect(entries).toEqual(['avc1', 'alaw']);
    const trackIds = boxes
      .filter((b) => b.type === 'moof')
      .map((moof) => findBox(parseBoxes(moof.body), ['traf', 'tfhd'])!.body.readUInt32BE(4));
    expect(new Set(trackIds)).toEqual(new Set([1, 2]));
  });
});

describe('the silent AAC track ZLMediaKit adds to a camera without audio', () => {
  it('HTTP-FLV: an AudioSpecificConfig of AAC-LC 8 kHz mono, then a 1024-sample frame every 128 ms', async () => {
    const read = await readHttp(stream('none').flv, { until: enoughAudio(8), maxMs: 10_000 });
    const audio = audioTags(parseFlv(read.body).tags);
    expect([...audio[0].body]).toEqual([0xaf, 0x00, 0x15, 0x88]);
    const frames = audio.slice(1);
    expect(frames.length).toBeGreaterThanOrEqual(7);
    for (const tag of frames) {
      expect(tag.body.subarray(0, 2)).toEqual(Buffer.from([0xaf, 0x01]));
      expect(tag.body.length).toBe(2 + 361 - 7); // the raw frame without its ADTS header
    }
    for (let i = 1; i < frames.length; i += 1)
      expect(frames[i].timestamp - frames[i - 1].timestamp).toBe(128);
    expect(frames.every((t) => t.timestamp % 128 === 0)).toBe(true);
  });

  it('MPEG-TS: stream type 0x0F with whole ADTS frames (AAC-LC, 8 kHz, mono), PTS 11520 ticks apart', async () => {
    const read = await readHttp(stream('none').ts, { until: (b) => b.length > 600_000, maxMs: 10_000 });
    const packets = parseTs(read.body);
    const pmt = readSection(packets.find((p) => p.pid === 0x1000)!);
    expect(pmtStreams(pmt.section).map((s) => s.type)).toEqual([0x1b, 0x0f]);
    const audio = pesPackets(packets, 0x101).slice(0, -1);
    expect(audio.length).toBeGreaterThan(3);
    for (const pes of audio) {
      expect(adtsHeader(pes.payload)).toEqual({ profile: 2, sampleRate: 8000, channels: 1, length: 361 });
      expect(pes.payload.length).toBe(361);
    }
    for (let i = 1; i < audio.length; i += 1) expect(audio[i].pts - audio[i - 1].pts).toBe(11520);
  });

  it('fMP4: an `mp4a` track whose esds carries that AudioSpecificConfig', async () => {
    const read = await readHttp(stream('none').fmp4, { until: (b) => b.length > 100_000, maxMs: 10_000 });
    const moov = parseBoxes(findBox(parseBoxes(read.body), ['moov'])!.body);
    const audioTrak = moov.filter((b) => b.type === 'trak')[1];
    const stsd = findBox(parseBoxes(audioTrak.body), ['mdia', 'minf', 'stbl', 'stsd'])!;
    expect(stsd.body.toString('latin1', 12, 16)).toBe('mp4a');
    const mp4a = stsd.body.subarray(8);
    expect(mp4a.includes(Buffer.from('esds', 'latin1'))).toBe(true);
    // DecoderSpecificInfo (tag 5, length 2): the AudioSpecificConfig.
    expect(mp4a.includes(Buffer.from([0x05, 0x02, 0x15, 0x88]))).toBe(true);
  });
});

describe('an AAC camera', () => {
  it('HTTP-FLV: its own AudioSpecificConfig (AAC-LC 16 kHz mono) and the fixture tone frames, 64 ms apart', async () => {
    const fixture = await readFile(path.join(defaultMediaDir(), 'tone-500hz-16k.aac'));
    const read = await readHttp(stream('aac').flv, { until: enoughAudio(10), maxMs: 10_000 });
    const audio = audioTags(parseFlv(read.body).tags);
    expect([...audio[0].body]).toEqual([0xaf, 0x00, 0x14, 0x08]);
    for (const tag of audio.slice(1)) {
      expect(tag.body.subarray(0, 2)).toEqual(Buffer.from([0xaf, 0x01]));
      // Every frame is one of the fixture's ADTS frames, without its 7-byte header.
      expect(fixture.includes(tag.body.subarray(2))).toBe(true);
    }
    const steps = audio.slice(2).map((t, i) => t.timestamp - audio[i + 1].timestamp);
    expect(steps.every((s) => s === 64)).toBe(true);
  });
});

describe('WS-FLV as ZLMediaKit sends it', () => {
  it('sends the file header alone, then every tag as three messages: its header, its body, its size', async () => {
    const read = await readWs(stream('g711a').ws_flv, {
      until: (body) => audioTags(parseFlv(body).tags).length >= 10,
      maxMs: 10_000,
    });
    expect(read.opened).toBe(true);
    const [first, ...rest] = read.messages;
    expect(first.length).toBe(13);
    expect(first.toString('latin1', 0, 3)).toBe('FLV');
    let audio = 0;
    let i = 0;
    for (; i + 3 <= rest.length; i += 3) {
      const [header, body, size] = rest.slice(i, i + 3);
      expect(header.length).toBe(11);
      expect([8, 9, 0x12]).toContain(header[0]);
      expect(body.length).toBe(header.readUIntBE(1, 3));
      expect(size.length).toBe(4);
      expect(size.readUInt32BE(0)).toBe(11 + body.length);
      if (header[0] === 8) audio += 1;
    }
    expect(audio).toBeGreaterThanOrEqual(10);
    // The same bytes parse as one FLV stream with audio.
    expect(parseFlv(read.body).tags.every((t) => t.sizeChainOk)).toBe(true);
  });
});

describe('HLS as ZLMediaKit serves it', () => {
  it('names segments relative to the playlist, without the secret, and serves them to that player', async () => {
    const playlistUrl = stream('g711a').hls;
    const res = await fetchBytes(playlistUrl);
    expect(res.status).toBe(200);
    const text = res.body.toString('utf8');
    expect(text).not.toContain('secret');
    const m3u8 = parseM3u8(text);
    expect(m3u8.segments.length).toBeGreaterThan(0);
    for (const segment of m3u8.segments) expect(segment.uri).toMatch(/^\d+\.ts$/);
    const segmentUrl = new URL(m3u8.segments.at(-1)!.uri, playlistUrl);
    expect(segmentUrl.search).toBe('');
    const segment = await fetchBytes(segmentUrl.href);
    expect(segment.status).toBe(200);
    const packets = parseTs(segment.body);
    const pmt = readSection(packets.find((p) => p.pid === 0x1000)!);
    expect(pmtStreams(pmt.section).map((s) => s.type)).toEqual([0x1b, 0x90]);
    expect(pesPackets(packets, 0x101).length).toBeGreaterThan(10);
  });

  it('refuses a segment of a stream whose playlist was never played (401)', async () => {
    const other = await media.startStream({ deviceKey: 'zlm-hls-unplayed', sipId: '', channelId: '' });
    const playlist = new URL(other.hls);
    const segment = await fetchBytes(`${playlist.origin}${playlist.pathname.replace('hls.m3u8', '0.ts')}`);
    expect(segment.status).toBe(401);
  });
});

describe('refusals as ZLMediaKit answers them', () => {
  const wrongSecret = (url: string) => url.replace(/secret=[0-9a-f]{32}/, `secret=${'0'.repeat(32)}`);

  it('HTTP play (FLV, TS, fMP4, HLS) with a wrong secret: 401 with "[auth failed]"', async () => {
    const s = stream('g711a');
    for (const url of [s.flv, s.ts, s.fmp4, s.hls]) {
      const res = await fetchBytes(wrongSecret(url));
      expect(res.status, url).toBe(401);
      expect(res.body.toString('utf8')).toContain('[auth failed]');
    }
  });

  it('a WS-FLV handshake with a wrong secret: 401', async () => {
    const read = await readWs(wrongSecret(stream('g711a').ws_flv), { maxMs: 5_000 });
    expect(read.refusedStatus).toBe(401);
  });

  it('WebRTC play with a wrong secret: HTTP 200 {"code":-400,"msg":"[auth failed]…"}', async () => {
    const res = await fetch(wrongSecret(stream('g711a').rtc), { method: 'POST', body: 'v=0\r\n' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(-400);
    expect(body.msg).toMatch(/^\[auth failed\]/);
  });

  it('WebRTC play of an unknown stream: 200 with -400 "stream not found"', async () => {
    const rtc = new URL(stream('aac').rtc);
    rtc.searchParams.set('stream', 'no-such-stream');
    const unknown = await fetch(rtc, { method: 'POST', body: 'v=0\r\n' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ code: -400, msg: 'stream not found' });
  });

  it('a play refused by a fault: 403 is an access check (HTTP 401, WebRTC -100), 500 an error (-400)', async () => {
    const key = deviceOf.get('aac')!;
    const s = stream('aac');
    const offer = async () => {
      const res = await fetch(s.rtc, { method: 'POST', body: 'v=0\r\n' });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    };
    try {
      media.faults.set(key, { type: 'refuse', status: 403 });
      expect((await fetchBytes(s.flv)).status).toBe(401);
      const denied = await offer();
      expect(denied.status).toBe(200);
      expect(denied.body.code).toBe(-100);

      media.faults.set(key, { type: 'refuse', status: 500 });
      expect((await fetchBytes(s.flv)).status).toBe(500);
      const failed = await offer();
      expect(failed).toEqual({ status: 200, body: { code: -400, msg: 'Internal Server Error' } });
    } finally {
      media.faults.clear(key);
    }
  });
});

describe('without the switch', () => {
  it('serves the same device as before: video only, 403 for a wrong secret, HLS segments with the secret', async () => {
    const plain = await createLiveMedia({ clips: [...media.clips] });
    try {
      const s = await plain.startStream({ deviceKey: deviceOf.get('g711a')!, sipId: '', channelId: '' });
      const read = await readHttp(s.flv, { until: (b) => parseFlv(b).tags.length > 30, maxMs: 10_000 });
      expect(read.body[4]).toBe(0x01);
      expect(audioTags(parseFlv(read.body).tags)).toHaveLength(0);
      expect((await fetchBytes(s.flv.replace(/secret=[0-9a-f]+/, 'secret=x'))).status).toBe(403);
      const m3u8 = parseM3u8((await fetchBytes(s.hls)).body.toString('utf8'));
      expect(m3u8.segments[0].uri).toMatch(/^\d+\.ts\?secret=[0-9a-f]{32}$/);
      plain.faults.set(s.streamId, { type: 'refuse', status: 403 });
      expect((await fetchBytes(s.flv)).status).toBe(403);
      const rtc = await fetch(s.rtc, { method: 'POST', body: 'v=0\r\n' });
      expect(rtc.status).toBe(403);
      expect(((await rtc.json()) as { code: number }).code).toBe(-1);
    } finally {
      await plain.close();
    }
  });
});
