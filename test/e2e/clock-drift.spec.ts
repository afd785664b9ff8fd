import { afterEach, describe, expect, it } from 'vitest';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * A camera's clock is not this computer's. One that runs slow sends its pictures a little slower than
 * a player at 1× shows them, so the buffer that absorbs network jitter drains: in an hour or two at
 * the 50 ppm of an ordinary crystal, in seconds at the 3 % used here. From then on the picture
 * stutters on every late packet. A tile must follow the camera's pace instead: one on MSE (WS-TS,
 * mpegts.js) by its playback rate, one that decodes its own pictures (WS-FLV, WebCodecs) by its clock.
 */

const SLOW = 0.97;
let wall: WallSession | undefined;

afterEach(async () => {
  await wall?.close();
  wall = undefined;
});

/** A wall of one tile whose camera's clock (the live timeline) runs at SLOW of real time, playing. */
async function slowCamera(settings: Parameters<WallSession['settings']>[0]) {
  const start = performance.now();
  wall = await openWallSession({
    viewport: { width: 800, height: 600 },
    liveMediaOptions: { clock: () => start + (performance.now() - start) * SLOW },
  });
  const key = wall.deviceKeys[0];
  await wall.settings(settings);
  await wall.showLayout('slow-camera', { columns: 1, rows: 1 }, [{ deviceKey: key, column: 1, row: 1 }]);
  await waitForFramesToAdvance(wall.page, tileVideo(key), { frames: 10, timeoutMs: 10_000 });
  return { page: wall.page, key };
}

describe('a camera whose clock runs slow, in Chromium', () => {
  it('a WS-TS tile (MSE) plays at the camera’s pace and keeps its buffer: no stutter', async () => {
    const { page, key } = await slowCamera({ transportOrder: ['ws-ts'] });

    // Played at 1×, a 0.3 s buffer is gone within 10 s at 3 % slow; wait that long, then watch.
    await page.waitForTimeout(12_000);
    const read = () =>
      page.evaluate((sel) => {
        const video = document.querySelector<HTMLVideoElement>(sel)!;
        const w = window as unknown as {
          __waiting?: number;
          __minRate?: number;
          __buffered?: { sum: number; n: number };
        };
        if (w.__waiting === undefined) {
          w.__waiting = 0;
          video.addEventListener('waiting', () => (w.__waiting = (w.__waiting ?? 0) + 1));
          // The slowest rate the player chose over the window (it may sit at 1× for a moment while a
          // hiccup of the machine refills the buffer).
          w.__minRate = video.playbackRate;
          // And the buffer ahead, sampled the same way: one reading may catch a late delivery.
          w.__buffered = { sum: 0, n: 0 };
          setInterval(() => {
            w.__minRate = Math.min(w.__minRate ?? 1, video.playbackRate);
            const ranges = video.buffered;
            const ahead = ranges.length ? ranges.end(ranges.length - 1) - video.currentTime : 0;
            w.__buffered!.sum += ahead;
            w.__buffered!.n += 1;
          }, 100);
        }
        const b = video.buffered;
        return {
          waiting: w.__waiting,
          frames: video.getVideoPlaybackQuality().totalVideoFrames,
          rate: w.__minRate ?? video.playbackRate,
          position: video.currentTime,
          buffer: b.length ? b.end(b.length - 1) - video.currentTime : 0,
          buffered: { ...w.__buffered! },
          at: performance.now(),
        };
      }, tileVideo(key));
    const before = await read();
    await page.waitForTimeout(10_000);
    const after = await read();
    const fps = ((after.frames - before.frames) * 1000) / (after.at - before.at);
    // How fast the picture moved through the camera's time: its pace, measured from the video itself.
    const pace = ((after.position - before.position) * 1000) / (after.at - before.at);
    // The buffer ahead on average over the window (drained at 1×, it reads about 0 throughout).
    const buffered =
      (after.buffered.sum - before.buffered.sum) / Math.max(1, after.buffered.n - before.buffered.n);
    console.info(
      `[e2e] camera at ${SLOW * 100} % pace: ${after.waiting - before.waiting} waiting events in 10 s, ` +
        `${fps.toFixed(1)} fps, pace ${pace.toFixed(3)}, slowest rate ${after.rate}, buffer ${after.buffer.toFixed(2)} s (${buffered.toFixed(2)} s on average)`,
    );
    // At 1× Chromium reported 4–5 `waiting` events a second here; a hiccup of this shared machine
    // may cost one or two.
    expect(after.waiting - before.waiting).toBeLessThanOrEqual(2);
    // The player slowed down to the camera's pace (not a 1× that drains the buffer and stutters).
    expect(after.rate).toBeLessThan(1);
    expect(after.rate).toBeGreaterThanOrEqual(0.9);
    expect(pace).toBeLessThan(1.01);
    expect(pace).toBeGreaterThanOrEqual(0.9);
    expect(buffered).toBeGreaterThan(0.1);
    expect(fps).toBeGreaterThan(25 * SLOW * 0.95);
    expect(await page.locator(tileOf(key)).getAttribute('data-state')).toBe('playing');
  });

  it('a WS-FLV tile (WebCodecs) shows the camera’s pace', async () => {
    const { page, key } = await slowCamera({ transportOrder: ['ws-flv'], statsOverlay: true });
    // As long as the MSE tile above waits: a clock that followed 1× would be short of pictures by now.
    await page.waitForTimeout(12_000);
    // The pictures the element got, and the tile's own count of those it dropped (the overlay's
    // "dropped": what the element dropped plus what the player skipped as late).
    const read = () =>
      page.evaluate(
        ([sel, tile]) => {
          const q = document.querySelector<HTMLVideoElement>(sel)!.getVideoPlaybackQuality();
          const stat = (id: string) =>
            document.querySelector(`${tile} [data-stat="${id}"] dd`)?.textContent ?? '';
          return {
            frames: q.totalVideoFrames,
            dropped: Number(/^\d+/.exec(stat('dropped').trim())?.[0]),
            behind: Number(/[\d.]+/.exec(stat('behind live'))?.[0]),
            at: performance.now(),
          };
        },
        [tileVideo(key), tileOf(key)] as const,
      );
    const before = await read();
    await page.waitForTimeout(10_000);
    const after = await read();
    const fps = ((after.frames - before.frames) * 1000) / (after.at - before.at);
    const dropped = after.dropped - before.dropped;
    console.info(
      `[e2e] camera at ${SLOW * 100} % pace, WebCodecs: ${fps.toFixed(1)} fps, ${dropped} pictures dropped in 10 s, ` +
        `${after.behind} s behind live`,
    );
    expect(await page.locator(tileOf(key)).getAttribute('data-state')).toBe('playing');
    // The camera's pace, not 1×: a clock that followed this computer's would show 25 (pictures repeated)
    // or fall further behind with every second. (The "behind live" it logs grows by the clocks' 3 %: the
    // liveness meter follows a camera clock's drift up to 500 ppm only, and reads more as delivery
    // falling behind; 3 % stands for hours of a real crystal's drift in seconds. Not asserted.)
    expect(fps).toBeGreaterThan(25 * SLOW * 0.95);
    expect(fps).toBeLessThan(25 * SLOW * 1.03);
    // Dropped: none on a quiet machine; with the whole suite beside it the page is held up now and then
    // past the jitter buffer's 120 ms (4–12 pictures in 10 s seen): what this bounds is a tile that skips
    // as a habit, not a busy machine's hiccups.
    expect(dropped).toBeLessThanOrEqual(Math.ceil(0.1 * (after.frames - before.frames)));
  });
});
