/** A monotonic clock that runs `factor` times faster than real time, from now on. */
export function fastClock(factor: number): () => number {
  const start = performance.now();
  return () => start + (performance.now() - start) * factor;
}

/** Milliseconds between two pictures at the fixtures' 25 fps. */
export const FRAME_MS = 40;
/** Pictures in one GOP and in one clip loop of the fixtures. */
export const GOP = 50;
export const CLIP_FRAMES = 250;
