import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout, LayoutTile } from '../../electron/shared/layout';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * Saved views (issue #16.4) in Chromium through the browser shell and the demo platform's live
 * media: a view saved from the wall comes back after a reload exactly as it was and plays; the Views
 * dialog renames (the wall's picker follows at once), duplicates, deletes, exports a file without
 * any secret and imports it back; an invalid file is refused with every problem by its JSON path.
 */
const SCREENS = '.tmp/screens';
let wall: WallSession;
let page: Page;
let keys: string[];

const framesAdvance = (deviceKey: string) =>
  waitForFramesToAdvance(page, tileVideo(deviceKey), { frames: 15, timeoutMs: 45_000 });
const wallShows = () => page.getByTestId('wall').getAttribute('data-layout-id');
const pickerText = () =>
  page.getByTestId('wall-layout-picker').evaluate((el) => {
    const select = el as HTMLSelectElement;
    return select.selectedOptions[0]?.textContent ?? '';
  });
const row = (id: string) => page.locator(`[data-testid="views-row"][data-view-id="${id}"]`);
const rowIds = () =>
  page.$$eval('[data-testid="views-row"]', (rows) => rows.map((r) => (r as HTMLElement).dataset.viewId!));

async function openViews() {
  await page.getByTestId('wall-layout-menu').click();
  await page.getByTestId('wall-views').click();
  await page.getByTestId('views-dialog').waitFor();
}

async function stored(id: string): Promise<Layout | undefined> {
  const list = await wall.session.call('layouts:list');
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((l) => l.id === id);
}

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1366, height: 768 } });
  page = wall.page;
  keys = wall.deviceKeys.slice(0, 3);
  expect(keys).toHaveLength(3);
});

afterAll(async () => {
  await wall?.close();
});

describe('saved views', () => {
  const tiles = (): LayoutTile[] => [
    { deviceKey: keys[0], column: 1, row: 1, columnSpan: 2, rowSpan: 2, fit: 'fill' },
    { deviceKey: keys[1], column: 3, row: 1, transport: 'ws-flv' },
    { deviceKey: keys[2], column: 3, row: 2 },
  ];

  it('a view saved from the wall is back after a reload exactly as it was, every tile playing', async () => {
    await wall.showLayout('views-start', { columns: 3, rows: 2 }, tiles());
    await framesAdvance(keys[0]);

    await page.getByTestId('wall-layout-menu').click();
    await page.getByTestId('wall-save-as').click();
    const dialog = page.getByTestId('wall-save-as-dialog');
    await dialog.getByLabel('Name').fill('Night shift');
    await page.getByTestId('wall-save-as-submit').click();
    await expect.poll(wallShows, { timeout: 15_000 }).toBe('night-shift');

    const saved = await stored('night-shift');
    const original = await stored('views-start');
    expect(saved).toMatchObject({ name: 'Night shift', grid: { columns: 3, rows: 2 } });
    expect(saved!.tiles).toEqual(original!.tiles);
    expect(saved!.tiles[0]).toMatchObject({ columnSpan: 2, rowSpan: 2, fit: 'fill' });
    expect(saved!.tiles[1]).toMatchObject({ transport: 'ws-flv' });

    await page.reload();
    await expect.poll(wallShows, { timeout: 30_000 }).toBe('night-shift');
    expect(await pickerText()).toBe('Night shift');
    await Promise.all(keys.map(framesAdvance));
    const cells = await page.$$eval('[data-testid="wall-tile"]', (els) =>
      els.map((t) => `${(t as HTMLElement).dataset.deviceKey}@${(t as HTMLElement).dataset.cell}`).sort(),
    );
    expect(cells).toEqual([`${keys[0]}@1,1`, `${keys[1]}@3,1`, `${keys[2]}@3,2`].sort());
    expect(await stored('night-shift')).toEqual(saved);
  });

  it('are renamed inline (the picker follows at once), duplicated and refused a name in use', async () => {
    await openViews();
    expect(await rowIds()).toEqual(['views-start', 'night-shift']);
    await page.screenshot({ path: `${SCREENS}/views-dialog-1366.png` });

    await row('night-shift').getByTestId('views-rename').click();
    const input = row('night-shift').getByTestId('views-rename-input');
    await input.fill('views-start');
    await input.press('Enter');
    await expect
      .poll(() => row('night-shift').getByRole('alert').textContent())
      .toBe('Another view is already called "views-start".');
    await page.screenshot({ path: `${SCREENS}/views-dialog-rename-1366.png` });
    await input.fill('Night shift east');
    await input.press('Enter');
    await expect
      .poll(() => row('night-shift').getByTestId('views-row-name').textContent())
      .toBe('Night shift east');
    expect(await pickerText()).toBe('Night shift east');
    expect((await stored('night-shift'))?.name).toBe('Night shift east');

    // Escape ends a rename, not the dialog.
    await row('views-start').getByTestId('views-rename').click();
    await row('views-start').getByTestId('views-rename-input').press('Escape');
    expect(await page.getByTestId('views-dialog').isVisible()).toBe(true);
    expect(await row('views-start').getByTestId('views-rename-input').count()).toBe(0);

    await row('night-shift').getByTestId('views-duplicate').click();
    await expect.poll(rowIds).toEqual(['views-start', 'night-shift', 'night-shift-east-copy']);
    expect(await row('night-shift-east-copy').getByTestId('views-row-name').textContent()).toBe(
      'Night shift east (copy)',
    );
    expect((await stored('night-shift-east-copy'))?.tiles).toEqual((await stored('night-shift'))?.tiles);

    // A view a tour shows is not deleted from under it: the row says which tour.
    const tour = await wall.session.call('tours:save', {
      id: 'round',
      name: 'Round',
      kind: 'views',
      dwellSeconds: 10,
      views: ['views-start', 'night-shift-east-copy'],
    });
    expect(tour.ok).toBe(true);
    await expect.poll(() => row('views-start').textContent()).toContain('in tour "Round"');
    await row('views-start').getByTestId('views-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => row('views-start').getByTestId('views-row-error').textContent())
      .toContain('shown by the tour "Round"');
    await page.screenshot({ path: `${SCREENS}/views-dialog-delete-refused-1366.png` });
    expect(await stored('views-start')).toBeDefined();
    expect((await wall.session.call('tours:remove', { id: 'round' })).ok).toBe(true);
  });

  it('export a file with no secret, delete the view on the wall, and import it back playing', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row('night-shift').getByTestId('views-export-one').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^view-night-shift-\d{4}-\d\d-\d\d\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const secrets = Object.values(wall.session.demo.credentials)
      .flatMap((c) => Object.entries(c))
      .filter(([name]) => /Secret|Token/.test(name))
      .map(([, v]) => String(v));
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain(wall.session.demo.baseUrl);
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: 'control-room-wall/views', version: 1 });
    expect(doc.views).toEqual([await stored('night-shift')]);

    await row('night-shift').getByTestId('views-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(rowIds).toEqual(['views-start', 'night-shift-east-copy']);
    await expect.poll(wallShows).not.toBe('night-shift');
    expect(await stored('night-shift')).toBeUndefined();

    await page.getByTestId('views-import-file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await expect
      .poll(() => page.getByTestId('views-import-done').textContent())
      .toContain('View "Night shift east": added');
    await expect.poll(rowIds).toEqual(['views-start', 'night-shift-east-copy', 'night-shift']);

    // The same file again changes nothing.
    await page
      .getByTestId('views-import-file')
      .setInputFiles({ name: 'again.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect
      .poll(() => page.getByTestId('views-import-done').textContent())
      .toContain('Everything in again.json is already here');
    expect(await rowIds()).toHaveLength(3);

    await page.getByTestId('views-dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('wall-layout-picker').selectOption('night-shift');
    await expect.poll(wallShows).toBe('night-shift');
    await Promise.all(keys.map(framesAdvance));
    expect(await page.locator(tileOf(keys[0])).getAttribute('data-cell')).toBe('1,1');
  });

  it('an invalid file is refused with every problem by its JSON path, and nothing changes', async () => {
    const before = await wall.session.call('layouts:list');
    await openViews();
    const bad = {
      format: 'control-room-wall/views',
      version: 1,
      views: [
        {
          id: 'broken',
          name: 'Broken',
          profileId: wall.profileId,
          grid: { columns: 2, rows: 9 },
          tiles: [{ deviceKey: keys[0], column: 3, row: 1 }, { colour: 'red' }],
        },
      ],
      tours: [{ id: 'fast', name: 'Fast', kind: 'views', dwellSeconds: 2, views: ['broken', 'nowhere'] }],
    };
    await page.getByTestId('views-import-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    const error = page.getByTestId('views-import-error');
    await error.waitFor();
    const problems = await error.getByTestId('views-problem').allTextContents();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('$.views[0].grid.rows'),
        expect.stringContaining('$.views[0].tiles[1].colour'),
        expect.stringContaining('$.views[0].tiles[1].deviceKey'),
        expect.stringContaining('$.tours[0].dwellSeconds'),
        expect.stringContaining('$.tours[0].views[1]'),
      ]),
    );
    expect(await error.textContent()).toContain('broken.json was not imported');
    expect(await wall.session.call('layouts:list')).toEqual(before);
    await page.screenshot({ path: `${SCREENS}/views-import-error-1366.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SCREENS}/views-import-error-1920.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(wall.session.pageErrors).toEqual([]);
  });
});
