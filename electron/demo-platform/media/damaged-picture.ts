/**
 * A picture as a media server passes it on when part of it was lost on the way from the camera (a
 * GB28181 camera's RTP over UDP): the second half of its last NAL unit zeroed. The NAL headers and the
 * slice header stay, so a player takes it for the picture it was (an IDR stays an IDR) and its decoder
 * fails inside it (Chromium's WebCodecs: "EncodingError: Decoding error.").
 *
 * `how: 'not-idr'` relabels the last NAL unit instead (an IDR slice becomes a non-IDR one).
 *
 * `avcc`: the picture's NAL units, each after a 4-byte length (as in an FLV tag or an MP4 sample).
 */
export function damagedPicture(avcc: Buffer, how: 'zeroed' | 'not-idr' = 'zeroed'): Buffer {
  const copy = Buffer.from(avcc);
  let at = 0;
  let last: { start: number; length: number } | null = null;
  while (at + 4 <= copy.length) {
    const length = copy.readUInt32BE(at);
    if (at + 4 + length > copy.length) break;
    last = { start: at + 4, length };
    at += 4 + length;
  }
  if (!last) return copy;
  if (how === 'zeroed') copy.fill(0, last.start + Math.ceil(last.length / 2), last.start + last.length);
  // A keyframe that holds no IDR picture (a camera's intra-refresh or recovery-point "keyframes"): the
  // slice's NAL type 5 becomes 1; a decoder that must start at an IDR refuses it.
  else if ((copy[last.start] & 0x1f) === 5) copy[last.start] = (copy[last.start] & 0xe0) | 1;
  return copy;
}
