/**
 * Independent readers for what the media server sends, written from the format specs (not from the
 * server's muxers), so a test can check the bytes a player would get.
 */

export interface FlvTag {
  type: number;
  timestamp: number;
  body: Buffer;
  /** The PreviousTagSize after the tag matched 11 + data size. */
  sizeChainOk: boolean;
}

export interface FlvParse {
  headerOk: boolean;
  hasVideoFlag: boolean;
  tags: FlvTag[];
}

/** Parse an FLV byte stream up to its last complete tag. */
export function parseFlv(data: Buffer): FlvParse {
  const headerOk =
    data.length >= 13 &&
    data.toString('latin1', 0, 3) === 'FLV' &&
    data[3] === 1 &&
    data.readUInt32BE(5) === 9;
  const tags: FlvTag[] = [];
  if (!headerOk) return { headerOk, hasVideoFlag: false, tags };
  let o = 9 + 4;
  while (o + 11 <= data.length) {
    const size = data.readUIntBE(o + 1, 3);
    if (o + 11 + size + 4 > data.length) break;
    const timestamp = (data.readUIntBE(o + 4, 3) | (data[o + 7] << 24)) >>> 0;
    tags.push({
      type: data[o],
      timestamp,
      body: data.subarray(o + 11, o + 11 + size),
      sizeChainOk: data.readUInt32BE(o + 11 + size) === 11 + size,
    });
    o += 11 + size + 4;
  }
  return { headerOk, hasVideoFlag: (data[4] & 0x01) === 1, tags };
}

/** FLV video tags that carry a picture (AVC NALU), with their keyframe flag. */
export function flvPictures(tags: FlvTag[]): { timestamp: number; key: boolean; body: Buffer }[] {
  return tags
    .filter((t) => t.type === 9 && (t.body[0] & 0x0f) === 7 && t.body[1] === 1)
    .map((t) => ({ timestamp: t.timestamp, key: t.body[0] >> 4 === 1, body: t.body }));
}

/** CRC-32/MPEG-2, bit by bit (deliberately not the server's table version). */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte << 24;
    for (let k = 0; k < 8; k += 1)
      crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc >>> 0;
}

export interface TsPacket {
  pid: number;
  pusi: boolean;
  cc: number;
  hasPayload: boolean;
  pcr?: number;
  randomAccess: boolean;
  payload: Buffer;
}

/** Split into 188-byte packets; throws if any packet lacks its sync byte. */
export function parseTs(data: Buffer): TsPacket[] {
  const packets: TsPacket[] = [];
  for (let o = 0; o + 188 <= data.length; o += 188) {
    if (data[o] !== 0x47) throw new Error(`no sync byte at ${o}`);
    const pid = ((data[o + 1] & 0x1f) << 8) | data[o + 2];
    const afc = (data[o + 3] >> 4) & 0x3;
    let p = o + 4;
    let pcr: number | undefined;
    let randomAccess = false;
    if (afc & 0x2) {
      const afLength = data[p];
      if (afLength > 0) {
        const flags = data[p + 1];
        randomAccess = (flags & 0x40) !== 0;
        if (flags & 0x10) pcr = data.readUInt32BE(p + 2) * 2 + (data[p + 6] >> 7);
      }
      p += 1 + afLength;
    }
    packets.push({
      pid,
      pusi: (data[o + 1] & 0x40) !== 0,
      cc: data[o + 3] & 0x0f,
      hasPayload: (afc & 0x1) !== 0,
      pcr,
      randomAccess,
      payload: data.subarray(p, o + 188),
    });
  }
  return packets;
}

/** A PSI section from a packet that starts one: table id, the section, and whether its CRC holds. */
export function readSection(packet: TsPacket): { tableId: number; section: Buffer; crcOk: boolean } {
  const start = 1 + packet.payload[0];
  const sectionLength = ((packet.payload[start + 1] & 0x0f) << 8) | packet.payload[start + 2];
  const section = packet.payload.subarray(start, start + 3 + sectionLength);
  return { tableId: section[0], section, crcOk: crc32(section) === 0 };
}

function readTimestamp(b: Buffer, at: number): number {
  return (
    ((b[at] >> 1) & 0x07) * 2 ** 30 +
    (b[at + 1] << 22) +
    ((b[at + 2] >> 1) << 15) +
    (b[at + 3] << 7) +
    (b[at + 4] >> 1)
  );
}

/** PES starts of one PID: PTS and DTS of each. */
export function pesTimestamps(
  packets: TsPacket[],
  pid: number,
): { pts: number; dts: number; key: boolean }[] {
  return packets
    .filter((p) => p.pid === pid && p.pusi)
    .map((p) => {
      const b = p.payload;
      if (b[0] !== 0 || b[1] !== 0 || b[2] !== 1) throw new Error('PES start code missing');
      const flags = b[7] >> 6;
      const pts = readTimestamp(b, 9);
      const dts = flags === 3 ? readTimestamp(b, 14) : pts;
      return { pts, dts, key: p.randomAccess };
    });
}

export interface Box {
  type: string;
  start: number;
  size: number;
  body: Buffer;
}

/** The ISO BMFF boxes at one level (complete ones only). */
export function parseBoxes(data: Buffer): Box[] {
  const boxes: Box[] = [];
  let o = 0;
  while (o + 8 <= data.length) {
    const size = data.readUInt32BE(o);
    if (size < 8 || o + size > data.length) break;
    boxes.push({
      type: data.toString('latin1', o + 4, o + 8),
      start: o,
      size,
      body: data.subarray(o + 8, o + size),
    });
    o += size;
  }
  return boxes;
}

/** Find a box by path, e.g. ['trak', 'mdia', 'minf', 'stbl', 'stsd']. */
export function findBox(boxes: Box[], path: string[]): Box | undefined {
  let level = boxes;
  let found: Box | undefined;
  for (const type of path) {
    found = level.find((b) => b.type === type);
    if (!found) return undefined;
    level = parseBoxes(found.body);
  }
  return found;
}

export interface M3u8 {
  version?: number;
  targetDuration?: number;
  mediaSequence?: number;
  segments: { duration: number; uri: string }[];
  endList: boolean;
}

export function parseM3u8(text: string): M3u8 {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines[0] !== '#EXTM3U') throw new Error('not an m3u8');
  const out: M3u8 = { segments: [], endList: false };
  let pending: number | undefined;
  for (const line of lines.slice(1)) {
    const [tag, value] = line.split(/:(.*)/s);
    if (tag === '#EXT-X-VERSION') out.version = Number(value);
    else if (tag === '#EXT-X-TARGETDURATION') out.targetDuration = Number(value);
    else if (tag === '#EXT-X-MEDIA-SEQUENCE') out.mediaSequence = Number(value);
    else if (tag === '#EXT-X-ENDLIST') out.endList = true;
    else if (tag === '#EXTINF') pending = Number.parseFloat(value);
    else if (!line.startsWith('#')) {
      if (pending === undefined) throw new Error(`segment without EXTINF: ${line}`);
      out.segments.push({ duration: pending, uri: line });
      pending = undefined;
    }
  }
  return out;
}
