import { boxSize, boxType, forEachBox } from './mp4-init';
import { joinBytes } from '../../../electron/shared/join-bytes';

const TFHD_BASE_DATA_OFFSET = 0x000001;
const DROP = Symbol('drop');
const TRUN_DATA_OFFSET = 0x000001;

export interface Fmp4FragmentsOptions {
  /** Tracks whose fragments are cut out of each moof (their bytes stay in mdat, unreferenced). */
  dropTracks: ReadonlySet<number>;
  /** Each traf's track and decode time (tfdt's baseMediaDecodeTime, in the track's ticks). */
  onFragment?: (trackId: number, decodeTime: number) => void;
  /**
   * Tracks whose sample bytes are handed to `onSamples` (all of a traf's samples at once, with its
   * decode time) from the mdat that follows the moof: the audible tile's G.711, which MSE cannot play.
   */
  extractTracks?: ReadonlySet<number>;
  onSamples?: (trackId: number, decodeTime: number, bytes: Uint8Array) => void;
}

/** One traf's samples to take from the next mdat: where they lie counted from the moof's start. */
interface Extraction {
  track: number;
  time: number;
  offset: number;
  length: number;
  moofSize: number;
}

/**
 * The media part of a fragmented MP4 stream (after the init segment), cut into whole top-level boxes
 * as it arrives, so each moof can be read (its decode times, for the liveness figures) and, where the
 * init segment was cut down to the video track, rewritten without the other tracks' trafs: MSE refuses a
 * fragment of a track its init segment does not declare. The video trun's data offset is moved by the
 * bytes taken out before the mdat. Boxes that pass as they came are handed on without a copy.
 */
export class Fmp4Fragments {
  private partial: Uint8Array | null = null;
  private partialHave = 0;
  /** The moof before was left out whole: so is its mdat. */
  private skipMdat = false;
  private extractions: Extraction[] = [];

  constructor(private readonly options: Fmp4FragmentsOptions) {}

  /** The bytes to append for one chunk (whole boxes only; an empty array while a box is incomplete). */
  push(chunk: Uint8Array): Uint8Array {
    const parts: Uint8Array[] = [];
    let i = 0;
    if (this.partial) {
      i = this.fillPartial(chunk, parts);
      if (this.partial) return new Uint8Array(0);
    }
    let runStart = i;
    while (i < chunk.byteLength) {
      if (chunk.byteLength - i < 16) {
        // Not enough for a (large) box header: keep it for the next chunk.
        break;
      }
      const size = fullSize(chunk, i);
      if (size < 8) throw new Error(`malformed MP4 box "${boxType(chunk, i + 4)}"`);
      if (i + size > chunk.byteLength) break;
      const box = chunk.subarray(i, i + size);
      const out = this.pass(box);
      if (out !== box) {
        if (i > runStart) parts.push(chunk.subarray(runStart, i));
        if (out) parts.push(out);
        runStart = i + size;
      }
      i += size;
    }
    if (runStart === 0 && i === chunk.byteLength && parts.length === 0) return chunk;
    if (i > runStart) parts.push(chunk.subarray(runStart, i));
    if (i < chunk.byteLength) this.startPartial(chunk.subarray(i));
    return joinBytes(parts);
  }

  private startPartial(rest: Uint8Array): void {
    const size = rest.byteLength >= 16 ? fullSize(rest, 0) : 0;
    this.partial = new Uint8Array(Math.max(size, 16, rest.byteLength));
    this.partial.set(rest);
    this.partialHave = rest.byteLength;
  }

  /** Add to the box begun in an earlier chunk; returns where the chunk's own boxes begin. */
  private fillPartial(chunk: Uint8Array, parts: Uint8Array[]): number {
    let partial = this.partial!;
    let used = 0;
    if (this.partialHave < 16) {
      // Its size was not known yet: complete the header first.
      used = Math.min(16 - this.partialHave, chunk.byteLength);
      partial.set(chunk.subarray(0, used), this.partialHave);
      this.partialHave += used;
      if (this.partialHave < 16) return chunk.byteLength;
      const size = fullSize(partial, 0);
      if (size < 8) throw new Error(`malformed MP4 box "${boxType(partial, 4)}"`);
      const grown = new Uint8Array(Math.max(size, 16));
      grown.set(partial.subarray(0, this.partialHave));
      partial = this.partial = grown;
      if (size < this.partialHave) {
        // A box smaller than 16 bytes: its end is already here; what follows it belongs to the next.
        const box = partial.slice(0, size);
        const after = partial.slice(size, this.partialHave);
        this.partial = null;
        const passed = this.pass(box);
        if (passed) parts.push(passed);
        const rest = new Uint8Array(after.byteLength + chunk.byteLength - used);
        rest.set(after);
        rest.set(chunk.subarray(used), after.byteLength);
        const out = this.push(rest);
        if (out.byteLength > 0) parts.push(out);
        return chunk.byteLength;
      }
    }
    const take = Math.min(partial.byteLength - this.partialHave, chunk.byteLength - used);
    partial.set(chunk.subarray(used, used + take), this.partialHave);
    this.partialHave += take;
    if (this.partialHave < partial.byteLength) return chunk.byteLength;
    this.partial = null;
    const passed = this.pass(partial);
    if (passed) parts.push(passed);
    return used + take;
  }

  /**
   * One whole top-level box: itself when it passes as it came, a rewritten moof, or null when it is
   * left out (a fragment of dropped tracks only: its moof and the mdat after it).
   */
  private pass(box: Uint8Array): Uint8Array | null {
    const type = boxType(box, 4);
    if (type === 'moof') {
      const moof = this.moof(box);
      this.skipMdat = moof === DROP;
      return moof === DROP ? null : (moof ?? box);
    }
    if (type === 'mdat' && this.extractions.length > 0) this.extract(box);
    if (type === 'mdat' && this.skipMdat) {
      this.skipMdat = false;
      return null;
    }
    return box;
  }

  /** Hand the samples the moof before pointed at (on extracted tracks) over from this mdat. */
  private extract(mdat: Uint8Array): void {
    for (const e of this.extractions.splice(0)) {
      // The mdat follows the moof at once: its first byte is `moofSize` from the moof's start.
      const from = e.offset - e.moofSize;
      if (from < 8 || from + e.length > mdat.byteLength) continue;
      this.options.onSamples?.(e.track, e.time, mdat.subarray(from, from + e.length));
    }
  }

  /** Where a traf's samples lie (its trun), for an extracted track; null where it cannot be told. */
  private locate(moof: Uint8Array, at: number, size: number, track: number, time: number): Extraction | null {
    let defaultSize = 0;
    let fromMoof = true;
    let found: Extraction | null = null;
    forEachBox(moof, at + 8, at + size, (child, childAt) => {
      const flags = readU24(moof, childAt + 9);
      if (child === 'tfhd') {
        fromMoof = (flags & TFHD_BASE_DATA_OFFSET) === 0;
        const o = childAt + 16 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0) + (flags & 0x08 ? 4 : 0);
        if (flags & 0x10) defaultSize = boxSize(moof, o);
      } else if (child === 'trun' && fromMoof && flags & TRUN_DATA_OFFSET && !found) {
        const count = boxSize(moof, childAt + 12);
        const offset = boxSize(moof, childAt + 16) | 0;
        let o = childAt + 20 + (flags & 0x04 ? 4 : 0);
        const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        let length = 0;
        for (let i = 0; i < count; i++) {
          length += flags & 0x200 ? boxSize(moof, o + (flags & 0x100 ? 4 : 0)) : defaultSize;
          o += perSample;
        }
        if (length > 0) found = { track, time, offset, length, moofSize: moof.byteLength };
      }
    });
    return found;
  }

  /**
   * Read a moof; returns it rewritten without the dropped tracks' trafs, null if it passes as it is,
   * or DROP when nothing of it stays (a moof without a traf is not valid: MSE would fail on it).
   */
  private moof(moof: Uint8Array): Uint8Array | null | typeof DROP {
    const trafs: { at: number; size: number; track: number }[] = [];
    forEachBox(moof, 8, moof.byteLength, (type, at, size) => {
      if (type !== 'traf') return;
      let track = -1;
      forEachBox(moof, at + 8, at + size, (child, childAt) => {
        if (child === 'tfhd') track = boxSize(moof, childAt + 12);
        else if (child === 'tfdt' && track >= 0) {
          const version = moof[childAt + 8];
          const time =
            version === 1
              ? boxSize(moof, childAt + 12) * 2 ** 32 + boxSize(moof, childAt + 16)
              : boxSize(moof, childAt + 12);
          this.options.onFragment?.(track, time);
          if (this.options.extractTracks?.has(track)) {
            const extraction = this.locate(moof, at, size, track, time);
            if (extraction) this.extractions.push(extraction);
          }
        }
      });
      trafs.push({ at, size, track });
    });
    const drop = trafs.filter((t) => this.options.dropTracks.has(t.track));
    if (drop.length === 0) return null;
    if (drop.length === trafs.length) return DROP;
    const removed = drop.reduce((n, t) => n + t.size, 0);
    const out = new Uint8Array(moof.byteLength - removed);
    let o = 0;
    let from = 0;
    for (const t of drop) {
      out.set(moof.subarray(from, t.at), o);
      o += t.at - from;
      from = t.at + t.size;
    }
    out.set(moof.subarray(from), o);
    writeU32(out, 0, out.byteLength);
    // Offsets counted from the moof's start now point `removed` bytes too far into the mdat.
    forEachBox(out, 8, out.byteLength, (type, at, size) => {
      if (type !== 'traf') return;
      let fromMoof = true;
      forEachBox(out, at + 8, at + size, (child, childAt) => {
        if (child === 'tfhd') fromMoof = (readU24(out, childAt + 9) & TFHD_BASE_DATA_OFFSET) === 0;
        else if (child === 'trun' && fromMoof && readU24(out, childAt + 9) & TRUN_DATA_OFFSET) {
          const offset = boxSize(out, childAt + 16) | 0;
          writeU32(out, childAt + 16, (offset - removed) >>> 0);
        }
      });
    });
    return out;
  }
}

/** A box's size, 64-bit sizes included (the header must hold 16 bytes). */
function fullSize(bytes: Uint8Array, at: number): number {
  const size = boxSize(bytes, at);
  return size === 1 ? boxSize(bytes, at + 8) * 2 ** 32 + boxSize(bytes, at + 12) : size;
}

function readU24(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 16) | (bytes[at + 1] << 8) | bytes[at + 2];
}

function writeU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 24) & 0xff;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}
