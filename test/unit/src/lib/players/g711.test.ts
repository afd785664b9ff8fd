import { describe, expect, it } from 'vitest';
import { linearToAlaw, linearToUlaw } from '../../../../../electron/demo-platform/media/g711';
import { alawTable, decodeG711, ulawTable } from '../../../../../src/lib/players/g711';

describe('G.711 tables', () => {
  it('A-law decodes the standard’s known values', () => {
    const table = alawTable();
    expect(table).toHaveLength(256);
    // ITU-T G.711 table 1a (after the even-bit inversion): the smallest steps and the extremes.
    expect(table[0xd5]).toBe(8);
    expect(table[0x55]).toBe(-8);
    expect(table[0x80]).toBe(5504);
    expect(table[0xaa]).toBe(32256);
    expect(table[0x2a]).toBe(-32256);
  });

  it('μ-law decodes the standard’s known values', () => {
    const table = ulawTable();
    expect(table[0xff]).toBe(0);
    expect(table[0x7f]).toBe(0);
    expect(table[0xf0]).toBe(120);
    expect(table[0x80]).toBe(32124);
    expect(table[0x00]).toBe(-32124);
  });

  it('every code decodes to a value that encodes back to the same code (both laws)', () => {
    for (let code = 0; code < 256; code++) {
      expect(linearToAlaw(alawTable()[code])).toBe(code);
      // μ-law has two codes for zero (0x7f and 0xff); the encoder writes 0xff.
      const u = ulawTable()[code];
      expect(linearToUlaw(u)).toBe(code === 0x7f ? 0xff : code);
    }
  });

  it('decodes bytes to Web Audio samples in −1…1', () => {
    const pcm = decodeG711('alaw', Uint8Array.of(0xaa, 0x2a, 0xd5));
    expect(Array.from(pcm)).toEqual([32256 / 32768, -32256 / 32768, 8 / 32768]);
    const quiet = decodeG711('ulaw', Uint8Array.of(0xff, 0x7f));
    expect(Array.from(quiet).map(Math.abs)).toEqual([0, 0]);
  });
});
