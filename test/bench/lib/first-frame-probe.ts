import type { BarePage } from './bare-page';

/**
 * In the page: note when each tile's <video> appears and when it presents its first frame
 * (requestVideoFrameCallback), into `window.__bench`. A string, not a function: tsx would wrap named
 * inner functions in a helper the page lacks.
 */
const FIRST_FRAME_PROBE = `(() => {
  const records = new Map();
  const seen = new WeakSet();
  const scan = () => {
    for (const video of document.querySelectorAll('[data-testid="wall-tile"] video')) {
      if (seen.has(video)) continue;
      seen.add(video);
      const key = video.closest('[data-testid="wall-tile"]').dataset.deviceKey;
      const record = { mountedAt: performance.now(), firstFrameAt: null, seeks: 0, waits: 0 };
      records.set(key, record);
      video.requestVideoFrameCallback(() => { record.firstFrameAt = performance.now(); });
      // Jumps to the live edge (each one decodes from the previous keyframe) and buffer underruns.
      video.addEventListener('seeking', () => { record.seeks += 1; });
      video.addEventListener('waiting', () => { record.waits += 1; });
    }
  };
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  window.__bench = records;
})()`;

/** One tile's record: page times (ms) of its <video> appearing and first showing a frame, and its events. */
export interface FirstFrameRecord {
  key: string;
  mountedAt: number;
  firstFrameAt: number | null;
  seeks: number;
  waits: number;
}

export async function installFirstFrameProbe(page: BarePage): Promise<void> {
  await page.evaluate(FIRST_FRAME_PROBE);
}

export function readFirstFrames(page: BarePage): Promise<FirstFrameRecord[]> {
  return page.evaluate<FirstFrameRecord[]>(`[...window.__bench].map(([key, r]) => ({ key, ...r }))`);
}
