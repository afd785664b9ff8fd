import { avcDecoderConfig } from './flv-muxer';

/**
 * Fragmented MP4 (ISO BMFF) for one H.264 track: an init segment (ftyp + moov with avcC and mvex), then
 * one moof + mdat per picture. The mdat of a picture is the same for every viewer; the moof carries the
 * viewer's own sequence number and decode time.
 */

/** The track's timescale: the 90 kHz clock, so 25 fps is 3600 ticks a picture. */
const FMP4_TIMESCALE = 90_000;
const TRACK_ID = 1;
/** The audio track's id when there is one (the ZLMediaKit habits). */
export const AUDIO_TRACK_ID = 2;

function box(type: string, ...payload: Buffer[]): Buffer {
  const size = 8 + payload.reduce((n, b) => n + b.length, 0);
  const header = Buffer.allocUnsafe(8);
  header.writeUInt32BE(size);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...payload], size);
}

function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  const vf = Buffer.allocUnsafe(4);
  vf.writeUInt32BE(((version << 24) | flags) >>> 0);
  return box(type, vf, ...payload);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.allocUnsafe(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

function u16(...values: number[]): Buffer {
  const b = Buffer.allocUnsafe(2 * values.length);
  values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, i * 2));
  return b;
}

const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

export interface TrackInfo {
  width: number;
  height: number;
  fps: number;
  sps: Buffer;
  pps: Buffer;
}

/** Ticks of the track clock per picture. */
export function sampleDuration(fps: number): number {
  return Math.round(FMP4_TIMESCALE / fps);
}

/** An audio track: its sample entry (`mp4a` with esds, `alaw`, `ulaw`) and clock. */
export interface AudioTrackInfo {
  codec: 'aac' | 'g711a' | 'g711u';
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  /** AudioSpecificConfig (AAC). */
  config?: Buffer;
}

/** ftyp + moov: what a player needs before the first fragment (a second, audio, track when given). */
export function fmp4InitSegment(track: TrackInfo, audio?: AudioTrackInfo): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    u32(0x200),
    Buffer.from('isomiso6avc1mp41', 'latin1'),
  );
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, 1000, 0), // creation, modification, timescale, duration unknown (live)
    u32(0x00010000), // rate 1.0
    u16(0x0100, 0), // volume 1.0, reserved
    u32(0, 0),
    UNITY_MATRIX,
    Buffer.alloc(24),
    u32((audio ? AUDIO_TRACK_ID : TRACK_ID) + 1),
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    0x000003, // enabled, in movie
    u32(0, 0, TRACK_ID, 0, 0), // creation, modification, track id, reserved, duration
    u32(0, 0),
    u16(0, 0, 0, 0), // layer, alternate group, volume, reserved
    UNITY_MATRIX,
    u32(track.width * 0x10000, track.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, FMP4_TIMESCALE, 0), u16(0x55c4, 0)); // language 'und'
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('vide', 'latin1'),
    u32(0, 0, 0),
    Buffer.from('VideoHandler\0', 'latin1'),
  );
  const avcC = box('avcC', avcDecoderConfig(track.sps, track.pps));
  const compressorName = Buffer.alloc(32);
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data_reference_index
    u16(0, 0),
    u32(0, 0, 0),
    u16(track.width, track.height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    compressorName,
    u16(0x0018, 0xffff), // depth, pre_defined -1
    avcC,
  );
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), avc1),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0, 0)),
    fullBox('stco', 0, 0, u32(0)),
  );
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const minf = box('minf', fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)), dinf, stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  const trex = fullBox('trex', 0, 0, u32(TRACK_ID, 1, sampleDuration(track.fps), 0, 0));
  if (!audio) return Buffer.concat([ftyp, box('moov', mvhd, trak, box('mvex', trex))]);
  const audioTrex = fullBox('trex', 0, 0, u32(AUDIO_TRACK_ID, 1, audio.samplesPerFrame, 0, 0));
  const moov = box('moov', mvhd, trak, audioTrak(audio, dinf), box('mvex', trex, audioTrex));
  return Buffer.concat([ftyp, moov]);
}

/** The audio trak: sound handler, and `mp4a` + esds for AAC or `alaw`/`ulaw` for G.711 (as ZLMediaKit's mov writer). */
function audioTrak(audio: AudioTrackInfo, dinf: Buffer): Buffer {
  const tkhd = fullBox(
    'tkhd',
    0,
    0x000003,
    u32(0, 0, AUDIO_TRACK_ID, 0, 0),
    u32(0, 0),
    u16(0, 1, 0x0100, 0), // layer, alternate group 1, volume 1.0, reserved
    UNITY_MATRIX,
    u32(0, 0),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, audio.sampleRate, 0), u16(0x55c4, 0));
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('soun', 'latin1'),
    u32(0, 0, 0),
    Buffer.from('SoundHandler\0', 'latin1'),
  );
  const fourcc = audio.codec === 'aac' ? 'mp4a' : audio.codec === 'g711a' ? 'alaw' : 'ulaw';
  const entry = box(
    fourcc,
    Buffer.alloc(6),
    u16(1), // data_reference_index
    u32(0, 0),
    u16(audio.channels, 16, 0, 0), // channel count, sample size, pre_defined, reserved
    u32(audio.sampleRate * 0x10000),
    ...(audio.codec === 'aac' && audio.config ? [esds(audio.config)] : []),
  );
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), entry),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0, 0)),
    fullBox('stco', 0, 0, u32(0)),
  );
  const minf = box('minf', fullBox('smhd', 0, 0, u16(0, 0)), dinf, stbl);
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

/** ES_Descriptor (ISO/IEC 14496-1) for AAC: object type 0x40, audio stream, the AudioSpecificConfig. */
function esds(config: Buffer): Buffer {
  const descriptor = (tag: number, ...body: Buffer[]): Buffer => {
    const payload = Buffer.concat(body);
    return Buffer.concat([Buffer.from([tag, payload.length]), payload]);
  };
  const decoderSpecific = descriptor(0x05, config);
  const decoderConfig = descriptor(
    0x04,
    Buffer.from([0x40, 0x15, 0, 0, 0]), // MPEG-4 audio, audio stream, buffer size 0
    u32(0, 0), // max and average bit rate unknown
    decoderSpecific,
  );
  const sl = descriptor(0x06, Buffer.from([0x02]));
  return fullBox('esds', 0, 0, descriptor(0x03, u16(AUDIO_TRACK_ID), Buffer.from([0]), decoderConfig, sl));
}

/** An mdat box holding one picture (length-prefixed NAL units). */
export function mdatBox(avcc: Buffer): Buffer {
  return box('mdat', avcc);
}

/** Size of the moof written by `fmp4Moof`: mfhd 16, traf 8 + tfhd 16 + tfdt 20 + trun 32, plus 8. */
const MOOF_SIZE = 100;
const SAMPLE_FLAGS_SYNC = 0x02000000; // depends on no other picture
const SAMPLE_FLAGS_NON_SYNC = 0x01010000; // depends on others, not a sync sample

/**
 * The moof for one picture, to be followed at once by that picture's mdat.
 * `decodeTime` is in FMP4_TIMESCALE ticks.
 */
export function fmp4Moof(
  sequence: number,
  decodeTime: number,
  duration: number,
  sampleSize: number,
  key: boolean,
  trackId: number = TRACK_ID,
): Buffer {
  const out = Buffer.allocUnsafe(MOOF_SIZE);
  let o = 0;
  const put = (v: number): void => {
    out.writeUInt32BE(v >>> 0, o);
    o += 4;
  };
  const tag = (t: string): void => {
    out.write(t, o, 'latin1');
    o += 4;
  };
  put(MOOF_SIZE);
  tag('moof');
  put(16);
  tag('mfhd');
  put(0);
  put(sequence);
  put(76);
  tag('traf');
  put(16);
  tag('tfhd');
  put(0x020000); // default-base-is-moof
  put(trackId);
  put(20);
  tag('tfdt');
  put(0x01000000); // version 1: 64-bit decode time
  put(Math.floor(decodeTime / 2 ** 32));
  put(decodeTime % 2 ** 32);
  put(32);
  tag('trun');
  put(0x000701); // data offset, sample duration, size and flags present
  put(1);
  put(MOOF_SIZE + 8); // data starts after the mdat header
  put(duration);
  put(sampleSize);
  put(key ? SAMPLE_FLAGS_SYNC : SAMPLE_FLAGS_NON_SYNC);
  return out;
}
