import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWallSession, tileOf, tileVideo, type WallSession } from '../bench/lib/wall-session';
import { waitForFramesToAdvance } from '../support/frames';

/**
 * A platform behind NAT (issue #22.2), in Chromium through the browser shell: its stream URLs name a
 * host that never resolves (the reserved `.invalid` domain, as a media server's inside name would be
 * from an operator's desk). The tiles say in words why nothing plays; once the media host is set in
 * the profile form, they play (advancing frames), and their stats show the host played from.
 */

let wall: WallSession;
let page: Page;
let mediaPort: string;
let devices: string[];

beforeAll(async () => {
  wall = await openWallSession({
    viewport: { width: 1366, height: 768 },
    liveMediaOptions: { advertisedHost: 'cams.invalid' },
  });
  page = wall.page;
  mediaPort = new URL(wall.session.media!.origin).port;
  devices = wall.deviceKeys.slice(0, 2);
  await wall.settings({ transportOrder: ['ws-flv'], statsOverlay: true });
});

afterAll(async () => {
  await wall?.close();
});

const detail = (deviceKey: string) => page.locator(`${tileOf(deviceKey)} [data-testid="wall-tile-detail"]`);
const stat = (deviceKey: string, name: string) =>
  page.locator(`${tileOf(deviceKey)} [data-stat="${name}"] dd`).textContent();

describe('a media server behind NAT', () => {
  it('does not play while the URLs name cams.invalid, says why, and plays once the profile names the media host', async () => {
    // The platform really hands out the unresolvable host.
    const started = await wall.session.call('streams:start', {
      profileId: wall.profileId,
      deviceKey: devices[0],
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(new URL(started.value.ws_flv).hostname).toBe('cams.invalid');
    expect(started.value.mediaHostHint).toMatch(/cams\.invalid/);

    await wall.showLayout(
      'nat',
      { columns: 2, rows: 1 },
      devices.map((deviceKey, i) => ({ deviceKey, column: i + 1, row: 1 })),
    );
    // In words, on the tile: what the platform gave and what to do.
    for (const device of devices)
      await expect
        .poll(() => detail(device).textContent(), { timeout: 40_000, interval: 250 })
        .toMatch(/cams\.invalid.*never resolves.*set the media host in the profile/);
    expect(await page.locator(tileOf(devices[0])).getAttribute('data-state')).not.toBe('playing');

    // The profile form: Profiles… → Edit → Media host (behind NAT).
    await page.getByTestId('manage-profiles').click();
    const dialog = page.getByTestId('profiles-dialog');
    await dialog
      .locator('[data-testid="profile-item"]')
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    const form = dialog.getByTestId('profile-form');
    await form.getByTestId('media-host-toggle').click();
    const http = form.getByLabel('For http:// and ws:// streams');
    // A wrong shape is refused at the field, and nothing is saved.
    await http.fill('ws://127.0.0.1/live');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toContainEqual(expect.stringMatching(/host or host:port/));
    const unsaved = await wall.session.call('profiles:list');
    if (!unsaved.ok) throw new Error(unsaved.error.message);
    expect(unsaved.value.find((p) => p.id === wall.profileId)?.mediaHost).toBeUndefined();
    await http.fill(`127.0.0.1:${mediaPort}`);
    // Streams carry the platform's secret to that host: the stored secret is not moved there unless it is
    // typed again (issue #28.3).
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toContainEqual(expect.stringMatching(/secret again.*media host changed/));
    await form.getByLabel('authSecret', { exact: true }).fill(wall.session.demo.credentials.user.authSecret);
    await form.getByRole('button', { name: 'Save changes' }).click();
    // A new secret that was not tested: the form asks first.
    await page.getByTestId('save-check-dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => dialog.getByTestId('profile-form').count()).toBe(0);
    const listed = await wall.session.call('profiles:list');
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.find((p) => p.id === wall.profileId)?.mediaHost).toEqual({
      http: `127.0.0.1:${mediaPort}`,
    });
    await page.keyboard.press('Escape');

    // The tiles play from the media host now, with no reload: advancing frames.
    await Promise.all(
      devices.map((d) => waitForFramesToAdvance(page, tileVideo(d), { frames: 25, timeoutMs: 45_000 })),
    );
    for (const d of devices) expect(await page.locator(tileOf(d)).getAttribute('data-state')).toBe('playing');
    // The stats show the host played from, never the stream's path or secret.
    await expect.poll(() => stat(devices[0], 'host')).toBe(`127.0.0.1:${mediaPort}`);
    const overlay = await page.locator(`${tileOf(devices[0])} [data-testid="wall-tile-stats"]`).textContent();
    expect(overlay).not.toMatch(/secret|\.live\.flv/);
  });
});
