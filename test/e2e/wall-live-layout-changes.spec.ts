import { describe, expect, it } from 'vitest';
import { AppShellPage } from './pages/app-shell-page';
import { keys, media, original, page, useLiveWall, wall, wallPage } from './pages/live-wall';
import { framesAdvance, showWall, stateOf, until } from './pages/live-wall-steps';

/**
 * The wall while its layout on screen changes, in Chromium through the browser shell against the
 * demo platform's live media: a hidden tile stops its stream and resumes, a resize restarts no tile,
 * and a device dropped on a cell or removed by the keyboard is kept across a reload.
 */
useLiveWall();

describe('the wall in Chromium with live media', () => {
  it('a hidden tile stops its stream after the grace period and resumes when shown', async () => {
    await wall.settings({ hiddenTileGraceSeconds: 1, transportOrder: ['ws-flv'] });
    const [hidden, kept] = [keys[27], keys[28]];
    await showWall('hidden', [hidden, kept], 2, 1);
    await Promise.all([framesAdvance(hidden, 10), framesAdvance(kept, 10)]);
    expect(media.stats().viewers).toBe(2);
    // Out of the wall's clipping box: the IntersectionObserver reports it hidden.
    await wallPage
      .tile(hidden)
      .root.evaluate((el) => ((el as HTMLElement).style.transform = 'translateY(-5000px)'));
    await until(hidden, ['paused-hidden'], 8_000);
    await expect.poll(() => media.stats().viewers, { timeout: 5_000 }).toBe(1);
    await framesAdvance(kept, 10);
    await wallPage.tile(hidden).root.evaluate((el) => ((el as HTMLElement).style.transform = ''));
    await until(hidden, ['playing'], 10_000);
    await framesAdvance(hidden, 20);
    expect(media.stats().viewers).toBe(2);
  });

  it('opening the side panel and folding the catalog resize the wall without restarting a tile', async () => {
    let starts = 0;
    media.startStream = (request) => {
      starts += 1;
      return original(request);
    };
    const two = [keys[31], keys[32]];
    await showWall('resize', two, 2, 1);
    await Promise.all(two.map((k) => framesAdvance(k, 10)));
    await wallPage.tiles
      .locator('video')
      .evaluateAll((videos) => videos.forEach((v) => ((v as HTMLVideoElement).dataset.mark = 'original')));
    const widthBefore = await wallPage.root.evaluate((el) => el.clientWidth);
    const startsBefore = starts;
    expect(startsBefore).toBeGreaterThanOrEqual(2);
    const shell = new AppShellPage(page);
    await shell.openTemplates.click();
    await shell.toggleCatalog.click();
    await expect.poll(() => wallPage.root.evaluate((el) => el.clientWidth)).not.toBe(widthBefore);
    await Promise.all(two.map((k) => framesAdvance(k, 20)));
    expect(await page.locator('video[data-mark="original"]').count()).toBe(2);
    // No tile asked the platform for a new stream.
    expect(starts).toBe(startsBefore);
    for (const k of two) expect(await stateOf(k)).toBe('playing');
  });

  it('a device dropped on an empty cell plays there and is saved, the keyboard removes it, and both edits survive a reload', async () => {
    await showWall('edit', [keys[29]], 2, 1);
    const device = { deviceKey: keys[30], deviceName: wall.deviceName(keys[30]) };
    const empty = wallPage.emptyCells;
    await expect.poll(() => empty.count()).toBe(1);
    await expect.poll(() => empty.textContent()).toContain('Drop a device here');
    await empty.evaluate((el, json) => {
      const data = new DataTransfer();
      data.setData('application/x-wall-device', json);
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, JSON.stringify(device));
    await framesAdvance(device.deviceKey, 20);
    expect(await stateOf(device.deviceKey)).toBe('playing');
    // A saved layout changes only on Save (issue #21): the edit shows as "modified" until then.
    await expect.poll(() => wallPage.saveState()).toBe('modified');
    await wallPage.save.click();
    await expect.poll(() => wallPage.saveState()).toBe('saved');

    await page.reload();
    await framesAdvance(device.deviceKey, 10);
    // Select the first tile with the keyboard, step right, and take that tile off the wall.
    await wallPage.tile(keys[29]).root.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => wallPage.tile(device.deviceKey).root.getAttribute('data-selected')).toBe('true');
    await page.keyboard.press('Delete');
    await expect.poll(() => wallPage.tile(device.deviceKey).root.count()).toBe(0);
    // Not saved into the layout, but remembered: the wall comes back as it was left.
    await expect.poll(() => wallPage.saveState()).toBe('modified');
    await wallPage.remembered();
    await page.reload();
    await framesAdvance(keys[29], 10);
    expect(await wallPage.tiles.count()).toBe(1);
    expect(await wallPage.emptyCells.count()).toBe(1);
  });
});
