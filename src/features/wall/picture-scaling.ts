/**
 * How a tile's picture is scaled to its box.
 *
 * - smooth: the browser's bilinear filter (the default).
 * - fast: nearest neighbour (`image-rendering: pixelated`).
 *
 * Chromium without a GPU composites every video layer in software and redraws the whole damaged area
 * of the wall on each display frame; on a 36-tile wall the bilinear filter is most of that cost
 * (measured: the display compositor's thread went from ~50 % to ~35 % of a core, dropped frames from
 * ~1.4 % to ~0.2 %). Nearest neighbour only shows where the picture is magnified (blocks) or shrunk
 * just a little (rows and columns skipped unevenly); shrunk to about half or less, it picks one of
 * every two or more source pixels, which reads as well as the bilinear result at that size. So
 * `fast` is used only when the picture is shown at `FAST_SCALE_AT_MOST` of its own size or smaller.
 */
export type PictureScaling = 'smooth' | 'fast';

/** Shown at this fraction of its decoded size or less, a picture is scaled with `fast`. */
export const FAST_SCALE_AT_MOST = 0.6;

export interface Size {
  width: number;
  height: number;
}

/**
 * The scaling for a picture of `natural` size (the decoded frame) shown with `object-fit: contain`
 * in a `box` of CSS pixels on a screen of `pixelRatio` device pixels per CSS pixel. Unknown sizes
 * (no frame yet, a box of nothing) keep `smooth`.
 */
export function pictureScaling(natural: Size, box: Size, pixelRatio = 1): PictureScaling {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return 'smooth';
  const ratio = Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1;
  const scale = Math.min((box.width * ratio) / natural.width, (box.height * ratio) / natural.height);
  return scale <= FAST_SCALE_AT_MOST ? 'fast' : 'smooth';
}
