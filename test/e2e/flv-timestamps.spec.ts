import { afterEach, describe, expect, it } from 'vitest';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * A wall runs for weeks on one connection. FLV carries 32 bits of milliseconds: the time crosses
 * 2^31 after 24.8 days (mpegts.js reads the field as a signed 32-bit number, so the time jumps back
 * by 2^32 ms there) and wraps to 0 after 49.7. The demo platform sets its FLV clock a few seconds
 * before each when the tile connects, and a WS-FLV tile must play straight through: no stall, no new
 * player.
 */

/** How long after the tile connects the crossing comes: time to start playing on a busy machine. */
const LEAD_MS = 10_000;
let wall: WallSession | undefined;

afterEach(async () => {
  await wall?.close();
  wall = undefined;
});

async function playsThrough(crossingMs: number): Promise<void> {
  // The crossing comes LEAD_MS after the tile's pictures are first muxed, however long the page took.
  wall = await openWallSession({
    viewport: { width: 800, height: 600 },
    liveMediaOptions: { flvLiveAtFirstUseMs: crossingMs - LEAD_MS },
  });
  const { page } = wall;
  const media = wall.session.media!;
  const key = wall.deviceKeys[0];
  await wall.settings({ transportOrder: ['ws-flv'] });
  await wall.showLayout('one', { columns: 1, rows: 1 }, [{ deviceKey: key, column: 1, row: 1 }]);
  await waitForFramesToAdvance(page, tileVideo(key), { frames: 10, timeoutMs: 10_000 });
  const before = media.stats().flvTimeMs;
  expect(before, 'the tile must be playing before the crossing').toBeLessThan(crossingMs - 1_000);

  // Every state the tile takes from here on, and the player's element (a new player, a new <video>?).
  await page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    const w = window as unknown as { __states: string[]; __video: Element | null };
    w.__states = [el.dataset.state ?? ''];
    w.__video = el.querySelector('video');
    new MutationObserver(() => {
      if (w.__states.at(-1) !== el.dataset.state) w.__states.push(el.dataset.state ?? '');
    }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
  }, tileOf(key));

  const framesAt = () =>
    page.evaluate(
      (sel) => document.querySelector<HTMLVideoElement>(sel)!.getVideoPlaybackQuality().totalVideoFrames,
      tileVideo(key),
    );
  const framesBefore = await framesAt();
  await expect
    .poll(() => media.stats().flvTimeMs, { timeout: 30_000, interval: 200 })
    .toBeGreaterThan(crossingMs + 4_000);
  const framesAfter = await framesAt();
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __states: string[]; __video: Element | null };
    return { states: w.__states, sameVideo: w.__video === document.querySelector('video') };
  });
  console.info(
    `[e2e] FLV time ${before} → past ${crossingMs}: ${framesAfter - framesBefore} frames, states ${seen.states.join(' → ')}`,
  );
  expect(seen.states).toEqual(['playing']);
  expect(seen.sameVideo).toBe(true);
  // 25 fps for at least the last 5 s: no gap where the picture froze.
  expect(framesAfter - framesBefore).toBeGreaterThan(100);
  await waitForFramesToAdvance(page, tileVideo(key), { frames: 10, timeoutMs: 5_000 });
}

describe('FLV timestamps over weeks, in Chromium', () => {
  it('a WS-FLV tile plays straight through FLV time crossing 2^31 ms (24.8 days)', async () => {
    await playsThrough(2 ** 31);
  });

  it('a WS-FLV tile plays straight through FLV time wrapping at 2^32 ms (49.7 days)', async () => {
    await playsThrough(2 ** 32);
  });
});
