import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  isZoomed,
  MAX_ZOOM,
  NO_ZOOM,
  panBy,
  zoomAt,
  zoomTransform,
  type TileZoom,
} from '../../../../../src/features/wall/tile-zoom';

/** Where picture point u (0..1 of the picture) shows on the tile (0..1 of the tile). */
const shownAt = (z: TileZoom, u: { x: number; y: number }) => ({
  x: z.x + z.scale * u.x,
  y: z.y + z.scale * u.y,
});
/** Which picture point shows at tile point p. */
const pictureAt = (z: TileZoom, p: { x: number; y: number }) => ({
  x: (p.x - z.x) / z.scale,
  y: (p.y - z.y) / z.scale,
});

describe('digital zoom of a tile', () => {
  it('zooms at the pointer: the picture point under it stays under it', () => {
    const pointer = { x: 0.3, y: 0.7 };
    const before = pictureAt(NO_ZOOM, pointer);
    const z = zoomAt(NO_ZOOM, 2, pointer);
    expect(z.scale).toBe(2);
    const after = shownAt(z, before);
    expect(after.x).toBeCloseTo(pointer.x, 10);
    expect(after.y).toBeCloseTo(pointer.y, 10);
    // And again from there, at another point.
    const p2 = { x: 0.6, y: 0.4 };
    const u2 = pictureAt(z, p2);
    const z2 = zoomAt(z, 1.5, p2);
    expect(shownAt(z2, u2).x).toBeCloseTo(p2.x, 10);
    expect(shownAt(z2, u2).y).toBeCloseTo(p2.y, 10);
  });

  it('keeps the scale between 1× and 8×; at 1× the picture is whole and unmoved', () => {
    let z = NO_ZOOM;
    for (let i = 0; i < 30; i++) z = zoomAt(z, 1.25, { x: 0.5, y: 0.5 });
    expect(z.scale).toBe(MAX_ZOOM);
    for (let i = 0; i < 40; i++) z = zoomAt(z, 0.8, { x: 0.9, y: 0.1 });
    expect(z).toEqual(NO_ZOOM);
    expect(isZoomed(z)).toBe(false);
    expect(zoomAt(NO_ZOOM, 0.5, { x: 0.2, y: 0.2 })).toEqual(NO_ZOOM);
    expect(clampZoom({ scale: Number.NaN, x: 3, y: -3 })).toEqual(NO_ZOOM);
  });

  it('pans no further than the picture edge: the tile is always covered', () => {
    const z = zoomAt(NO_ZOOM, 4, { x: 0.5, y: 0.5 });
    expect(z).toMatchObject({ scale: 4, x: -1.5, y: -1.5 });
    // Dragged far right and down: the picture's top left corner stops at the tile's.
    expect(panBy(z, 10, 10)).toEqual({ scale: 4, x: 0, y: 0 });
    // Far left and up: its bottom right corner stops at the tile's (x = 1 − scale).
    expect(panBy(z, -10, -10)).toEqual({ scale: 4, x: -3, y: -3 });
    // Within bounds it moves by what was asked.
    expect(panBy(z, 0.25, -0.5)).toEqual({ scale: 4, x: -1.25, y: -2 });
    // Zooming out near an edge pulls the picture back over the tile.
    const out = zoomAt(panBy(z, -10, 0), 0.5, { x: 0, y: 0.5 });
    expect(out.x).toBeGreaterThanOrEqual(1 - out.scale);
    expect(out.x).toBeLessThanOrEqual(0);
  });

  it('is a CSS transform of the video (none at 1×), in fractions of the tile', () => {
    expect(zoomTransform(NO_ZOOM)).toBeUndefined();
    expect(zoomTransform({ scale: 2, x: -0.5, y: -0.25 })).toBe(
      'translate(-50.000%, -25.000%) scale(2.0000)',
    );
  });
});
