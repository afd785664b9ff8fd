import type { TsPacket } from './media-parsers';

/**
 * Independent readers for the audio the media server sends under the ZLMediaKit habits: G.711
 * decoders written from ITU-T G.711 (not from the server's encoders), PES reassembly, ADTS headers.
 */

/** A-law byte to 16-bit linear (ITU-T G.711, table 1a). */
export function alawToLinear(byte: number): number {
  const a = byte ^ 0x55;
  const exponent = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  const magnitude = exponent === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
  return a & 0x80 ? magnitude : -magnitude;
}

/** μ-law byte to 16-bit linear (ITU-T G.711, table 2a). */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = (((u & 0x0f) << 3) + 0x84) << exponent;
  return u & 0x80 ? 0x84 - magnitude : magnitude - 0x84;
}

/** Sign changes and peak of a block of samples: a tone's frequency and level. */
export function toneOf(samples: number[], rate: number): { hz: number; peak: number } {
  let crossings = 0;
  for (let i = 1; i < samples.length; i += 1) if (samples[i - 1] < 0 !== samples[i] < 0) crossings += 1;
  return {
    hz: (crossings / 2) * (rate / samples.length),
    peak: Math.max(...samples.map((s) => Math.abs(s))),
  };
}

export interface Pes {
  streamId: number;
  pts: number;
  /** PES_packet_length (0: unbounded). */
  declaredLength: number;
  payload: Buffer;
}

/** Reassemble the PES packets of one PID. */
export function pesPackets(packets: TsPacket[], pid: number): Pes[] {
  const out: Pes[] = [];
  let current: Buffer[] | undefined;
  const flush = (): void => {
    if (!current) return;
    const pes = Buffer.concat(current);
    const headerLength = pes[8];
    const ptsAt = 9;
    const pts =
      ((pes[ptsAt] >> 1) & 0x07) * 2 ** 30 +
      (pes[ptsAt + 1] << 22) +
      ((pes[ptsAt + 2] >> 1) << 15) +
      (pes[ptsAt + 3] << 7) +
      (pes[ptsAt + 4] >> 1);
    out.push({
      streamId: pes[3],
      pts,
      declaredLength: pes.readUInt16BE(4),
      payload: pes.subarray(9 + headerLength),
    });
  };
  for (const packet of packets) {
    if (packet.pid !== pid || !packet.hasPayload) continue;
    if (packet.pusi) {
      flush();
      current = [];
    }
    current?.push(packet.payload);
  }
  flush();
  return out;
}

/** The elementary streams a PMT section lists: stream type and PID. */
export function pmtStreams(section: Buffer): { type: number; pid: number }[] {
  const sectionLength = ((section[1] & 0x0f) << 8) | section[2];
  const programInfoLength = ((section[10] & 0x0f) << 8) | section[11];
  const end = 3 + sectionLength - 4;
  const streams: { type: number; pid: number }[] = [];
  for (let o = 12 + programInfoLength; o + 5 <= end;) {
    const infoLength = ((section[o + 3] & 0x0f) << 8) | section[o + 4];
    streams.push({ type: section[o], pid: ((section[o + 1] & 0x1f) << 8) | section[o + 2] });
    o += 5 + infoLength;
  }
  return streams;
}

/** An ADTS header's fields. */
export function adtsHeader(frame: Buffer): {
  profile: number;
  sampleRate: number;
  channels: number;
  length: number;
} {
  if (frame[0] !== 0xff || (frame[1] & 0xf0) !== 0xf0) throw new Error('no ADTS sync word');
  const rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
  return {
    profile: (frame[2] >> 6) + 1,
    sampleRate: rates[(frame[2] >> 2) & 0x0f],
    channels: ((frame[2] & 0x01) << 2) | (frame[3] >> 6),
    length: ((frame[3] & 0x03) << 11) | (frame[4] << 3) | (frame[5] >> 5),
  };
}
