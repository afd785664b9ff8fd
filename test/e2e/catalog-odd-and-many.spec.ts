import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWallSession, tileOf, type WallSession } from '../bench/lib/wall-session';

/**
 * The catalog against a platform as real ones behave (issue #22.6), and several devices on the wall
 * in one action (issue #16.2), in Chromium through the browser shell: the demo platform caps pageSize
 * at 50 and sends some records with fields of an unexpected type. The pager's ranges follow what was
 * served, odd records are listed with their odd fields raw and marked, and a multi-selection (keyboard
 * and mouse) or a whole page goes on the wall's free tiles, the catalog saying what did not fit.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
let keys: string[];

const pagerStatus = () =>
  page.locator('[data-testid="devices-pager"] [data-testid="pager-status"]').textContent();
const row = (deviceKey: string) => page.locator(`[data-testid="device-row"][data-device-key="${deviceKey}"]`);
const tilesOnWall = () =>
  page.$$eval('[data-testid="wall-tile"]', (tiles) =>
    tiles.map((t) => (t as HTMLElement).dataset.deviceKey!),
  );

beforeAll(async () => {
  wall = await openWallSession({ liveMedia: false, viewport: { width: 1366, height: 768 } });
  page = wall.page;
  wall.session.demo.setListQuirks({ maxPageSize: 50, oddRecords: true });
  const { data } = wall.session.demo;
  const product = data.products.find((p) => p.productName === 'Traffic Intersections')!;
  keys = data.devicesByProduct.get(product.productKey)!.map((d) => d.deviceKey);
  await wall.showLayout('six', { columns: 3, rows: 2 }, []);
});

afterAll(async () => {
  await wall?.close();
});

describe('a platform that caps pageSize and sends odd records', () => {
  it('lists odd products marked and counted', async () => {
    await page.getByTestId('product-item').nth(3).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('odd-records').textContent())
      .toMatch(/^1 product on this page had fields/);
    const odd = page.getByTestId('product-item').nth(3);
    expect((await odd.getAttribute('data-odd'))?.split(' ').sort()).toEqual(['productStatus', 'updateAt']);
    // The update time is shown as it came, and marked with the field and the raw value.
    const value = odd.locator('[data-testid="odd-value"][data-field="updateAt"]');
    expect(await value.textContent()).toMatch(/^"\d{4}-\d\d-\d\dT.*Z" odd/);
    expect(await value.getByTestId('odd-mark').getAttribute('title')).toMatch(/^updateAt came as "\d{4}-/);
    expect(await page.getByTestId('product-item').nth(2).getAttribute('data-odd')).toBeNull();
  });

  it('pages by the served size: "51–100 of 150" on page 2, and says the platform caps it', async () => {
    await page.getByRole('button', { name: 'Open devices of Traffic Intersections' }).click();
    await row(keys[0]).waitFor({ timeout: 30_000 });
    await expect.poll(pagerStatus).toBe('Page 1 of 3 · 1–50 of 150');
    expect(await page.getByTestId('pager-capped').textContent()).toMatch(/50/);
    await page.getByTestId('devices-pager').getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pagerStatus).toBe('Page 2 of 3 · 51–100 of 150');
    expect(await page.getByTestId('device-row').first().getAttribute('data-device-key')).toBe(keys[50]);
  });

  it('lists odd devices with their odd fields raw and marked, and counts them', async () => {
    await expect
      .poll(() => page.getByTestId('odd-records').textContent())
      .toMatch(/^5 devices on this page had fields/);
    // Positions 53, 63, … of the list are odd: createAt sent as text, createAck missing.
    const odd = row(keys[53]);
    expect((await odd.getAttribute('data-odd'))?.split(' ').sort()).toEqual(['createAck', 'createAt']);
    const mark = odd.getByTestId('odd-mark');
    const title = await mark.getAttribute('title');
    expect(title).toMatch(/createAt: "\d+"/);
    expect(title).toMatch(/createAck: missing/);
    expect(await row(keys[54]).getAttribute('data-odd')).toBeNull();
    await odd.getByTestId('device-details-open').click();
    const details = page.getByTestId('details-odd');
    await details.waitFor();
    expect(await details.textContent()).toMatch(/createAt: "\d+"/);
    expect(await details.textContent()).toMatch(/createAck: missing/);
    await page.keyboard.press('Escape');
  });
});

describe('several devices on the wall in one action', () => {
  it('chooses rows by keyboard (Space, Shift+Space) and puts them on the wall', async () => {
    await row(keys[50]).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => page.getByTestId('chosen-count').textContent()).toBe('3 chosen');
    expect(await row(keys[51]).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('put-chosen').click();
    await expect.poll(tilesOnWall).toEqual(keys.slice(50, 53));
    // All three fitted: the wall's own notice says so (with Undo); the catalog adds nothing.
    expect(await page.getByTestId('put-many-result').count()).toBe(0);
    expect(await page.getByTestId('chosen-count').textContent()).not.toMatch(/chosen/);
  });

  it('chooses by Ctrl- and Shift-click; one already on the wall is not put twice', async () => {
    await row(keys[55])
      .locator('.cell-name')
      .click({ modifiers: ['Control'] });
    await row(keys[57])
      .locator('.cell-name')
      .click({ modifiers: ['Shift'] });
    await row(keys[50]).getByTestId('device-choose').click();
    await expect.poll(() => page.getByTestId('chosen-count').textContent()).toBe('4 chosen');
    await page.screenshot({ path: `${SCREENS}/h7-catalog-chosen-1366.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SCREENS}/h7-catalog-chosen-1920.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('put-chosen').click();
    await expect.poll(tilesOnWall).toEqual([...keys.slice(50, 53), ...keys.slice(55, 58)]);
    expect(await page.getByTestId('put-many-result').textContent()).toMatch(
      /^Put 3 on the wall\. 1 already on it\./,
    );
  });

  it('"Put page on wall" on a full wall says what did not fit, and keeps those chosen', async () => {
    await page.getByTestId('put-page').click();
    await expect
      .poll(() => page.getByTestId('put-many-result').textContent())
      .toMatch(/^6 already on it\. 44 did not fit \(no free tile\): they stay chosen\./);
    expect(await page.getByTestId('chosen-count').textContent()).toBe('44 chosen');
    expect(await tilesOnWall()).toHaveLength(6);
    await page.screenshot({ path: `${SCREENS}/h7-catalog-no-room-1366.png` });
    // Another page: a new list, a new selection.
    await page.getByTestId('devices-pager').getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pagerStatus).toBe('Page 3 of 3 · 101–150 of 150');
    expect(await page.getByTestId('chosen-count').textContent()).not.toMatch(/chosen/);
    expect(await page.locator(tileOf(keys[50])).count()).toBe(1);
  });
});
