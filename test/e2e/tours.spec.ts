import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutTile } from '../../electron/shared/layout';
import { openWallSession, type WallSession } from '../bench/lib/wall-session';

/**
 * Tours (issue #16.5), in Chromium through the browser shell against the demo platform's live media:
 * a tour of saved views switches pages with the next page's tiles already showing advancing frames
 * at the switch (started hidden under the page on show), pause holds, next and previous work, the
 * countdown is visible; a cycling tile changes its camera the same way while the view's other tiles
 * play on; editing the wall stops the tour; the editor makes a tour that runs.
 */

const SCREENS = '.tmp/screens';
const DWELL = 5;
let wall: WallSession;
let page: Page;
let keys: string[];

/** What the page saw of one switch: each video of the page switched in, at the switch and 600 ms on. */
interface SwitchRecord {
  page: number;
  videos: { key: string; state: string; readyState: number; decoded: number; later: number | null }[];
}

/**
 * In the page: whenever a tour layer becomes the one on show (its data-layer turns "current"),
 * read each of its videos right then (in the mutation callback, before the next paint) and again
 * 600 ms later, into window.__tourSwitches.
 */
const SWITCH_PROBE = `(() => {
  const records = [];
  window.__tourSwitches = records;
  const read = (layer) => [...layer.querySelectorAll('[data-testid="tour-tile"]')].map((tile) => {
    const video = tile.querySelector('video');
    return {
      key: tile.dataset.deviceKey,
      state: tile.dataset.state,
      readyState: video.readyState,
      decoded: video.getVideoPlaybackQuality().totalVideoFrames,
      video,
    };
  });
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const layer = m.target;
      if (m.attributeName !== 'data-layer' || layer.dataset.layer !== 'current') continue;
      const videos = read(layer);
      const record = { page: Number(layer.dataset.page), videos: videos.map(({ video, ...v }) => ({ ...v, later: null })) };
      records.push(record);
      setTimeout(() => videos.forEach((v, i) => { record.videos[i].later = v.video.getVideoPlaybackQuality().totalVideoFrames; }), 600);
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['data-layer'], subtree: true });
})()`;

const switches = () =>
  page.evaluate(() => (window as unknown as { __tourSwitches: SwitchRecord[] }).__tourSwitches);
const stage = () => page.getByTestId('tour-stage');
const shownPage = async () => Number(await stage().getAttribute('data-page'));

/**
 * Every video switched in had a picture at the switch (a decoded frame: never black), was no spinner,
 * and advanced right after.
 */
function expectFramesAtSwitch(record: SwitchRecord) {
  expect(record.videos.length).toBeGreaterThan(0);
  for (const v of record.videos) {
    expect(v.decoded, `${v.key} at the switch to page ${record.page}`).toBeGreaterThan(0);
    expect(v.state, `${v.key} state at the switch`).not.toBe('starting');
    expect(v.later, `${v.key} 600 ms after the switch`).toBeGreaterThan(v.decoded);
  }
}

async function saveView(id: string, devices: string[]) {
  const tiles: LayoutTile[] = devices.map((deviceKey, i) => ({
    deviceKey,
    column: (i % 2) + 1,
    row: Math.floor(i / 2) + 1,
    deviceName: wall.deviceName(deviceKey),
  }));
  const saved = await wall.session.call('layouts:save', {
    id,
    name: id.replace('tour-', 'View '),
    profileId: wall.profileId,
    grid: { columns: 2, rows: 2 },
    tiles,
  });
  if (!saved.ok) throw new Error(saved.error.message);
}

async function startFromMenu(tourId: string) {
  await page.getByTestId('tour-menu').click();
  await page.locator(`[data-testid="tour-menu-start"][data-tour-id="${tourId}"]`).click();
  await stage().waitFor();
  await expect.poll(() => stage().getAttribute('data-tour-id')).toBe(tourId);
}

beforeAll(async () => {
  wall = await openWallSession({ viewport: { width: 1366, height: 768 } });
  page = wall.page;
  keys = wall.deviceKeys.slice(0, 12);
  // The wall shows the first view (showLayout saves it under its id as its name), then the views get
  // their names and the tours are saved: the wall hears both while it runs.
  await wall.showLayout(
    'tour-a',
    { columns: 2, rows: 2 },
    keys.slice(0, 4).map((deviceKey, i) => ({ deviceKey, column: (i % 2) + 1, row: Math.floor(i / 2) + 1 })),
  );
  await saveView('tour-a', keys.slice(0, 4));
  await saveView('tour-b', keys.slice(4, 8));
  await saveView('tour-c', keys.slice(8, 12));
  const tour = await wall.session.call('tours:save', {
    id: 'rounds',
    name: 'Night rounds',
    kind: 'views',
    views: ['tour-a', 'tour-b', 'tour-c'],
    dwellSeconds: DWELL,
  });
  if (!tour.ok) throw new Error(tour.error.message);
  const cycling = await wall.session.call('tours:save', {
    id: 'gate-cycle',
    name: 'Gate cameras',
    kind: 'tile',
    view: 'tour-a',
    column: 1,
    row: 1,
    devices: [keys[0], keys[4], keys[8]].map((deviceKey) => ({
      deviceKey,
      deviceName: wall.deviceName(deviceKey),
    })),
    dwellSeconds: DWELL,
  });
  if (!cycling.ok) throw new Error(cycling.error.message);
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLSelectElement>('[data-testid="wall-layout-picker"]')?.selectedOptions[0]
        ?.text === 'View a',
  );
  await page.getByTestId('toggle-catalog').click();
});

afterAll(async () => {
  await wall?.close();
});

describe('a tour of saved views', () => {
  it('switches pages with the next page already showing advancing frames at the switch, and a visible countdown', async () => {
    await page.evaluate(SWITCH_PROBE);
    await page.getByTestId('tour-menu').click();
    await page.screenshot({ path: `${SCREENS}/tours-menu-1366.png` });
    await page.keyboard.press('Escape');
    await startFromMenu('rounds');
    // The wall's grid (and its players) stepped aside for the tour.
    expect(await page.getByTestId('wall-grid').count()).toBe(0);
    const bar = page.getByTestId('tour-bar');
    expect(await bar.getByTestId('tour-page').textContent()).toMatch(/^View 1 of 3 · View a$/);
    expect(await bar.getByTestId('tour-next').textContent()).toMatch(/Next: View b in/);
    const seconds = Number(await bar.getByTestId('tour-countdown').getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(DWELL);
    expect(await bar.getByTestId('tour-countdown').isVisible()).toBe(true);
    // The countdown counts down.
    await expect
      .poll(async () => Number(await bar.getByTestId('tour-countdown').getAttribute('data-seconds')), {
        timeout: 5000,
      })
      .toBeLessThan(seconds);

    // About 2 s before the switch the next page is started under the one on show.
    await page
      .locator('[data-testid="tour-layer"][data-layer="upcoming"][data-page="1"]')
      .waitFor({ state: 'attached', timeout: 10_000 });
    await page.screenshot({ path: `${SCREENS}/tours-bar-1366.png` });
    await expect.poll(shownPage, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (await switches()).filter((s) => s.page === 1 && s.videos.every((v) => v.later !== null)).length,
      )
      .toBe(1);
    expectFramesAtSwitch((await switches()).find((s) => s.page === 1)!);
    // The page switched out is gone with its players.
    expect(await page.locator('[data-testid="tour-layer"][data-page="0"]').count()).toBe(0);

    // The operator log has the switch, in words.
    await expect
      .poll(async () => {
        const log = await wall.session.call('oplog:list', { kinds: ['tour-switch'] });
        return log.ok ? log.value.entries.map((e) => e.reason) : [];
      })
      .toContain('Night rounds: page 2 of 3 (View b)');

    // And the next one too, on its own.
    await expect.poll(shownPage, { timeout: 15_000 }).toBe(2);
    await expect
      .poll(
        async () =>
          (await switches()).filter((s) => s.page === 2 && s.videos.every((v) => v.later !== null)).length,
      )
      .toBe(1);
    expectFramesAtSwitch((await switches()).find((s) => s.page === 2)!);
  });

  it('pause holds the page and the countdown; resume carries on', async () => {
    await page.getByTestId('tour-pause').click();
    const held = await shownPage();
    const bar = page.getByTestId('tour-bar');
    const left = await bar.getByTestId('tour-countdown').getAttribute('data-seconds');
    expect(await bar.getByTestId('tour-next').textContent()).toBe('Paused');
    expect(await stage().getAttribute('data-paused')).toBe('true');
    await page.screenshot({ path: `${SCREENS}/tours-bar-paused-1366.png` });
    // Beside an open catalog the bar keeps to one line (its hint, then the progress line give way).
    await page.getByTestId('toggle-catalog').click();
    await page.screenshot({ path: `${SCREENS}/tours-bar-catalog-1366.png` });
    const barBox = await page.getByTestId('tour-bar').boundingBox();
    expect(barBox!.height).toBeLessThan(48);
    await page.getByTestId('toggle-catalog').click();
    // Longer than a dwell: still there, nothing started underneath, the countdown held.
    await page.waitForTimeout((DWELL + 2) * 1000);
    expect(await shownPage()).toBe(held);
    expect(await page.locator('[data-testid="tour-layer"][data-layer="upcoming"]').count()).toBe(0);
    expect(await bar.getByTestId('tour-countdown').getAttribute('data-seconds')).toBe(left);
    await page.getByTestId('tour-resume').click();
    await expect.poll(shownPage, { timeout: 15_000 }).toBe((held + 1) % 3);
  });

  it('next and previous switch at once to a page that already shows pictures', async () => {
    await page.getByTestId('tour-pause').click();
    const from = await shownPage();
    const before = (await switches()).length;
    await page.getByTestId('tour-next-button').click();
    await expect.poll(shownPage, { timeout: 5000 }).toBe((from + 1) % 3);
    // Its pictures advance (read 600 ms after the switch) before going back.
    await expect
      .poll(async () =>
        (await switches()).slice(before).every((r) => r.videos.every((v) => v.later !== null)),
      )
      .toBe(true);
    await page.getByTestId('tour-previous').click();
    await expect.poll(shownPage, { timeout: 5000 }).toBe(from);
    // Still paused after both, with a whole dwell to go.
    expect(await stage().getAttribute('data-paused')).toBe('true');
    expect(await page.getByTestId('tour-countdown').getAttribute('data-seconds')).toBe(String(DWELL));
    await expect
      .poll(
        async () =>
          (await switches()).slice(before).filter((s) => s.videos.every((v) => v.later !== null)).length,
      )
      .toBe(2);
    for (const record of (await switches()).slice(before)) expectFramesAtSwitch(record);
  });

  it('stop gives the wall its layout back, playing', async () => {
    await page.getByTestId('tour-stop').click();
    await page.getByTestId('wall-grid').waitFor();
    expect(await stage().count()).toBe(0);
    expect(await page.locator('[data-testid="wall"]').getAttribute('data-layout-id')).toBe('tour-a');
    await expect
      .poll(() => page.locator('[data-testid="wall-tile"][data-state="playing"]').count(), {
        timeout: 30_000,
      })
      .toBe(4);
  });
});

describe('a cycling tile', () => {
  it('changes its camera with pictures at the switch while the view’s other tiles play on in the same players', async () => {
    await page.evaluate(SWITCH_PROBE);
    await startFromMenu('gate-cycle');
    const cell = page.getByTestId('tour-cycle-cell');
    expect(await cell.getAttribute('data-cell')).toBe('1,1');
    const current = () =>
      cell.locator('[data-layer="current"] [data-testid="tour-tile"]').getAttribute('data-device-key');
    expect(await current()).toBe(keys[0]);
    expect(await page.getByTestId('tour-page').textContent()).toBe(
      `Camera 1 of 3 · ${wall.deviceName(keys[0])}`,
    );
    // Mark the other tiles' video elements: the same ones must still be there after the switch.
    await page.$$eval('[data-testid="tour-stage"] [data-testid="tour-tile"]', (tiles) => {
      for (const t of tiles)
        if (!t.closest('[data-testid="tour-cycle-cell"]'))
          (t.querySelector('video') as unknown as { __mark: boolean }).__mark = true;
    });
    await expect.poll(current, { timeout: 15_000 }).toBe(keys[4]);
    await expect
      .poll(async () => (await switches()).filter((s) => s.videos.every((v) => v.later !== null)).length)
      .toBe(1);
    const record = (await switches())[0];
    expect(record.videos.map((v) => v.key)).toEqual([keys[4]]);
    expectFramesAtSwitch(record);
    const marked = await page.$$eval(
      '[data-testid="tour-stage"] [data-testid="tour-tile"] video',
      (videos) => videos.filter((v) => (v as unknown as { __mark?: boolean }).__mark).length,
    );
    expect(marked).toBe(3);
    await page.screenshot({ path: `${SCREENS}/tours-cycling-1366.png` });
  });

  it('an edit of the wall stops the tour and says so', async () => {
    await page.getByTestId('wall-layout-picker').selectOption('tour-b');
    await page.getByTestId('wall-grid').waitFor();
    expect(await stage().count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('notice').filter({ hasText: 'Tour stopped' }).count())
      .toBeGreaterThan(0);
  });
});

describe('the tour editor', () => {
  it('makes a tour of views in order that runs', async () => {
    await page.getByTestId('tour-menu').click();
    await page.getByTestId('tour-menu-new').click();
    const editor = page.getByTestId('tour-editor');
    await editor.waitFor();
    // Nothing filled in: each problem named at its field, nothing saved.
    await editor.getByTestId('tour-editor-save').click();
    expect(await editor.locator('.field-error').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('name is required'),
        expect.stringContaining('at least 2 views'),
      ]),
    );
    await editor.getByTestId('tour-editor-name').fill('Lobby then gate');
    await editor.getByTestId('tour-editor-dwell').fill('3');
    expect(await editor.locator('.field-error').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('at least 5 seconds')]),
    );
    await editor.getByTestId('tour-editor-dwell').fill('6');
    await editor.locator('[data-testid="tour-editor-add-view"][data-view-id="tour-c"]').click();
    await editor.locator('[data-testid="tour-editor-add-view"][data-view-id="tour-b"]').click();
    await editor.getByRole('button', { name: 'Move View b up' }).click();
    expect(
      await editor.getByTestId('tour-editor-views').locator('.tour-editor-order-name').allTextContents(),
    ).toEqual(['View b', 'View c']);
    await page.screenshot({ path: `${SCREENS}/tours-editor-1366.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SCREENS}/tours-editor-1920.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await editor.getByTestId('tour-editor-start').click();
    await stage().waitFor();
    expect(await page.getByTestId('tour-page').textContent()).toBe('View 1 of 2 · View b');
    const saved = await wall.session.call('tours:list');
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.find((t) => t.name === 'Lobby then gate')).toMatchObject({
      kind: 'views',
      views: ['tour-b', 'tour-c'],
      dwellSeconds: 6,
    });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SCREENS}/tours-bar-1920.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('tour-stop').click();
  });

  it('makes a cycling tile: a view, its cell (its own camera first) and more cameras in order', async () => {
    await page.getByTestId('tour-menu').click();
    await page.getByTestId('tour-menu-new').click();
    const editor = page.getByTestId('tour-editor');
    await editor.waitFor();
    await editor.getByTestId('tour-editor-name').fill('Lobby corner');
    await editor.getByTestId('tour-editor-dwell').fill('5');
    await editor.getByTestId('tour-editor-kind-tile').check();
    await editor.getByTestId('tour-editor-view').selectOption('tour-b');
    // The cell's own camera starts the cycle; one more from the views, one by key.
    await editor.getByTestId('tour-editor-cell').selectOption('2,2');
    await editor.getByTestId('tour-editor-add-device').selectOption({ label: wall.deviceName(keys[0]) });
    await editor.getByTestId('tour-editor-device-key').fill(keys[9]);
    await editor.getByRole('button', { name: 'Add', exact: true }).last().click();
    expect(
      await editor.getByTestId('tour-editor-devices').locator('.tour-editor-order-name').allTextContents(),
    ).toEqual([wall.deviceName(keys[7]), wall.deviceName(keys[0]), keys[9]]);
    await page.screenshot({ path: `${SCREENS}/tours-editor-tile-1366.png` });
    await editor.getByTestId('tour-editor-start').click();
    const cell = page.getByTestId('tour-cycle-cell');
    await cell.waitFor();
    expect(await cell.getAttribute('data-cell')).toBe('2,2');
    expect(
      await cell.locator('[data-layer="current"] [data-testid="tour-tile"]').getAttribute('data-device-key'),
    ).toBe(keys[7]);
    await expect
      .poll(
        () =>
          cell.locator('[data-layer="current"] [data-testid="tour-tile"]').getAttribute('data-device-key'),
        {
          timeout: 15_000,
        },
      )
      .toBe(keys[0]);
    await page.getByTestId('tour-stop').click();
  });
});
