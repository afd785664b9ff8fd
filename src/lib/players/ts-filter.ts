/**
 * A streaming filter of an MPEG-TS byte stream in front of mpegts.js (through the gated loader).
 *
 * It reads, at the cost of a look at each 188-byte packet's header:
 * - the video PES timestamps (PTS, in ms on the stream's clock), for the liveness figures;
 * - the program's elementary streams (PMT), so a muted tile's audio never reaches mpegts.js: mpegts.js
 *   honours `hasAudio: false` for FLV only, so the audio is taken out here, its entries from the PMT
 *   (the section rewritten with a new CRC) and its packets from the stream;
 * - with `onAudio`, the audio PES of a stream type mpegts.js cannot play (G.711 as ZLMediaKit muxes it:
 *   0x90 A-law, 0x91 μ-law), whole, with its PTS, for a player that plays it itself.
 * A stream that is not TS (no sync byte) is passed on untouched (mpegts.js reports it).
 */

const PACKET = 188;
const SYNC = 0x47;
/** 33-bit PTS: the 90 kHz clock wraps every 26.5 hours. */
const WRAP_33 = 2 ** 33;

/** Stream types (ISO/IEC 13818-1 table 2-34 and common use) that carry sound. */
const AUDIO_TYPES = new Set([0x03, 0x04, 0x0f, 0x11, 0x1c, 0x81, 0x87, 0x90, 0x91]);
const VIDEO_TYPES = new Set([0x01, 0x02, 0x10, 0x1b, 0x24, 0x33]);
/** G.711 as ZLMediaKit (and libmpeg) muxes it into TS. */
export const TS_G711A = 0x90;
export const TS_G711U = 0x91;

export interface TsFilterOptions {
  /** Leave every audio stream out (PMT entries and packets). */
  dropAudio: boolean;
  /** Every video PES start: its PTS in ms on the stream's clock (unwrapped). */
  onPicture?: (ptsMs: number) => void;
  /** The program's streams, each time the PMT changes. */
  onStreams?: (streams: { pid: number; type: number }[]) => void;
  /** Audio PES of these stream types are handed here whole (and left out of the output). */
  extractTypes?: ReadonlySet<number>;
  onAudio?: (type: number, ptsMs: number | null, payload: Uint8Array) => void;
}

export class TsFilter {
  private rest: Uint8Array | null = null;
  private passthrough = false;
  private pmtPid = -1;
  private pmtKey = '';
  private videoPids = new Set<number>();
  private audioPids = new Map<number, number>();
  private lastPts: number | null = null;
  private ptsBase = 0;
  /** The audio PES being gathered for `onAudio`. */
  private pes: { pid: number; parts: Uint8Array[]; length: number } | null = null;

  constructor(private readonly options: TsFilterOptions) {}

  push(chunk: Uint8Array): Uint8Array {
    if (this.passthrough) return chunk;
    let data = chunk;
    if (this.rest) {
      data = new Uint8Array(this.rest.byteLength + chunk.byteLength);
      data.set(this.rest);
      data.set(chunk, this.rest.byteLength);
      this.rest = null;
    }
    let at = 0;
    if (data[0] !== SYNC) {
      at = data.indexOf(SYNC);
      if (at < 0 || (this.pmtPid < 0 && at > PACKET * 4)) {
        this.passthrough = true;
        return data;
      }
    }
    const kept: [number, number][] = [];
    let changed = data !== chunk || at > 0;
    let keepStart = at;
    while (at + PACKET <= data.byteLength) {
      if (data[at] !== SYNC) {
        // Lost sync: pass what was kept, look for the next packet.
        if (at > keepStart) kept.push([keepStart, at]);
        const next = data.indexOf(SYNC, at + 1);
        changed = true;
        if (next < 0) {
          at = data.byteLength;
          keepStart = at;
          break;
        }
        at = next;
        keepStart = at;
        continue;
      }
      const keep = this.packet(data, at);
      if (!keep) {
        changed = true;
        if (at > keepStart) kept.push([keepStart, at]);
        keepStart = at + PACKET;
      }
      at += PACKET;
    }
    if (at > keepStart) kept.push([keepStart, at]);
    if (at < data.byteLength) {
      this.rest = data.slice(at);
      changed = true;
    }
    if (!changed) return chunk;
    let length = 0;
    for (const [a, b] of kept) length += b - a;
    const out = new Uint8Array(length);
    let o = 0;
    for (const [a, b] of kept) {
      out.set(data.subarray(a, b), o);
      o += b - a;
    }
    return out;
  }

  /** Read one packet (it may be rewritten in place); false leaves it out. */
  private packet(data: Uint8Array, at: number): boolean {
    const pid = ((data[at + 1] & 0x1f) << 8) | data[at + 2];
    const start = (data[at + 1] & 0x40) !== 0;
    const control = (data[at + 3] >> 4) & 0x03;
    if (!(control & 0x01)) return true; // no payload
    const payload = at + 4 + (control & 0x02 ? 1 + data[at + 4] : 0);
    if (payload >= at + PACKET) return true;
    if (pid === 0 && start) {
      this.readPat(data, payload + 1 + data[payload], at + PACKET);
      return true;
    }
    if (pid === this.pmtPid && start) {
      this.readPmt(data, payload + 1 + data[payload], at + PACKET);
      return true;
    }
    const audioType = this.audioPids.get(pid);
    if (audioType !== undefined) {
      if (this.options.extractTypes?.has(audioType)) {
        this.gatherAudio(pid, audioType, start, data.subarray(payload, at + PACKET));
        return false;
      }
      return !this.options.dropAudio;
    }
    if (start && (this.videoPids.has(pid) || (this.pmtPid < 0 && isVideoPes(data, payload)))) {
      const pts = readPts(data, payload, at + PACKET);
      if (pts !== null) this.options.onPicture?.(this.unwrap(pts) / 90);
    }
    return true;
  }

  private readPat(data: Uint8Array, from: number, end: number): void {
    if (from + 8 > end || data[from] !== 0x00) return;
    const length = ((data[from + 1] & 0x0f) << 8) | data[from + 2];
    const stop = Math.min(end, from + 3 + length - 4);
    for (let i = from + 8; i + 4 <= stop; i += 4) {
      const program = (data[i] << 8) | data[i + 1];
      if (program === 0) continue;
      this.pmtPid = ((data[i + 2] & 0x1f) << 8) | data[i + 3];
      return;
    }
  }

  private readPmt(data: Uint8Array, from: number, end: number): void {
    if (from + 12 > end || data[from] !== 0x02) return;
    const length = ((data[from + 1] & 0x0f) << 8) | data[from + 2];
    const sectionEnd = from + 3 + length; // CRC included
    if (sectionEnd > end) return; // a PMT over several packets: not rewritten, nothing learnt
    const infoLength = ((data[from + 10] & 0x0f) << 8) | data[from + 11];
    const streams: { pid: number; type: number; from: number; to: number }[] = [];
    for (let i = from + 12 + infoLength; i + 5 <= sectionEnd - 4;) {
      const type = data[i];
      const pid = ((data[i + 1] & 0x1f) << 8) | data[i + 2];
      const esLength = ((data[i + 3] & 0x0f) << 8) | data[i + 4];
      streams.push({ pid, type, from: i, to: i + 5 + esLength });
      i += 5 + esLength;
    }
    const key = streams.map((s) => `${s.pid}:${s.type}`).join(',');
    if (key !== this.pmtKey) {
      this.pmtKey = key;
      this.videoPids = new Set(streams.filter((s) => VIDEO_TYPES.has(s.type)).map((s) => s.pid));
      this.audioPids = new Map(streams.filter((s) => AUDIO_TYPES.has(s.type)).map((s) => [s.pid, s.type]));
      this.options.onStreams?.(streams.map(({ pid, type }) => ({ pid, type })));
    }
    const extract = this.options.extractTypes;
    const leave = streams.filter(
      (s) => AUDIO_TYPES.has(s.type) && (this.options.dropAudio || extract?.has(s.type)),
    );
    if (leave.length === 0) return;
    // Rewrite the section without them, in place: the packet keeps its size (0xff stuffing after).
    const keptBytes: number[] = Array.from(data.subarray(from, from + 12 + infoLength));
    for (const s of streams) if (!leave.includes(s)) keptBytes.push(...data.subarray(s.from, s.to));
    const newLength = keptBytes.length - 3 + 4;
    keptBytes[1] = (keptBytes[1] & 0xf0) | ((newLength >> 8) & 0x0f);
    keptBytes[2] = newLength & 0xff;
    const crc = crc32Mpeg2(keptBytes);
    keptBytes.push((crc >>> 24) & 0xff, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff);
    data.set(keptBytes, from);
    data.fill(0xff, from + keptBytes.length, end);
  }

  private gatherAudio(pid: number, type: number, start: boolean, bytes: Uint8Array): void {
    if (start) {
      this.flushAudio(type);
      this.pes = { pid, parts: [], length: 0 };
    }
    if (!this.pes || this.pes.pid !== pid) return;
    this.pes.parts.push(bytes.slice());
    this.pes.length += bytes.byteLength;
    // A bounded PES is complete as soon as its declared length has come.
    const first = this.pes.parts[0];
    const declared = first.byteLength >= 6 ? (first[4] << 8) | first[5] : 0;
    if (declared > 0 && this.pes.length >= declared + 6) this.flushAudio(type);
  }

  private flushAudio(type: number): void {
    const pes = this.pes;
    this.pes = null;
    if (!pes || pes.length < 9) return;
    const all = new Uint8Array(pes.length);
    let o = 0;
    for (const part of pes.parts) {
      all.set(part, o);
      o += part.byteLength;
    }
    if (all[0] !== 0 || all[1] !== 0 || all[2] !== 1) return;
    const declared = (all[4] << 8) | all[5];
    const end = declared > 0 ? Math.min(all.byteLength, declared + 6) : all.byteLength;
    const pts = readPts(all, 0, all.byteLength);
    const bodyStart = 9 + all[8];
    if (bodyStart >= end) return;
    this.options.onAudio?.(type, pts === null ? null : this.unwrap(pts) / 90, all.subarray(bodyStart, end));
  }

  /** PTS on one clock that does not wrap (the stream's 33 bits wrap every 26.5 h). */
  private unwrap(pts: number): number {
    if (this.lastPts !== null && pts < this.lastPts - WRAP_33 / 2) this.ptsBase += WRAP_33;
    this.lastPts = pts;
    return this.ptsBase + pts;
  }
}

function isVideoPes(data: Uint8Array, at: number): boolean {
  return data[at] === 0 && data[at + 1] === 0 && data[at + 2] === 1 && (data[at + 3] & 0xf0) === 0xe0;
}

/** The PTS of a PES starting at `at` (90 kHz ticks), or null. */
function readPts(data: Uint8Array, at: number, end: number): number | null {
  if (at + 14 > end || data[at] !== 0 || data[at + 1] !== 0 || data[at + 2] !== 1) return null;
  if (!(data[at + 7] & 0x80)) return null;
  const p = at + 9;
  return (
    ((data[p] >> 1) & 0x07) * 2 ** 30 +
    ((data[p + 1] << 22) | ((data[p + 2] >> 1) << 15) | (data[p + 3] << 7) | (data[p + 4] >> 1))
  );
}

/** CRC-32/MPEG-2 (polynomial 0x04C11DB7, no reflection, no final XOR): the PSI section checksum. */
let crcTable: Uint32Array | null = null;
function crc32Mpeg2(bytes: ArrayLike<number>): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i << 24;
      for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
      crcTable[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++)
    crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ bytes[i]) & 0xff]) >>> 0;
  return crc >>> 0;
}
