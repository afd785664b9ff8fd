import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamPlayback } from '../../../../electron/shared/domain';
import { createLiveMedia, type LiveMedia } from '../../../../electron/demo-platform/media';
import { CLIP_FRAMES, FRAME_MS, GOP, fastClock } from './fast-clock';
import { readHttp, readWs } from './media-client';
import {
  findBox,
  flvPictures,
  parseBoxes,
  parseFlv,
  parseTs,
  pesTimestamps,
  readSection,
} from './media-parsers';

// The timeline runs 8× fast here, so a read of a second or two crosses a clip loop (250 pictures).
let media: LiveMedia;
let stream: StreamPlayback;

beforeAll(async () => {
  media = await createLiveMedia({ clock: fastClock(8) });
  stream = await media.startStream({ deviceKey: 'formats-device', sipId: '', channelId: '' });
});
afterAll(async () => {
  await media.close();
});

/**
 * Timestamps rise by one picture (40 ms). The one exception the server allows itself: a viewer that fell
 * behind (a busy machine, a slow socket) skips ahead, and then always to a keyframe.
 */
function expectPaced(pictures: { ms: number; key: boolean }[]): void {
  let steps = 0;
  for (let i = 1; i < pictures.length; i += 1) {
    const step = pictures[i].ms - pictures[i - 1].ms;
    expect(step).toBeGreaterThanOrEqual(FRAME_MS);
    if (step === FRAME_MS) steps += 1;
    else expect(pictures[i].key).toBe(true);
  }
  expect(steps).toBeGreaterThanOrEqual((pictures.length - 1) * 0.9);
}

const flvPictureCount = (min: number) => (body: Buffer) => flvPictures(parseFlv(body).tags).length >= min;

function expectValidFlv(body: Buffer, minPictures: number): void {
  const flv = parseFlv(body);
  expect(flv.headerOk).toBe(true);
  expect(flv.hasVideoFlag).toBe(true);
  expect(flv.tags.every((t) => t.sizeChainOk)).toBe(true);
  // Script data (onMetaData) may come first; the first video tag is the AVC sequence header.
  const video = flv.tags.filter((t) => t.type === 9);
  expect(video[0].body[0]).toBe(0x17);
  expect(video[0].body[1]).toBe(0); // AVCPacketType 0: sequence header
  expect(video[0].body[5]).toBe(1); // AVCDecoderConfigurationRecord version
  const pictures = flvPictures(flv.tags);
  expect(pictures.length).toBeGreaterThanOrEqual(minPictures);
  expect(pictures[0].key).toBe(true);
  expectPaced(pictures.map((p) => ({ ms: p.timestamp, key: p.key })));
  // Keyframes every 2 s of timeline, and only there.
  for (const p of pictures) expect(p.key).toBe((p.timestamp / FRAME_MS) % GOP === 0);
}

describe('HTTP-FLV', () => {
  it('sends a header, an AVC sequence header, then pictures from a keyframe, 40 ms apart across a clip loop', async () => {
    const read = await readHttp(stream.flv, { until: flvPictureCount(CLIP_FRAMES + 40), maxMs: 15_000 });
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('video/x-flv');
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expectValidFlv(read.body, CLIP_FRAMES + 40);

    const pictures = flvPictures(parseFlv(read.body).tags);
    const indexes = pictures.map((p) => p.timestamp / FRAME_MS);
    const loopAt = indexes.findIndex((i, k) => k > 0 && i % CLIP_FRAMES === 0);
    expect(loopAt).toBeGreaterThan(0);
    // The clip really loops: one loop later, the same picture bytes, at a later timestamp.
    const first = pictures[0];
    const again = pictures.find((p) => p.timestamp === first.timestamp + CLIP_FRAMES * FRAME_MS);
    expect(again?.body.equals(first.body)).toBe(true);
  });

  it('answers WS-FLV on the same path with the same stream', async () => {
    const read = await readWs(stream.ws_flv, { until: flvPictureCount(60), maxMs: 10_000 });
    expect(read.opened).toBe(true);
    expect(read.messages[0].toString('latin1', 0, 3)).toBe('FLV');
    expectValidFlv(read.body, 60);
  });
});

function expectValidTs(body: Buffer, minPictures: number): void {
  expect(body.length % 188).toBe(0);
  const packets = parseTs(body); // throws on a missing sync byte
  expect(packets[0].pid).toBe(0); // a new viewer starts with PAT, PMT, then a keyframe
  const pat = readSection(packets[0]);
  expect(pat.tableId).toBe(0);
  expect(pat.crcOk).toBe(true);
  const pmtPid = ((pat.section[10] & 0x1f) << 8) | pat.section[11];
  const pmtPacket = packets.find((p) => p.pid === pmtPid && p.pusi);
  expect(pmtPacket).toBeDefined();
  const pmt = readSection(pmtPacket!);
  expect(pmt.tableId).toBe(2);
  expect(pmt.crcOk).toBe(true);
  expect(pmt.section[12]).toBe(0x1b); // H.264
  const videoPid = ((pmt.section[13] & 0x1f) << 8) | pmt.section[14];
  const pcrPid = ((pmt.section[8] & 0x1f) << 8) | pmt.section[9];
  expect(pcrPid).toBe(videoPid);
  // Every PSI section repeated at keyframes keeps a valid CRC.
  for (const p of packets.filter((q) => (q.pid === 0 || q.pid === pmtPid) && q.pusi))
    expect(readSection(p).crcOk).toBe(true);

  const pes = pesTimestamps(packets, videoPid);
  expect(pes.length).toBeGreaterThanOrEqual(minPictures);
  expect(pes[0].key).toBe(true);
  for (const p of pes) expect(p.pts).toBe(p.dts);
  expectPaced(pes.map((p) => ({ ms: p.dts / 90, key: p.key })));
  // Continuity counters run on per PID (but for a skip ahead, which starts at a keyframe's PES);
  // PCR goes up with the pictures and stays behind DTS.
  const video = packets.filter((p) => p.pid === videoPid);
  for (let i = 1; i < video.length; i += 1) {
    if (!(video[i].pusi && video[i].randomAccess)) expect(video[i].cc).toBe((video[i - 1].cc + 1) & 0x0f);
  }
  const pcrs = video.filter((p) => p.pcr !== undefined).map((p) => p.pcr!);
  expect(pcrs.length).toBe(pes.length);
  pcrs.forEach((pcr, i) => {
    expect(pcr).toBeLessThan(pes[i].dts);
    if (i > 0) expect(pcr).toBeGreaterThan(pcrs[i - 1]);
  });
}

const tsPictureCount = (min: number) => (body: Buffer) => {
  let starts = 0;
  for (let o = 0; o + 188 <= body.length; o += 188) {
    if (body[o + 1] & 0x40 && (((body[o + 1] & 0x1f) << 8) | body[o + 2]) === 0x100) starts += 1;
  }
  return starts >= min;
};

describe('MPEG-TS', () => {
  it('sends 188-byte packets with valid PAT/PMT CRCs and PTS 40 ms apart across a clip loop', async () => {
    const read = await readHttp(stream.ts, { until: tsPictureCount(CLIP_FRAMES + 20), maxMs: 15_000 });
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('video/mp2t');
    const whole = read.body.subarray(0, read.body.length - (read.body.length % 188));
    expectValidTs(whole, CLIP_FRAMES + 20);
  });

  it('answers WS-TS on the same path', async () => {
    const read = await readWs(stream.ws_ts, { until: tsPictureCount(40), maxMs: 10_000 });
    expect(read.opened).toBe(true);
    expectValidTs(read.body.subarray(0, read.body.length - (read.body.length % 188)), 40);
  });
});

function expectValidFmp4(body: Buffer, minFragments: number): void {
  const boxes = parseBoxes(body);
  expect(boxes[0].type).toBe('ftyp');
  expect(boxes[1].type).toBe('moov');
  const moov = parseBoxes(boxes[1].body);
  expect(findBox(moov, ['mvex', 'trex'])).toBeDefined();
  const stsd = findBox(moov, ['trak', 'mdia', 'minf', 'stbl', 'stsd']);
  expect(stsd).toBeDefined();
  // stsd: version/flags, entry count, then the avc1 sample entry whose child boxes start after 78 bytes.
  const avc1 = parseBoxes(stsd!.body.subarray(8))[0];
  expect(avc1.type).toBe('avc1');
  expect(avc1.body.readUInt16BE(24)).toBe(640);
  expect(avc1.body.readUInt16BE(26)).toBe(360);
  const avcC = parseBoxes(avc1.body.subarray(78)).find((b) => b.type === 'avcC');
  expect(avcC?.body[0]).toBe(1);
  expect(avcC!.body[1]).toBe(0x42); // baseline profile, from the SPS

  const fragments = boxes.slice(2);
  expect(fragments.length).toBeGreaterThanOrEqual(minFragments * 2);
  let previousTime = -1;
  for (let i = 0; i + 1 < fragments.length; i += 2) {
    const [moof, mdat] = [fragments[i], fragments[i + 1]];
    expect(moof.type).toBe('moof');
    expect(mdat.type).toBe('mdat');
    const parts = parseBoxes(moof.body);
    expect(findBox(parts, ['mfhd'])!.body.readUInt32BE(4)).toBe(i / 2 + 1);
    const tfdt = findBox(parts, ['traf', 'tfdt'])!.body;
    const time = tfdt[0] === 1 ? tfdt.readUInt32BE(4) * 2 ** 32 + tfdt.readUInt32BE(8) : tfdt.readUInt32BE(4);
    expect(time).toBeGreaterThan(previousTime);
    if (previousTime >= 0) expect(time - previousTime).toBe(3600);
    else expect(time).toBe(0); // each viewer's fMP4 starts at 0, as a <video> expects
    previousTime = time;
    const trun = findBox(parts, ['traf', 'trun'])!.body;
    expect(trun.readUInt32BE(4)).toBe(1); // one sample
    expect(trun.readInt32BE(8)).toBe(moof.size + 8); // data offset into this mdat
    expect(trun.readUInt32BE(16)).toBe(mdat.size - 8); // sample size
    const sync = (trun.readUInt32BE(20) & 0x00010000) === 0;
    if (i === 0) expect(sync).toBe(true);
  }
}

const fragmentCount = (min: number) => (body: Buffer) =>
  parseBoxes(body).filter((b) => b.type === 'mdat').length >= min;

describe('fMP4', () => {
  it('sends ftyp, moov with avcC, then moof/mdat pairs with tfdt rising by one picture', async () => {
    const read = await readHttp(stream.fmp4, { until: fragmentCount(120), maxMs: 15_000 });
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('video/mp4');
    expectValidFmp4(read.body, 120);
  });

  it('answers WS-fMP4 on the same path', async () => {
    const read = await readWs(stream.ws_fmp4, { until: fragmentCount(30), maxMs: 10_000 });
    expect(read.opened).toBe(true);
    expectValidFmp4(read.body, 30);
  });
});

describe('paths', () => {
  it('refuses WebSocket play of HLS and unknown paths', async () => {
    expect((await readWs(stream.ws_hls, { maxMs: 3000 })).refusedStatus).toBe(404);
    const origin = new URL(stream.flv).origin;
    const res = await fetch(`${origin}/rtp/nothing-here.txt`);
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a CORS preflight', async () => {
    const res = await fetch(stream.flv, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
