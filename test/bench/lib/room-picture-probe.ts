import type { Page } from 'playwright-core';
import type { PictureEvent } from './room-figures';

/**
 * In the page: for every tile <video> (now and later), a requestVideoFrameCallback loop that notes
 * the first picture it presents while its tile holds a device key, and again whenever the tile's key
 * changes (a reused element). The time is the frame's own (`now` of the callback) on the epoch clock
 * (`performance.timeOrigin`), comparable with Node's. A string, not a function: tsx would wrap named
 * inner functions in a helper the page lacks.
 */
const PICTURE_PROBE = `(() => {
  if (window.__roomPictures) return;
  const events = [];
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video)) return;
    watched.add(video);
    let lastKey = null;
    const onFrame = (now) => {
      const tile = video.closest('[data-testid="wall-tile"]');
      const key = tile ? tile.dataset.deviceKey : null;
      if (key && key !== lastKey) {
        lastKey = key;
        events.push({ key, at: performance.timeOrigin + now });
      }
      // A detached element never calls back again; one put back does.
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  const scan = () => document.querySelectorAll('[data-testid="wall-tile"] video').forEach(watch);
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  scan();
  window.__roomPictures = events;
})()`;

export async function installPictureProbe(page: Page): Promise<void> {
  await page.evaluate(PICTURE_PROBE);
}

/** The probe's events from index `from` on (they only grow). */
export function readPictures(page: Page, from: number): Promise<PictureEvent[]> {
  return page.evaluate(
    (start) => ((window as unknown as { __roomPictures?: PictureEvent[] }).__roomPictures ?? []).slice(start),
    from,
  );
}
