export type CodecFamily = 'h264' | 'hevc' | 'other';

/** The family of an RFC 6381 codec string (`avc1.64001e` → h264, `hvc1.1.6.L93.B0` → hevc). */
export function codecFamily(codec: string): CodecFamily {
  const head = codec.trim().toLowerCase().split('.')[0];
  if (head === 'avc1' || head === 'avc3' || head === 'h264') return 'h264';
  if (head === 'hvc1' || head === 'hev1' || head === 'h265' || head === 'hevc') return 'hevc';
  return 'other';
}
