import { beforeAll, describe, expect, it } from 'vitest';
import {
  flvHeader,
  flvMetadataTag,
  flvSequenceHeaderTag,
  flvVideoTag,
  loadClips,
  type Clip,
} from '../../../../../electron/demo-platform/media';
import { KeyframeGate, kindOf } from '../../../../../src/lib/players/keyframe-gate';

/**
 * The keyframe gate on real FLV bytes: the demo platform's fixtures muxed by its own FLV muxer, as
 * its media server sends them (a file header, onMetaData, the AVC sequence header, a tag a picture,
 * 25 pictures a second, a keyframe every 50).
 */

let clip: Clip;
beforeAll(async () => {
  clip = (await loadClips())[0];
});

const FRAME_MS = 40;

/** An AAC raw frame tag (the demo has no audio; cameras often do). */
function audioTag(timestampMs: number): Buffer {
  const body = Buffer.from([0xaf, 0x01, 0x21, 0x10, 0x04, 0x60, 0x8c, 0x1c]);
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = 8;
  out.writeUIntBE(body.length, 1, 3);
  out.writeUIntBE(timestampMs & 0xffffff, 4, 3);
  out[7] = (timestampMs >>> 24) & 0xff;
  body.copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}

/** The stream as tags: header, metadata, sequence header, then `frames` pictures from `startMs`. */
function stream(frames: number, { startMs = 0, audio = false } = {}): Buffer[] {
  const tags: Buffer[] = [
    flvHeader(),
    flvMetadataTag({ width: clip.width, height: clip.height, fps: 25 }, startMs),
    flvSequenceHeaderTag(clip.sps, clip.pps, startMs),
  ];
  for (let i = 0; i < frames; i++) {
    const frame = clip.frames[i % clip.frames.length];
    const t = startMs + i * FRAME_MS;
    tags.push(flvVideoTag(frame.avcc, frame.key, t));
    if (audio) tags.push(audioTag(t + 10));
  }
  return tags;
}

interface Tag {
  type: number;
  timestamp: number;
  key: boolean;
  config: boolean;
  body: Buffer;
}

/** Read an FLV byte stream back into tags (throws on a broken one: the gate must never cut a tag). */
function parse(bytes: Uint8Array): Tag[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(b.subarray(0, 3).toString('latin1')).toBe('FLV');
  let at = b.readUInt32BE(5) + 4;
  const tags: Tag[] = [];
  while (at < b.length) {
    const type = b[at];
    const size = b.readUIntBE(at + 1, 3);
    const timestamp = ((b[at + 7] << 24) | b.readUIntBE(at + 4, 3)) >>> 0;
    const body = b.subarray(at + 11, at + 11 + size);
    expect(b.readUInt32BE(at + 11 + size), 'PreviousTagSize').toBe(11 + size);
    tags.push({
      type,
      timestamp,
      key: type === 9 && body[0] >> 4 === 1 && body[1] === 1,
      config: type === 9 && body[1] !== 1,
      body,
    });
    at += 11 + size + 4;
  }
  expect(at).toBe(b.length);
  return tags;
}

/** Push every chunk through the gate; the bytes passed on, concatenated. */
function through(gate: KeyframeGate, chunks: Uint8Array[]): Uint8Array {
  return Buffer.concat(chunks.map((c) => gate.push(c)));
}

/** The same bytes cut at other places: single bytes, and a header split across chunks. */
function recut(bytes: Buffer, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  let i = 0;
  while (at < bytes.length) {
    const size = sizes[i++ % sizes.length];
    out.push(new Uint8Array(bytes.subarray(at, at + size)));
    at += size;
  }
  return out;
}

const copy = (chunks: Buffer[]) => chunks.map((c) => new Uint8Array(c));
const pictures = (tags: Tag[]) => tags.filter((t) => t.type === 9 && !t.config);

describe('KeyframeGate', () => {
  it('at full rate passes every byte on, and each whole chunk as the same buffer (no copy)', () => {
    const gate = new KeyframeGate();
    const chunks = copy(stream(150));
    const outs = chunks.map((c) => gate.push(c));
    expect(outs.slice(1).every((out, i) => out === chunks[i + 1])).toBe(true);
    expect(Buffer.concat(outs).equals(Buffer.concat(chunks))).toBe(true);
    expect(gate.stats()).toMatchObject({
      mode: 'full',
      keyframes: 3,
      keyframeIntervalMs: 2000,
      frameIntervalMs: 40,
    });
  });

  it('in overview passes the keyframes (and one picture after each), the sequence header and script data, and rewrites their time', () => {
    const gate = new KeyframeGate();
    gate.setRate('overview');
    const tags = parse(through(gate, copy(stream(150))));
    expect(tags.filter((t) => t.type === 18)).toHaveLength(1);
    expect(tags.filter((t) => t.config)).toHaveLength(1);
    const kept = pictures(tags);
    // Keyframes at 0, 50 and 100, each with the picture after it: 6 of 150.
    expect(kept.map((t) => t.key)).toEqual([true, false, true, false, true, false]);
    // The pictures are the stream's own (bytes unchanged) ...
    expect(kept[2].body.subarray(5).equals(clip.frames[50].avcc)).toBe(true);
    // ... on a time of their own: each keyframe shows for 400 ms (time to decode it on a busy
    // computer), the picture after it for one picture's duration, then the next keyframe: never a
    // GOP's worth of time in the player's buffer, so each keyframe shows as soon as it is decoded.
    expect(kept.map((t) => t.timestamp)).toEqual([0, 400, 440, 840, 880, 1280]);
    const stats = gate.stats();
    expect(stats).toMatchObject({ mode: 'overview', keyframes: 3, droppedTags: 144 });
    expect(stats.passedBytes / (stats.passedBytes + stats.droppedBytes)).toBeLessThan(0.5);
  });

  it('without retiming (a player with a clock of its own) passes the keyframes alone at the stream’s time', () => {
    const gate = new KeyframeGate({ keepAfterKey: 0, retime: false });
    gate.setRate('overview');
    const kept = pictures(parse(through(gate, copy(stream(150)))));
    expect(kept.map((t) => [t.key, t.timestamp])).toEqual([
      [true, 0],
      [true, 2_000],
      [true, 4_000],
    ]);
  });

  it('gives the same bytes however the stream is cut into chunks', () => {
    const whole = Buffer.concat(stream(120, { audio: true }));
    for (const sizes of [[1], [7, 3, 11], [4096], [12, 1, 1, 300]]) {
      const a = new KeyframeGate();
      const b = new KeyframeGate();
      a.setRate('overview');
      b.setRate('overview');
      const expected = through(a, [new Uint8Array(whole)]);
      expect(Buffer.from(through(b, recut(whole, sizes))).equals(Buffer.from(expected))).toBe(true);
    }
  });

  it('back to full only at the next keyframe, never in the middle of a GOP; time runs on without a jump', () => {
    const gate = new KeyframeGate();
    gate.setRate('overview');
    const chunks = copy(stream(200));
    // Three header chunks, then pictures 0..69 in overview; asked for full at picture 70 (mid-GOP).
    const first = through(gate, chunks.slice(0, 3 + 70));
    gate.setRate('full');
    expect(gate.stats().mode).toBe('resuming');
    const rest = through(gate, chunks.slice(3 + 70));
    expect(gate.stats().mode).toBe('full');
    const kept = pictures(parse(Buffer.concat([first, rest])));
    // Overview: 0, 1, 50, 51; then nothing until the keyframe at 100; from there every picture.
    expect(kept.slice(0, 6).map((t) => t.key)).toEqual([true, false, true, false, true, false]);
    expect(kept).toHaveLength(4 + 100);
    expect(kept[4].body.subarray(5).equals(clip.frames[100].avcc)).toBe(true);
    const times = kept.map((t) => t.timestamp);
    const steps = times.slice(1).map((t, i) => t - times[i]);
    expect(steps.slice(0, 3)).toEqual([400, 40, 400]);
    // From the last overview picture on, one picture's duration apart: no jump.
    expect(new Set(steps.slice(3))).toEqual(new Set([FRAME_MS]));
  });

  it('to overview at the next tag: the pictures after it are left out until the next keyframe', () => {
    const gate = new KeyframeGate();
    const chunks = copy(stream(150));
    const first = through(gate, chunks.slice(0, 3 + 20));
    gate.setRate('overview');
    const rest = through(gate, chunks.slice(3 + 20));
    const kept = pictures(parse(Buffer.concat([first, rest])));
    // Pictures 0..19 at full rate, then 50, 51, 100, 101.
    expect(kept).toHaveLength(20 + 4);
    expect(kept[20].key).toBe(true);
    expect(kept.map((t) => t.timestamp).slice(18)).toEqual([720, 760, 800, 1200, 1240, 1640]);
  });

  it('leaves audio out in overview and shifts it with the pictures after coming back', () => {
    const gate = new KeyframeGate();
    gate.setRate('overview');
    const chunks = copy(stream(150, { audio: true }));
    const head = through(gate, chunks.slice(0, 3 + 2 * 60));
    gate.setRate('full');
    const tags = parse(Buffer.concat([head, through(gate, chunks.slice(3 + 2 * 60))]));
    const audio = tags.filter((t) => t.type === 8);
    // Only the audio from the keyframe at 100 on: 50 tags, shifted as the pictures are.
    expect(audio).toHaveLength(50);
    // The keyframe at picture 100, where full rate resumed.
    const key = tags.filter((t) => t.key)[2];
    expect(audio[0].timestamp).toBe(key.timestamp + 10);
    expect(tags.indexOf(audio[0])).toBeGreaterThan(tags.indexOf(key));
  });

  it('keeps FLV time continuous across 2^32 ms (49.7 days on one connection)', () => {
    const gate = new KeyframeGate();
    gate.setRate('overview');
    const tags = parse(through(gate, copy(stream(150, { startMs: 2 ** 32 - 3_000 }))));
    const times = pictures(tags).map((t) => t.timestamp);
    expect(times).toEqual([0, 400, 440, 840, 880, 1280].map((d) => (2 ** 32 - 3_000 + d) >>> 0));
    expect(gate.stats().keyframeIntervalMs).toBe(2000);
  });

  it('passes a stream that is not FLV untouched (the player reports it)', () => {
    const gate = new KeyframeGate();
    gate.setRate('overview');
    const garbage = new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff));
    const out = through(gate, recut(Buffer.from(garbage), [3, 900]));
    expect(Buffer.from(out).equals(Buffer.from(garbage))).toBe(true);
    expect(gate.stats().mode).toBe('passthrough');
  });

  it('reports every keyframe passed on, with its timestamp', () => {
    const seen: number[] = [];
    const gate = new KeyframeGate({ onKeyframe: (t) => seen.push(t) });
    gate.setRate('overview');
    through(gate, copy(stream(150, { startMs: 1000 })));
    expect(seen).toEqual([1000, 3000, 5000]);
  });

  it('tells pictures from configuration in legacy and enhanced (ExHeader) video tags', () => {
    expect(kindOf(9, 0x17, 0)).toBe('video-config'); // AVC sequence header
    expect(kindOf(9, 0x17, 1)).toBe('video-key');
    expect(kindOf(9, 0x27, 1)).toBe('video-inter');
    expect(kindOf(9, 0x17, 2)).toBe('video-config'); // end of sequence
    expect(kindOf(9, 0x1c, 1)).toBe('video-key'); // HEVC (codec 12)
    expect(kindOf(9, 0x2c, 1)).toBe('video-inter');
    expect(kindOf(9, 0x52, undefined)).toBe('video-config'); // video info/command frame
    expect(kindOf(9, 0x90, undefined)).toBe('video-config'); // enhanced: key, SequenceStart
    expect(kindOf(9, 0x91, undefined)).toBe('video-key'); // enhanced: key, CodedFrames
    expect(kindOf(9, 0xa3, undefined)).toBe('video-inter'); // enhanced: inter, CodedFramesX
    expect(kindOf(8, 0xaf, 1)).toBe('audio');
    expect(kindOf(18, 2, 0)).toBe('script');
  });
});
