import { beforeAll, describe, expect, it } from 'vitest';
import {
  flvHeader,
  flvMetadataTag,
  flvSequenceHeaderTag,
  flvVideoTag,
  loadClips,
  type Clip,
} from '../../../../../electron/demo-platform/media';
import { flvTagParts } from '../../../../../electron/demo-platform/media/flv-muxer';
import {
  avcAnnexB,
  avcCodecString,
  FlvVideoReader,
  lengthsToStartCodes,
} from '../../../../../src/lib/players/flv-video-reader';

/**
 * The WebCodecs player's demuxer on real FLV bytes: the demo platform's clips through its own FLV
 * muxer, cut as a server's messages cut them (a tag a message, or anywhere).
 */

let clip: Clip;
beforeAll(async () => {
  clip = (await loadClips())[0];
});

function stream(pictures: number): Buffer {
  return Buffer.concat([
    flvHeader(),
    flvMetadataTag(clip, 0),
    flvSequenceHeaderTag(clip.sps, clip.pps, 0),
    ...clip.frames.slice(0, pictures).map((f, i) => flvVideoTag(f.avcc, f.key, i * 40)),
  ]);
}

describe('FlvVideoReader', () => {
  it('reads the configuration and every picture with its time and kind, however the bytes are cut', () => {
    const bytes = stream(60);
    for (const cut of [bytes.length, 4096, 7, 1]) {
      const reader = new FlvVideoReader();
      const tags = [];
      for (let at = 0; at < bytes.length; at += cut)
        tags.push(...reader.feed(new Uint8Array(bytes.subarray(at, at + cut))));
      expect(tags.map((t) => t.kind)).toEqual(['avc-config', ...Array(60).fill('avc-picture')]);
      expect(tags.slice(1).map((t) => t.dts)).toEqual(Array.from({ length: 60 }, (_, i) => i * 40));
      expect(tags.slice(1).map((t) => t.key)).toEqual(clip.frames.slice(0, 60).map((f) => f.key));
      expect(Buffer.from(tags[5].data)).toEqual(clip.frames[4].avcc);
      expect(avcCodecString(tags[0].data)).toMatch(/^avc1\.[0-9a-f]{6}$/);
    }
  });

  it('gives a picture out with its body, as ZLMediaKit cuts WS-FLV (header, body, PreviousTagSize: a message each)', () => {
    const reader = new FlvVideoReader();
    expect(reader.feed(new Uint8Array(flvHeader()))).toEqual([]);
    const parts = (tag: Buffer) => flvTagParts(tag).map((part) => new Uint8Array(part));
    const [configHead, configBody, configSize] = parts(flvSequenceHeaderTag(clip.sps, clip.pps, 0));
    expect(reader.feed(configHead)).toEqual([]);
    expect(reader.feed(configBody).map((t) => t.kind)).toEqual(['avc-config']);
    expect(reader.feed(configSize)).toEqual([]);
    for (const [i, frame] of clip.frames.slice(0, 5).entries()) {
      const [head, body, size] = parts(flvVideoTag(frame.avcc, frame.key, i * 40));
      expect(reader.feed(head)).toEqual([]);
      const [picture] = reader.feed(body);
      expect(picture).toMatchObject({ kind: 'avc-picture', dts: i * 40, key: frame.key });
      expect(Buffer.from(picture.data)).toEqual(frame.avcc);
      expect(reader.feed(size)).toEqual([]);
    }
  });

  it('reads the 32-bit timestamp with its extension byte, and a negative composition time', () => {
    const tag = flvVideoTag(clip.frames[1].avcc, false, 0x1_2345_6789 % 2 ** 32);
    tag[13] = 0xff; // composition time −1 ms (24-bit signed)
    tag[14] = 0xff;
    tag[15] = 0xff;
    const [read] = new FlvVideoReader().feed(new Uint8Array(Buffer.concat([flvHeader(), tag])));
    expect(read.dts).toBe(0x2345_6789);
    expect(read.cts).toBe(-1);
  });

  it('names another codec instead of reading it as H.264', () => {
    const hevc = flvVideoTag(clip.frames[0].avcc, true, 0);
    hevc[11] = 0x1c; // keyframe, codec id 12 (H.265 by the common extension)
    const [read] = new FlvVideoReader().feed(new Uint8Array(Buffer.concat([flvHeader(), hevc])));
    expect(read).toMatchObject({ kind: 'other', codec: 12, key: true });
  });

  it('says a stream that is not FLV is not', () => {
    expect(() => new FlvVideoReader().feed(new TextEncoder().encode('<html>Not found</html>'))).toThrow(
      /not FLV/,
    );
  });

  it('gives the decoder Annex B: the record’s SPS and PPS after start codes, each picture’s lengths turned into start codes', () => {
    const [config, key] = new FlvVideoReader().feed(new Uint8Array(stream(1)));
    const annexB = avcAnnexB(config.data)!;
    expect(annexB.lengthSize).toBe(4);
    const start = Buffer.from([0, 0, 0, 1]);
    expect(Buffer.from(annexB.parameterSets)).toEqual(Buffer.concat([start, clip.sps, start, clip.pps]));
    // The same bytes the demo's MPEG-TS muxer writes for this picture, but its AUD and parameter sets.
    const data = key.data.slice();
    expect(lengthsToStartCodes(data)).toBe(true);
    expect(Buffer.from(data)).toEqual(clip.frames[0].annexB.subarray(-data.byteLength));
    // Lengths that run past the picture are said, not decoded.
    expect(lengthsToStartCodes(Uint8Array.from([0, 0, 0, 9, 1, 2]))).toBe(false);
  });
});
