import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LayoutTile } from '../../electron/shared/layout';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * An operator's first hour with the wall (issue #21), in Chromium through the browser shell against
 * the demo platform's live media: putting cameras up never takes one down without being asked, a
 * layout edit never loses a camera, Undo brings back what an edit took, and a saved layout changes
 * only when the operator saves it.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
/** Devices of the first product, in the order the catalog lists them (so their rows are on screen). */
let listed: string[];

const framesAdvance = (deviceKey: string, frames = 15) =>
  waitForFramesToAdvance(page, tileVideo(deviceKey), { frames, timeoutMs: 30_000 });
const cellOf = (deviceKey: string) => page.locator(tileOf(deviceKey)).getAttribute('data-cell');
const saveState = () => page.getByTestId('wall-save-status').getAttribute('data-save');
const row = (deviceKey: string) => page.locator(`[data-testid="device-row"][data-device-key="${deviceKey}"]`);

/** Every tile's device and cell, sorted: the wall as an operator sees it. */
const wallCells = () =>
  page.$$eval('[data-testid="wall-tile"]', (tiles) =>
    tiles.map((t) => `${(t as HTMLElement).dataset.deviceKey}@${(t as HTMLElement).dataset.cell}`).sort(),
  );

/** Drop a catalog device onto a wall cell, as a drag from the catalog ends. */
async function dropDevice(selector: string, deviceKey: string) {
  await page.locator(selector).evaluate(
    (el, json) => {
      const data = new DataTransfer();
      data.setData('application/x-wall-device', json);
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    JSON.stringify({ deviceKey, deviceName: wall.deviceName(deviceKey) }),
  );
}

/** A saved layout of these devices, row by row, shown on a freshly loaded wall. */
async function showWall(id: string, devices: string[], columns: number, rows: number) {
  const tiles: LayoutTile[] = devices.map((deviceKey, i) => ({
    deviceKey,
    column: (i % columns) + 1,
    row: Math.floor(i / columns) + 1,
  }));
  await wall.showLayout(id, { columns, rows }, tiles);
  await expect.poll(saveState).toBe('saved');
}

/** The first product's devices in the catalog (after a reload the catalog may show them already). */
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

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1600, height: 900 } });
  page = wall.page;
  await page
    .getByRole('button', { name: /^Open devices of / })
    .first()
    .click();
  await page.getByTestId('device-row').nth(7).waitFor({ timeout: 30_000 });
  listed = await page.$$eval('[data-testid="device-row"]', (rows) =>
    rows.slice(0, 8).map((r) => (r as HTMLElement).dataset.deviceKey!),
  );
  expect(new Set(listed).size).toBe(8);
});

afterAll(async () => {
  await wall?.close();
});

beforeEach(async () => {
  wall.session.media?.faults.clear();
});

describe('putting cameras on the wall never takes one down silently', () => {
  it('▶ and Enter on other devices fill the free cells of a 3×3 wall; the camera that played plays on where it was', async () => {
    const [first, second, third] = listed;
    await showWall('first-hour-a', [first], 3, 3);
    await openFirstProduct();
    await framesAdvance(first);
    // What used to make it the target: a click on the playing tile.
    await page.locator(tileOf(first)).click({ position: { x: 60, y: 80 } });

    await row(second).getByTestId('put-on-wall').click();
    await expect
      .poll(() => page.getByTestId('notice').filter({ hasText: 'on the wall' }).first().textContent())
      .toMatch(/is on the wall \(column 2, row 1\)/);
    await row(third).focus();
    await page.keyboard.press('Enter');
    await page.locator(tileOf(third)).waitFor();

    expect(await wallCells()).toEqual([`${first}@1,1`, `${second}@2,1`, `${third}@3,1`].sort());
    await Promise.all([framesAdvance(first), framesAdvance(second), framesAdvance(third)]);
    expect(await page.locator(tileOf(first)).getAttribute('data-state')).toBe('playing');
    await page.screenshot({ path: `${SCREENS}/first-hour-a-three-playing.png` });
  });

  it('a device dropped on a playing tile replaces it, the notice names it, and Undo brings it back playing', async () => {
    const [gate, lobby] = [listed[3], listed[4]];
    await showWall('first-hour-b', [gate], 2, 2);
    await framesAdvance(gate);
    await dropDevice(tileOf(gate), lobby);
    await framesAdvance(lobby);
    expect(await page.locator(tileOf(gate)).count()).toBe(0);
    expect(await cellOf(lobby)).toBe('1,1');

    const notice = page.getByTestId('notice').filter({ hasText: 'Replaced' }).first();
    expect(await notice.textContent()).toContain(
      `Replaced ${wall.deviceName(gate)} with ${wall.deviceName(lobby)} (column 1, row 1).`,
    );
    await page.screenshot({ path: `${SCREENS}/first-hour-b-replaced.png` });
    await notice.getByTestId('notice-action').click();
    await page.locator(tileOf(gate)).waitFor();
    expect(await wallCells()).toEqual([`${gate}@1,1`]);
    await framesAdvance(gate);
    expect(await page.locator(tileOf(gate)).getAttribute('data-state')).toBe('playing');
    // Back to exactly the saved layout: nothing to save.
    await expect.poll(saveState).toBe('saved');
  });

  it('"Replace…" in the tile menu marks a target unlike the focus; the next ▶ replaces it, once', async () => {
    const [a, b, c, d] = listed.slice(0, 4);
    await showWall('first-hour-target', [a, b], 2, 2);
    await openFirstProduct();
    const target = page.locator(tileOf(b));
    await target.getByTestId('wall-tile-menu').click();
    await target.getByTestId('wall-tile-replace').click();
    await expect.poll(() => target.getAttribute('data-replace-target')).toBe('true');
    // Focus on the other tile looks different: a solid blue frame, no label.
    await page.locator(tileOf(a)).focus();
    const frames = await page.evaluate(
      ([focused, marked]) => {
        const look = (sel: string, pseudo: string) => {
          const s = getComputedStyle(document.querySelector(sel)!, pseudo);
          return `${s.borderTopStyle} ${s.borderTopColor} ${s.boxShadow}`;
        };
        return { focus: look(focused, '::after'), target: look(marked, '::before') };
      },
      [tileOf(a), tileOf(b)] as const,
    );
    expect(frames.focus).toMatch(/none .*inset/);
    expect(frames.target).toMatch(/^dashed/);
    expect(await target.getByTestId('wall-tile-replacing').textContent()).toContain('Replace target');
    await page.screenshot({ path: `${SCREENS}/first-hour-target-vs-focus.png` });

    await row(c).getByTestId('put-on-wall').click();
    await page.locator(tileOf(c)).waitFor();
    expect(await cellOf(c)).toBe('2,1');
    expect(await page.getByTestId('notice').filter({ hasText: 'Replaced' }).first().textContent()).toContain(
      `Replaced ${wall.deviceName(b)} with ${wall.deviceName(c)}`,
    );
    // Used once: the next one goes to a free cell.
    await row(d).getByTestId('put-on-wall').click();
    await page.locator(tileOf(d)).waitFor();
    expect(await wallCells()).toEqual([`${a}@1,1`, `${c}@2,1`, `${d}@1,2`].sort());
    await framesAdvance(c);
  });
});

describe('layout edits never lose a camera', () => {
  it('4×4 of 16 → 3×2 asks first; 6 stay, and growing back puts all 16 in their cells; Undo restores a shrink', async () => {
    const sixteen = wall.deviceKeys.slice(0, 16);
    await showWall('first-hour-c', sixteen, 4, 4);
    const before = await wallCells();
    expect(before).toHaveLength(16);

    // 3 × 2 is a custom size.
    await page.getByTestId('wall-grid-size').click();
    await page.getByTestId('wall-grid-custom').click();
    const custom = page.getByTestId('wall-custom-grid-dialog');
    await custom.getByLabel('Columns').fill('3');
    await custom.getByLabel('Rows').fill('2');
    await custom.getByRole('button', { name: 'Apply' }).click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.waitFor();
    expect(await ask.getByTestId('wall-shrink-message').textContent()).toMatch(
      /^10 cameras don’t fit in 3 × 2: .+\. Shrink anyway\?/,
    );
    expect(await ask.textContent()).toContain(wall.deviceName(sixteen[15]));
    // Nothing changed while asking.
    expect(await page.locator('[data-testid="wall-tile"]').count()).toBe(16);
    await page.screenshot({ path: `${SCREENS}/first-hour-c-shrink-asks.png` });
    await ask.getByRole('button', { name: 'Shrink to 3 × 2' }).click();

    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(6);
    expect(await page.getByTestId('wall-parked').getAttribute('data-count')).toBe('10');
    expect(await saveState()).toBe('modified');
    await page.screenshot({ path: `${SCREENS}/first-hour-c-shrunk.png` });

    // Growing back: every camera in its own cell again, playing; and the layout is as saved.
    await page.getByTestId('wall-grid-size').click();
    await page.locator('[data-testid="wall-preset"][data-preset="4x4"]').click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(16);
    expect(await wallCells()).toEqual(before);
    await framesAdvance(sixteen[15]);
    await expect.poll(saveState).toBe('saved');

    // Undo after a shrink: the toolbar's button and Ctrl+Z.
    await page.getByTestId('wall-grid-size').click();
    await page.locator('[data-testid="wall-preset"][data-preset="2x2"]').click();
    await ask.getByRole('button', { name: 'Shrink to 2 × 2' }).click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(4);
    await page.getByTestId('wall-undo').click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(16);
    expect(await wallCells()).toEqual(before);
    await page.getByTestId('wall-redo').click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(4);
    await page.locator('[data-testid="wall-tile"]').first().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(16);
    expect(await wallCells()).toEqual(before);
  });

  it('a named layout shows "modified" after an edit, keeps it over a reload, saves only on Save, and Revert restores it', async () => {
    const four = listed.slice(0, 4);
    await showWall('first-hour-named', four, 2, 2);
    const before = await wallCells();
    const stored = async () => {
      const list = await wall.session.call('layouts:list');
      if (!list.ok) throw new Error(list.error.message);
      return list.value.find((l) => l.id === 'first-hour-named')!;
    };

    // An accidental Delete: the wall shows it, the saved layout does not.
    await page.locator(tileOf(four[0])).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(3);
    await expect.poll(saveState).toBe('modified');
    expect(await page.getByTestId('wall-layout-picker').textContent()).toContain('first-hour-named');
    expect((await stored()).tiles).toHaveLength(4);
    await page.getByTestId('wall-toolbar').screenshot({ path: `${SCREENS}/first-hour-modified-toolbar.png` });

    // The wall comes back as it was left: modified, three tiles.
    await page.locator('[data-testid="wall"][data-remembered="true"]').waitFor();
    await page.reload();
    await page.locator('[data-testid="wall"][data-layout-id="first-hour-named"]').waitFor();
    await expect.poll(saveState).toBe('modified');
    expect(await page.locator('[data-testid="wall-tile"]').count()).toBe(3);
    expect((await stored()).tiles).toHaveLength(4);

    await page.getByTestId('wall-revert').click();
    await expect.poll(saveState).toBe('saved');
    expect(await wallCells()).toEqual(before);
    await framesAdvance(four[0]);

    // Save writes an edit into the layout, and only then.
    await page.locator(tileOf(four[3])).focus();
    await page.keyboard.press('Delete');
    await expect.poll(saveState).toBe('modified');
    await page.getByTestId('wall-save').click();
    await expect.poll(saveState).toBe('saved');
    expect((await stored()).tiles.map((t) => t.deviceKey).sort()).toEqual(four.slice(0, 3).sort());
  });
});

describe('keyboard', () => {
  it('a tile menu closes on Escape and when the focus leaves it; Escape hands the focus back to the tile', async () => {
    const [a, b] = listed;
    await showWall('first-hour-keys', [a, b], 2, 1);
    const tile = page.locator(tileOf(a));
    const menu = tile.locator('[role="menu"]');
    await tile.getByTestId('wall-tile-menu').click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.cell)).toBe(
      '1,1',
    );

    await tile.getByTestId('wall-tile-menu').click();
    await menu.waitFor();
    // Tab walks out of the menu, to the next thing on the page.
    for (let i = 0; i < 6 && (await menu.count()) > 0; i++) await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await tile.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  });
});
