import { beforeAll, describe, expect, it } from 'vitest';
import { g711Tone } from '../../../../../electron/demo-platform/media/g711';
import {
  flvHeader,
  flvMetadataTag,
  flvSequenceHeaderTag,
  flvVideoTag,
  loadClips,
  type Clip,
} from '../../../../../electron/demo-platform/media';
import { readAudioSpecificConfig, readFlvAudioTag } from '../../../../../src/lib/players/flv-audio';
import { decodeG711 } from '../../../../../src/lib/players/g711';
import { KeyframeGate } from '../../../../../src/lib/players/keyframe-gate';

/**
 * The keyframe gate pulling audio out of an FLV stream before mpegts.js: real pictures from the demo's
 * fixtures, and audio tags as ZLMediaKit writes them (G.711 A-law 0x72 with 320 bytes a tag, μ-law
 * 0x82, AAC 0xAF with its sequence header), cut into chunks every which way.
 */

let clip: Clip;
beforeAll(async () => {
  clip = (await loadClips())[0];
});

function tag(type: number, timestampMs: number, body: Buffer): Buffer {
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = type;
  out.writeUIntBE(body.length, 1, 3);
  out.writeUIntBE(timestampMs & 0xffffff, 4, 3);
  out[7] = (timestampMs >>> 24) & 0xff;
  body.copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}

const ALAW = g711Tone('alaw', { hz: 1000, rate: 8000, samples: 320, level: 0.25 });
const alawTag = (t: number) => tag(8, t, Buffer.concat([Buffer.from([0x72]), ALAW]));
const AAC_CONFIG = Buffer.from([0x14, 0x08]); // AAC-LC, 16 kHz, mono

/** Header, metadata, sequence header, then `frames` pictures each followed by an audio tag. */
function stream(frames: number, audio: (t: number) => Buffer | null): Buffer {
  const tags: Buffer[] = [
    flvHeader(),
    flvMetadataTag({ width: clip.width, height: clip.height, fps: 25 }, 0),
    flvSequenceHeaderTag(clip.sps, clip.pps, 0),
  ];
  for (let i = 0; i < frames; i++) {
    const frame = clip.frames[i % clip.frames.length];
    tags.push(flvVideoTag(frame.avcc, frame.key, 1000 + i * 40));
    const a = audio(1000 + i * 40 + 5);
    if (a) tags.push(a);
  }
  return Buffer.concat(tags);
}

function recut(bytes: Buffer, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    out.push(new Uint8Array(bytes.subarray(at, at + size)));
    at += size;
  }
  return out;
}

/** The tag types left in an FLV byte stream. */
function tagTypes(bytes: Uint8Array): number[] {
  const b = Buffer.from(bytes);
  const types: number[] = [];
  for (let at = b.readUInt32BE(5) + 4; at < b.length; at += 11 + b.readUIntBE(at + 1, 3) + 4)
    types.push(b[at]);
  return types;
}

describe('KeyframeGate audio', () => {
  it.each([[[1_000_000]], [[1]], [[7, 13, 400]], [[11, 2, 338]]])(
    'extracts every G.711 tag whole, with its timestamp, and passes only video on (chunks of %j bytes)',
    (sizes) => {
      const got: { t: number; body: Uint8Array }[] = [];
      const pictures: number[] = [];
      const gate = new KeyframeGate({
        audio: 'extract',
        onAudio: (t, body) => got.push({ t, body: body.slice() }),
        onPicture: (t) => pictures.push(t),
      });
      const out = Buffer.concat(recut(stream(60, alawTag), sizes).map((c) => gate.push(c)));
      expect(got).toHaveLength(60);
      expect(got.map((g) => g.t)).toEqual(Array.from({ length: 60 }, (_, i) => 1005 + i * 40));
      for (const g of got)
        expect(Buffer.from(g.body).equals(Buffer.concat([Buffer.from([0x72]), ALAW]))).toBe(true);
      expect(pictures).toHaveLength(60);
      expect(tagTypes(out).filter((t) => t === 8)).toHaveLength(0);
      expect(tagTypes(out).filter((t) => t === 9)).toHaveLength(61); // sequence header + 60 pictures
    },
  );

  it('drops every audio tag for a muted tile, so mpegts.js never sees a codec id 7', () => {
    const gate = new KeyframeGate({ audio: 'drop' });
    const out = Buffer.concat(recut(stream(30, alawTag), [500]).map((c) => gate.push(c)));
    expect(tagTypes(out)).toEqual([18, ...Array(31).fill(9)]);
  });

  it('passes audio on by default (the plain gate is unchanged)', () => {
    const gate = new KeyframeGate();
    const input = stream(10, alawTag);
    expect(Buffer.from(gate.push(new Uint8Array(input))).equals(input)).toBe(true);
  });

  it('reads the extracted tags: G.711 to PCM, AAC’s configuration and frames', () => {
    const alaw = readFlvAudioTag(new Uint8Array(Buffer.concat([Buffer.from([0x72]), ALAW])))!;
    expect(alaw).toMatchObject({ format: 7, aacPacketType: null });
    const pcm = decodeG711('alaw', alaw.data);
    expect(pcm).toHaveLength(320);
    // A 1 kHz tone at a quarter of full scale: 8 samples a cycle, peaks near ±0.25.
    expect(Math.max(...pcm)).toBeGreaterThan(0.2);
    expect(Math.max(...pcm)).toBeLessThan(0.3);
    expect(readFlvAudioTag(Uint8Array.of(0x82, 1, 2))).toMatchObject({ format: 8 });
    const config = readFlvAudioTag(new Uint8Array(Buffer.concat([Buffer.from([0xaf, 0]), AAC_CONFIG])))!;
    expect(config).toMatchObject({ format: 10, aacPacketType: 0 });
    expect(readAudioSpecificConfig(config.data)).toEqual({ sampleRate: 16_000, channels: 1 });
  });
});
