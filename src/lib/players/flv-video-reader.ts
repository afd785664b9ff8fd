import { joinBytes } from '../../../electron/shared/join-bytes';
import {
  FLV_CODEC_AVC as CODEC_AVC,
  FLV_FILE_HEADER as FILE_HEADER,
  FLV_PREVIOUS_TAG_SIZE as PREVIOUS_TAG_SIZE,
  FLV_TAG_HEADER as TAG_HEADER,
  FLV_TAG_VIDEO as TAG_VIDEO,
} from './flv-layout';

/** One FLV video tag, as a decoder needs it. */
export interface FlvVideoTag {
  /** The tag's decode timestamp (ms, the FLV clock with its extension byte). */
  dts: number;
  /** Presentation − decode time (ms; AVC's composition time). */
  cts: number;
  /** A keyframe (frame type 1 or 4). */
  key: boolean;
  /**
   * - `avc-config`: an AVCDecoderConfigurationRecord (`data`)
   * - `avc-picture`: AVC NAL units, length-prefixed (`data`)
   * - `other`: video this reader does not take apart: another codec (`codec` says which), an end of
   *   sequence, a command frame
   */
  kind: 'avc-config' | 'avc-picture' | 'other';
  /** The FLV codec id (7 AVC, 12 HEVC by the common extension), or an Enhanced RTMP FourCC. */
  codec: number | string;
  /** The codec data after the tag's video header (a view into the bytes given). */
  data: Uint8Array;
}

/**
 * Reads the video tags out of an FLV byte stream as it comes, chunk by chunk (a tag may be split over
 * chunks, or a chunk hold many): the WebCodecs player's demuxer. Audio and script tags are stepped
 * over (the keyframe gate in front of it has taken the audio out already). A stream that does not start
 * with "FLV" is an error, said once by the `feed` that finds it.
 */
export class FlvVideoReader {
  private pending: Uint8Array = new Uint8Array(0);
  /**
   * Bytes to step over before the next tag (-1 before the file header was read): the file header and
   * its PreviousTagSize, then each tag's PreviousTagSize. A tag is whole at the end of its body, so a
   * server that sends the PreviousTagSize as a message of its own (ZLMediaKit's WS-FLV) has its picture
   * decoded one message sooner, and the body is not copied again to wait for four bytes.
   */
  private skipLeft = -1;

  /** The video tags completed by this chunk, in stream order. Throws on bytes that are not FLV. */
  feed(chunk: Uint8Array): FlvVideoTag[] {
    const buf = this.pending.byteLength === 0 ? chunk : joinBytes([this.pending, chunk]);
    let at = 0;
    if (this.skipLeft < 0) {
      if (buf.byteLength < FILE_HEADER) {
        this.pending = buf.slice();
        return [];
      }
      if (buf[0] !== 0x46 || buf[1] !== 0x4c || buf[2] !== 0x56)
        throw new Error('the stream is not FLV (it does not start with "FLV")');
      const headerSize = ((buf[5] << 24) | (buf[6] << 16) | (buf[7] << 8) | buf[8]) >>> 0;
      this.skipLeft = Math.max(FILE_HEADER, headerSize) + PREVIOUS_TAG_SIZE;
    }
    const tags: FlvVideoTag[] = [];
    for (;;) {
      const skip = Math.min(this.skipLeft, buf.byteLength - at);
      this.skipLeft -= skip;
      at += skip;
      if (this.skipLeft > 0 || buf.byteLength - at < TAG_HEADER) break;
      const type = buf[at] & 0x1f;
      const size = (buf[at + 1] << 16) | (buf[at + 2] << 8) | buf[at + 3];
      const end = at + TAG_HEADER + size;
      if (end > buf.byteLength) break;
      if (type === TAG_VIDEO && size > 0) {
        const dts = ((buf[at + 7] << 24) | (buf[at + 4] << 16) | (buf[at + 5] << 8) | buf[at + 6]) >>> 0;
        tags.push(readVideo(dts, buf.subarray(at + TAG_HEADER, end)));
      }
      at = end;
      this.skipLeft = PREVIOUS_TAG_SIZE;
    }
    // What is left is part of a tag: kept (copied, the caller may reuse its chunk) for the next feed.
    this.pending = at >= buf.byteLength ? new Uint8Array(0) : buf.slice(at);
    return tags;
  }
}

function readVideo(dts: number, body: Uint8Array): FlvVideoTag {
  const first = body[0];
  if (first & 0x80) {
    // Enhanced RTMP: frame type in bits 4–6, packet type in the low nibble, then a FourCC.
    const fourCc = String.fromCharCode(...body.subarray(1, 5));
    const frameType = (first >> 4) & 0x07;
    return { dts, cts: 0, key: frameType === 1, kind: 'other', codec: fourCc, data: body.subarray(5) };
  }
  const frameType = first >> 4;
  const codec = first & 0x0f;
  const key = frameType === 1 || frameType === 4;
  if (codec !== CODEC_AVC || body.byteLength < 5 || frameType === 5)
    return { dts, cts: 0, key, kind: 'other', codec, data: body.subarray(1) };
  const packetType = body[1];
  // Composition time: a signed 24-bit count of ms.
  const cts = (((body[2] << 16) | (body[3] << 8) | body[4]) << 8) >> 8;
  const kind = packetType === 0 ? 'avc-config' : packetType === 1 ? 'avc-picture' : 'other';
  return { dts, cts, key, kind, codec, data: body.subarray(5) };
}

/** The RFC 6381 codec string of an AVCDecoderConfigurationRecord (`avc1.64001f`), null if too short. */
export function avcCodecString(record: Uint8Array): string | null {
  if (record.byteLength < 4 || record[0] !== 1) return null;
  return `avc1.${[record[1], record[2], record[3]].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const START_CODE = [0, 0, 0, 1];

/**
 * The SPS and PPS of an AVCDecoderConfigurationRecord in Annex B form (each after a start code), and
 * the size of the NAL unit lengths its pictures use; null if the record cannot be read.
 */
export function avcAnnexB(record: Uint8Array): { parameterSets: Uint8Array; lengthSize: number } | null {
  if (record.byteLength < 7 || record[0] !== 1) return null;
  const lengthSize = (record[4] & 0x03) + 1;
  const parts: number[] = [];
  let at = 5;
  for (const countMask of [0x1f, 0xff]) {
    if (at >= record.byteLength) return null;
    const count = record[at] & countMask;
    at += 1;
    for (let i = 0; i < count; i++) {
      if (at + 2 > record.byteLength) return null;
      const size = (record[at] << 8) | record[at + 1];
      at += 2;
      if (at + size > record.byteLength) return null;
      parts.push(...START_CODE, ...record.subarray(at, at + size));
      at += size;
    }
  }
  return { parameterSets: Uint8Array.from(parts), lengthSize };
}

/**
 * A picture's NAL units with 4-byte lengths turned into Annex B in place (each length becomes a start
 * code: the same size); false if the lengths do not add up to the picture.
 */
export function lengthsToStartCodes(data: Uint8Array): boolean {
  let at = 0;
  while (at + 4 <= data.byteLength) {
    const size = ((data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]) >>> 0;
    if (at + 4 + size > data.byteLength) return false;
    data[at] = 0;
    data[at + 1] = 0;
    data[at + 2] = 0;
    data[at + 3] = 1;
    at += 4 + size;
  }
  return at === data.byteLength;
}
