import { describe, expect, it } from 'vitest';
import { SCREENS, page, speak, useSmallWall, wall } from './pages/zh-session';

/**
 * The app in Simplified Chinese, in Chromium through the browser shell against the demo platform:
 * settings.language switches it while it runs (no restart), <html lang> follows, and the catalog and
 * the operator log speak Chinese, down to plurals, numbers and the demo's status meanings; switching
 * back gives the English again. Screenshots at 1366 × 768 in .tmp/screens (fonts-noto-cjk).
 */

useSmallWall();

const htmlLang = () => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/**
 * The words of a region a person reads that are not data: device and product names (shortened in the
 * middle), keys and codes (monospace), the type and SN cells and status codes are the platform's.
 */
const uiWords = (selector: string) =>
  page.locator(selector).evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll(
      '[data-testid="mid-ellipsis"], [data-testid="details-descr"], .mono, .cell-type, .cell-sn, .oplog-device, .oplog-reason, .oplog-time, pre',
    ))
      data.remove();
    const text = copy.textContent ?? '';
    const titles = [...copy.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((el) =>
      ['title', 'aria-label', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [text, ...titles].join('\n');
  });

/**
 * Latin words of three letters or more (a key with digits, "pk8zbsqfbrl5", is a code, not a word),
 * the device types and key names of the data aside.
 */
const englishIn = (text: string) =>
  (text.match(/\b[A-Za-z]{3,}\b/g) ?? [])
    .filter(
      // The spec's field names (deviceKey, extendData) are shown as they are in every language.
      (w) => !/^[a-z]+(?:[A-Z][a-z]*)+$/.test(w),
    )
    .filter(
      (w) =>
        !['IPC', 'NVR', 'Dome', 'Ctrl', 'Shift', 'Enter', 'Esc', 'CSV', 'JSON', 'YYYY', 'key'].includes(w),
    );

describe('the app in Chinese (zh-CN)', () => {
  it('switches to Chinese while running, and the catalog speaks it', async () => {
    await page
      .getByRole('button', { name: /^Open devices of / })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await htmlLang()).toEqual(['en', 'ltr']);

    await speak(wall.session, 'zh-CN');
    expect(await htmlLang()).toEqual(['zh-CN', 'ltr']);

    const catalog = page.getByTestId('catalog');
    await expect(catalog.locator('#products-heading').textContent()).resolves.toMatch(/^产品/);
    // A product of the platform named in Chinese, opened by its Chinese button name.
    await page.getByRole('button', { name: '打开 园区周界监控 的设备' }).click();
    await page.getByTestId('device-row').nth(19).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('devices-summary').textContent()).resolves.toBe('24 台设备');
    await expect(page.getByTestId('pager-status').textContent()).resolves.toBe(
      '第 1 / 1 页 · 第 1–24 条，共 24 条',
    );
    await expect(page.locator('#devices-heading').textContent()).resolves.toBe('园区周界监控 的设备');
    // The demo's status meanings in Chinese: "1 · 在线".
    const statuses = await page.locator('.device-grid .status-code').allTextContents();
    expect(statuses.some((s) => /^\d · (在线|离线|故障|停用)$/.test(s))).toBe(true);
    await page.screenshot({ path: `${SCREENS}/i18n-zh-catalog-1366.png` });

    // A device's details, a long Chinese name among them.
    await page.getByTestId('device-details-open').first().click();
    const details = page.getByTestId('device-details');
    await details.waitFor();
    await expect(details.locator('dt').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['状态', '类型', '产品', '网关', '创建', '更新']),
    );
    await page.screenshot({ path: `${SCREENS}/i18n-zh-device-details-1366.png` });
    expect(englishIn(await uiWords('[data-testid="catalog"]'))).toEqual([]);

    // Several on the wall at once: the count is said in Chinese.
    await page.getByTestId('device-choose').nth(0).click();
    await page.getByTestId('device-choose').nth(1).click();
    await expect(page.getByTestId('chosen-count').textContent()).resolves.toBe('已选 2 台');
    await expect(page.getByTestId('put-chosen').textContent()).resolves.toBe('▶ 2 台上墙');
    await page.getByTestId('put-chosen').click();
    await page.locator('[data-testid="wall-tile"][data-device-key]').first().waitFor({ timeout: 30_000 });
  }, 120_000);

  it('shows the operator log in Chinese', async () => {
    await expect(page.getByTestId('open-operator-log').textContent()).resolves.toBe('日志');
    await page.getByTestId('open-operator-log').click();
    const dialog = page.getByTestId('operator-log');
    await dialog.waitFor();
    await dialog.getByTestId('oplog-row').first().waitFor({ timeout: 30_000 });
    await expect(dialog.locator('th').allTextContents()).resolves.toEqual(['时间', '事件', '设备', '原因']);
    await expect(dialog.locator('button[data-kind="assigned"]').textContent()).resolves.toBe('上墙');
    await expect(dialog.getByTestId('oplog-count').textContent()).resolves.toMatch(
      /^\d+ 条事件 · 日志保留最近 [\d,]+ 条，重启后仍在$/,
    );
    await page.screenshot({ path: `${SCREENS}/i18n-zh-operator-log-1366.png` });
    expect(englishIn(await uiWords('[data-testid="operator-log"] .oplog'))).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }, 60_000);

  it('goes back to English without a restart', async () => {
    await speak(wall.session, 'en');
    await expect(page.getByTestId('devices-summary').textContent()).resolves.toBe('24 devices');
    await expect(page.locator('#devices-heading').textContent()).resolves.toBe('Devices of 园区周界监控');
    await expect(page.getByTestId('open-operator-log').textContent()).resolves.toBe('Log');
  }, 60_000);
});
