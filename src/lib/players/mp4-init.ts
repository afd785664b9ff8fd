/** What the start of a fragmented MP4 stream says about itself. */
export interface Mp4Init {
  /** Byte length of ftyp+moov (and anything before moov's end). */
  length: number;
  /** RFC 6381 codec strings for the MSE mime type, video first. */
  codecs: string[];
  /** Every track of moov, in order. */
  tracks: Mp4Track[];
  /** Where moov starts in the stream's first bytes. */
  moovAt: number;
}

export interface Mp4Track {
  id: number;
  kind: 'video' | 'audio' | 'other';
  /**
   * The codec: RFC 6381 where MSE knows it (`avc1.64001e`, `hvc1.1.6.L93.B0`, `mp4a.40.2`, `opus`),
   * else the sample entry's name (`alaw`, `ulaw`, `ac-3`…); null for a track without a sample entry.
   */
  codec: string | null;
  /** mdhd's timescale: ticks a second of the track's decode times. */
  timescale: number;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'mvex', 'udta']);

export function boxType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

export function boxSize(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

function writeU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 24) & 0xff;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Find the init segment (up to the end of `moov`) at the start of a fragmented MP4 byte stream and
 * the codecs it declares. null while the bytes do not yet hold all of `moov`.
 */
export function readMp4Init(bytes: Uint8Array): Mp4Init | null {
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = boxSize(bytes, at);
    const type = boxType(bytes, at + 4);
    if (size === 1) {
      if (at + 16 > bytes.length) return null;
      size = boxSize(bytes, at + 8) * 2 ** 32 + boxSize(bytes, at + 12);
    }
    if (size < 8) throw new Error(`malformed MP4 box "${type}"`);
    if (at + size > bytes.length) return null;
    if (type === 'moov') {
      const tracks = tracksIn(bytes.subarray(at + 8, at + size));
      const video = tracks.filter((t) => t.kind === 'video' && t.codec).map((t) => t.codec!);
      const audio = tracks.filter((t) => t.kind === 'audio' && t.codec).map((t) => t.codec!);
      return { length: at + size, codecs: [...video, ...audio], tracks, moovAt: at };
    }
    if (type === 'moof' || type === 'mdat') throw new Error('the stream did not start with an init segment');
    at += size;
  }
  return null;
}

/** The tracks of moov's payload: each trak's id (tkhd), timescale (mdhd), handler and sample entry. */
function tracksIn(moov: Uint8Array): Mp4Track[] {
  const tracks: Mp4Track[] = [];
  forEachBox(moov, 0, moov.length, (type, at, size) => {
    if (type === 'trak') tracks.push(readTrak(moov, at + 8, at + size));
  });
  return tracks;
}

const VIDEO_ENTRIES = /^(avc[13]|hvc1|hev1|av01|vp0[89])/;
const AUDIO_ENTRIES = /^(mp4a|opus|alaw|ulaw|ac-3|ec-3|\.mp3|lpcm|sowt|twos)$/i;

function readTrak(bytes: Uint8Array, from: number, to: number): Mp4Track {
  const track: Mp4Track = { id: 0, kind: 'other', codec: null, timescale: 1000 };
  let handler: string | null = null;
  const walk = (start: number, end: number) =>
    forEachBox(bytes, start, end, (type, at, size) => {
      const body = at + 8;
      if (CONTAINERS.has(type)) walk(body, at + size);
      else if (type === 'tkhd') track.id = boxSize(bytes, body + (bytes[body] === 1 ? 20 : 12));
      else if (type === 'mdhd')
        track.timescale = boxSize(bytes, body + (bytes[body] === 1 ? 20 : 12)) || 1000;
      else if (type === 'hdlr') handler = boxType(bytes, body + 8);
      else if (type === 'stsd') {
        // full box + entry count, then the first sample entry
        const entry = body + 8;
        if (entry + 8 <= at + size) {
          track.codec = codecOf(bytes, entry, Math.min(at + size, entry + boxSize(bytes, entry)));
          entryType = boxType(bytes, entry + 4);
        }
      }
    });
  let entryType = '';
  walk(from, to);
  // The handler says what a track is; without one, its sample entry does.
  if (handler === 'vide' || (handler === null && VIDEO_ENTRIES.test(entryType))) track.kind = 'video';
  else if (handler === 'soun' || (handler === null && AUDIO_ENTRIES.test(entryType))) track.kind = 'audio';
  return track;
}

/** The codec of one sample entry box at `at` (its end `end`). */
function codecOf(bytes: Uint8Array, at: number, end: number): string {
  const type = boxType(bytes, at + 4);
  if (type === 'avc1' || type === 'avc3') {
    // Visual sample entry: 78 bytes before its child boxes.
    const avcC = findChild(bytes, at + 8 + 78, end, 'avcC');
    return avcC === null
      ? `${type}.42e01e`
      : `${type}.${hex(bytes[avcC + 1])}${hex(bytes[avcC + 2])}${hex(bytes[avcC + 3])}`;
  }
  if (type === 'hvc1' || type === 'hev1') {
    const hvcC = findChild(bytes, at + 8 + 78, end, 'hvcC');
    const level = hvcC === null ? 93 : bytes[hvcC + 12];
    return `${type}.1.6.L${level}.B0`;
  }
  if (type === 'mp4a') return 'mp4a.40.2';
  if (type === 'Opus') return 'opus';
  return type.trim();
}

/** Each box between `from` and `to`: its type, offset and size (a box that runs past `to` ends the walk). */
export function forEachBox(
  bytes: Uint8Array,
  from: number,
  to: number,
  visit: (type: string, at: number, size: number) => void,
): void {
  let at = from;
  while (at + 8 <= to) {
    const size = boxSize(bytes, at);
    if (size < 8 || at + size > to) return;
    visit(boxType(bytes, at + 4), at, size);
    at += size;
  }
}

/** Offset of a child box's payload, or null. */
function findChild(bytes: Uint8Array, from: number, to: number, wanted: string): number | null {
  let at = from;
  while (at + 8 <= to) {
    const size = boxSize(bytes, at);
    if (size < 8) return null;
    if (boxType(bytes, at + 4) === wanted) return at + 8;
    at += size;
  }
  return null;
}

/**
 * The init segment (`init.length` bytes of `bytes`) with only the tracks `keep` allows: their trak
 * and trex boxes stay, the others' are cut out and the sizes of moov and mvex fixed. A muted tile's
 * SourceBuffer then holds video only, whatever audio the stream carries (an `alaw` trak MSE cannot
 * play would otherwise fail every append).
 */
export function initWithTracks(
  bytes: Uint8Array,
  init: Mp4Init,
  keep: (track: Mp4Track) => boolean,
): Uint8Array {
  const dropped = new Set(init.tracks.filter((t) => !keep(t)).map((t) => t.id));
  const head = bytes.subarray(0, init.length);
  if (dropped.size === 0) return head.slice();
  const moovAt = init.moovAt;
  const out: number[] = Array.from(head.subarray(0, moovAt + 8));
  const moovStart = moovAt;
  forEachBox(head, moovAt + 8, init.length, (type, at, size) => {
    if (type === 'trak') {
      const track = readTrak(head, at + 8, at + size);
      if (dropped.has(track.id)) return;
    }
    if (type === 'mvex') {
      const mvexAt = out.length;
      out.push(...head.subarray(at, at + 8));
      forEachBox(head, at + 8, at + size, (child, childAt, childSize) => {
        if (child === 'trex' && dropped.has(boxSize(head, childAt + 12))) return;
        out.push(...head.subarray(childAt, childAt + childSize));
      });
      const mvex = Uint8Array.from(out.slice(mvexAt, mvexAt + 4));
      writeU32(mvex, 0, out.length - mvexAt);
      out.splice(mvexAt, 4, ...mvex);
      return;
    }
    out.push(...head.subarray(at, at + size));
  });
  const result = Uint8Array.from(out);
  writeU32(result, moovStart, result.length - moovStart);
  return result;
}
