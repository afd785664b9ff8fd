import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMedia } from '../../electron/demo-platform/media';
import { DEFAULT_TRANSPORT_ORDER } from '../../electron/shared/settings';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * How live the picture is, in Chromium through the browser shell, against the demo platform's live
 * media: a tile whose delivery is throttled below its stream's bit rate falls behind the camera; the
 * stats overlay says by how much (measured from the stream's own timestamps, not the buffer), the
 * tile wears a "BEHIND LIVE" badge and is no longer counted live, the status bar counts it, and the
 * tile catches up by itself. With the throttle gone it is live again. Waits are on what the page
 * shows, with room for a busy machine; no time is asserted.
 */

let wall: WallSession;
let page: Page;
let media: LiveMedia;
let device: string;

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1280, height: 720 } });
  page = wall.page;
  media = wall.session.media!;
  device = wall.deviceKeys[0];
  media.faults.clear();
  await wall.settings({ transportOrder: DEFAULT_TRANSPORT_ORDER, statsOverlay: true });
});

afterAll(async () => {
  media?.faults.clear();
  await wall?.close();
});

/** A row of the tile's stats overlay, as shown ("3.42 s", "455 kbit/s"). */
const stat = (name: string) => page.locator(`${tileOf(device)} [data-stat="${name}"] dd`).textContent();
const seconds = async (name: string) => Number.parseFloat((await stat(name)) ?? '');
const attr = (name: string) => page.locator(tileOf(device)).getAttribute(name);
const slow = { timeout: 60_000, interval: 250 };

/** What the tile shows now, for the log when a wait runs long. */
async function trace(): Promise<string> {
  const rows = ['behind live', 'trail', 'queued', 'bitrate', 'fps', 'transport'];
  const values = await Promise.all(rows.map((r) => stat(r).catch(() => null)));
  return `${await attr('data-state')} behind=${await attr('data-behind')} catch-ups=${await attr('data-catch-ups')} ${rows.map((r, i) => `${r}=${values[i]}`).join(' ')}`;
}

/** Poll `read` until `ok`, logging what the tile shows every few seconds. */
async function waitFor<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeout = 60_000) {
  const end = Date.now() + timeout;
  let lastLog = 0;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end)
      throw new Error(
        `${what}: not seen in ${timeout / 1000} s; last ${JSON.stringify(value)}; ${await trace()}`,
      );
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      console.info(`[e2e] waiting for ${what}: ${await trace()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the page shows of the tile's liveness, read in one go (the tile may catch up any second). */
function behindEverywhere() {
  return page.evaluate((sel) => {
    const tile = document.querySelector(sel) as HTMLElement | null;
    const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? null;
    const row = (name: string) =>
      Number.parseFloat(text(tile?.querySelector(`[data-stat="${name}"] dd`)) ?? '');
    const health = document.querySelector('[data-testid="wall-health"]');
    const seen = {
      behind: tile?.dataset.behind === 'true',
      badge: text(tile?.querySelector('[data-testid="wall-tile-behind"]')),
      status: text(document.querySelector('[data-testid="wall-status-behind"]')),
      behindCount: health?.querySelector('[data-state="behind"]')?.getAttribute('data-count') ?? null,
      liveCount: health?.querySelectorAll('[data-state="playing"]').length ?? -1,
      aria: tile?.getAttribute('aria-label') ?? '',
      figure: row('behind live'),
      trail: row('trail'),
    };
    return {
      ...seen,
      all:
        seen.behind &&
        seen.badge !== null &&
        seen.status !== null &&
        seen.behindCount === '1' &&
        seen.liveCount === 0 &&
        seen.aria.endsWith('Behind live') &&
        seen.figure > 1.5,
    };
  }, tileOf(device));
}

describe('liveness', () => {
  it('a throttled tile says how far behind live it is, is not called live, and catches up by itself', async () => {
    await wall.showLayout('liveness', { columns: 1, rows: 1 }, [{ deviceKey: device, column: 1, row: 1 }]);
    await waitForFramesToAdvance(page, tileVideo(device), { frames: 25, timeoutMs: 30_000 });

    // Healthy: the figure is measured, and small; nothing says behind.
    await expect.poll(() => seconds('behind live'), slow).toBeLessThan(2);
    expect(await attr('data-behind')).toBeNull();
    expect(await page.getByTestId('wall-status-behind').count()).toBe(0);
    // The stream's own rate: the least of a few readings (the first include the start-up burst).
    const rates: number[] = [];
    await waitFor(
      'five bit rate readings',
      async () => {
        const kbps = Number.parseFloat((await stat('bitrate')) ?? '');
        if (kbps > 50 && rates.at(-1) !== kbps) rates.push(kbps);
        return rates.length;
      },
      (n) => n >= 5,
    );
    const kbps = Math.min(...rates);

    // Delivery at half the stream's rate: the picture falls half a second behind every second.
    media.faults.set(device, { type: 'throttle', kbps: Math.max(40, Math.round(kbps / 2)) });

    // Everything the wall shows, read at one moment: the tile behind live is not called live anywhere.
    const seen = await waitFor(
      'the tile behind live, everywhere at once',
      () => behindEverywhere(),
      (v) => v.all,
    );
    console.info(`[e2e] throttled: ${JSON.stringify(seen)}`);
    expect(seen.badge).toMatch(/^BEHIND LIVE \d+(\.\d)? s$/);
    expect(seen.status).toBe('1 tile behind live');
    expect(seen.aria).toMatch(/Behind live$/);
    // The figure, from the stream's timestamps: past the margin, and in delivery (the trail), not the buffer.
    expect(seen.figure).toBeGreaterThan(1.5);
    expect(seen.trail).toBeGreaterThan(1);

    // It catches up by itself: a new connection (the lag is in delivery, which no jump skips).
    await expect
      .poll(async () => Number((await attr('data-catch-ups')) ?? 0), slow)
      .toBeGreaterThanOrEqual(1);
    expect(await attr('data-last-catch-up')).toBe('reconnect');
    await page.screenshot({ path: '.tmp/screens/liveness-behind.png' }).catch(() => undefined);

    // The throttle gone, the tile is live again: no badge, a small figure, counted live.
    media.faults.clear(device);
    await waitFor(
      'live again',
      () => attr('data-behind'),
      (v) => v === null,
      150_000,
    );
    await expect.poll(() => attr('data-state'), slow).toBe('playing');
    await waitForFramesToAdvance(page, tileVideo(device), { frames: 25, timeoutMs: 30_000 });
    await expect.poll(() => seconds('behind live'), slow).toBeLessThan(2);
    await expect.poll(() => page.getByTestId('wall-status-behind').count(), slow).toBe(0);
    await expect
      .poll(
        () => page.getByTestId('wall-health').locator('[data-state="playing"]').getAttribute('data-count'),
        slow,
      )
      .toBe('1');
  });
});
