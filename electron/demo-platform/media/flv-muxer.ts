/**
 * FLV muxing for H.264 video: the file header, an onMetaData script tag, the AVC sequence header and one
 * tag per picture. Timestamps are milliseconds on the clip's live timeline.
 */

const TAG_SCRIPT = 0x12;
const TAG_VIDEO = 0x09;
const TAG_AUDIO = 0x08;
const CODEC_AVC = 7;

/** `FLV`, version 1, video only (or audio and video), header size 9, then PreviousTagSize0 = 0. */
export function flvHeader(hasAudio = false): Buffer {
  return Buffer.from([0x46, 0x4c, 0x56, 0x01, hasAudio ? 0x05 : 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
}

/** A whole tag (11-byte header, body, PreviousTagSize) with the body copied in after `prefix`. */
function tag(type: number, timestampMs: number, prefix: Buffer, body: Buffer): Buffer {
  const dataSize = prefix.length + body.length;
  const out = Buffer.allocUnsafe(11 + dataSize + 4);
  out[0] = type;
  out.writeUIntBE(dataSize, 1, 3);
  writeTimestamp(out, timestampMs);
  out.writeUIntBE(0, 8, 3);
  prefix.copy(out, 11);
  body.copy(out, 11 + prefix.length);
  out.writeUInt32BE(11 + dataSize, 11 + dataSize);
  return out;
}

/** FLV timestamps are 24 bits plus an 8-bit extension holding the high byte. */
function writeTimestamp(out: Buffer, ms: number): void {
  const t = Math.floor(ms) >>> 0;
  out.writeUIntBE(t & 0xffffff, 4, 3);
  out[7] = (t >>> 24) & 0xff;
}

function amfString(s: string): Buffer {
  const bytes = Buffer.from(s, 'utf8');
  const out = Buffer.allocUnsafe(2 + bytes.length);
  out.writeUInt16BE(bytes.length);
  bytes.copy(out, 2);
  return out;
}

function amfNumber(n: number): Buffer {
  const out = Buffer.allocUnsafe(9);
  out[0] = 0x00;
  out.writeDoubleBE(n, 1);
  return out;
}

function amfValue(v: number | boolean): Buffer {
  return typeof v === 'boolean' ? Buffer.from([0x01, v ? 1 : 0]) : amfNumber(v);
}

/** What onMetaData says of an audio track (as ZLMediaKit's AudioMeta writes it). */
export interface FlvAudioMeta {
  /** FLV SoundFormat: 7 A-law, 8 μ-law, 10 AAC. */
  codecId: number;
  sampleRate: number;
  channels: number;
}

/** onMetaData with the picture size and frame rate (players use it for their first guess). */
export function flvMetadataTag(
  meta: { width: number; height: number; fps: number },
  timestampMs: number,
  audio?: FlvAudioMeta,
): Buffer {
  const entries: [string, number | boolean][] = [
    ['duration', 0],
    ['width', meta.width],
    ['height', meta.height],
    ['framerate', meta.fps],
    ['videocodecid', CODEC_AVC],
    ...(audio
      ? ([
          ['audiosamplerate', audio.sampleRate],
          ['audiosamplesize', 16],
          ['stereo', audio.channels > 1],
          ['audiocodecid', audio.codecId],
        ] as [string, number | boolean][])
      : []),
  ];
  const countBytes = Buffer.allocUnsafe(4);
  countBytes.writeUInt32BE(entries.length);
  const body = Buffer.concat([
    Buffer.from([0x02]),
    amfString('onMetaData'),
    Buffer.from([0x08]),
    countBytes,
    ...entries.flatMap(([k, v]) => [amfString(k), amfValue(v)]),
    Buffer.from([0x00, 0x00, 0x09]),
  ]);
  return tag(TAG_SCRIPT, timestampMs, Buffer.alloc(0), body);
}

/** AVCDecoderConfigurationRecord (ISO/IEC 14496-15) from one SPS and one PPS; also the body of `avcC`. */
export function avcDecoderConfig(sps: Buffer, pps: Buffer): Buffer {
  const out = Buffer.allocUnsafe(11 + sps.length + pps.length);
  out[0] = 1;
  out[1] = sps[1];
  out[2] = sps[2];
  out[3] = sps[3];
  out[4] = 0xff; // 4-byte NAL lengths
  out[5] = 0xe1; // one SPS
  out.writeUInt16BE(sps.length, 6);
  sps.copy(out, 8);
  let o = 8 + sps.length;
  out[o] = 1; // one PPS
  out.writeUInt16BE(pps.length, o + 1);
  pps.copy(out, o + 3);
  o += 3 + pps.length;
  return out.subarray(0, o);
}

/** The AVC sequence header tag a decoder needs before the first picture. */
export function flvSequenceHeaderTag(sps: Buffer, pps: Buffer, timestampMs: number): Buffer {
  return tag(TAG_VIDEO, timestampMs, Buffer.from([0x17, 0, 0, 0, 0]), avcDecoderConfig(sps, pps));
}

const KEY_PREFIX = Buffer.from([0x17, 1, 0, 0, 0]);
const INTER_PREFIX = Buffer.from([0x27, 1, 0, 0, 0]);

/** One picture as an AVC NALU tag (composition time 0: the fixtures have no B-frames). */
export function flvVideoTag(avcc: Buffer, key: boolean, timestampMs: number): Buffer {
  return tag(TAG_VIDEO, timestampMs, key ? KEY_PREFIX : INTER_PREFIX, avcc);
}

/** One audio tag: `header` is the SoundFormat byte (and AACPacketType for AAC), `body` the codec data. */
export function flvAudioTag(header: Buffer, body: Buffer, timestampMs: number): Buffer {
  return tag(TAG_AUDIO, timestampMs, header, body);
}

/**
 * A tag's three parts as ZLMediaKit writes them (FlvMuxer::onWriteFlvTag: the 11-byte header, the body,
 * the 4-byte PreviousTagSize), each its own WebSocket message on WS-FLV.
 */
export function flvTagParts(tagBytes: Buffer): Buffer[] {
  const end = tagBytes.length - 4;
  return [tagBytes.subarray(0, 11), tagBytes.subarray(11, end), tagBytes.subarray(end)];
}
