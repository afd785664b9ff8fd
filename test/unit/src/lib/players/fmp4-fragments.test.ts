import { describe, expect, it } from 'vitest';
import { fmp4Moof, mdatBox } from '../../../../../electron/demo-platform/media';
import { Fmp4Fragments } from '../../../../../src/lib/players/fmp4-fragments';

/**
 * The media part of an fMP4 stream on a muted tile: the audio track's fragments come out, the video's
 * stay appendable (a moof's offsets still point at its samples), however the bytes are cut.
 */

const VIDEO = 1;
const AUDIO = 2;
const videoSample = (n: number) => Buffer.alloc(300 + n, 0x10 + (n % 16));
const audioSample = Buffer.alloc(320, 0xd5);

/** ZLMediaKit-like: one moof+mdat a sample, each track on its own (the demo's ZLM habits). */
function separate(n: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(
      fmp4Moof(2 * i + 1, i * 3600, 3600, videoSample(i).length, i === 0, VIDEO),
      mdatBox(videoSample(i)),
    );
    parts.push(fmp4Moof(2 * i + 2, i * 320, 320, audioSample.length, true, AUDIO), mdatBox(audioSample));
  }
  return Buffer.concat(parts);
}

/** Both tracks in one moof (as ffmpeg writes it): video data then audio data in one mdat. */
function combined(i: number): Buffer {
  const video = fmp4Moof(i + 1, i * 3600, 3600, videoSample(i).length, i === 0, VIDEO);
  const audio = fmp4Moof(i + 1, i * 320, 320, audioSample.length, true, AUDIO);
  const moof = Buffer.concat([video.subarray(0, 24), video.subarray(24), audio.subarray(24)]);
  moof.writeUInt32BE(moof.length, 0);
  moof.writeUInt32BE(moof.length + 8, 24 + 60); // video trun data offset: first byte of the mdat payload
  moof.writeUInt32BE(moof.length + 8 + videoSample(i).length, 100 + 60); // audio after it
  return Buffer.concat([moof, mdatBox(Buffer.concat([videoSample(i), audioSample]))]);
}

interface Box {
  type: string;
  bytes: Buffer;
}
function boxes(bytes: Uint8Array): Box[] {
  const b = Buffer.from(bytes);
  const out: Box[] = [];
  for (let at = 0; at < b.length; at += b.readUInt32BE(at))
    out.push({ type: b.toString('latin1', at + 4, at + 8), bytes: b.subarray(at, at + b.readUInt32BE(at)) });
  return out;
}
const trackOf = (moof: Buffer) => moof.readUInt32BE(24 + 8 + 12);

function cut(bytes: Buffer, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    out.push(new Uint8Array(bytes.subarray(at, at + sizes[i % sizes.length])));
    at += sizes[i % sizes.length];
  }
  return out;
}

describe('Fmp4Fragments', () => {
  it.each([[[1_000_000]], [[1]], [[5, 9, 700]], [[100, 8]]])(
    'leaves out the audio fragments whole (moof and mdat) and passes the video ones as they came (chunks %j)',
    (sizes) => {
      const times: [number, number][] = [];
      const filter = new Fmp4Fragments({
        dropTracks: new Set([AUDIO]),
        onFragment: (track, time) => times.push([track, time]),
      });
      const out = Buffer.concat(cut(separate(20), sizes).map((c) => filter.push(c)));
      const left = boxes(out);
      expect(left.map((b) => b.type)).toEqual(Array(20).fill(['moof', 'mdat']).flat());
      expect(left.filter((b) => b.type === 'moof').every((b) => trackOf(b.bytes) === VIDEO)).toBe(true);
      expect(left.filter((b) => b.type === 'mdat').map((b) => b.bytes.length)).toEqual(
        Array.from({ length: 20 }, (_, i) => 8 + videoSample(i).length),
      );
      // Every fragment's decode time is read, the audio's too (before it is left out).
      expect(times.filter(([t]) => t === VIDEO).map(([, time]) => time)).toEqual(
        Array.from({ length: 20 }, (_, i) => i * 3600),
      );
      expect(times.filter(([t]) => t === AUDIO)).toHaveLength(20);
    },
  );

  it('cuts the audio traf out of a moof that holds both, and moves the video data offset with it', () => {
    const filter = new Fmp4Fragments({ dropTracks: new Set([AUDIO]) });
    const out = Buffer.concat(
      cut(Buffer.concat([combined(0), combined(1)]), [37]).map((c) => filter.push(c)),
    );
    const [moof, mdat] = boxes(out);
    expect(moof.type).toBe('moof');
    expect(moof.bytes.length).toBe(100);
    expect(trackOf(moof.bytes)).toBe(VIDEO);
    const offset = moof.bytes.readUInt32BE(24 + 60);
    expect(offset).toBe(108);
    // The offset, counted from the moof's start, lands on the video sample in the mdat.
    const fragment = Buffer.concat([moof.bytes, mdat.bytes]);
    expect(fragment.subarray(offset, offset + videoSample(0).length).equals(videoSample(0))).toBe(true);
    expect(boxes(out).map((b) => b.type)).toEqual(['moof', 'mdat', 'moof', 'mdat']);
  });

  it('hands an extracted track’s samples over with their decode time, in either layout', () => {
    const got: [number, number, number][] = [];
    const filter = new Fmp4Fragments({
      dropTracks: new Set([AUDIO]),
      extractTracks: new Set([AUDIO]),
      onSamples: (track, time, bytes) => {
        got.push([track, time, bytes.length]);
        expect(Buffer.from(bytes).equals(audioSample)).toBe(true);
      },
    });
    const out = Buffer.concat(
      cut(Buffer.concat([separate(3), combined(3)]), [61]).map((c) => filter.push(c)),
    );
    expect(got).toEqual([
      [AUDIO, 0, 320],
      [AUDIO, 320, 320],
      [AUDIO, 640, 320],
      [AUDIO, 960, 320],
    ]);
    expect(
      boxes(out)
        .filter((b) => b.type === 'moof')
        .every((b) => trackOf(b.bytes) === VIDEO),
    ).toBe(true);
  });

  it('passes a whole chunk as the same bytes when nothing is left out (no copy)', () => {
    const filter = new Fmp4Fragments({ dropTracks: new Set() });
    const chunk = new Uint8Array(separate(3));
    expect(filter.push(chunk)).toBe(chunk);
  });
});
