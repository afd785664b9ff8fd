import { describe, expect, it } from 'vitest';
import { initWithTracks, readMp4Init } from '../../../../../src/lib/players/mp4-init';

function box(type: string, ...children: Uint8Array[]): Uint8Array {
  const length = 8 + children.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(length);
  new DataView(out.buffer).setUint32(0, length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const child of children) {
    out.set(child, at);
    at += child.length;
  }
  return out;
}
const bytes = (...values: number[]) => new Uint8Array(values);
const zeros = (n: number) => new Uint8Array(n);

function init(entry: Uint8Array, extraTrack?: Uint8Array): Uint8Array {
  const trak = (e: Uint8Array) =>
    box('trak', box('mdia', box('minf', box('stbl', box('stsd', zeros(8), e)))));
  const moov = box('moov', box('mvhd', zeros(100)), trak(entry), ...(extraTrack ? [trak(extraTrack)] : []));
  return concat(box('ftyp', bytes(0x69, 0x73, 0x6f, 0x6d)), moov);
}
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('readMp4Init', () => {
  const avc1 = box('avc1', zeros(78), box('avcC', bytes(1, 0x64, 0x00, 0x1e, 0xff)));
  const mp4a = box('mp4a', zeros(28));

  it('finds the end of moov and the H.264 profile/level from avcC', () => {
    const head = init(avc1, mp4a);
    const result = readMp4Init(concat(head, box('moof', zeros(8))));
    expect(result).toMatchObject({ length: head.length, codecs: ['avc1.64001e', 'mp4a.40.2'] });
  });

  it('reads an H.265 entry', () => {
    const hvcC = new Uint8Array(23);
    hvcC[12] = 120;
    expect(readMp4Init(init(box('hvc1', zeros(78), box('hvcC', hvcC))))?.codecs).toEqual([
      'hvc1.1.6.L120.B0',
    ]);
  });

  it('waits while moov is incomplete and refuses a stream that starts mid-fragment', () => {
    const head = init(avc1);
    expect(readMp4Init(head.subarray(0, head.length - 5))).toBeNull();
    expect(() => readMp4Init(box('moof', zeros(8)))).toThrow(/init segment/);
  });
});

/** A trak as muxers write it: tkhd (track id), mdia with mdhd (timescale), hdlr and the sample entry. */
function trak(id: number, handler: string, timescale: number, entry: Uint8Array): Uint8Array {
  const tkhd = zeros(84);
  new DataView(tkhd.buffer).setUint32(12, id); // version 0: flags, times, then the track id
  const mdhd = zeros(24);
  new DataView(mdhd.buffer).setUint32(12, timescale);
  const hdlr = concat(zeros(8), bytes(...[...handler].map((c) => c.charCodeAt(0))), zeros(13));
  return box(
    'trak',
    box('tkhd', tkhd),
    box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), box('minf', box('stbl', box('stsd', zeros(8), entry)))),
  );
}
function trex(id: number): Uint8Array {
  const body = zeros(24);
  new DataView(body.buffer).setUint32(4, id);
  return box('trex', body);
}

describe('initWithTracks: the video-only init segment of a muted tile', () => {
  const avc1 = box('avc1', zeros(78), box('avcC', bytes(1, 0x4d, 0x00, 0x1f, 0xff)));
  const alaw = box('alaw', zeros(28));
  const head = concat(
    box('ftyp', bytes(0x69, 0x73, 0x6f, 0x6d)),
    box(
      'moov',
      box('mvhd', zeros(100)),
      trak(1, 'vide', 90_000, avc1),
      trak(2, 'soun', 8_000, alaw),
      box('mvex', trex(1), trex(2)),
    ),
  );

  it('reads each track: id, kind, codec and timescale (G.711 named as its sample entry)', () => {
    const init = readMp4Init(head)!;
    expect(init.tracks).toEqual([
      { id: 1, kind: 'video', codec: 'avc1.4d001f', timescale: 90_000 },
      { id: 2, kind: 'audio', codec: 'alaw', timescale: 8_000 },
    ]);
    expect(init.codecs).toEqual(['avc1.4d001f', 'alaw']);
  });

  it('cuts out the audio trak and its trex, with moov and mvex sizes that add up', () => {
    const init = readMp4Init(head)!;
    const videoOnly = initWithTracks(head, init, (t) => t.kind === 'video');
    const again = readMp4Init(videoOnly)!;
    expect(again.length).toBe(videoOnly.length);
    expect(again.tracks).toEqual([{ id: 1, kind: 'video', codec: 'avc1.4d001f', timescale: 90_000 }]);
    expect(again.codecs).toEqual(['avc1.4d001f']);
    const text = String.fromCharCode(...videoOnly);
    expect(text).not.toContain('alaw');
    expect(text.split('trex').length - 1).toBe(1);
    // Exactly the audio trak and one trex fewer.
    expect(videoOnly.length).toBe(head.length - trak(2, 'soun', 8_000, alaw).length - trex(2).length);
    const mvexAt = text.indexOf('mvex') - 4;
    expect(new DataView(videoOnly.buffer).getUint32(mvexAt)).toBe(8 + trex(1).length);
  });

  it('keeps the init segment as it is when every track stays', () => {
    const init = readMp4Init(head)!;
    expect(initWithTracks(head, init, () => true)).toEqual(head);
  });
});
