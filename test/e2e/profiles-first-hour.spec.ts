import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createLogger } from '../../electron/core/logger';
import { TransportSchema } from '../../electron/shared/settings';
import { startWebShell, type WebShell } from '../../electron/web-shell/server';
import { ensureTestRenderer } from '../support/test-renderer';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * An operator's first hour with profiles and settings (issue #21), in Chromium through the browser
 * shell against the demo platform: a profile that failed its test is saved only when the operator
 * says so and never takes over the wall by itself, "Back to the previous profile" beside a 401, a
 * saved secret that is not sent to a new address, a connection test that can be cancelled, the
 * Settings the README lists (transport order, grace, kiosk, diagnostics), a locked kiosk's unlock,
 * and one banner when the page loses its own service.
 */

const WRONG_SECRET = 'not-the-right-secret-0457';

const ui = (page: Page) => ({
  dialog: page.getByTestId('profiles-dialog'),
  form: page.getByTestId('profile-form'),
  ask: page.getByTestId('save-check-dialog'),
  select: page.getByTestId('profile-select'),
  catalog: page.getByTestId('catalog'),
  products: page.getByTestId('product-item'),
  settings: page.getByTestId('settings-dialog'),
});

async function fillUser(
  form: Locator,
  p: { name: string; baseUrl: string; userKey: string; authKey: string; authSecret: string },
) {
  await form.getByLabel('Name', { exact: true }).fill(p.name);
  await form.getByLabel('Base URL', { exact: true }).fill(p.baseUrl);
  await form.getByRole('radio', { name: 'User', exact: true }).check();
  await form.getByLabel('userKey', { exact: true }).fill(p.userKey);
  await form.getByLabel('authKey', { exact: true }).fill(p.authKey);
  await form.getByLabel('authSecret', { exact: true }).fill(p.authSecret);
}

/** Whether the control is on screen and is what a click at its middle hits (nothing lies over it). */
async function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth)
      return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  });
}

/** A "platform" that takes connections and never answers: a connection test waits out its limit. */
async function silentPlatform(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let s: WebShellSession;
let page: Page;
let silent: Awaited<ReturnType<typeof silentPlatform>>;
let restarted: WebShell | undefined;

const profiles = async () => {
  const list = await s.call('profiles:list');
  if (!list.ok) throw new Error(list.error.message);
  return list.value;
};
const activeName = async () => (await profiles()).find((p) => p.selected)?.name;

beforeAll(async () => {
  silent = await silentPlatform();
  s = await openWebShell({ liveMedia: false, viewport: { width: 1366, height: 768 } });
  page = s.page;
  await page.getByTestId('choose-demo').click();
  await ui(page).products.first().waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await restarted?.close();
  await s?.close();
  await silent?.close();
});

describe('saving a profile that failed its test, or was never tested', () => {
  it('asks first when the test failed, and "Keep editing" saves nothing and keeps the active profile', async () => {
    const u = ui(page);
    const c = s.demo.credentials.user;
    await page.getByTestId('manage-profiles').click();
    await u.dialog.getByTestId('add-profile').click();
    await fillUser(u.form, {
      name: 'Wrong secret',
      baseUrl: s.demo.baseUrl,
      userKey: c.userKey,
      authKey: c.authKey,
      authSecret: WRONG_SECRET,
    });
    await u.form.getByRole('button', { name: 'Test connection' }).click();
    await u.form.getByTestId('connection-test').waitFor({ timeout: 30_000 });
    await expect(u.form.getByTestId('connection-test').getAttribute('data-ok')).resolves.toBe('false');
    // At 1366 × 768, with the test's report making the form taller than the dialog, its buttons stay
    // in view at the bottom: the form scrolls under them.
    for (const name of ['Test connection', 'Cancel', 'Save profile'])
      expect(await reachable(u.form.getByRole('button', { name, exact: true })), name).toBe(true);

    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.ask.waitFor();
    const question = await u.ask.getByTestId('save-check-message').textContent();
    expect(question).toMatch(/^The connection test failed: .*\(HTTP 401\)\. Save anyway\?$/);
    await expect(u.ask.textContent()).resolves.toContain('It will not become the active profile.');
    // Escape closes the question only, not the dialog with the form around it.
    await page.keyboard.press('Escape');
    await u.ask.waitFor({ state: 'detached' });
    await expect(u.form.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Wrong secret');
    // Enter does no harm either: "Keep editing" has the focus.
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.ask.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep editing');
    await page.keyboard.press('Enter');
    await u.ask.waitFor({ state: 'detached' });
    await expect(u.form.getByLabel('authSecret', { exact: true }).inputValue()).resolves.toBe(WRONG_SECRET);
    expect((await profiles()).map((p) => p.name)).toEqual(['Demo platform']);
    expect(await activeName()).toBe('Demo platform');
  });

  it('"Save anyway" saves it, and the previous profile stays active until the operator switches', async () => {
    const u = ui(page);
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.ask.getByRole('button', { name: 'Save anyway' }).click();
    const added = u.dialog.getByTestId('profile-added');
    await added.waitFor();
    await expect(added.textContent()).resolves.toContain('The wall still uses “Demo platform”.');
    expect((await profiles()).map((p) => p.name).sort()).toEqual(['Demo platform', 'Wrong secret']);
    expect(await activeName()).toBe('Demo platform');
    await expect(u.select.locator('option:checked').textContent()).resolves.toMatch(/^Demo platform/);
    // The catalog did not move.
    await expect(u.products.count()).resolves.toBeGreaterThan(0);
  });

  it('"Switch now" makes it active; "Back to the previous profile" beside its 401 brings the catalog back', async () => {
    const u = ui(page);
    await u.dialog.getByRole('button', { name: 'Switch now' }).click();
    await u.dialog.getByTestId('profile-added').waitFor({ state: 'detached' });
    expect(await activeName()).toBe('Wrong secret');
    await u.dialog.getByRole('button', { name: 'Close' }).click();
    await u.dialog.waitFor({ state: 'detached' });

    const error = u.catalog.getByTestId('error-panel');
    await error.waitFor({ timeout: 30_000 });
    await expect(error.textContent()).resolves.toContain('HTTP 401');
    const actions = u.catalog.getByTestId('profile-trouble-actions');
    await expect(actions.getByTestId('edit-active-profile').textContent()).resolves.toBe(
      'Edit profile “Wrong secret”',
    );
    // "Edit profile" opens that profile's form.
    await actions.getByTestId('edit-active-profile').click();
    await u.dialog.getByRole('heading', { name: 'Edit “Wrong secret”' }).waitFor();
    await u.form.getByRole('button', { name: 'Cancel' }).click();
    await u.dialog.getByRole('button', { name: 'Close' }).click();
    await u.dialog.waitFor({ state: 'detached' });

    await actions.getByRole('button', { name: 'Back to the previous profile (“Demo platform”)' }).click();
    await u.products.first().waitFor({ timeout: 30_000 });
    expect(await activeName()).toBe('Demo platform');
    await expect(error.count()).resolves.toBe(0);
  });

  it('a successful test sets the placement it found and says so; then saving asks nothing', async () => {
    const u = ui(page);
    const c = s.demo.credentials.user;
    await page.getByTestId('manage-profiles').click();
    await u.dialog.getByTestId('add-profile').click();
    await fillUser(u.form, {
      name: 'Site B',
      baseUrl: s.demo.baseUrl,
      userKey: c.userKey,
      authKey: c.authKey,
      authSecret: c.authSecret,
    });
    await u.form.getByRole('radio', { name: 'Query parameters', exact: true }).check();
    await u.form.getByRole('button', { name: 'Test connection' }).click();
    await u.form.getByTestId('connection-test').waitFor({ timeout: 30_000 });
    // The test tries headers first; the demo platform takes them there.
    await expect(u.form.getByRole('radio', { name: 'Headers', exact: true }).isChecked()).resolves.toBe(true);
    await expect(u.form.getByTestId('placement-hint').textContent()).resolves.toBe(
      '✓ Credentials go in HTTP headers — found by the connection test.',
    );
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.dialog.getByTestId('profile-added').waitFor();
    await expect(u.ask.count()).resolves.toBe(0);
    const saved = (await profiles()).find((p) => p.name === 'Site B');
    expect(saved).toMatchObject({ placement: 'headers', selected: false });
  });

  it('an untested profile asks "Test now or save anyway?", and "Test now" tests, then saves', async () => {
    const u = ui(page);
    const c = s.demo.credentials.user;
    await u.dialog.getByTestId('add-profile').click();
    await fillUser(u.form, {
      name: 'Site C',
      baseUrl: s.demo.baseUrl,
      userKey: c.userKey,
      authKey: c.authKey,
      authSecret: c.authSecret,
    });
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await expect(u.ask.getByTestId('save-check-message').textContent()).resolves.toBe(
      'These credentials have not been tried against the platform yet. Test now, or save anyway?',
    );
    expect((await profiles()).some((p) => p.name === 'Site C')).toBe(false);
    await u.ask.getByRole('button', { name: 'Test now' }).click();
    await u.dialog.getByTestId('profile-added').filter({ hasText: 'Site C' }).waitFor({ timeout: 30_000 });
    expect((await profiles()).find((p) => p.name === 'Site C')).toMatchObject({ selected: false });
    expect(await activeName()).toBe('Demo platform');
  });
});

describe('editing a saved profile', () => {
  it('asks for the secret again, in plain words, when the base URL moves to another platform', async () => {
    const u = ui(page);
    await u.dialog.getByRole('button', { name: 'Edit Site B', exact: true }).click();
    const secret = u.form.getByLabel('authSecret', { exact: true });
    await expect(secret.getAttribute('placeholder')).resolves.toBe('•••••• stored — leave blank to keep');
    await expect(u.form.getByTestId('secret-again').count()).resolves.toBe(0);

    await u.form.getByLabel('Base URL', { exact: true }).fill('http://192.168.77.20:8080');
    const why = 'Type the secret again: a saved secret is only sent to the platform it was entered for.';
    await expect(u.form.getByTestId('secret-again').textContent()).resolves.toBe(why);
    await expect(secret.getAttribute('placeholder')).resolves.toBeNull();
    // Plain http:// to another computer: said while it is typed.
    await expect(u.form.getByTestId('plain-http-warning').textContent()).resolves.toContain(
      'cross the network unencrypted',
    );

    await u.form.getByRole('button', { name: 'Save changes' }).click();
    await expect(u.form.locator('.field-error').filter({ hasText: why }).count()).resolves.toBe(1);
    await expect(u.ask.count()).resolves.toBe(0);
    expect((await profiles()).find((p) => p.name === 'Site B')?.baseUrl).toBe(s.demo.baseUrl);

    // Back on the loopback platform: no warning, the stored secret serves again.
    await u.form.getByLabel('Base URL', { exact: true }).fill(s.demo.baseUrl);
    await expect(u.form.getByTestId('plain-http-warning').count()).resolves.toBe(0);
    await expect(u.form.getByTestId('secret-again').count()).resolves.toBe(0);
    await u.form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the connection test’s time limit, and a cancelled test frees the form and its late answer is ignored', async () => {
    const u = ui(page);
    await u.dialog.getByTestId('add-profile').click();
    await fillUser(u.form, {
      name: 'Silent',
      baseUrl: silent.baseUrl,
      userKey: 'user-key-1',
      authKey: 'auth-key-1',
      authSecret: 'a-secret-for-nothing',
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/profiles:test'), { timeout: 40_000 });
    await u.form.getByRole('button', { name: 'Test connection' }).click();
    const progress = u.form.getByTestId('test-progress');
    await expect(progress.textContent()).resolves.toMatch(/^Testing… up to 10 s · \d+ s/);
    await expect(u.form.getByLabel('Name', { exact: true }).isDisabled()).resolves.toBe(true);

    await progress.getByRole('button', { name: 'Cancel test' }).click();
    await progress.waitFor({ state: 'detached' });
    await expect(u.form.getByLabel('Name', { exact: true }).isEnabled()).resolves.toBe(true);
    await expect(u.form.getByRole('button', { name: 'Test connection' }).isEnabled()).resolves.toBe(true);
    await expect(u.form.getByRole('button', { name: 'Save profile' }).isEnabled()).resolves.toBe(true);

    // The core's request times out by itself; its answer changes nothing on screen.
    await answered;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    await expect(u.form.getByTestId('connection-test').count()).resolves.toBe(0);
    await expect(u.form.getByTestId('test-progress').count()).resolves.toBe(0);
    await u.form.getByRole('button', { name: 'Cancel' }).click();
    await u.dialog.getByRole('button', { name: 'Close' }).click();
    await u.dialog.waitFor({ state: 'detached' });
  }, 60_000);
});

describe('Settings', () => {
  it('holds the transport order (keyboard too), the hidden-tile grace, and saves them', async () => {
    const u = ui(page);
    await page.getByTestId('open-settings').click();
    const order = u.settings.getByTestId('transport-order');
    const rows = order.locator('[data-row]');
    await expect(rows.count()).resolves.toBe(TransportSchema.options.length);
    await expect(rows.first().getAttribute('data-transport')).resolves.toBe('ws-flv');

    // HLS up by one, from the keyboard: Alt+↑ on its row; the focus stays with it.
    await order.locator('[data-transport="hls"]').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(rows.nth(1).getAttribute('data-transport')).resolves.toBe('hls');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-transport')))
      .toBe('hls');
    // And HTTP-TS out of the running.
    await order.locator('[data-transport="ts"]').getByRole('checkbox').uncheck();

    await u.settings.getByLabel('Hidden-tile grace').fill('25');
    await expect(u.settings.getByTestId('playback-status').textContent()).resolves.toBe(
      'Changed, not saved yet',
    );
    await u.settings.getByTestId('save-playback').click();
    await expect
      .poll(() => u.settings.getByTestId('playback-status').textContent())
      .toMatch(/^✓ Saved at \d\d:\d\d$/);
    const stored = await s.call('settings:get');
    expect(stored.ok && stored.value.transportOrder.slice(0, 3)).toEqual(['ws-flv', 'hls', 'flv']);
    expect(stored.ok && stored.value.transportOrder).not.toContain('ts');
    expect(stored.ok && stored.value.hiddenTileGraceSeconds).toBe(25);
  });

  it('shows kiosk mode with what locking means, and where secrets are kept', async () => {
    const u = ui(page);
    const kiosk = u.settings.getByTestId('kiosk-settings');
    await expect(kiosk.getByTestId('kiosk-locked').isChecked()).resolves.toBe(false);
    await expect(kiosk.textContent()).resolves.toContain(
      'No admin PIN is set on this wall: once locked, only a provisioning file can unlock it.',
    );
    await expect(kiosk.getByTestId('kiosk-start-layout').isVisible()).resolves.toBe(true);
    // Locking is asked once more, with what it means; Escape backs out of that question only.
    await kiosk.getByTestId('kiosk-locked').check();
    await kiosk.getByTestId('save-kiosk').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.textContent()).resolves.toContain('only a provisioning file can unlock it');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect(kiosk.getByTestId('kiosk-locked').isChecked()).resolves.toBe(true);
    await kiosk.getByRole('button', { name: 'Revert' }).click();
    await expect(kiosk.getByTestId('kiosk-locked').isChecked()).resolves.toBe(false);
    const settings = await s.call('settings:get');
    expect(settings.ok && settings.value.kiosk.locked).toBe(false);
    await expect(u.settings.getByTestId('storage-description').textContent()).resolves.toMatch(/^Where: /);
  });

  it('copies a diagnostics report and shows what was copied, with no secret in it', async () => {
    const u = ui(page);
    await u.settings.getByTestId('copy-diagnostics').click();
    const text = await u.settings.getByTestId('diagnostics-text').inputValue();
    expect(text).toContain('Control Room Wall');
    expect(text).toContain(new URL(s.demo.baseUrl).origin);
    for (const secret of [s.demo.credentials.user.authSecret, WRONG_SECRET, 'a-secret-for-nothing'])
      expect(text).not.toContain(secret);
    await expect(u.settings.getByTestId('diagnostics-status').textContent()).resolves.toMatch(
      /^(✓ Copied [\d,]+ characters|The browser did not allow copying)/,
    );
    await u.settings.getByRole('button', { name: 'Close' }).click();
    await u.settings.waitFor({ state: 'detached' });
  });

  it('a locked kiosk shows the lock and the admin PIN form; wrong PINs wait; the PIN unlocks, "Lock now" locks', async () => {
    const u = ui(page);
    const imported = await s.call('provisioning:import', {
      text: JSON.stringify({ version: 1, kiosk: { enabled: false, locked: true, adminPin: '2468' } }),
    });
    expect(imported.ok).toBe(true);
    await page.getByTestId('open-settings').click();
    const lock = u.settings.getByTestId('kiosk-lock');
    await expect(lock.getAttribute('data-lock')).resolves.toBe('locked');
    await expect(u.settings.getByTestId('save-playback').isDisabled()).resolves.toBe(true);
    await expect(u.settings.getByTestId('kiosk-locked').isDisabled()).resolves.toBe(true);

    const pin = lock.getByLabel('Admin PIN');
    const unlock = lock.getByRole('button', { name: 'Unlock with admin PIN' });
    const status = lock.getByTestId('kiosk-unlock-status');
    await pin.fill('1111');
    await unlock.click();
    await expect.poll(() => status.textContent()).toBe('Wrong PIN.');
    await pin.fill('2468');
    await unlock.click();
    await expect.poll(() => lock.getAttribute('data-lock')).toBe('unlocked');
    await expect(u.settings.getByTestId('kiosk-locked').isEnabled()).resolves.toBe(true);

    await lock.getByTestId('lock-now').click();
    await expect.poll(() => lock.getAttribute('data-lock')).toBe('locked');
    for (let i = 0; i < 3; i++) {
      await pin.fill('0000');
      await unlock.click();
      await expect.poll(() => status.textContent()).toMatch(/^Wrong PIN\./);
    }
    await expect.poll(() => status.textContent()).toMatch(/^Wrong PIN\. Try again in (30|29|28) s\.$/);
    await expect(pin.isDisabled()).resolves.toBe(true);
    await expect(unlock.isDisabled()).resolves.toBe(true);
    await u.settings.getByRole('button', { name: 'Close' }).click();
  });
});

describe('the page’s own service', () => {
  it('says once, over the top bar, since when contact is lost and that it retries; then that the service restarted', async () => {
    const banner = page.getByTestId('service-banner');
    await expect(banner.count()).resolves.toBe(0);
    const { port } = s.shell;
    await s.shell.close();
    await banner.waitFor({ timeout: 20_000 });
    await expect(banner.getAttribute('data-state')).resolves.toBe('lost');
    await expect(banner.textContent()).resolves.toMatch(
      /^⚠Lost contact with the wall service since \d\d:\d\d — retrying\./,
    );
    await expect(page.getByTestId('service-banner').count()).resolves.toBe(1);
    // The fixed shell keeps the window's height with the banner on.
    const heights = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
    expect(heights[0]).toBe(heights[1]);

    // Back, as a new run (a new token): the page's session is gone, and the banner says so.
    restarted = await startWebShell({
      port,
      dataDir: s.dataDir,
      rendererDir: await ensureTestRenderer(),
      demoPlatform: s.demo,
      logger: createLogger('web-shell', { sink: () => undefined }),
      fileLog: false,
      standingProvisioning: false,
    });
    await expect.poll(() => banner.getAttribute('data-state'), { timeout: 20_000 }).toBe('signed-out');
    await expect(banner.textContent()).resolves.toContain('The wall service was restarted');
  }, 60_000);

  it('broke no CSP rule and threw nothing', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});
