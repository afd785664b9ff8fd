import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMedia } from '../../electron/demo-platform/media';
import type { StreamPlayback } from '../../electron/shared/domain';
import { lowestLatencyOrder } from '../../electron/shared/settings';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * WebRTC tiles in Chromium, through the browser shell, against the demo platform's live media, which
 * serves the `rtc` URL for real (werift, H.264 from the fixtures, loopback only): every case asserts that
 * decoded frames ADVANCE.
 */

let wall: WallSession;
let page: Page;
let media: LiveMedia;
let keys: string[];
let original: LiveMedia['startStream'];

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1280, height: 720 } });
  page = wall.page;
  media = wall.session.media!;
  original = media.startStream.bind(media);
  // Devices no other case of this file uses, so one case's sessions never meet another's faults.
  keys = wall.deviceKeys.slice(40);
});

afterAll(async () => {
  await wall?.close();
});

beforeEach(async () => {
  media.faults.clear();
  media.setRtcShape('zlm');
  media.startStream = original;
  await wall.settings({ transportOrder: ['webrtc'], statsOverlay: true });
});

async function showWall(id: string, devices: string[], columns: number, rows: number) {
  await wall.showLayout(
    id,
    { columns, rows },
    devices.map((deviceKey, i) => ({
      deviceKey,
      column: (i % columns) + 1,
      row: Math.floor(i / columns) + 1,
    })),
  );
}

const framesAdvance = (deviceKey: string, frames = 25, timeoutMs = 30_000) =>
  waitForFramesToAdvance(page, tileVideo(deviceKey), { frames, timeoutMs });

const stateOf = (deviceKey: string) => page.locator(tileOf(deviceKey)).getAttribute('data-state');

/** A tile's stats overlay row (`fps`, `latency`, `transport`, …). */
const stat = (deviceKey: string, name: string) =>
  page.locator(`${tileOf(deviceKey)} [data-stat="${name}"] dd`).textContent();

async function until(deviceKey: string, states: string[], timeout = 20_000): Promise<number> {
  await page.waitForFunction(
    ([sel, wanted]) =>
      wanted.includes((document.querySelector(sel) as HTMLElement | null)?.dataset.state ?? ''),
    [tileOf(deviceKey), states] as const,
    { timeout, polling: 50 },
  );
  return Date.now();
}

/** Every state a tile goes through from now on (read with `seenStates`). */
async function recordStates(deviceKey: string) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    const log: string[] = [el.dataset.state ?? ''];
    new MutationObserver(() => {
      const state = el.dataset.state ?? '';
      if (log[log.length - 1] !== state) log.push(state);
    }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
    (window as unknown as Record<string, unknown>).__states = log;
  }, tileOf(deviceKey));
}
const seenStates = () => page.evaluate(() => (window as unknown as { __states: string[] }).__states);

/** What streams:start answers for these devices: only their `rtc` URL, or only `ws_flv`. */
function offerOnly(byDevice: Record<string, 'rtc' | 'ws_flv'>) {
  media.startStream = async (request) => {
    const playback = await original(request);
    const keep = byDevice[request.deviceKey];
    if (!keep) return playback;
    const blank = Object.fromEntries(Object.keys(playback).map((k) => [k, ''])) as StreamPlayback;
    return {
      ...blank,
      streamId: playback.streamId,
      sipId: playback.sipId,
      channelId: playback.channelId,
      [keep]: playback[keep],
    };
  };
}

describe('WebRTC tiles', () => {
  it.each(['zlm', 'whep'] as const)(
    'a WebRTC tile plays from the rtc URL (%s answer), first in the lowest-latency order',
    async (shape) => {
      media.setRtcShape(shape);
      await wall.settings({ transportOrder: lowestLatencyOrder() });
      const device = keys[shape === 'zlm' ? 0 : 1];
      const requested = wall.session.requestedUrls.length;
      await showWall(`rtc-${shape}`, [device], 1, 1);
      const progress = await framesAdvance(device, 25);
      expect(await stateOf(device)).toBe('playing');
      await expect.poll(() => stat(device, 'transport')).toBe('webrtc · webrtc');
      // The offer went to the endpoint the rtc field names.
      const path = shape === 'whep' ? '/index/api/whep' : '/index/api/webrtc';
      const offers = wall.session.requestedUrls.slice(requested).filter((u) => new URL(u).pathname === path);
      expect(offers.length).toBeGreaterThanOrEqual(1);
      expect(media.stats().webrtcSessions).toBeGreaterThanOrEqual(1);
      // The stats the overlay shows: H.264 at the clip's size, a frame rate, the jitter buffer as what waits
      // unshown, and how far behind live the picture is.
      // (getStats() is read once a second: the rates and the jitter buffer need two readings.)
      const figures = { timeout: 10_000, interval: 250 };
      await expect.poll(() => stat(device, 'codec'), figures).toMatch(/^avc1\./);
      await expect.poll(() => stat(device, 'resolution'), figures).toMatch(/^\d+×\d+$/);
      const number = async (name: string) => Number.parseFloat((await stat(device, name)) ?? '');
      await expect.poll(() => number('fps'), figures).toBeGreaterThan(15);
      await expect.poll(() => number('queued'), figures).toBeLessThan(0.5);
      await expect.poll(() => number('behind live'), figures).toBeLessThan(0.5);
      console.info(
        `[e2e] webrtc (${shape}): ${progress.after.decoded - progress.before.decoded} frames in ${progress.elapsedMs} ms, ` +
          `fps ${await stat(device, 'fps')}, queued ${await stat(device, 'queued')}, behind live ${await stat(device, 'behind live')}, ${await stat(device, 'bitrate')}`,
      );
    },
  );

  it.each(['zlm', 'whep'] as const)(
    'a dropped WebRTC session (%s) is noticed at once and plays again',
    async (shape) => {
      media.setRtcShape(shape);
      const [device, neighbour] = shape === 'zlm' ? [keys[2], keys[3]] : [keys[4], keys[5]];
      await showWall(`rtc-drop-${shape}`, [device, neighbour], 2, 1);
      await Promise.all([framesAdvance(device, 10), framesAdvance(neighbour, 10)]);
      await recordStates(device);
      const requested = wall.session.requestedUrls.length;
      const droppedAt = Date.now();
      // The demo closes the session (a DTLS close_notify, as a media server ending a stream does).
      media.faults.set(device, { type: 'drop', afterSeconds: 0 });
      await until(device, ['reconnecting', 'stalled', 'starting', 'failed'], 10_000);
      const noticedAfter = Date.now() - droppedAt;
      media.faults.clear(device); // a one-off cut, as a network blip
      const backAt = await until(device, ['playing'], 15_000);
      await framesAdvance(device, 25);
      console.info(
        `[e2e] webrtc (${shape}) drop noticed after ${noticedAfter} ms, playing again after ${backAt - droppedAt} ms`,
      );
      // Noticed from the session's end, not by the 3 s frame watchdog: `reconnecting`, never `stalled`.
      const states = await seenStates();
      expect(states).toContain('reconnecting');
      expect(states).not.toContain('stalled');
      expect(noticedAfter).toBeLessThan(2_500);
      expect(await stateOf(neighbour)).toBe('playing');
      if (shape === 'whep') {
        // The replaced player DELETEd its session (the server had ended it already: a 404 it ignores).
        expect(
          wall.session.requestedUrls
            .slice(requested)
            .some((u) => /^\/index\/api\/whep\/[0-9a-f]{32}$/.test(new URL(u).pathname)),
        ).toBe(true);
      }
    },
  );

  it('a wall mixing WebRTC and WS-FLV tiles plays every tile', async () => {
    const devices = keys.slice(6, 12);
    offerOnly(Object.fromEntries(devices.map((d, i) => [d, i % 2 === 0 ? 'rtc' : 'ws_flv'])));
    await wall.settings({ transportOrder: ['webrtc', 'ws-flv'] });
    await showWall('rtc-mixed', devices, 3, 2);
    await Promise.all(devices.map((d) => framesAdvance(d, 25)));
    for (const d of devices) expect(await stateOf(d)).toBe('playing');
    const transports = await Promise.all(devices.map((d) => stat(d, 'transport')));
    expect(transports).toEqual(
      devices.map((_, i) => (i % 2 === 0 ? 'webrtc · webrtc' : 'ws-flv · webcodecs')),
    );
    expect(await page.locator('[data-testid="wall-tile-problem"]').count()).toBe(0);
  });

  it('a refused offer shows its reason and the tile plays once the media server accepts again', async () => {
    const device = keys[12];
    media.faults.set(device, { type: 'refuse', status: 404 });
    await showWall('rtc-refused', [device], 1, 1);
    await until(device, ['reconnecting', 'failed'], 15_000);
    await expect
      .poll(() => page.locator(`${tileOf(device)} .wall-tile-problem-title`).textContent())
      .toBe('Stream not found');
    media.faults.clear(device);
    await until(device, ['playing'], 40_000);
    await framesAdvance(device, 25);
  });
});
