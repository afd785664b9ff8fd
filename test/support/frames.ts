import type { Page } from 'playwright-core';

/** What a video element has decoded and presented so far. */
interface FrameCounts {
  /** getVideoPlaybackQuality().totalVideoFrames: pictures decoded (presented or dropped). */
  decoded: number;
  /** Pictures presented, counted by requestVideoFrameCallback (0 unless installFrameCounter ran). */
  presented: number;
  currentTime: number;
}

export interface FrameProgress {
  before: FrameCounts;
  after: FrameCounts;
  elapsedMs: number;
}

const COUNTER = '__presentedFrames';

/**
 * Count presented pictures of a video element with requestVideoFrameCallback. Call before playback
 * starts; the count is readable through readFrameCounts.
 */
export async function installFrameCounter(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((el, key) => {
    const video = el as HTMLVideoElement & Record<string, number>;
    video[key] = 0;
    const onFrame = (): void => {
      video[key] += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }, COUNTER);
}

async function readFrameCounts(page: Page, selector: string): Promise<FrameCounts> {
  return page.locator(selector).evaluate((el, key) => {
    const video = el as HTMLVideoElement & Record<string, number>;
    return {
      decoded: video.getVideoPlaybackQuality().totalVideoFrames,
      presented: video[key] ?? 0,
      currentTime: video.currentTime,
    };
  }, COUNTER);
}

export interface WaitForFramesOptions {
  /** How many more pictures must be decoded (default 25: one second of the demo streams). */
  frames?: number;
  /** Give up after this long (default 20 s), counting the wait for the first picture. */
  timeoutMs?: number;
}

/**
 * Wait until a video element really plays: its first picture is decoded, then at least `frames` more.
 * Throws with the counts seen when it does not happen in time.
 */
export async function waitForFramesToAdvance(
  page: Page,
  selector: string,
  options: WaitForFramesOptions = {},
): Promise<FrameProgress> {
  const frames = options.frames ?? 25;
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const decodedAtLeast = async (target: number): Promise<void> => {
    const remaining = Math.max(1, deadline - Date.now());
    try {
      await page.waitForFunction(
        ({ sel, want }) => {
          const video = document.querySelector(sel) as HTMLVideoElement | null;
          return !!video && video.getVideoPlaybackQuality().totalVideoFrames >= want;
        },
        { sel: selector, want: target },
        { timeout: remaining, polling: 100 },
      );
    } catch (error) {
      const seen = await readFrameCounts(page, selector).catch(() => undefined);
      throw new Error(
        `${selector}: wanted ${target} decoded pictures, saw ${JSON.stringify(seen)} (${String(error)})`,
      );
    }
  };
  await decodedAtLeast(1);
  const before = await readFrameCounts(page, selector);
  const t0 = Date.now();
  await decodedAtLeast(before.decoded + frames);
  const after = await readFrameCounts(page, selector);
  return { before, after, elapsedMs: Date.now() - t0 };
}
