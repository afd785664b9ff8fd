/**
 * Shrink a screenshot to a 256-colour PNG.
 *
 * The docs' screenshots show live video, which a true-colour PNG stores at 500 KB and more; a palette
 * of 256 colours (median cut, no dithering, which would only add noise to compress) keeps the screens
 * readable at a third of that. Reads the 8-bit RGB or RGBA, non-interlaced PNGs Chromium writes.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of at most 256 colours showing the same picture. */
export function toPalettePng(png: Buffer, colours = 256): Buffer {
  const pixels = decodePng(png);
  const palette = medianCut(pixels.rgb, colours);
  const indexOf = nearestIndex(palette);
  const { width, height, rgb } = pixels;
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none (the best choice for palette images)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[y * (width + 1) + 1 + x] = indexOf(rgb[i], rgb[i + 1], rgb[i + 2]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, indexed colour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function decodePng(png: Buffer): Pixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG.');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colourType, , , interlace] = data.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6))
        throw new Error('Only 8-bit RGB or RGBA PNGs without interlacing are read.');
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const data = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const row = new Uint8Array(stride);
  const prev = new Uint8Array(stride);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const line = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? row[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`Unknown PNG filter ${filter}.`);
      row[i] = (line[i] + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++)
      for (let k = 0; k < 3; k++) rgb[(y * width + x) * 3 + k] = row[x * channels + k];
    prev.set(row);
  }
  return { width, height, rgb };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

type Colour = [number, number, number];

/** Median cut over a 5-bit-a-channel histogram: boxes split at their widest channel's median count. */
function medianCut(rgb: Uint8Array, colours: number): Colour[] {
  const counts = new Map<number, number>();
  // The true colours of each bin, so a flat colour of the screen keeps its exact value in the palette.
  const sums = new Map<number, [number, number, number]>();
  for (let i = 0; i < rgb.length; i += 3) {
    const key = ((rgb[i] >> 3) << 10) | ((rgb[i + 1] >> 3) << 5) | (rgb[i + 2] >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const sum = sums.get(key) ?? [0, 0, 0];
    sum[0] += rgb[i];
    sum[1] += rgb[i + 1];
    sum[2] += rgb[i + 2];
    sums.set(key, sum);
  }
  const channel = (key: number, c: number) => (key >> (10 - 5 * c)) & 31;
  let boxes: number[][] = [[...counts.keys()]];
  while (boxes.length < colours) {
    const widest = boxes
      .map((keys, i) => ({ i, keys, ...widestChannel(keys, channel) }))
      .filter((b) => b.keys.length > 1)
      .sort((p, q) => q.range * q.keys.length - p.range * p.keys.length)[0];
    if (!widest) break;
    const sorted = widest.keys.sort((p, q) => channel(p, widest.c) - channel(q, widest.c));
    const total = sorted.reduce((sum, k) => sum + counts.get(k)!, 0);
    let seen = 0;
    let cut = 1;
    for (; cut < sorted.length - 1; cut++) {
      seen += counts.get(sorted[cut - 1])!;
      if (seen >= total / 2) break;
    }
    boxes = [...boxes.filter((_, i) => i !== widest.i), sorted.slice(0, cut), sorted.slice(cut)];
  }
  return boxes.map((keys) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (const key of keys) {
      const binSum = sums.get(key)!;
      for (let c = 0; c < 3; c++) sum[c] += binSum[c];
      n += counts.get(key)!;
    }
    return sum.map((s) => Math.round(s / n)) as Colour;
  });
}

function widestChannel(keys: number[], channel: (key: number, c: number) => number) {
  let best = { c: 0, range: -1 };
  for (let c = 0; c < 3; c++) {
    const values = keys.map((k) => channel(k, c));
    const range = Math.max(...values) - Math.min(...values);
    if (range > best.range) best = { c, range };
  }
  return best;
}

/** The palette index nearest each colour, remembered per 5-bit-a-channel bin. */
function nearestIndex(palette: Colour[]): (r: number, g: number, b: number) => number {
  const cache = new Int16Array(32768).fill(-1);
  return (r, g, b) => {
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    if (cache[key] >= 0) return cache[key];
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach(([pr, pg, pb], i) => {
      const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
      if (d < bestDistance) [best, bestDistance] = [i, d];
    });
    cache[key] = best;
    return best;
  };
}
