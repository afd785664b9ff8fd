import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../electron/shared/domain';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * Names instead of keys (issue #30.5), in Chromium through the browser shell against the demo
 * platform: a provisioning file gives tiles by their keys only, for a User login and for a Device
 * login (which may not list devices: its name comes through the User login of the same platform).
 * The core looks the names up and keeps them with the views; the wall titles each tile by its
 * device's name, and a failure names the tile, not its key.
 */

const SCREENS = '.tmp/screens';
const SMALL = { width: 1366, height: 768 };
const LARGE = { width: 1920, height: 1080 };
const tileOf = (key: string) => `[data-testid="wall"] [data-testid="wall-tile"][data-device-key="${key}"]`;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/tile-names-1366-${name}.png` });
  await page.setViewportSize(LARGE);
  await page.screenshot({ path: `${SCREENS}/tile-names-1920-${name}.png` });
  await page.setViewportSize(SMALL);
}

describe('tiles titled by their devices’ names, looked up by the core', () => {
  let s: WebShellSession;
  let page: Page;
  let named: Device[];
  let gate: Device;

  /** Open the wall on a saved view, as a restart would (the wall writes how it was left on leaving). */
  async function showView(id: string): Promise<void> {
    const url = page.url();
    await page.goto('about:blank');
    // What the page wrote on leaving has landed once two reads agree.
    await expect
      .poll(async () => {
        const a = JSON.stringify(await s.call('ui:get', { key: 'wall.view' }));
        await page.waitForTimeout(200);
        return a === JSON.stringify(await s.call('ui:get', { key: 'wall.view' }));
      })
      .toBe(true);
    const saved = await s.call('ui:set', {
      key: 'wall.view',
      value: { layoutId: id, draft: null, draftOfSaved: false, selected: null, statsShown: {} },
    });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    await page.goto(url);
    await page.locator(`[data-testid="wall"][data-layout-id="${id}"]`).waitFor({ timeout: 30_000 });
  }

  const title = (key: string) => page.locator(`${tileOf(key)} [data-testid="wall-tile-name"]`);

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    s = await openWebShell({ viewport: SMALL });
    page = s.page;
    const { data, credentials } = s.demo;
    const own = data.products
      .filter((p) => p.userKey === credentials.user.userKey)
      .map((p) => data.devicesByProduct.get(p.productKey) ?? []);
    // Small products: their devices come in the first pages of the lookup.
    named = [own[2][0], own[2][1], own[3][0], own[4][0]];
    gate = data.deviceByKey.get(credentials.device.deviceKey)!;
    const file = {
      version: 1,
      profiles: [
        {
          id: 'control-room',
          name: 'Control room',
          baseUrl: s.demo.baseUrl,
          credentials: { type: 'user', ...credentials.user },
        },
        {
          id: 'gate-camera',
          name: 'Gate camera',
          baseUrl: s.demo.baseUrl,
          placement: 'headers',
          credentials: { type: 'device', ...credentials.device },
        },
      ],
      layouts: [
        {
          id: 'names',
          name: 'Names',
          profile: 'control-room',
          grid: { columns: 2, rows: 2 },
          // The last tile keeps its caption: a caption is the title whatever the device's name.
          tiles: named.map((d, i) => ({ deviceKey: d.deviceKey, ...(i === 3 && { label: 'Loading bay' }) })),
        },
        {
          id: 'gate',
          name: 'Gate',
          profile: 'gate-camera',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: gate.deviceKey }],
        },
      ],
      selectedProfile: 'control-room',
    };
    const imported = await s.call('provisioning:import', { text: JSON.stringify(file) });
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
  });

  afterAll(async () => {
    await s?.close();
  });

  it('a provisioned tile without deviceName is titled by the name the platform lists for it', async () => {
    await showView('names');
    for (const d of named.slice(0, 3))
      await expect.poll(() => title(d.deviceKey).textContent(), { timeout: 60_000 }).toBe(d.deviceName);
    // Its key stays at hand, in the title's tooltip.
    expect(await title(named[0].deviceKey).getAttribute('title')).toBe(
      `${named[0].deviceName} (${named[0].deviceKey})`,
    );
    expect(await title(named[3].deviceKey).textContent()).toBe('Loading bay');
    // Kept with the view: the saved view has the names.
    const layouts = await s.call('layouts:list');
    if (!layouts.ok) throw new Error(layouts.error.message);
    const view = layouts.value.find((l) => l.id === 'names')!;
    expect(view.tiles.map((t) => t.deviceName)).toEqual(named.map((d) => d.deviceName));
    await expect
      .poll(() => page.locator(`${tileOf(named[0].deviceKey)}`).getAttribute('data-state'), {
        timeout: 60_000,
      })
      .toBe('playing');
    await shoot(page, 'names');
  });

  it('a failure names the tile by its name, not its key', async () => {
    const offline = named[1];
    s.media!.faults.set(offline.deviceKey, { type: 'offline' });
    const tile = page.locator(tileOf(offline.deviceKey));
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 60_000 }).toBe('failed');
    const detail = tile.locator('[data-testid="wall-tile-detail"]');
    await expect
      .poll(() => detail.textContent(), { timeout: 30_000 })
      .toBe(`The platform said: ${offline.deviceName} is offline.`);
    // The platform's words, marked as its own (not the app's, so not translated).
    expect(await detail.locator('[data-core-words]').textContent()).toBe(`${offline.deviceName} is offline.`);
    expect(await tile.textContent()).not.toContain(offline.deviceKey);
    // A captioned tile is named by its caption.
    const captioned = named[3];
    s.media!.faults.set(captioned.deviceKey, { type: 'offline' });
    const bay = page.locator(tileOf(captioned.deviceKey));
    await expect
      .poll(() => bay.locator('[data-testid="wall-tile-detail"]').textContent(), { timeout: 60_000 })
      .toBe('The platform said: Loading bay is offline.');
    await shoot(page, 'offline');
    s.media!.faults.clear(offline.deviceKey);
    s.media!.faults.clear(captioned.deviceKey);
  });

  it('a Device login’s tile is titled by its device’s name (looked up through the User login of the same platform)', async () => {
    await showView('gate');
    await expect.poll(() => title(gate.deviceKey).textContent(), { timeout: 60_000 }).toBe(gate.deviceName);
    await expect
      .poll(() => page.locator(tileOf(gate.deviceKey)).getAttribute('data-state'), { timeout: 60_000 })
      .toBe('playing');
    await shoot(page, 'device-login');
  });
});
