/**
 * G.711 (ITU-T) encoders: 16-bit linear PCM to A-law and μ-law bytes, as in the ITU reference code
 * (Sun's g711.c). GB28181 cameras send A-law by default and some send μ-law; the demo makes its tones
 * with these so the bytes on the wire are what a real camera's would be.
 */

const A_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];
const U_SEGMENT_ENDS = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff];
const U_BIAS = 0x84;
const U_CLIP = 8159;

function segment(value: number, ends: readonly number[]): number {
  for (let i = 0; i < ends.length; i += 1) if (value <= ends[i]) return i;
  return ends.length;
}

/** One 16-bit sample as A-law. */
export function linearToAlaw(sample: number): number {
  let pcm = sample >> 3;
  let mask: number;
  if (pcm >= 0) {
    mask = 0xd5;
  } else {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  const seg = segment(pcm, A_SEGMENT_ENDS);
  if (seg >= 8) return (0x7f ^ mask) & 0xff;
  const quant = seg < 2 ? (pcm >> 1) & 0x0f : (pcm >> seg) & 0x0f;
  return ((seg << 4) | quant) ^ mask;
}

/** One 16-bit sample as μ-law. */
export function linearToUlaw(sample: number): number {
  let pcm = sample >> 2;
  let mask: number;
  if (pcm < 0) {
    pcm = -pcm;
    mask = 0x7f;
  } else {
    mask = 0xff;
  }
  if (pcm > U_CLIP) pcm = U_CLIP;
  pcm += U_BIAS >> 2;
  const seg = segment(pcm, U_SEGMENT_ENDS);
  if (seg >= 8) return (0x7f ^ mask) & 0xff;
  return (((seg << 4) | ((pcm >> (seg + 1)) & 0x0f)) ^ mask) & 0xff;
}

/**
 * `samples` of a sine at `hz` (sample rate `rate`, amplitude `level` of full scale), G.711-encoded.
 * With a whole number of cycles in `samples`, consecutive blocks join without a click.
 */
export function g711Tone(
  law: 'alaw' | 'ulaw',
  { hz, rate, samples, level }: { hz: number; rate: number; samples: number; level: number },
): Buffer {
  const encode = law === 'alaw' ? linearToAlaw : linearToUlaw;
  const out = Buffer.allocUnsafe(samples);
  for (let i = 0; i < samples; i += 1) {
    out[i] = encode(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * level * 32767));
  }
  return out;
}
