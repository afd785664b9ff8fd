import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMedia } from '../../electron/demo-platform/media';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';
import { parseCsv } from '../support/rfc4180';

/**
 * The operator log and the wall's status bar, in Chromium through the browser shell against the demo
 * platform's live media: a drop injected by the media's fault switchboard is logged with its
 * recovery, the log panel filters it, and the CSV downloaded through the panel parses as RFC 4180
 * with the right columns. The status bar counts the tiles and warns when the wall asks more than the
 * computer's figure.
 */

const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
let media: LiveMedia;
let keys: string[];

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1366, height: 768 } });
  page = wall.page;
  media = wall.session.media!;
  keys = wall.deviceKeys;
  await wall.settings({ transportOrder: ['ws-flv'], decodeBudget: true, sustainedPixelRate: null });
});

afterAll(async () => {
  await wall?.close();
});

const framesAdvance = (deviceKey: string, frames = 15) =>
  waitForFramesToAdvance(page, tileVideo(deviceKey), { frames, timeoutMs: 30_000 });

async function until(deviceKey: string, states: string[], timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    ([sel, wanted]) =>
      wanted.includes((document.querySelector(sel) as HTMLElement | null)?.dataset.state ?? ''),
    [tileOf(deviceKey), states] as const,
    { timeout, polling: 50 },
  );
}

const rows = () => page.locator('[data-testid="oplog-row"]');
const rowKinds = () => rows().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind ?? ''));
const rowDevices = () =>
  rows().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.deviceKey ?? ''));

describe('the operator log', () => {
  it('records an injected drop and its recovery; the panel filters it and exports it as CSV', async () => {
    const [dropped, steady] = [keys[40], keys[41]];
    await wall.showLayout(
      'oplog',
      { columns: 2, rows: 1 },
      [dropped, steady].map((deviceKey, i) => ({ deviceKey, column: i + 1, row: 1 })),
    );
    await framesAdvance(dropped);
    await framesAdvance(steady);

    // A one-off cut of the stream, as a network blip.
    media.faults.set(dropped, { type: 'drop', afterSeconds: 0 });
    await until(dropped, ['reconnecting', 'stalled', 'failed']);
    media.faults.clear(dropped);
    await until(dropped, ['playing']);
    await framesAdvance(dropped, 20);

    // The core has both, with the device's name and a reason in words (within a second of each).
    await expect
      .poll(
        async () => {
          const listed = await wall.session.call('oplog:list', { device: dropped });
          return listed.ok ? listed.value.entries.map((e) => e.kind).reverse() : [];
        },
        { timeout: 10_000 },
      )
      .toEqual(['stale', 'recovered']);
    const listed = await wall.session.call('oplog:list', { device: dropped });
    if (!listed.ok) throw new Error(listed.error.message);
    const [recovered, stale] = listed.value.entries;
    expect(stale.deviceName).toBe(wall.deviceName(dropped));
    expect(stale.reason).toMatch(/\w/);
    expect(recovered.reason).toMatch(/^playing again/);
    expect(JSON.stringify(listed.value)).not.toMatch(/secret=|token=/i);
    // Kept on disk in the data folder, for the next start.
    await expect
      .poll(() =>
        readFile(path.join(wall.session.dataDir, 'operator-log', 'operator-log.jsonl'), 'utf8').catch(
          () => '',
        ),
      )
      .toContain(`"deviceKey":"${dropped}"`);

    // The panel, from the top bar.
    await page.locator('[data-testid="open-operator-log"]').click();
    const dialog = page.locator('[data-testid="operator-log"]');
    await dialog.waitFor();
    await expect.poll(rowDevices).toContain(dropped);
    await page.screenshot({ path: `${SCREENS}/operator-log-panel-1366.png` });

    // By kind: only recoveries.
    await dialog.locator('.oplog-kind[data-kind="recovered"]').click();
    await expect.poll(rowKinds).toEqual(['recovered']);
    expect(await rowDevices()).toEqual([dropped]);
    // By device text: the other tile had nothing.
    await dialog.locator('[data-testid="oplog-device"]').fill(wall.deviceName(steady));
    await expect.poll(() => page.locator('[data-testid="oplog-empty"]').textContent()).toContain('matches');
    // By time: from an hour ago keeps them, from tomorrow nothing.
    await dialog.locator('[data-testid="oplog-clear"]').click();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(2);
    const inputValue = (ms: number) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    await dialog.locator('[data-testid="oplog-from"]').fill(inputValue(Date.now() + 86_400_000));
    await expect.poll(() => rows().count()).toBe(0);
    await dialog.locator('[data-testid="oplog-from"]').fill(inputValue(Date.now() - 3_600_000));
    await expect.poll(rowDevices).toContain(dropped);

    // Export what the filter shows: stale and recovered of the dropped device.
    await dialog.locator('.oplog-kind[data-kind="stale"]').click();
    await dialog.locator('.oplog-kind[data-kind="recovered"]').click();
    await dialog.locator('[data-testid="oplog-device"]').fill(dropped);
    await expect.poll(rowKinds).toEqual(['recovered', 'stale']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.locator('[data-testid="oplog-export"]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^operator-log-\d{4}-\d\d-\d\d-\d{4}\.csv$/);
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    // A UTF-8 byte order mark first, so spreadsheet programs read the names right; then RFC 4180.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(text.slice(1));
    expect(table[0]).toEqual(['time', 'time (UTC)', 'event', 'device', 'device key', 'reason']);
    expect(table.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['stale', wall.deviceName(dropped), dropped],
      ['recovered', wall.deviceName(dropped), dropped],
    ]);
    for (const row of table.slice(1)) {
      expect(row).toHaveLength(6);
      expect(row[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(Number.isNaN(Date.parse(row[1]))).toBe(false);
      expect(row[5]).not.toBe('');
    }
    expect(text).not.toMatch(/secret=|token=/i);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await dialog.locator('[data-testid="oplog-clear"]').click();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SCREENS}/operator-log-panel-1920.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('keeps what each event says as a kind and parameters, and the panel words it in the operator’s language', async () => {
    const dropped = keys[40];
    const listed = await wall.session.call('oplog:list', { device: dropped });
    if (!listed.ok) throw new Error(listed.error.message);
    const [recovered, stale] = listed.value.entries;
    // Stored beside the English reason (which the CSV keeps), for entries this version writes.
    expect(stale.words).toMatchObject({ kind: 'tile-trouble', failure: { reason: expect.any(String) } });
    expect(recovered.words).toMatchObject({ kind: 'tile-recovered' });
    const cells = () =>
      page
        .locator('[data-testid="oplog-row"]')
        .evaluateAll((els) =>
          els.map((e) => [
            (e as HTMLElement).dataset.kind ?? '',
            e.querySelector('.oplog-reason')?.textContent ?? '',
          ]),
        );
    await page.locator('[data-testid="open-operator-log"]').click();
    const dialog = page.locator('[data-testid="operator-log"]');
    await dialog.waitFor();
    await dialog.locator('[data-testid="oplog-device"]').fill(dropped);
    // In English the panel reads exactly as the stored reasons.
    await expect.poll(cells).toEqual([
      ['recovered', recovered.reason],
      ['stale', stale.reason],
    ]);
    try {
      await wall.settings({ language: 'zh-CN' });
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', undefined, {
        timeout: 10_000,
      });
      // The open panel follows the switch: the same entries, in Chinese, no English words of the app's.
      await expect
        .poll(async () => (await cells()).map(([kind, text]) => [kind, /[\u4e00-\u9fff]/.test(text)]))
        .toEqual([
          ['recovered', true],
          ['stale', true],
        ]);
      const [[, recoveredZh]] = await cells();
      expect(recoveredZh).not.toMatch(/[A-Za-z]/);
      await page.screenshot({ path: `${SCREENS}/operator-log-panel-zh-1366.png` });
    } finally {
      await wall.settings({ language: 'en' });
      await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, {
        timeout: 10_000,
      });
    }
    // Closed with its ✕ (Chromium lets Escape close a dialog only after a click in the page).
    await dialog.locator('.dialog-header button').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the status bar counts the tiles and warns, with a suggestion, past 85 % of the computer’s figure', async () => {
    const bar = page.locator('[data-testid="wall-status"]');
    await expect.poll(() => bar.getAttribute('data-playing'), { timeout: 15_000 }).toBe('2');
    expect(await bar.getAttribute('data-failed')).toBe('0');
    // Two 360p tiles decode about 11.5 Mpx/s: a few % of any computer's estimate. (The bar may still
    // warn on this busy machine when pictures are dropped: the load monitor's word, not the pixels'.)
    await expect.poll(() => bar.getAttribute('data-pixel-share')).toMatch(/^1?\d$/);
    // The bar says the load in an operator's words; its tooltip keeps the figures.
    await expect
      .poll(() => page.locator('[data-testid="wall-status-pixels"]').textContent())
      .toMatch(/^Decoding load \d+ %$/);
    expect(await page.locator('[data-testid="wall-status-pixels"]').getAttribute('title')).toMatch(
      /Decoding \d+ Mpx\/s of ~\d+ Mpx\/s/,
    );
    expect(await page.locator('[data-testid="wall-status-bitrate"]').textContent()).toMatch(/bit\/s$/);
    await page.screenshot({ path: `${SCREENS}/wall-status-ok-1366.png` });

    // A computer that sustains 12 Mpx/s: the two tiles ask about 96 % of it.
    await wall.settings({ sustainedPixelRate: 12_000_000 });
    await expect.poll(() => bar.getAttribute('data-level'), { timeout: 10_000 }).not.toBe('ok');
    await expect
      .poll(() => page.locator('[data-testid="wall-status-warning"]').textContent())
      .toMatch(/(Near what|More than) this computer can decode/);
    expect(Number(await bar.getAttribute('data-pixel-share'))).toBeGreaterThanOrEqual(85);
    expect(await page.locator('[data-testid="wall-status-suggestion"]').textContent()).toMatch(
      /smaller grid|grid/,
    );
    await page.screenshot({ path: `${SCREENS}/wall-status-warning-1366.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SCREENS}/wall-status-warning-1920.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await wall.settings({ sustainedPixelRate: null });
    await expect
      .poll(() => page.locator('[data-testid="wall-status-pixels"]').getAttribute('title'), {
        timeout: 10_000,
      })
      .toMatch(/of ~\d+ Mpx\/s/);
  });

  it('Settings turns the automatic decode budget off and keeps the computer’s figure; the wall follows', async () => {
    await page.locator('[data-testid="open-settings"]').click();
    const dialog = page.locator('[data-testid="settings-dialog"]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Decode budget' }).click();
    const section = dialog.locator('[data-testid="budget-settings"]');
    await section.waitFor();
    // A figure that is not a number is refused where it is typed, and nothing is saved.
    await section.locator('[data-testid="sustained-pixel-rate"]').fill('fast');
    await expect.poll(() => section.locator('.field-error').textContent()).toMatch(/millions of pixels/);
    expect(await section.locator('[data-testid="save-budget"]').isDisabled()).toBe(true);
    await section.locator('[data-testid="sustained-pixel-rate"]').fill('180');
    await section.locator('[data-testid="decode-budget"]').uncheck();
    await page.screenshot({ path: `${SCREENS}/settings-decode-budget-1366.png` });
    await section.locator('[data-testid="save-budget"]').click();
    await expect.poll(() => section.locator('[data-testid="budget-status"]').textContent()).toMatch(/Saved/);
    const saved = await wall.session.call('settings:get');
    expect(saved.ok && [saved.value.decodeBudget, saved.value.sustainedPixelRate]).toEqual([
      false,
      180_000_000,
    ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The engine itself says the budget is off (the status bar reads it from the engine), and the
    // bar measures against the figure just saved.
    await expect.poll(() => page.locator('[data-testid="wall-status-budget-off"]').count()).toBe(1);
    await expect
      .poll(() => page.locator('[data-testid="wall-status-pixels"]').getAttribute('title'))
      .toMatch(/of 180 Mpx\/s/);

    await wall.settings({ decodeBudget: true, sustainedPixelRate: null });
    await expect.poll(() => page.locator('[data-testid="wall-status-budget-off"]').count()).toBe(0);
  });
});
