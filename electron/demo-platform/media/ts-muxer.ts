import { crc32Mpeg2 } from './crc32-mpeg2';

/**
 * MPEG-TS muxing of one H.264 stream: PAT, PMT, and one PES per picture in 188-byte packets with PCR on
 * every picture's first packet. One muxer keeps the continuity counters of one output stream.
 */

const TS_PACKET = 188;
const PID_PAT = 0x0000;
const PID_PMT = 0x1000;
const PID_VIDEO = 0x0100;
/** The audio PID when the stream has audio (the ZLMediaKit habits). */
const PID_AUDIO = 0x0101;
const STREAM_TYPE_H264 = 0x1b;
/** 33-bit PTS/DTS wrap at 2^33 ticks of the 90 kHz clock. */
const WRAP_33 = 2 ** 33;

export class TsMuxer {
  private readonly cc = new Map<number, number>();

  /** `audioStreamType`: a second elementary stream in the PMT, on PID_AUDIO (see `audio`). */
  constructor(private readonly audioStreamType?: number) {}

  private nextCc(pid: number): number {
    const value = ((this.cc.get(pid) ?? -1) + 1) & 0x0f;
    this.cc.set(pid, value);
    return value;
  }

  /** PAT then PMT, two packets. */
  psi(): Buffer {
    return Buffer.concat([
      this.section(PID_PAT, patSection()),
      this.section(PID_PMT, pmtSection(this.audioStreamType)),
    ]);
  }

  private section(pid: number, section: Buffer): Buffer {
    const p = Buffer.alloc(TS_PACKET, 0xff);
    p[0] = 0x47;
    p[1] = 0x40 | ((pid >> 8) & 0x1f); // payload_unit_start
    p[2] = pid & 0xff;
    p[3] = 0x10 | this.nextCc(pid); // payload only
    p[4] = 0; // pointer_field
    section.copy(p, 5);
    return p;
  }

  /**
   * One picture as a PES in TS packets. `dts90k` is on the 90 kHz clock; PTS equals DTS (no B-frames).
   * A keyframe is preceded by PAT and PMT so that a player can start there.
   */
  picture(annexB: Buffer, dts90k: number, key: boolean): Buffer {
    const ts = ((dts90k % WRAP_33) + WRAP_33) % WRAP_33;
    const pesHeader = Buffer.allocUnsafe(19);
    pesHeader.writeUIntBE(0x000001, 0, 3);
    pesHeader[3] = 0xe0; // video stream 0
    pesHeader.writeUInt16BE(0, 4); // unbounded: allowed for video in TS
    pesHeader[6] = 0x84; // marker bits, data_alignment_indicator
    pesHeader[7] = 0xc0; // PTS and DTS
    pesHeader[8] = 10;
    writeTimestamp(pesHeader, 9, 0x3, ts);
    writeTimestamp(pesHeader, 14, 0x1, ts);
    const payload = Buffer.concat([pesHeader, annexB]);

    // PCR a little behind DTS, as an encoder's buffer model would have it.
    const pcrBase = (ts - 9000 + WRAP_33) % WRAP_33;
    const packets: Buffer[] = key ? [this.psi()] : [];
    const out = this.packetize(PID_VIDEO, payload, pcrBase, key);
    packets.push(out);
    return packets.length === 1 ? packets[0] : Buffer.concat(packets);
  }

  /**
   * One audio frame as a PES (stream id 0xC0, PTS only, its length given) on PID_AUDIO: G.711 bytes or
   * a whole ADTS frame. `pts90k` is on the 90 kHz clock.
   */
  audio(payloadBytes: Buffer, pts90k: number): Buffer {
    const ts = ((pts90k % WRAP_33) + WRAP_33) % WRAP_33;
    const pesHeader = Buffer.allocUnsafe(14);
    pesHeader.writeUIntBE(0x000001, 0, 3);
    pesHeader[3] = 0xc0; // audio stream 0
    pesHeader.writeUInt16BE(8 + payloadBytes.length, 4);
    pesHeader[6] = 0x84; // marker bits, data_alignment_indicator
    pesHeader[7] = 0x80; // PTS only
    pesHeader[8] = 5;
    writeTimestamp(pesHeader, 9, 0x2, ts);
    return this.packetize(PID_AUDIO, Buffer.concat([pesHeader, payloadBytes]), undefined, false);
  }

  /** A PES in 188-byte packets; `pcrBase` puts a PCR (and `key` a random access flag) in the first. */
  private packetize(pid: number, payload: Buffer, pcrBase: number | undefined, key: boolean): Buffer {
    const payloadLength = payload.length;
    const withPcr = pcrBase !== undefined;
    const count = packetCount(payloadLength, withPcr ? 8 : 0);
    const out = Buffer.allocUnsafe(count * TS_PACKET);
    let consumed = 0;
    for (let n = 0; n < count; n += 1) {
      const p = out.subarray(n * TS_PACKET, (n + 1) * TS_PACKET);
      const first = n === 0;
      const pcr = first && withPcr;
      p[0] = 0x47;
      p[1] = (first ? 0x40 : 0) | ((pid >> 8) & 0x1f);
      p[2] = pid & 0xff;
      const remaining = payloadLength - consumed;
      // Adaptation field: PCR (and random access) on the first packet, stuffing on the last.
      const afNeeded = pcr ? 8 : 0;
      const room = 184 - afNeeded;
      const take = Math.min(room, remaining);
      const afLength = pcr || take < 184 ? 184 - take - 1 : -1; // -1: no adaptation field
      p[3] = (afLength >= 0 ? 0x30 : 0x10) | this.nextCc(pid);
      let o = 4;
      if (afLength >= 0) {
        p[o] = afLength;
        o += 1;
        if (afLength > 0) {
          let flags = 0;
          if (pcr) flags |= 0x10; // PCR
          if (pcr && key) flags |= 0x40; // random_access_indicator
          p[o] = flags;
          o += 1;
          if (pcr) {
            writePcr(p, o, pcrBase);
            o += 6;
          }
          const stuffing = 4 + 1 + afLength - o;
          p.fill(0xff, o, o + stuffing);
          o += stuffing;
        }
      }
      payload.copy(p, o, consumed, consumed + take);
      consumed += take;
    }
    return out;
  }
}

/** Packets for a PES of this length: the first carries 184 bytes less its PCR field, the rest 184. */
function packetCount(length: number, pcrField: number): number {
  const first = 184 - pcrField;
  return length <= first ? 1 : 1 + Math.ceil((length - first) / 184);
}

function writeTimestamp(out: Buffer, at: number, prefix: number, ts: number): void {
  const high = Math.floor(ts / 2 ** 30) & 0x07;
  const low = ts % 2 ** 30;
  out[at] = (prefix << 4) | (high << 1) | 1;
  out[at + 1] = (low >>> 22) & 0xff;
  out[at + 2] = (((low >>> 15) & 0x7f) << 1) | 1;
  out[at + 3] = (low >>> 7) & 0xff;
  out[at + 4] = ((low & 0x7f) << 1) | 1;
}

function writePcr(out: Buffer, at: number, base: number): void {
  const high = Math.floor(base / 2); // the top 32 of 33 bits
  out.writeUInt32BE(high >>> 0, at);
  out[at + 4] = ((base % 2) << 7) | 0x7e; // low bit, 6 reserved bits, extension high bit 0
  out[at + 5] = 0; // extension low byte
}

function withCrc(body: number[]): Buffer {
  const section = Buffer.from(body);
  const out = Buffer.allocUnsafe(section.length + 4);
  section.copy(out);
  out.writeUInt32BE(crc32Mpeg2(section), section.length);
  return out;
}

function patSection(): Buffer {
  // table 0, section_length 13, ts id 1, version 0 current, program 1 → PMT PID.
  return withCrc([0x00, 0xb0, 13, 0x00, 0x01, 0xc1, 0, 0, 0x00, 0x01, 0xe0 | (PID_PMT >> 8), PID_PMT & 0xff]);
}

function pmtSection(audioStreamType?: number): Buffer {
  // table 2, section_length 18, program 1, PCR on the video PID, one H.264 stream (and one audio).
  const audio =
    audioStreamType === undefined
      ? []
      : [audioStreamType, 0xe0 | (PID_AUDIO >> 8), PID_AUDIO & 0xff, 0xf0, 0x00];
  return withCrc([
    0x02,
    0xb0,
    18 + audio.length,
    0x00,
    0x01,
    0xc1,
    0,
    0,
    0xe0 | (PID_VIDEO >> 8),
    PID_VIDEO & 0xff,
    0xf0,
    0x00,
    STREAM_TYPE_H264,
    0xe0 | (PID_VIDEO >> 8),
    PID_VIDEO & 0xff,
    0xf0,
    0x00,
    ...audio,
  ]);
}
