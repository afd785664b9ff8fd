import { describe, expect, it } from 'vitest';
import { readMp4Init } from '../../../../../src/lib/players/mp4-init';

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
    expect(result).toEqual({ length: head.length, codecs: ['avc1.64001e', 'mp4a.40.2'] });
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
