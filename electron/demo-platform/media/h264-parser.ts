/**
 * Just enough H.264 (Annex-B) parsing to remux a fixture: NAL units, access units, and the picture
 * size from the SPS.
 */

/** nal_unit_type values the muxers care about. */
export const NAL = { slice: 1, idr: 5, sei: 6, sps: 7, pps: 8, aud: 9 } as const;

export function nalType(nal: Uint8Array): number {
  return nal[0] & 0x1f;
}

/** Split an Annex-B byte stream into NAL units (start codes and trailing zero bytes removed). */
export function splitAnnexB(data: Uint8Array): Buffer[] {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const nals: Buffer[] = [];
  let start = -1;
  let i = 0;
  while (i + 2 < buf.length) {
    if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1) {
      if (start >= 0) nals.push(trimZeros(buf.subarray(start, i)));
      i += 3;
      start = i;
    } else {
      i += 1;
    }
  }
  if (start >= 0 && start < buf.length) nals.push(trimZeros(buf.subarray(start)));
  return nals.filter((n) => n.length > 0);
}

function trimZeros(nal: Buffer): Buffer {
  let end = nal.length;
  while (end > 0 && nal[end - 1] === 0) end -= 1;
  return nal.subarray(0, end);
}

/** One coded picture: its NAL units in decoding order. */
export interface AccessUnit {
  nals: Buffer[];
  key: boolean;
}

function isVcl(type: number): boolean {
  return type >= 1 && type <= 5;
}

/**
 * Group NAL units into access units.
 *
 * An access-unit delimiter starts a new unit; without delimiters, a slice whose first_mb_in_slice is 0
 * (the first bit of the slice header is then 1) starts one once the current unit already holds a slice.
 */
export function groupAccessUnits(nals: Buffer[]): AccessUnit[] {
  const units: AccessUnit[] = [];
  let current: Buffer[] = [];
  let hasVcl = false;
  const flush = (): void => {
    if (current.length > 0 && hasVcl) {
      units.push({ nals: current, key: current.some((n) => nalType(n) === NAL.idr) });
    }
    current = [];
    hasVcl = false;
  };
  for (const nal of nals) {
    const type = nalType(nal);
    const firstSliceOfPicture = isVcl(type) && nal.length > 1 && (nal[1] & 0x80) !== 0;
    const parameterAfterSlice = hasVcl && (type === NAL.sps || type === NAL.pps || type === NAL.sei);
    if (type === NAL.aud || parameterAfterSlice || (firstSliceOfPicture && hasVcl)) flush();
    current.push(nal);
    if (isVcl(type)) hasVcl = true;
  }
  flush();
  return units;
}

/** Remove emulation-prevention bytes (00 00 03 → 00 00) to get the raw bit payload. */
function unescapeRbsp(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (let i = 0; i < nal.length; i += 1) {
    const b = nal[i];
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

class BitReader {
  private bit = 0;
  constructor(private readonly data: Uint8Array) {}

  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i += 1) {
      const byte = this.data[this.bit >> 3];
      if (byte === undefined) throw new Error('SPS ended early');
      v = v * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit += 1;
    }
    return v;
  }

  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros += 1;
      if (zeros > 31) throw new Error('bad Exp-Golomb code in SPS');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

export interface SpsInfo {
  profileIdc: number;
  constraintFlags: number;
  levelIdc: number;
  width: number;
  height: number;
  /** RFC 6381 codec string, e.g. `avc1.42c01e`. */
  codec: string;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** Read profile, level and the cropped picture size from an SPS NAL unit. */
export function parseSps(nal: Uint8Array): SpsInfo {
  const r = new BitReader(unescapeRbsp(nal.subarray(1)));
  const profileIdc = r.u(8);
  const constraintFlags = r.u(8);
  const levelIdc = r.u(8);
  r.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = r.ue();
    if (chromaFormatIdc === 3) r.u(1);
    r.ue();
    r.ue();
    r.u(1);
    if (r.u(1) === 1) {
      for (let i = 0; i < (chromaFormatIdc === 3 ? 12 : 8); i += 1) {
        if (r.u(1) === 1) skipScalingList(r, i < 6 ? 16 : 64);
      }
    }
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) {
    r.ue();
  } else if (pocType === 1) {
    r.u(1);
    r.se();
    r.se();
    const cycle = r.ue();
    for (let i = 0; i < cycle; i += 1) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.u(1);
  const widthInMbs = r.ue() + 1;
  const heightInMapUnits = r.ue() + 1;
  const frameMbsOnly = r.u(1);
  if (frameMbsOnly === 0) r.u(1);
  r.u(1);
  let crop = [0, 0, 0, 0];
  if (r.u(1) === 1) crop = [r.ue(), r.ue(), r.ue(), r.ue()];
  const cropUnitX = chromaFormatIdc === 0 || chromaFormatIdc === 3 ? 1 : 2;
  const cropUnitY = (chromaFormatIdc === 1 ? 2 : 1) * (2 - frameMbsOnly);
  const width = widthInMbs * 16 - cropUnitX * (crop[0] + crop[1]);
  const height = (2 - frameMbsOnly) * heightInMapUnits * 16 - cropUnitY * (crop[2] + crop[3]);
  const hex = (v: number): string => v.toString(16).padStart(2, '0');
  return {
    profileIdc,
    constraintFlags,
    levelIdc,
    width,
    height,
    codec: `avc1.${hex(profileIdc)}${hex(constraintFlags)}${hex(levelIdc)}`,
  };
}

function skipScalingList(r: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j += 1) {
    if (next !== 0) next = (last + r.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}
