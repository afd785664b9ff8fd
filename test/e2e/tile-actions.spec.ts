import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutTile } from '../../electron/shared/layout';
import { openWallSession, type WallSession } from '../bench/lib/wall-session';
import { WallPage } from './pages/wall-page';

/**
 * A tile's picture actions (#16 maximise, snapshot, audio; #22 fit and zoom; #23 overview label and
 * pins), in Chromium through the browser shell against the demo platform's live media: none of them
 * opens a new connection for the tile it acts on, and each changes what the operator sees.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
let wallPage: WallPage;
let devices: string[];
/** Every WebSocket the page opened (ws-flv: one per player), by URL. */
const sockets: string[] = [];

const framesAdvance = (deviceKey: string, frames = 15) =>
  wallPage.tile(deviceKey).framesAdvance(frames, 30_000);
const tile = (deviceKey: string) => wallPage.tile(deviceKey).root;
const video = (deviceKey: string) => wallPage.tile(deviceKey).video;
const attr = (deviceKey: string, name: string) => tile(deviceKey).getAttribute(name);
const state = (deviceKey: string) => attr(deviceKey, 'data-state');
const viewers = () => wall.session.media!.stats().viewers;
/** The tile's video element is marked once: the mark still there proves the same element (the same player). */
const mark = (deviceKey: string) =>
  video(deviceKey).evaluate((v) => ((v as HTMLVideoElement & { mark?: string }).mark = 'same'));
const marked = (deviceKey: string) =>
  video(deviceKey).evaluate((v) => (v as HTMLVideoElement & { mark?: string }).mark ?? null);

async function showWall(id: string, keys: string[], columns: number, rows: number) {
  const tiles: LayoutTile[] = keys.map((deviceKey, i) => ({
    deviceKey,
    column: (i % columns) + 1,
    row: Math.floor(i / columns) + 1,
  }));
  await wall.showLayout(id, { columns, rows }, tiles);
}

const openMenu = (deviceKey: string) => wallPage.tile(deviceKey).openMenu();

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1366, height: 768 } });
  page = wall.page;
  wallPage = new WallPage(page);
  // ws-flv only, so each player is one WebSocket; covered tiles stop after 1 s.
  await wall.settings({ hiddenTileGraceSeconds: 1, transportOrder: ['ws-flv'], decodeBudget: false });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  devices = wall.deviceKeys.slice(0, 4);
  await showWall('tile-actions', devices, 2, 2);
  await Promise.all(devices.map((d) => framesAdvance(d)));
});

afterAll(async () => {
  await wall?.close();
});

describe('maximise', () => {
  it('lays the same tile over the wall (no new connection); the others pause, then resume', async () => {
    const [big, ...others] = devices;
    await mark(big);
    const before = sockets.length;
    expect(viewers()).toBe(4);

    await tile(big).dblclick({ position: { x: 80, y: 80 } });
    await expect.poll(() => attr(big, 'data-maximised')).toBe('true');
    const body = (await page.locator('.wall-body').boundingBox())!;
    const box = (await tile(big).boundingBox())!;
    expect(box.width).toBeGreaterThan(body.width - 10);
    expect(box.height).toBeGreaterThan(body.height - 10);
    for (const d of others) expect(await attr(d, 'data-covered')).toBe('true');
    // The covered tiles stop after the hidden grace; the maximised one plays on, in the same player.
    for (const d of others) await expect.poll(() => state(d), { timeout: 10_000 }).toBe('paused-hidden');
    await expect.poll(viewers, { timeout: 5_000 }).toBe(1);
    await framesAdvance(big, 25);
    expect(await marked(big)).toBe('same');
    expect(sockets.length).toBe(before);
    await page.screenshot({ path: `${SCREENS}/tile-actions-maximised.png` });

    // Esc restores; the others start again (one new connection each), the big one keeps its own.
    await tile(big).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => attr(big, 'data-maximised')).toBe(null);
    await Promise.all(others.map((d) => framesAdvance(d, 15)));
    await expect.poll(viewers, { timeout: 10_000 }).toBe(4);
    expect(sockets.length).toBe(before + others.length);
    expect(await marked(big)).toBe('same');
    await framesAdvance(big, 10);

    // Enter on the focused tile maximises too, and Enter again restores.
    await tile(others[0]).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => attr(others[0], 'data-maximised')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => attr(others[0], 'data-maximised')).toBe(null);
  });
});

describe('picture fit and digital zoom', () => {
  it('fill and zoom change what is shown without a new connection; 0 resets the zoom', async () => {
    const d = devices[1];
    await framesAdvance(d);
    await mark(d);
    const before = sockets.length;
    const shot = () => tile(d).screenshot();
    const letterboxed = await shot();

    await openMenu(d);
    await page.screenshot({ path: `${SCREENS}/tile-actions-menu.png` });
    await wallPage.tile(d).fit('fill').click();
    await expect.poll(() => attr(d, 'data-fit')).toBe('fill');
    expect(await video(d).evaluate((v) => getComputedStyle(v).objectFit)).toBe('cover');
    const filled = await shot();
    expect(filled.equals(letterboxed)).toBe(false);

    // The wheel zooms at the pointer.
    const box = (await tile(d).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await attr(d, 'data-zoom'))).toBeGreaterThan(1.9);
    expect(await video(d).evaluate((v) => getComputedStyle(v).transform)).not.toBe('none');
    await expect(tile(d).getByTestId('wall-tile-zoom').textContent()).resolves.toMatch(/^\d\.\d×$/);
    // Dragging pans.
    const transform = () => video(d).evaluate((v) => (v as HTMLVideoElement).style.transform);
    const zoomedAt = await transform();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 4 });
    await page.mouse.up();
    expect(await transform()).not.toBe(zoomedAt);
    await page.screenshot({ path: `${SCREENS}/tile-actions-zoomed.png` });
    // + and - on the focused tile, 0 resets.
    await tile(d).focus();
    await page.keyboard.press('+');
    await page.keyboard.press('0');
    await expect.poll(() => attr(d, 'data-zoom')).toBe(null);
    expect(await transform()).toBe('');

    // The fit is a layout edit (saved with the layout; undoable), the zoom is not.
    await expect.poll(() => wallPage.saveState()).toBe('modified');
    await framesAdvance(d, 15);
    expect(await marked(d)).toBe('same');
    expect(sockets.length).toBe(before);
    expect(viewers()).toBe(4);

    // Back to letterboxed for the tests below.
    await openMenu(d);
    await wallPage.tile(d).fit('fit').click();
    await expect.poll(() => attr(d, 'data-fit')).toBe('fit');
  });
});

describe('snapshot', () => {
  it('downloads a PNG at the picture’s own size that is not blank', async () => {
    const d = devices[2];
    await framesAdvance(d);
    const size = await video(d).evaluate((v) => ({
      width: (v as HTMLVideoElement).videoWidth,
      height: (v as HTMLVideoElement).videoHeight,
    }));
    expect(size.width).toBeGreaterThan(0);
    await openMenu(d);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      tile(d).getByTestId('wall-tile-snapshot').click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/ \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.png$/);
    expect(
      name.startsWith(
        wall
          .deviceName(d)
          .replace(/[<>:"/\\|?*]+/g, '-')
          .trim()
          .slice(0, 20),
      ),
    ).toBe(true);
    const png = await readFile((await download.path())!);
    // The PNG signature, then IHDR: width and height, big-endian.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(size);
    // Not blank: the luminance of its pixels varies (decoded by the page itself).
    const spread = await page.evaluate(async (b64) => {
      // From the bytes (the page's CSP allows no data: fetch).
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      let sum = 0;
      let sq = 0;
      const n = data.length / 4;
      for (let i = 0; i < data.length; i += 4) {
        const y = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
        sum += y;
        sq += y * y;
      }
      const mean = sum / n;
      return Math.sqrt(sq / n - mean * mean);
    }, png.toString('base64'));
    expect(spread).toBeGreaterThan(10);
    await expect
      .poll(() => page.getByTestId('notice').filter({ hasText: 'Snapshot of' }).count())
      .toBeGreaterThan(0);
  });

  it('a tile with no picture says why it cannot snapshot', async () => {
    const d = devices[3];
    const media = wall.session.media!;
    media.faults.set(d, { type: 'offline' });
    try {
      await expect.poll(() => state(d), { timeout: 15_000 }).toMatch(/reconnecting|failed|starting/);
      await openMenu(d);
      const item = tile(d).getByTestId('wall-tile-snapshot');
      expect(await item.isDisabled()).toBe(true);
      expect(await item.getAttribute('title')).toMatch(/no live picture|no picture|starting/i);
      await page.keyboard.press('Escape');
    } finally {
      media.faults.clear();
    }
    await tile(d)
      .getByTestId('wall-tile-retry')
      .click()
      .catch(() => undefined);
    await framesAdvance(d);
  });
});

describe('audio', () => {
  it('every tile is muted; unmuting one mutes the others, and the tile says so', async () => {
    const muted = () =>
      wallPage.tiles.locator('video').evaluateAll((vs) => vs.map((v) => (v as HTMLVideoElement).muted));
    expect(await muted()).toEqual([true, true, true, true]);
    const [a, b] = devices;
    await openMenu(a);
    await tile(a).getByTestId('wall-tile-sound-toggle').click();
    await expect.poll(() => video(a).evaluate((v) => (v as HTMLVideoElement).muted)).toBe(false);
    expect((await muted()).filter((m) => !m)).toHaveLength(1);
    await expect.poll(() => attr(a, 'data-audible')).toBe('true');
    // The demo streams carry no sound: the tile says so instead of pretending.
    await expect
      .poll(() => tile(a).getByTestId('wall-tile-sound').getAttribute('data-sound'), { timeout: 10_000 })
      .toBe('none');
    await expect(tile(a).getByTestId('wall-tile-sound').textContent()).resolves.toContain(
      'no sound in this stream',
    );

    await openMenu(b);
    await tile(b).getByTestId('wall-tile-sound-toggle').click();
    await expect.poll(() => video(b).evaluate((v) => (v as HTMLVideoElement).muted)).toBe(false);
    expect(await video(a).evaluate((v) => (v as HTMLVideoElement).muted)).toBe(true);
    expect(await attr(a, 'data-audible')).toBe(null);
    expect((await muted()).filter((m) => !m)).toHaveLength(1);
  });
});

describe('overview label and pins', () => {
  it('a tile pinned to overview says so on the tile, on the same connection, and goes back', async () => {
    const d = devices[0];
    await framesAdvance(d);
    await mark(d);
    const before = sockets.length;
    await openMenu(d);
    await tile(d).getByTestId('wall-tile-rate-overview').click();
    const label = tile(d).locator('[data-rate="overview"]');
    await label.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => label.textContent(), { timeout: 15_000 })
      .toMatch(/^overview · 1 picture \/ 2 s$/);
    expect(await label.getAttribute('data-reason')).toBe('pinned');
    await page.screenshot({ path: `${SCREENS}/tile-actions-overview.png` });
    await openMenu(d);
    expect(await tile(d).getByTestId('wall-tile-rate-overview').getAttribute('aria-checked')).toBe('true');
    await tile(d).getByTestId('wall-tile-rate-auto').click();
    await expect.poll(() => label.count(), { timeout: 15_000 }).toBe(0);
    await framesAdvance(d, 25);
    expect(await marked(d)).toBe('same');
    expect(sockets.length).toBe(before);
  });
});

describe('at 1920 × 1080', () => {
  it('shows the menu, a zoomed and a maximised tile', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const [a, b] = devices;
    await openMenu(b);
    await page.screenshot({ path: `${SCREENS}/tile-actions-1080-menu.png` });
    await page.keyboard.press('Escape');
    const box = (await tile(a).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.3);
    await page.mouse.wheel(0, -500);
    await expect.poll(async () => Number(await attr(a, 'data-zoom'))).toBeGreaterThan(2);
    await tile(a).dblclick({ position: { x: 40, y: 60 } });
    await expect.poll(() => attr(a, 'data-maximised')).toBe('true');
    // The zoom holds on the maximised tile: it is kept as fractions of the tile.
    expect(Number(await attr(a, 'data-zoom'))).toBeGreaterThan(2);
    await page.screenshot({ path: `${SCREENS}/tile-actions-1080-maximised-zoomed.png` });
    await tile(a).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => attr(a, 'data-zoom')).toBe(null);
    await page.keyboard.press('Escape');
    await expect.poll(() => attr(a, 'data-maximised')).toBe(null);
  });
});
