/**
 * G.711 (ITU-T G.711) A-law and μ-law to linear PCM: 256-entry tables, built once on first use.
 *
 * GB28181 cameras send G.711 by default, and ZLMediaKit carries it in FLV (sound format 7 A-law,
 * 8 μ-law), MPEG-TS and MP4 as it came; no browser decodes it, so the audible tile does it here:
 * a table look-up a sample, into Web Audio. Values are the 16-bit linear ones of the standard's
 * reference decoder (`alaw2linear`/`ulaw2linear`), scaled to −1…1 for Web Audio.
 */

let alaw: Int16Array | null = null;
let ulaw: Int16Array | null = null;

/** One A-law byte to 16-bit linear (ITU-T G.711, the reference `alaw2linear`). */
function alawSample(byte: number): number {
  const a = byte ^ 0x55;
  let t = (a & 0x0f) << 4;
  const seg = (a & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return a & 0x80 ? t : -t;
}

/** One μ-law byte to 16-bit linear (the reference `ulaw2linear`, bias 0x84). */
function ulawSample(byte: number): number {
  const u = ~byte & 0xff;
  let t = ((u & 0x0f) << 3) + 0x84;
  t <<= (u & 0x70) >> 4;
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

function table(sample: (byte: number) => number): Int16Array {
  const out = new Int16Array(256);
  for (let i = 0; i < 256; i++) out[i] = sample(i);
  return out;
}

/** The 256 linear values of A-law bytes 0…255. */
export function alawTable(): Int16Array {
  alaw ??= table(alawSample);
  return alaw;
}

/** The 256 linear values of μ-law bytes 0…255. */
export function ulawTable(): Int16Array {
  ulaw ??= table(ulawSample);
  return ulaw;
}

export type G711Law = 'alaw' | 'ulaw';

/** G.711 bytes to PCM samples in −1…1, for an AudioBuffer. */
export function decodeG711(
  law: G711Law,
  bytes: Uint8Array,
  out = new Float32Array(bytes.length),
): Float32Array {
  const lut = law === 'alaw' ? alawTable() : ulawTable();
  for (let i = 0; i < bytes.length; i++) out[i] = lut[bytes[i]] / 32768;
  return out;
}
