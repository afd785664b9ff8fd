import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * The rest of an operator's first hour (issue #30, items 7–9), in Chromium through the browser shell
 * against the demo platform: the PIN lockout countdown only goes down and ends where a PIN can be
 * tried; the connection test of a Project profile shows no red row under "✓ Connected" and counts
 * products from the page total; arrowing through the profile select switches nothing until Enter.
 */

const SCREENS = '.tmp/screens';
const SMALL = { width: 1366, height: 768 };
const LARGE = { width: 1920, height: 1080 };

/** Look at it at both sizes (the PNGs are read by a person), then back to 1366 × 768. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/first-hour-rest-1366-${name}.png` });
  await page.setViewportSize(LARGE);
  await page.screenshot({ path: `${SCREENS}/first-hour-rest-1920-${name}.png` });
  await page.setViewportSize(SMALL);
}

describe('the first hour, the rest: profiles', () => {
  let s: WebShellSession;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    s = await openWebShell({ liveMedia: false, viewport: SMALL });
    page = s.page;
    const { user, product, device, project } = s.demo.credentials;
    const profiles = [
      {
        name: 'North site',
        credentialType: 'user',
        keys: { userKey: user.userKey, authKey: user.authKey },
        secrets: { authSecret: user.authSecret },
      },
      {
        name: 'Gate cameras',
        credentialType: 'product',
        keys: { productKey: product.productKey, queryKey: product.queryKey },
        secrets: { querySecret: product.querySecret },
      },
      {
        name: 'Lobby camera',
        credentialType: 'device',
        keys: { deviceKey: device.deviceKey },
        secrets: { queryToken: device.queryToken },
      },
      {
        name: 'Cold store project',
        credentialType: 'project',
        keys: { projectKey: project.projectKey, projectAuthKey: project.projectAuthKey },
        secrets: { projectAuthSecret: project.projectAuthSecret },
      },
    ] as const;
    for (const [i, p] of profiles.entries()) {
      const saved = await s.call('profiles:save', { ...p, baseUrl: s.demo.baseUrl, select: i === 0 });
      if (!saved.ok) throw new Error(saved.error.message);
      ids[p.name] = saved.value.id;
    }
    await page.reload();
    await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The active profile, as the core has it. */
  const activeId = async () => {
    const listed = await s.call('profiles:list');
    if (!listed.ok) throw new Error(listed.error.message);
    return listed.value.find((p) => p.selected)?.id;
  };
  /** How many times the screen has asked the core to switch profiles. */
  const switches = () => s.requestedUrls.filter((url) => url.includes('profiles:select')).length;

  it('arrow keys in the profile select switch nothing until Enter; Escape goes back; leaving the select switches', async () => {
    const select = page.getByTestId('profile-select');
    // The options in the order the select shows them; start from the first.
    await expect.poll(() => select.locator('option').count(), { timeout: 30_000 }).toBe(4);
    const order = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(order).toHaveLength(4);
    const first = await s.call('profiles:select', { id: order[0] });
    if (!first.ok) throw new Error(first.error.message);
    await expect.poll(() => select.inputValue(), { timeout: 30_000 }).toBe(order[0]);
    const before = switches();
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The select shows the choice, the active profile is what it was, and nothing was asked for.
    await expect.poll(() => select.inputValue()).toBe(order[3]);
    await expect(select.getAttribute('data-pending')).resolves.toBe('true');
    await expect(page.getByTestId('profile-pending-hint').textContent()).resolves.toBe(
      'Enter to switch · Esc to stay',
    );
    await shoot(page, 'profile-select-pending');
    expect(await activeId()).toBe(order[0]);
    expect(switches()).toBe(before);

    // Escape: back to the active one, still nothing asked.
    await select.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => select.inputValue()).toBe(order[0]);
    expect(await activeId()).toBe(order[0]);
    expect(switches()).toBe(before);

    // Enter: one switch, to the profile shown.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(activeId, { timeout: 30_000 }).toBe(order[1]);
    await expect.poll(() => select.getAttribute('data-pending')).toBe('false');
    expect(switches()).toBe(before + 1);

    // Leaving the select applies what it shows.
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe(order[2]);
    expect(await activeId()).toBe(order[1]);
    await page.keyboard.press('Tab');
    await expect.poll(activeId, { timeout: 30_000 }).toBe(order[2]);
    expect(switches()).toBe(before + 2);

    // A choice from the list (not the arrow keys) applies at once.
    await select.selectOption(order[0]);
    await expect.poll(activeId, { timeout: 30_000 }).toBe(order[0]);
    await expect(select.getAttribute('data-pending')).resolves.toBe('false');
    expect(switches()).toBe(before + 3);
    expect(Object.values(ids).sort()).toEqual([...order].sort());
  });

  /** Open a saved profile's form and run its connection test; the report it shows. */
  const testProfile = async (name: string) => {
    await page.getByTestId('manage-profiles').click();
    const dialog = page.getByTestId('profiles-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const report = dialog.getByTestId('connection-test');
    await report.waitFor({ timeout: 30_000 });
    return { dialog, report };
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('profiles-dialog').waitFor({ state: 'detached' });
  };

  it('a Project profile’s test: “✓ Connected” with the expected refusal muted, no red row', async () => {
    const { report } = await testProfile('Cold store project');
    await expect(report.getAttribute('data-ok')).resolves.toBe('true');
    await expect(report.locator('.test-report-message').textContent()).resolves.toMatch(/^✓ Connected/);
    const row = report.getByTestId('test-op-listDevices');
    await expect(row.getAttribute('data-look')).resolves.toBe('expected');
    await expect(report.locator('.text-danger').count()).resolves.toBe(0);
    await expect(report.textContent()).resolves.not.toContain('✗');
    await expect(row.textContent()).resolves.toMatch(
      /Refused, as the test expected: “No product with the key/,
    );
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, 'connection-test-project');
    await close();
  });

  it('a User profile’s test counts the products from the page total, not “listed one product”', async () => {
    const { user } = s.demo.credentials;
    const own = s.demo.data.products.filter((p) => p.userKey === user.userKey).length;
    const { report } = await testProfile('North site');
    await expect(report.getAttribute('data-ok')).resolves.toBe('true');
    const text = (await report.textContent()) ?? '';
    expect(text).toContain(`asked for one product; the platform has ${own} products`);
    expect(text).not.toContain('listed one product');
    await report.getByTestId('test-op-listProducts').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, 'connection-test-user');
    await close();
  });
});

/** A locked kiosk's admin PIN: the wait counts only down, and where it ends a PIN can be tried. */
describe('the first hour, the rest: the PIN lockout countdown', () => {
  let s: WebShellSession;
  const PIN = '7391';
  /** The core's first wait, shortened (30 s in use): the countdown is the same whatever its length. */
  const FIRST_WAIT_S = 8;

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    s = await openWebShell({ liveMedia: false, viewport: SMALL, pinFirstWaitMs: FIRST_WAIT_S * 1000 });
    const { user } = s.demo.credentials;
    const product = s.demo.data.products.find((p) => p.userKey === user.userKey)!;
    const device = s.demo.data.devicesByProduct.get(product.productKey)![0];
    const file = {
      version: 1,
      profiles: [
        { id: 'site', name: 'Site', baseUrl: s.demo.baseUrl, credentials: { type: 'user', ...user } },
      ],
      layouts: [
        {
          id: 'one',
          name: 'One',
          profile: 'site',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: device.deviceKey }],
        },
      ],
      kiosk: { enabled: true, startLayout: 'one', locked: true, adminPin: PIN },
      selectedProfile: 'site',
    };
    const imported = await s.call('provisioning:import', { text: JSON.stringify(file) });
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    await s.page.reload();
    await s.page.locator('[data-testid="app-shell"][data-state="ready"]').waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts down and never up, also across a refused try; at its end the right PIN unlocks', async () => {
    const page = s.page;
    await page.getByTestId('kiosk-admin').click();
    const dialog = page.getByTestId('kiosk-admin-dialog');
    await dialog.waitFor();
    const pin = dialog.locator('#kiosk-pin');
    const status = dialog.getByTestId('kiosk-unlock-status');
    const unlock = dialog.getByRole('button', { name: 'Unlock with admin PIN' });
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => pin.isEnabled(), { timeout: 30_000 }).toBe(true);
      await pin.fill('0000');
      await unlock.click();
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Wrong PIN\./);
    }
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/Try again in \d+ s\.$/);
    await shoot(page, 'kiosk-pin-wait');

    // A try while waiting, from another screen on the same core (the field here is disabled): the core
    // refuses it and sends the wait as it stands, and this screen's count must not jump back up.
    const refused = await s.call('kiosk:unlock', { pin: PIN });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/^Too many wrong PINs: try again in \d+ s\.$/);

    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const left = /Try again in (\d+) s/.exec((await status.textContent()) ?? '');
          if (left) seen.push(Number(left[1]));
          return pin.isEnabled();
        },
        { timeout: 90_000, interval: 400 },
      )
      .toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).toBeLessThanOrEqual(FIRST_WAIT_S);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1]);
    // Over, and nothing new tried: no old wait shown again, and the form takes a PIN.
    await expect(status.textContent()).resolves.not.toMatch(/try again/i);
    await expect(status.textContent()).resolves.toMatch(/^Wrong PIN\./);
    await expect(unlock.isDisabled()).resolves.toBe(true); // empty field
    await shoot(page, 'kiosk-pin-wait-over');
    await pin.fill(PIN);
    await expect(unlock.isEnabled()).resolves.toBe(true);
    await unlock.click();
    // Unlocked: the PIN dialog has done its work and the administrator has the full shell.
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const after = await s.call('kiosk:status');
    expect(after.ok && after.value.unlockedUntil).toBeGreaterThan(0);
    await shoot(page, 'kiosk-unlocked');
  }, 180_000);
});
