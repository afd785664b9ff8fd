/**
 * A picture as a media server passes it on when part of it was lost on the way from the camera (a
 * GB28181 camera's RTP over UDP): the second half of its last NAL unit zeroed. The NAL headers and the
 * slice header stay, so a player takes it for the picture it was (an IDR stays an IDR) and its decoder
 * fails inside it (Chromium's WebCodecs: "EncodingError: Decoding error.").
 *
 * `avcc`: the picture's NAL units, each after a 4-byte length (as in an FLV tag or an MP4 sample).
 */
export function damagedPicture(avcc: Buffer): Buffer {
  const copy = Buffer.from(avcc);
  let at = 0;
  let last: { start: number; length: number } | null = null;
  while (at + 4 <= copy.length) {
    const length = copy.readUInt32BE(at);
    if (at + 4 + length > copy.length) break;
    last = { start: at + 4, length };
    at += 4 + length;
  }
  if (last) copy.fill(0, last.start + Math.ceil(last.length / 2), last.start + last.length);
  return copy;
}
