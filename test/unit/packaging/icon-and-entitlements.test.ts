import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import plist from 'plist';
import { describe, expect, it } from 'vitest';
import { root } from './builder-config';
import { parseXml } from './xml';

/** The chunks of a PNG file, in order, each with its CRC checked. */
function pngChunks(file: Buffer): { type: string; data: Buffer }[] {
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    expect(file.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(
      crc32(file.subarray(offset + 4, offset + 8 + length)),
    );
    chunks.push({ type, data });
    offset += 12 + length;
  }
  return chunks;
}

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('resources/icon.png', () => {
  const chunks = pngChunks(readFileSync(path.join(root, 'resources/icon.png')));
  const header = chunks[0];

  it('is a square PNG of at least 512 × 512, from which electron-builder makes .ico, .icns and Linux sizes', () => {
    expect(header.type).toBe('IHDR');
    const width = header.data.readUInt32BE(0);
    const height = header.data.readUInt32BE(4);
    expect(width).toBeGreaterThanOrEqual(512);
    expect(height).toBe(width);
  });

  it('has an alpha channel and decodes to every row of pixels', () => {
    const width = header.data.readUInt32BE(0);
    const height = header.data.readUInt32BE(4);
    const [bitDepth, colourType, , , interlace] = header.data.subarray(8);
    expect(bitDepth).toBe(8);
    expect(colourType).toBe(6); // RGBA: the rounded corners are transparent
    expect(interlace).toBe(0);
    const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    expect(pixels.length).toBe(height * (1 + width * 4));
    expect(chunks.at(-1)?.type).toBe('IEND');
  });
});

describe('resources/entitlements.mac.plist', () => {
  const xml = readFileSync(path.join(root, 'resources/entitlements.mac.plist'), 'utf8');

  it('is a well-formed property list', () => {
    expect(parseXml(xml).name).toBe('plist');
    expect(plist.parse(xml)).toBeTypeOf('object');
  });

  it('grants JIT for V8 and outgoing connections, and nothing else', () => {
    // A new entitlement widens what the signed app may do: add it here on purpose, with the reason.
    expect(plist.parse(xml)).toEqual({
      'com.apple.security.cs.allow-jit': true,
      'com.apple.security.network.client': true,
    });
  });

  it('grants no camera, microphone or weakening of the hardened runtime', () => {
    const keys = Object.keys(plist.parse(xml) as Record<string, unknown>);
    for (const forbidden of [
      'com.apple.security.device.camera',
      'com.apple.security.device.audio-input',
      'com.apple.security.device.microphone',
      'com.apple.security.cs.allow-unsigned-executable-memory',
      'com.apple.security.cs.disable-library-validation',
      'com.apple.security.cs.allow-dyld-environment-variables',
      'com.apple.security.get-task-allow',
    ])
      expect(keys).not.toContain(forbidden);
  });
});
