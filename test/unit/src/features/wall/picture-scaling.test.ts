import { describe, expect, it } from 'vitest';
import { FAST_SCALE_AT_MOST, pictureScaling } from '../../../../../src/features/wall/picture-scaling';

const p360 = { width: 640, height: 360 };
const p1080 = { width: 1920, height: 1080 };

describe('pictureScaling', () => {
  it('scales a picture shown at half its size or less the cheap way', () => {
    // A 360p camera in a tile of a 6 × 6 wall on a 1080p screen.
    expect(pictureScaling(p360, { width: 318, height: 178 })).toBe('fast');
    // A 1080p camera in a tile of a 3 × 3 wall.
    expect(pictureScaling(p1080, { width: 638, height: 358 })).toBe('fast');
  });

  it('keeps the smooth filter where nearest neighbour would show: magnified or barely shrunk', () => {
    expect(pictureScaling(p360, { width: 1280, height: 720 })).toBe('smooth');
    expect(pictureScaling(p360, { width: 640, height: 360 })).toBe('smooth');
    // A 360p camera in a tile of a 4 × 4 wall on a 1080p screen: shrunk to 0.75.
    expect(pictureScaling(p360, { width: 478, height: 268 })).toBe('smooth');
  });

  it('decides on the displayed scale of object-fit: contain (the tighter side) at the threshold', () => {
    const edge = FAST_SCALE_AT_MOST * 640;
    // Letterboxed: a wide box, the height decides.
    expect(pictureScaling(p360, { width: 2000, height: 360 * FAST_SCALE_AT_MOST })).toBe('fast');
    expect(pictureScaling(p360, { width: edge, height: 1000 })).toBe('fast');
    expect(pictureScaling(p360, { width: edge + 1, height: 1000 })).toBe('smooth');
  });

  it('counts device pixels: the same CSS box on a 2× screen shows the picture larger', () => {
    expect(pictureScaling(p360, { width: 318, height: 178 }, 1)).toBe('fast');
    expect(pictureScaling(p360, { width: 318, height: 178 }, 2)).toBe('smooth');
    // A nonsense ratio counts as 1.
    expect(pictureScaling(p360, { width: 318, height: 178 }, Number.NaN)).toBe('fast');
  });

  it('stays smooth while a size is unknown (no frame yet, a collapsed box)', () => {
    expect(pictureScaling({ width: 0, height: 0 }, { width: 318, height: 178 })).toBe('smooth');
    expect(pictureScaling(p360, { width: 0, height: 0 })).toBe('smooth');
  });
});

describe('pictureScaling with a picture fit and a digital zoom', () => {
  // 640×360 in a square box of 300: letterboxed at 300/640 ≈ 0.47 (fast), cropped at 300/360 ≈ 0.83.
  const box = { width: 300, height: 300 };
  it('decides fill (cropped) on the larger axis scale, stretch and fit on the smaller', () => {
    expect(pictureScaling(p360, box, 1, 'fit')).toBe('fast');
    expect(pictureScaling(p360, box, 1, 'fill')).toBe('smooth');
    expect(pictureScaling(p360, box, 1, 'stretch')).toBe('fast');
  });
  it('counts the zoom: a zoomed picture is shown larger and goes back to smooth', () => {
    expect(pictureScaling(p360, box, 1, 'fit', 1)).toBe('fast');
    expect(pictureScaling(p360, box, 1, 'fit', 2)).toBe('smooth');
    expect(pictureScaling(p360, box, 1, 'fit', Number.NaN)).toBe('fast');
  });
});
