import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LayoutTile } from '../../electron/shared/layout';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * Layouts and assigning (issue #16, items 1 and 2), in Chromium through the browser shell against the
 * demo platform's live media: presets in one click, a preset filled by dragging, tiles swapped by a
 * drag (both play on: same players, no new connection), four cells merged into one tile and split
 * back, a page of devices put on the wall in one action, and a tile's own transport.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
/** Devices of the first product, in the order the catalog lists them. */
let listed: string[];
/** Every WebSocket the page opened and every streams:start it asked: a new connection shows here. */
const opened = { sockets: 0, starts: 0, hls: 0 };

const framesAdvance = (deviceKey: string, frames = 12) =>
  waitForFramesToAdvance(page, tileVideo(deviceKey), { frames, timeoutMs: 45_000 });
const cellOf = (deviceKey: string) => page.locator(tileOf(deviceKey)).getAttribute('data-cell');
const row = (deviceKey: string) => page.locator(`[data-testid="device-row"][data-device-key="${deviceKey}"]`);
const emptyCell = (cell: string) => `[data-testid="wall-empty-cell"][data-cell="${cell}"]`;

/** A tile's size on the grid, as CSS places it: "2x2". */
const spanOf = (deviceKey: string) =>
  page.locator(tileOf(deviceKey)).evaluate((el) => {
    const s = getComputedStyle(el);
    const span = (v: string) => /span (\d+)/.exec(v)?.[1] ?? '1';
    return `${span(s.gridColumnStart + ' ' + s.gridColumnEnd)}x${span(s.gridRowStart + ' ' + s.gridRowEnd)}`;
  });

/** Mark each tile's `<video>`: a tile that keeps its player keeps its element and its mark. */
const markVideos = (keys: string[]) =>
  page.evaluate((ks) => {
    for (const k of ks) {
      const v = document.querySelector(`[data-testid="wall-tile"][data-device-key="${k}"] video`);
      if (v) (v as HTMLVideoElement & { mark?: string }).mark = k;
    }
  }, keys);
const marksKept = (keys: string[]) =>
  page.evaluate(
    (ks) =>
      ks.every(
        (k) =>
          (
            document.querySelector(`[data-testid="wall-tile"][data-device-key="${k}"] video`) as
              (HTMLVideoElement & { mark?: string }) | null
          )?.mark === k,
      ),
    keys,
  );

async function showWall(id: string, tiles: LayoutTile[], columns: number, rows: number) {
  await wall.showLayout(id, { columns, rows }, tiles);
  await page.getByTestId('wall-grid').waitFor();
}

async function openFirstProduct() {
  await page
    .locator('[data-testid="device-row"], [data-testid="product-item"]')
    .first()
    .waitFor({ timeout: 30_000 });
  if ((await row(listed[0]).count()) === 0)
    await page
      .getByRole('button', { name: /^Open devices of / })
      .first()
      .click();
  await row(listed[0]).waitFor({ timeout: 30_000 });
}

/** A real mouse drag (HTML5 drag and drop in Chromium): press, move in steps, release. */
async function drag(from: string, to: string) {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 6, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}
const rowSel = (deviceKey: string) => `[data-testid="device-row"][data-device-key="${deviceKey}"]`;

async function shoot(name: string) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENS}/layouts-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1600, height: 900 });
}

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1600, height: 900 } });
  page = wall.page;
  page.on('websocket', () => void opened.sockets++);
  page.on('request', (r) => {
    if (r.url().includes('/api/streams')) opened.starts++;
    if (r.url().includes('.m3u8')) opened.hls++;
  });
  await page
    .getByRole('button', { name: /^Open devices of / })
    .first()
    .click();
  await page.getByTestId('device-row').nth(7).waitFor({ timeout: 30_000 });
  listed = await page.$$eval('[data-testid="device-row"]', (rows) =>
    rows.slice(0, 8).map((r) => (r as HTMLElement).dataset.deviceKey!),
  );
  expect(new Set(listed).size).toBe(8);
}, 120_000);

afterAll(async () => {
  await wall?.close();
});

beforeEach(async () => {
  wall.session.media?.faults.clear();
});

describe('presets', () => {
  it('1+5 in one click, filled by dragging devices from the catalog; the large tile takes the area’s size', async () => {
    await showWall('layouts-a', [], 3, 3);
    await openFirstProduct();
    await page.getByTestId('wall-grid-size').click();
    await page.locator('[data-testid="wall-preset"][data-preset="1+5"]').waitFor();
    await shoot('preset-picker');
    await page.locator('[data-testid="wall-preset"][data-preset="1+5"]').click();

    await expect.poll(() => page.locator('[data-testid="wall-empty-cell"]').count()).toBe(6);
    expect(await page.locator(emptyCell('1,1')).getAttribute('data-span')).toBe('2x2');
    expect(await page.getByTestId('wall-grid-size').getAttribute('data-value')).toBe('1+5');

    // Drag six devices from the catalog onto the six free cells (the large one first).
    const cells = ['1,1', '3,1', '3,2', '1,3', '2,3', '3,3'];
    for (const [i, cell] of cells.entries()) {
      await drag(`${rowSel(listed[i])} .cell-select + *`, emptyCell(cell));
      await page.locator(tileOf(listed[i])).waitFor({ timeout: 10_000 });
      expect(await cellOf(listed[i])).toBe(cell);
    }
    expect(await spanOf(listed[0])).toBe('2x2');
    expect(await spanOf(listed[1])).toBe('1x1');
    const big = await page.locator(tileOf(listed[0])).boundingBox();
    const small = await page.locator(tileOf(listed[1])).boundingBox();
    expect(big!.width).toBeGreaterThan(small!.width * 1.8);
    await Promise.all(listed.slice(0, 6).map((k) => framesAdvance(k)));
    await shoot('preset-filled');
  }, 180_000);
});

describe('assigning', () => {
  it('a tile dragged onto another swaps them: both play on, same players, no new connection; Alt+arrow too', async () => {
    const [a, b, c] = listed;
    await showWall(
      'layouts-b',
      [
        { deviceKey: a, column: 1, row: 1, columnSpan: 2, rowSpan: 2 },
        { deviceKey: b, column: 3, row: 1 },
        { deviceKey: c, column: 3, row: 2 },
      ],
      3,
      3,
    );
    await Promise.all([framesAdvance(a), framesAdvance(b), framesAdvance(c)]);
    await markVideos([a, b, c]);
    const before = { ...opened };

    await drag(tileOf(b), tileOf(a));
    await expect.poll(() => cellOf(b)).toBe('1,1');
    expect(await cellOf(a)).toBe('3,1');
    // Sizes belong to the cells: b now fills the large one.
    expect(await spanOf(b)).toBe('2x2');
    expect(await spanOf(a)).toBe('1x1');
    await Promise.all([framesAdvance(a), framesAdvance(b)]);

    // By keyboard: Alt+↓ moves a (3,1) onto c (3,2): they swap.
    await page.locator(tileOf(a)).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => cellOf(a)).toBe('3,2');
    expect(await cellOf(c)).toBe('3,1');
    await Promise.all([framesAdvance(a), framesAdvance(c)]);

    expect(await marksKept([a, b, c])).toBe(true);
    expect(opened.sockets - before.sockets).toBe(0);
    expect(opened.starts - before.starts).toBe(0);
    for (const k of [a, b, c])
      expect(await page.locator(tileOf(k)).getAttribute('data-state')).toBe('playing');
  }, 180_000);

  it('puts a page of devices on the wall in one action, filling the free cells in reading order, as one Undo', async () => {
    await showWall('layouts-d', [{ deviceKey: listed[2], column: 2, row: 1 }], 4, 4);
    await openFirstProduct();
    await page.getByTestId('put-page').click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(16);
    // The one that was there stays where it was; the first of the page fills 1,1.
    expect(await cellOf(listed[2])).toBe('2,1');
    expect(await cellOf(listed[0])).toBe('1,1');
    expect(await cellOf(listed[1])).toBe('3,1');
    await expect
      .poll(() => page.getByTestId('notice').filter({ hasText: 'on the wall' }).first().textContent())
      .toMatch(/Put 15 devices on the wall/);
    await expect
      .poll(
        () =>
          page.$$eval(
            '[data-testid="wall-tile"]',
            (tiles) => tiles.filter((t) => (t as HTMLElement).dataset.state === 'playing').length,
          ),
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(16);
    await Promise.all([framesAdvance(listed[0]), framesAdvance(listed[7])]);
    await page.screenshot({ path: `${SCREENS}/layouts-page-on-wall.png` });
    // One edit: one Undo takes the whole page back.
    await page.getByTestId('wall-undo').click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(1);
  }, 180_000);
});

describe('custom layouts', () => {
  it('four cells merged into a 2×2 tile (Shift+click, then M) and split back (S): the cameras play on', async () => {
    const [a, b] = listed;
    await showWall(
      'layouts-c',
      [
        { deviceKey: a, column: 1, row: 1 },
        { deviceKey: b, column: 2, row: 2 },
      ],
      3,
      3,
    );
    await Promise.all([framesAdvance(a), framesAdvance(b)]);
    await markVideos([a, b]);
    const before = { ...opened };

    await page.locator(tileOf(a)).click({ position: { x: 40, y: 60 } });
    await page.locator(tileOf(b)).click({ position: { x: 40, y: 60 }, modifiers: ['Shift'] });
    await expect.poll(() => page.getByTestId('wall-selection').getAttribute('data-range')).toBe('1,1,2x2');
    await shoot('merge-selection');
    await page.keyboard.press('m');
    await expect.poll(() => spanOf(a)).toBe('2x2');
    expect(await cellOf(a)).toBe('1,1');
    // b was inside: it moved to the first free cell.
    expect(await cellOf(b)).toBe('3,1');
    await expect
      .poll(() => page.getByTestId('notice').filter({ hasText: 'Merged' }).first().textContent())
      .toContain('Merged 2 × 2 cells into one tile');
    await Promise.all([framesAdvance(a), framesAdvance(b)]);

    // Split it from the keyboard.
    await page.locator(tileOf(a)).focus();
    await page.keyboard.press('s');
    await expect.poll(() => spanOf(a)).toBe('1x1');
    await expect.poll(() => page.locator('[data-testid="wall-empty-cell"]').count()).toBe(7);

    // Merge by keyboard alone: Shift+→, Shift+↓ from an empty cell, then M; the empty area is one cell.
    await page.locator(emptyCell('2,2')).focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.getByTestId('wall-selection').getAttribute('data-range')).toBe('2,2,2x2');
    await page.keyboard.press('m');
    await expect.poll(() => page.locator(emptyCell('2,2')).getAttribute('data-span')).toBe('2x2');
    // A device dropped on it takes its size.
    await openFirstProduct();
    await drag(`${rowSel(listed[3])} .cell-select + *`, emptyCell('2,2'));
    await page.locator(tileOf(listed[3])).waitFor();
    expect(await spanOf(listed[3])).toBe('2x2');
    await Promise.all([framesAdvance(a), framesAdvance(b), framesAdvance(listed[3])]);
    expect(await marksKept([a, b])).toBe(true);
    // Only the new device connected.
    expect(opened.starts - before.starts).toBe(1);
  }, 180_000);
});

describe('tile settings', () => {
  it('a tile’s own transport (HLS) replaces its player with one playing HLS; channel fields are kept', async () => {
    const [a] = listed;
    await showWall('layouts-e', [{ deviceKey: a, column: 1, row: 1 }], 2, 2);
    await framesAdvance(a);
    const hlsBefore = opened.hls;
    await page.locator(tileOf(a)).hover();
    await page.locator(tileOf(a)).getByTestId('wall-tile-menu').click();
    await page.getByTestId('wall-tile-settings').click();
    const dialog = page.getByTestId('wall-tile-settings-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Caption').fill('North gate');
    await dialog.getByLabel('Transport').selectOption('hls');
    await shoot('tile-settings');
    await dialog.getByTestId('wall-tile-settings-apply').click();
    await expect.poll(() => opened.hls, { timeout: 30_000 }).toBeGreaterThan(hlsBefore);
    await framesAdvance(a);
    expect(await page.locator(tileOf(a)).getByTestId('wall-tile-name').textContent()).toBe('North gate');
    expect(await page.getByTestId('wall-save-status').getAttribute('data-save')).toBe('modified');
  }, 120_000);
});
