// Draw the app icon, resources/icon.png: a 3 × 3 wall of rounded tiles on a dark rounded square, the middle
// tile lit with a play mark. 1024 × 1024 RGBA, from which electron-builder derives .ico, .icns and the Linux
// sizes. Run `node scripts/make-icon.mjs [out.png]`; nothing but Node is needed.
//
// Every shape is a signed distance field, so edges are anti-aliased by coverage without supersampling.

import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
const out = process.argv[2] ?? new URL('../resources/icon.png', import.meta.url);

/** Signed distance from (x, y) to a rounded rectangle: negative inside. */
function roundedRect(x, y, left, top, width, height, radius) {
  const qx = Math.abs(x - (left + width / 2)) - (width / 2 - radius);
  const qy = Math.abs(y - (top + height / 2)) - (height / 2 - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Signed distance (close enough for edges) to a convex polygon given clockwise on screen, rounded by `radius`. */
function convexPolygon(x, y, points, radius) {
  let distance = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % points.length];
    const length = Math.hypot(bx - ax, by - ay);
    // Outward normal of a clockwise (screen coordinates) edge.
    const nx = (by - ay) / length;
    const ny = -(bx - ax) / length;
    distance = Math.max(distance, (x - ax) * nx + (y - ay) * ny);
  }
  return distance + radius;
}

const coverage = (distance) => Math.min(1, Math.max(0, 0.5 - distance));
const mix = (a, b, t) => a.map((value, i) => value + (b[i] - value) * t);

// The body: a rounded square with macOS's margin (824 of 1024 would be Apple's grid; a little larger reads
// better on Windows and Linux, which show the picture as is).
const BODY = { left: 80, top: 80, size: 864, radius: 192 };
const BODY_TOP = [30, 41, 59];
const BODY_BOTTOM = [12, 18, 28];

// The wall: 3 × 3 tiles.
const PADDING = 112;
const GAP = 36;
const TILE = (BODY.size - 2 * PADDING - 2 * GAP) / 3;
const TILE_RADIUS = 30;
const TILE_TOP = [56, 104, 160];
const TILE_BOTTOM = [37, 72, 118];
const LIT_TOP = [56, 189, 248];
const LIT_BOTTOM = [14, 140, 200];
const PLAY = [248, 250, 252];

const tiles = [];
for (let row = 0; row < 3; row++)
  for (let column = 0; column < 3; column++)
    tiles.push({
      left: BODY.left + PADDING + column * (TILE + GAP),
      top: BODY.top + PADDING + row * (TILE + GAP),
      lit: row === 1 && column === 1,
    });
const lit = tiles.find((tile) => tile.lit);
const cx = lit.left + TILE / 2 + TILE * 0.04;
const cy = lit.top + TILE / 2;
const r = TILE * 0.26;
const play = [
  [cx - r * 0.75, cy - r],
  [cx + r, cy],
  [cx - r * 0.75, cy + r],
];

/** Paint `color` with coverage `alpha` over the straight-alpha pixel at `offset`. */
function over(pixels, offset, color, alpha) {
  if (alpha <= 0) return;
  const below = pixels[offset + 3] / 255;
  const outAlpha = alpha + below * (1 - alpha);
  for (let c = 0; c < 3; c++)
    pixels[offset + c] = Math.round((color[c] * alpha + pixels[offset + c] * below * (1 - alpha)) / outAlpha);
  pixels[offset + 3] = Math.round(outAlpha * 255);
}

const pixels = new Uint8Array(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const px = x + 0.5;
    const py = y + 0.5;
    const offset = (y * SIZE + x) * 4;
    const body = coverage(roundedRect(px, py, BODY.left, BODY.top, BODY.size, BODY.size, BODY.radius));
    if (body === 0) continue;
    over(pixels, offset, mix(BODY_TOP, BODY_BOTTOM, (py - BODY.top) / BODY.size), body);
    for (const tile of tiles) {
      const inTile = coverage(roundedRect(px, py, tile.left, tile.top, TILE, TILE, TILE_RADIUS));
      if (inTile === 0) continue;
      const t = (py - tile.top) / TILE;
      over(pixels, offset, tile.lit ? mix(LIT_TOP, LIT_BOTTOM, t) : mix(TILE_TOP, TILE_BOTTOM, t), inTile);
    }
    over(pixels, offset, PLAY, coverage(convexPolygon(px, py, play, 0)));
  }
}

/** CRC-32 of a PNG chunk's type and data (ISO 3309, as PNG specifies). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
// compression, filter method and interlace stay 0

// Every scanline with filter type 0 (none); deflate does well enough on flat colour.
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0;
  Buffer.from(pixels.buffer, y * SIZE * 4, SIZE * 4).copy(raw, y * (SIZE * 4 + 1) + 1);
}

writeFileSync(
  out,
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]),
);
console.log(`wrote ${out instanceof URL ? out.pathname : out} (${SIZE} × ${SIZE})`);
