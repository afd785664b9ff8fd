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

/** How a picture fills its tile: letterboxed (`contain`), cropped (`cover`) or stretched (`fill`). */
export type PictureFit = 'fit' | 'fill' | 'stretch';

/** The CSS `object-fit` of each picture fit. */
export const OBJECT_FIT: Record<PictureFit, 'contain' | 'cover' | 'fill'> = {
  fit: 'contain',
  fill: 'cover',
  stretch: 'fill',
};

/**
 * The scaling for a picture of `natural` size (the decoded frame) shown in a `box` of CSS pixels on a
 * screen of `pixelRatio` device pixels per CSS pixel, fitted as `fit` (letterboxed by default) and
 * magnified `zoom` times by the tile's digital zoom. Unknown sizes (no frame yet, a box of nothing)
 * keep `smooth`.
 *
 * The scale that matters is the smaller of the two axes' (where the most source pixels are skipped):
 * letterboxed, both axes take the smaller one; cropped, the larger one (the picture overflows the
 * box); stretched, each axis has its own and the smaller decides.
 */
export function pictureScaling(
  natural: Size,
  box: Size,
  pixelRatio = 1,
  fit: PictureFit = 'fit',
  zoom = 1,
): PictureScaling {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return 'smooth';
  const ratio = Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1;
  const across = (box.width * ratio) / natural.width;
  const down = (box.height * ratio) / natural.height;
  const fitted = fit === 'fill' ? Math.max(across, down) : Math.min(across, down);
  const magnified = Number.isFinite(zoom) && zoom > 1 ? zoom : 1;
  return fitted * magnified <= FAST_SCALE_AT_MOST ? 'fast' : 'smooth';
}
