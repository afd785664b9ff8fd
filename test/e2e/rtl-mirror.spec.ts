import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileOf, type WallSession } from '../bench/lib/wall-session';
import { openDevices, openNineTileWall, openTileMenu, visitInside } from './pages/window-reach';

/**
 * Ready for a right-to-left language (issue #32, item 6): no such language exists yet, so the page is
 * given `<html dir="rtl">` as a language would set it. At 1366 × 768 the shell mirrors (the catalog at
 * the inline start, the right edge; the top bar and the wall's toolbar reversed; a tile's caption and
 * menu reversed), the wall's tiles keep their places (a view is the room's arrangement, not a line of
 * text), the catalog's divider follows the pointer, and no control of a menu, dialog or panel lies
 * outside the window.
 */

const SCREENS = '.tmp/screens';
const WINDOW = { width: 1366, height: 768 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} has no box`);
  return { left: b.x, right: b.x + b.width, top: b.y, centerX: b.x + b.width / 2, width: b.width };
}

describe('a right-to-left page at 1366 × 768', () => {
  let wall: WallSession;
  let page: Page;
  let nine: string[];

  const shoot = (name: string) => page.screenshot({ path: `${SCREENS}/rtl-mirror-${name}.png` });

  beforeAll(async () => {
    ({ wall, nine } = await openNineTileWall(WINDOW, 'rtl-3x3', { liveMedia: false }));
    page = wall.page;
    // As a right-to-left language would (src/i18n/start-i18n.ts sets dir with the language).
    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
    });
    await openDevices(page);
    await page.locator(tileOf(nine[8])).waitFor();
  });
  afterAll(async () => {
    await wall?.close();
  });

  it('puts the catalog at the inline start, the right edge, and the app name at the right of the top bar', async () => {
    const catalog = await box(page.getByTestId('catalog-column'));
    const wallBox = await box(page.getByTestId('wall'));
    expect(catalog.right).toBeGreaterThan(WINDOW.width - 2);
    expect(wallBox.left).toBeLessThan(2);
    expect(wallBox.right).toBeLessThanOrEqual(catalog.left + 1);
    const appName = await box(page.locator('.app-name'));
    const settings = await box(page.getByTestId('open-settings'));
    expect(appName.right).toBeGreaterThan(WINDOW.width - 40);
    expect(settings.left).toBeLessThan(appName.left);
    await shoot('catalog-wall');
  });

  it('mirrors the wall’s toolbar and a tile’s caption, and keeps the tiles where the view puts them', async () => {
    // The toolbar starts with the view picker: at its right end now, the fullscreen button at its left.
    const toolbar = await box(page.getByTestId('wall-toolbar'));
    const picker = await box(page.getByTestId('wall-layout-picker'));
    const fullscreen = await box(page.getByTestId('wall-fullscreen'));
    expect(picker.right).toBeGreaterThan(toolbar.right - 40);
    expect(fullscreen.left).toBeLessThan(toolbar.left + 40);

    // Tile 1 of the view stays top left, tile 3 top right.
    const first = await box(page.locator(tileOf(nine[0])));
    const third = await box(page.locator(tileOf(nine[2])));
    expect(first.left).toBeLessThan(third.left);
    expect(first.left).toBeLessThan(10);

    // Inside a tile the words read right to left: the name at the right, its ⋯ menu at the left.
    const tile = page.locator(tileOf(nine[0]));
    const name = await box(tile.getByTestId('wall-tile-name'));
    const menuButton = await box(tile.getByTestId('wall-tile-menu'));
    expect(menuButton.centerX).toBeLessThan(name.centerX);
    expect(menuButton.left).toBeLessThan(first.left + 12);
  });

  it('widens the catalog when its divider is dragged or arrowed towards the wall (leftwards)', async () => {
    const resizer = page.getByTestId('catalog-resizer');
    const width = async () => Number(await resizer.getAttribute('aria-valuenow'));
    const before = await width();
    const at = await resizer.boundingBox();
    if (!at) throw new Error('no divider');
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 - 40, at.y + at.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(width).toBe(before + 40);
    await resizer.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(width).toBe(before + 40 - 24);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(width).toBe(before + 40);
    // The wall keeps the rest of the window.
    const catalog = await box(page.getByTestId('catalog-column'));
    expect(catalog.right).toBeGreaterThan(WINDOW.width - 2);
  });

  it('opens every tile menu inside the window, at both edges and on the bottom row', async () => {
    for (const deviceKey of [nine[0], nine[2], nine[6], nine[8]]) {
      const tile = page.locator(tileOf(deviceKey));
      await visitInside(page, {
        open: () => openTileMenu(tile),
        opened: tile.getByRole('menu'),
        name: `tile menu of ${deviceKey}`,
        shoot: async () => deviceKey === nine[6] && (await shoot('tile-menu')),
      });
    }
  });

  it('opens the toolbar’s menus and the grid panel inside the window', async () => {
    for (const testId of ['wall-layout-menu', 'tour-menu', 'wall-grid-size']) {
      await visitInside(page, {
        open: () => page.getByTestId(testId).click(),
        opened: page.locator('[role="menu"], .wall-presets-panel').first(),
        name: testId,
        shoot: () => shoot(testId),
      });
    }
  });

  it('keeps the settings dialog and the templates panel inside the window', async () => {
    await visitInside(page, {
      open: () => page.getByTestId('open-settings').click(),
      opened: page.getByTestId('settings-dialog'),
      name: 'settings',
      shoot: () => shoot('settings'),
    });

    const panel = page.getByTestId('side-panel');
    await visitInside(page, {
      open: () => page.getByTestId('open-templates').click(),
      opened: panel,
      name: 'templates',
      // The panel sits at the inline end: the left edge.
      check: async () => expect((await box(panel)).left).toBeLessThan(2),
      shoot: () => shoot('templates'),
      close: () => page.getByTestId('open-templates').click(),
    });
  });
});
