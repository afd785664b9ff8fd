import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LayoutTile } from '../../electron/shared/layout';
import type { ProfileView } from '../../electron/shared/profile';
import { openWallSession, tileOf, type WallSession } from '../bench/lib/wall-session';

/**
 * The wall's part of an operator's first hour, second round (issue #30), in Chromium through the
 * browser shell against the demo platform, looked at in screenshots at 1366 × 768 and 1920 × 1080.
 */

const SCREENS = '.tmp/screens';
const SMALL = { width: 1366, height: 768 };
const LARGE = { width: 1920, height: 1080 };

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/first-hour-wall-1366-${name}.png` });
  await page.setViewportSize(LARGE);
  await page.screenshot({ path: `${SCREENS}/first-hour-wall-1920-${name}.png` });
  await page.setViewportSize(SMALL);
}

/** The page's streams:start calls so far (each one the core forwards to the platform). */
const streamStarts = (urls: readonly string[]) =>
  urls.filter((u) => /\/api\/streams(:|%3A)start/i.test(u)).length;

describe('a wrong secret is not retried for ever (no account lockout)', () => {
  let wall: WallSession;
  let page: Page;
  let nine: string[];
  let profile: ProfileView;

  const saveSecret = async (authSecret: string) => {
    const saved = await wall.session.call('profiles:save', {
      id: profile.id,
      name: profile.name,
      baseUrl: profile.baseUrl,
      placement: profile.placement,
      credentialType: profile.credentialType,
      keys: profile.keys,
      secrets: { authSecret },
      acceptWeakStorage: true,
    });
    if (!saved.ok) throw new Error(`profiles:save failed: ${saved.error.message}`);
  };

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    wall = await openWallSession({ viewport: SMALL });
    page = wall.page;
    nine = wall.deviceKeys.slice(0, 9);
    const listed = await wall.session.call('profiles:list');
    if (!listed.ok) throw new Error(listed.error.message);
    profile = listed.value.find((p) => p.id === wall.profileId)!;
    expect(profile.credentialType).toBe('user');
    await saveSecret('not-the-secret');
  });
  afterAll(async () => {
    await wall?.close();
  });

  it('nine tiles refused: at most one streams:start each over 15 s, one notice naming the profile', async () => {
    const tiles: LayoutTile[] = nine.map((deviceKey, i) => ({
      deviceKey,
      column: (i % 3) + 1,
      row: Math.floor(i / 3) + 1,
    }));
    await wall.showLayout('refused-3x3', { columns: 3, rows: 3 }, tiles);
    const before = streamStarts(wall.session.requestedUrls);
    // Every tile has asked once and been refused.
    for (const key of nine)
      await page.locator(`${tileOf(key)}[data-state="failed"]`).waitFor({ timeout: 30_000 });
    const notice = page.getByTestId('wall-profile-refused');
    await notice.waitFor({ timeout: 30_000 });
    // What a lockout needs is time: watch 15 s more for any further request.
    const watchedFrom = streamStarts(wall.session.requestedUrls);
    await page.waitForTimeout(15_000);
    const total = streamStarts(wall.session.requestedUrls) - before;
    expect(total, 'streams:start calls of nine refused tiles').toBeLessThanOrEqual(9);
    expect(streamStarts(wall.session.requestedUrls)).toBe(watchedFrom);
    await expect(notice.count()).resolves.toBe(1);
    await expect(notice.textContent()).resolves.toContain(`“${profile.name}”`);
    await expect(notice.getByTestId('wall-refused-retry').isVisible()).resolves.toBe(true);
    for (const key of nine)
      await expect(page.locator(tileOf(key)).getAttribute('data-state')).resolves.toBe('failed');
    await shoot(page, 'profile-refused');
  });

  it('Retry asks once more (still refused: held again, one notice)', async () => {
    const before = streamStarts(wall.session.requestedUrls);
    await page.getByTestId('wall-refused-retry').click();
    // Asked again, and refused again.
    await vi.waitFor(() => expect(streamStarts(wall.session.requestedUrls)).toBeGreaterThan(before), {
      timeout: 30_000,
    });
    await page.getByTestId('wall-profile-refused').waitFor({ timeout: 30_000 });
    // Again a window in which nothing more may be asked.
    await page.waitForTimeout(5_000);
    expect(streamStarts(wall.session.requestedUrls) - before).toBeLessThanOrEqual(9);
    await expect(page.getByTestId('wall-profile-refused').count()).resolves.toBe(1);
  });

  it('the secret fixed (profiles:changed): every tile plays with no click, the notice goes', async () => {
    await saveSecret(wall.session.demo.credentials.user.authSecret);
    for (const key of nine)
      await page.locator(`${tileOf(key)}[data-state="playing"]`).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('wall-profile-refused').count()).resolves.toBe(0);
  });
});

describe('the toolbar and the status bar keep one row and their height at 1366 × 768', () => {
  let wall: WallSession;
  let page: Page;

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    wall = await openWallSession({ viewport: SMALL });
    page = wall.page;
    const nine = wall.deviceKeys.slice(0, 9);
    await wall.showLayout(
      'rows-3x3',
      { columns: 3, rows: 3 },
      nine.map((deviceKey, i) => ({ deviceKey, column: (i % 3) + 1, row: Math.floor(i / 3) + 1 })),
    );
    // The catalog open beside the wall: the narrowest wall an operator works with.
    await page
      .getByRole('button', { name: /^Open devices of / })
      .first()
      .click();
    await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await wall?.close();
  });

  const boxOf = async (testId: string) => (await page.getByTestId(testId).boundingBox())!;
  /** Every visible control of the toolbar lies within its box (none wrapped below, none cut off). */
  const outsideToolbar = () =>
    page.$eval('[data-testid="wall-toolbar"]', (bar) => {
      const box = bar.getBoundingClientRect();
      return [...bar.querySelectorAll<HTMLElement>('button, select, [data-testid="wall-save-status"] > span')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
          if (el.closest('[role="menu"], .wall-parked-panel, .wall-grid-popover')) return false;
          return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5;
        })
        .map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim());
    });

  it('Modified / Save / Revert and “5 parked” fit in one row; what does not fit is in the ⋯ menu', async () => {
    const toolbar = await boxOf('wall-toolbar');
    const status = await boxOf('wall-status');
    expect(await outsideToolbar()).toEqual([]);

    await page.getByTestId('wall-grid-size').click();
    await page.locator('[data-testid="wall-preset"][data-preset="2x2"]').click();
    await page.getByRole('button', { name: 'Shrink to 2 × 2' }).click();
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(4);
    await page.locator('[data-testid="wall-save-status"][data-save="modified"]').waitFor();
    await page.getByTestId('wall-parked').waitFor();

    expect(await boxOf('wall-toolbar')).toEqual(toolbar);
    expect(await outsideToolbar()).toEqual([]);
    // Save is on the toolbar; Revert there or behind ⋯.
    await expect(page.getByTestId('wall-save').isVisible()).resolves.toBe(true);
    if (!(await page.getByTestId('wall-revert').isVisible())) {
      await page.getByTestId('wall-layout-menu').click();
      await expect(page.getByTestId('wall-menu-revert').isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
    }
    expect(await boxOf('wall-status')).toEqual(status);
    await shoot(page, 'toolbar-modified-parked');
  });

  it('the overload warning is one line with an ellipsis, its whole text in the tooltip; the bar keeps its height', async () => {
    const status = await boxOf('wall-status');
    // A computer that sustains very little: four tiles ask more than it decodes.
    await wall.settings({ sustainedPixelRate: 1_000_000 });
    const warning = page.getByTestId('wall-status-warning');
    await warning.waitFor({ timeout: 20_000 });
    await expect.poll(() => warning.getAttribute('title')).toMatch(/smaller grid|grid/);
    expect(await boxOf('wall-status')).toEqual(status);
    const oneLine = await warning.evaluate((el) => ({
      lines: Math.round(
        el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '16'),
      ),
      cut: el.scrollWidth > el.clientWidth,
      ellipsis: getComputedStyle(el).textOverflow,
    }));
    expect(oneLine.lines).toBeLessThanOrEqual(1);
    expect(oneLine.ellipsis).toBe('ellipsis');
    await shoot(page, 'status-warning');
    await wall.settings({ sustainedPixelRate: null });
  });
});

describe('while a tour runs, the toolbar names the view it shows', () => {
  let wall: WallSession;
  let page: Page;

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    wall = await openWallSession({ viewport: SMALL });
    page = wall.page;
    const keys = wall.deviceKeys.slice(0, 9);
    const cells = (n: number, columns: number) =>
      keys
        .slice(0, n)
        .map((deviceKey, i) => ({ deviceKey, column: (i % columns) + 1, row: Math.floor(i / columns) + 1 }));
    const saved = await wall.session.call('layouts:save', {
      id: 'tour-yard',
      name: 'Yard 3×3',
      profileId: wall.profileId,
      grid: { columns: 3, rows: 3 },
      tiles: cells(9, 3),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    await wall.showLayout('lobby-2x2', { columns: 2, rows: 2 }, cells(4, 2));
    const tour = await wall.session.call('tours:save', {
      id: 'rounds',
      name: 'Rounds',
      kind: 'views',
      views: ['tour-yard', 'lobby-2x2'],
      dwellSeconds: 600,
    });
    if (!tour.ok) throw new Error(tour.error.message);
  });
  afterAll(async () => {
    await wall?.close();
  });

  it('the view picker and the grid say the tour’s view, not the one under it; stopping gives the wall’s back', async () => {
    const picked = () =>
      page.$eval(
        '[data-testid="wall-layout-picker"]',
        (s) => (s as HTMLSelectElement).selectedOptions[0]?.text,
      );
    expect(await picked()).toBe('lobby-2x2');
    await page.getByTestId('tour-menu').click();
    await page.locator('[data-testid="tour-menu-start"][data-tour-id="rounds"]').click();
    await page.getByTestId('tour-stage').waitFor();
    await expect.poll(picked).toBe('Yard 3×3');
    await expect(page.getByTestId('wall-tour-current-grid').textContent()).resolves.toBe('3 × 3');
    // The wall's own view's grid picker and its edits are not offered while the tour shows another.
    await expect(page.getByTestId('wall-grid-size').count()).resolves.toBe(0);
    await shoot(page, 'tour-toolbar');
    await page.getByTestId('tour-stop').click();
    await page.getByTestId('tour-stage').waitFor({ state: 'detached' });
    await expect.poll(picked).toBe('lobby-2x2');
    await expect(page.getByTestId('wall-grid-size').getAttribute('data-value')).resolves.toBe('2x2');
  });
});
