import { beforeAll, describe, expect, it } from 'vitest';
import { g711Tone } from '../../../../../electron/demo-platform/media/g711';
import { crc32Mpeg2, loadClips, TsMuxer, type Clip } from '../../../../../electron/demo-platform/media';
import { TsFilter } from '../../../../../src/lib/players/ts-filter';

/**
 * The TS filter on the demo's own MPEG-TS muxer with a camera's audio as ZLMediaKit muxes it (G.711
 * A-law as stream type 0x90, or ADTS AAC 0x0F, on PID 0x101).
 */

let clip: Clip;
beforeAll(async () => {
  clip = (await loadClips())[0];
});

const ALAW = g711Tone('alaw', { hz: 1000, rate: 8000, samples: 320, level: 0.25 });

function stream(audioType: number, frames: number, startPts = 900_000): Buffer {
  const mux = new TsMuxer(audioType);
  const parts: Buffer[] = [];
  for (let i = 0; i < frames; i++) {
    const frame = clip.frames[i % clip.frames.length];
    parts.push(mux.picture(frame.annexB, startPts + i * 3600, frame.key));
    parts.push(mux.audio(ALAW, startPts + i * 3600 + 90));
  }
  return Buffer.concat(parts);
}

function cut(bytes: Buffer, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    out.push(new Uint8Array(bytes.subarray(at, at + sizes[i % sizes.length])));
    at += sizes[i % sizes.length];
  }
  return out;
}

const pid = (p: Buffer) => ((p[1] & 0x1f) << 8) | p[2];
function packets(bytes: Uint8Array): Buffer[] {
  const b = Buffer.from(bytes);
  expect(b.length % 188).toBe(0);
  return Array.from({ length: b.length / 188 }, (_, i) => b.subarray(i * 188, i * 188 + 188));
}
/** The PMT's stream types, its CRC checked. */
function pmtTypes(p: Buffer): number[] {
  const section = p.subarray(5);
  const length = ((section[1] & 0x0f) << 8) | section[2];
  const body = section.subarray(0, 3 + length - 4);
  expect(crc32Mpeg2(body)).toBe(section.readUInt32BE(3 + length - 4));
  const types: number[] = [];
  for (
    let i = 12 + (((section[10] & 0x0f) << 8) | section[11]);
    i < body.length;
    i += 5 + (((body[i + 3] & 0x0f) << 8) | body[i + 4])
  )
    types.push(body[i]);
  return types;
}

describe('TsFilter', () => {
  it.each([[[1_000_000]], [[100, 1000, 7]], [[188]], [[1]]])(
    'on a muted tile takes the audio out of the PMT (new CRC) and the stream, and reads every video PTS (chunks %j)',
    (sizes) => {
      const pts: number[] = [];
      const streams: number[][] = [];
      const filter = new TsFilter({
        dropAudio: true,
        onPicture: (ms) => pts.push(ms),
        onStreams: (s) => streams.push(s.map((x) => x.type)),
      });
      const input = stream(0x90, 60);
      const out = Buffer.concat(cut(input, sizes).map((c) => filter.push(c)));
      const left = packets(out);
      expect(left.some((p) => pid(p) === 0x101)).toBe(false);
      const pmts = left.filter((p) => pid(p) === 0x1000);
      expect(pmts.length).toBeGreaterThan(0);
      for (const p of pmts) expect(pmtTypes(p)).toEqual([0x1b]);
      expect(streams).toEqual([[0x1b, 0x90]]);
      expect(pts).toEqual(Array.from({ length: 60 }, (_, i) => (900_000 + i * 3600) / 90));
      expect(left.length).toBe(packets(input).filter((p) => pid(p) !== 0x101).length);
    },
  );

  it('on the audible tile hands G.711 PES over whole with their PTS, and keeps AAC for mpegts.js', () => {
    const audio: [number, number | null, number][] = [];
    const filter = new TsFilter({
      dropAudio: false,
      extractTypes: new Set([0x90, 0x91]),
      onAudio: (type, pts, payload) => {
        audio.push([type, pts, payload.length]);
        expect(Buffer.from(payload).equals(ALAW)).toBe(true);
      },
    });
    // A PES with its length given is handed over as soon as its last byte came.
    const out = filter.push(new Uint8Array(stream(0x90, 10)));
    expect(audio).toHaveLength(10);
    expect(audio[0]).toEqual([0x90, (900_000 + 90) / 90, 320]);
    expect(packets(out).some((p) => pid(p) === 0x101)).toBe(false);

    const keep = new TsFilter({ dropAudio: false, extractTypes: new Set([0x90, 0x91]) });
    const aac = new Uint8Array(stream(0x0f, 5));
    expect(keep.push(aac)).toBe(aac); // untouched: the very same bytes
  });

  it('passes a stream that is not TS untouched', () => {
    const filter = new TsFilter({ dropAudio: true });
    const flv = new Uint8Array(Buffer.concat([Buffer.from('FLV\x01\x05'), Buffer.alloc(2000, 1)]));
    expect(filter.push(flv)).toBe(flv);
  });
});
