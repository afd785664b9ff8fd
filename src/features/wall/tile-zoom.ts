/**
 * A tile's digital zoom: the picture magnified `scale` times and moved by `x`, `y`, applied as a CSS
 * transform on the tile's `<video>` (origin at its top left): the same decoded frames, no reconnect,
 * no extra decode. `x` and `y` are fractions of the tile's own size, so a zoom holds when the tile
 * changes size (maximised and back): `translate(x·100 %, y·100 %) scale(scale)`.
 *
 * The magnified picture always covers the tile: x lies in [1 − scale, 0] (and y likewise), so a pan
 * stops at the picture's edge instead of showing the wall behind it.
 */
export interface TileZoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: TileZoom = { scale: 1, x: 0, y: 0 };
const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
/** One wheel notch or one +/− key press multiplies or divides the scale by this. */
export const ZOOM_STEP = 1.25;
/** One arrow key press moves the view by this fraction of what is shown. */
export const PAN_STEP = 0.1;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export const isZoomed = (z: TileZoom): boolean => z.scale > MIN_ZOOM;

/** Keep the scale in [1, 8] and the magnified picture over the whole tile. */
export function clampZoom(z: TileZoom): TileZoom {
  const scale = Number.isFinite(z.scale) ? clamp(z.scale, MIN_ZOOM, MAX_ZOOM) : MIN_ZOOM;
  if (scale === MIN_ZOOM) return NO_ZOOM;
  const lo = 1 - scale;
  return { scale, x: clamp(finite(z.x), lo, 0), y: clamp(finite(z.y), lo, 0) };
}

const finite = (v: number) => (Number.isFinite(v) ? v : 0);

/**
 * Zoom by `factor` (> 1 in, < 1 out) keeping the picture point under `at` (the pointer, as a fraction
 * of the tile: 0..1 across and down) where it is.
 */
export function zoomAt(z: TileZoom, factor: number, at: { x: number; y: number }): TileZoom {
  const scale = clamp(z.scale * factor, MIN_ZOOM, MAX_ZOOM);
  const k = scale / z.scale;
  // The point under the pointer, p = x + scale·u for picture point u, stays: x' = p − (p − x)·k.
  return clampZoom({ scale, x: at.x - (at.x - z.x) * k, y: at.y - (at.y - z.y) * k });
}

/** Move the magnified picture by `dx`, `dy` (fractions of the tile; a drag to the right is positive). */
export function panBy(z: TileZoom, dx: number, dy: number): TileZoom {
  return clampZoom({ scale: z.scale, x: z.x + dx, y: z.y + dy });
}

/** The zoom as a CSS transform for the `<video>` (with `transform-origin: 0 0`); none at 1×. */
export function zoomTransform(z: TileZoom): string | undefined {
  if (!isZoomed(z)) return undefined;
  const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
  return `translate(${pct(z.x)}, ${pct(z.y)}) scale(${z.scale.toFixed(4)})`;
}

/** "2.4×" for the tile's zoom badge. */
export const zoomText = (z: TileZoom): string => `${z.scale.toFixed(1)}×`;
