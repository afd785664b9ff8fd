/** What the start of a fragmented MP4 stream says about itself. */
export interface Mp4Init {
  /** Byte length of ftyp+moov (and anything before moov's end). */
  length: number;
  /** RFC 6381 codec strings for the MSE mime type, video first. */
  codecs: string[];
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'mvex', 'udta']);

function type(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

function size(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Find the init segment (up to the end of `moov`) at the start of a fragmented MP4 byte stream and
 * the codecs it declares. null while the bytes do not yet hold all of `moov`.
 */
export function readMp4Init(bytes: Uint8Array): Mp4Init | null {
  let at = 0;
  while (at + 8 <= bytes.length) {
    let boxSize = size(bytes, at);
    const boxType = type(bytes, at + 4);
    if (boxSize === 1) {
      if (at + 16 > bytes.length) return null;
      boxSize = size(bytes, at + 8) * 2 ** 32 + size(bytes, at + 12);
    }
    if (boxSize < 8) throw new Error(`malformed MP4 box "${boxType}"`);
    if (at + boxSize > bytes.length) return null;
    if (boxType === 'moov') {
      return { length: at + boxSize, codecs: codecsIn(bytes.subarray(at + 8, at + boxSize)) };
    }
    if (boxType === 'moof' || boxType === 'mdat')
      throw new Error('the stream did not start with an init segment');
    at += boxSize;
  }
  return null;
}

/** Walk moov's boxes for the sample entries (avc1/hvc1/mp4a...) and their configuration records. */
function codecsIn(moov: Uint8Array): string[] {
  const video: string[] = [];
  const audio: string[] = [];
  const walk = (from: number, to: number) => {
    let at = from;
    while (at + 8 <= to) {
      const boxSize = size(moov, at);
      const boxType = type(moov, at + 4);
      if (boxSize < 8 || at + boxSize > to) return;
      if (CONTAINERS.has(boxType)) walk(at + 8, at + boxSize);
      else if (boxType === 'stsd')
        walk(at + 16, at + boxSize); // full box + entry count
      else if (boxType === 'avc1' || boxType === 'avc3') {
        // Visual sample entry: 78 bytes before its child boxes.
        const avcC = findChild(moov, at + 8 + 78, at + boxSize, 'avcC');
        video.push(
          avcC === null
            ? `${boxType}.42e01e`
            : `${boxType}.${hex(moov[avcC + 1])}${hex(moov[avcC + 2])}${hex(moov[avcC + 3])}`,
        );
      } else if (boxType === 'hvc1' || boxType === 'hev1') {
        const hvcC = findChild(moov, at + 8 + 78, at + boxSize, 'hvcC');
        const level = hvcC === null ? 93 : moov[hvcC + 12];
        video.push(`${boxType}.1.6.L${level}.B0`);
      } else if (boxType === 'mp4a') audio.push('mp4a.40.2');
      at += boxSize;
    }
  };
  walk(0, moov.length);
  return [...video, ...audio];
}

/** Offset of a child box's payload, or null. */
function findChild(bytes: Uint8Array, from: number, to: number, wanted: string): number | null {
  let at = from;
  while (at + 8 <= to) {
    const boxSize = size(bytes, at);
    if (boxSize < 8) return null;
    if (type(bytes, at + 4) === wanted) return at + 8;
    at += boxSize;
  }
  return null;
}
