import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * The catalog as an operator uses it, in Chromium through the browser shell against the demo
 * platform: first run, profiles of all four credential types, paging, filtering, refusals, editing
 * without retyping secrets, and an outage with its recovery.
 */

/** Page objects: the locators a person would look for. */
const ui = (page: Page) => ({
  root: page.getByTestId('app-root'),
  firstRun: page.getByTestId('first-run'),
  products: page.getByTestId('product-item'),
  productsTotal: page.getByTestId('products-total'),
  rows: page.getByTestId('device-row'),
  filter: page.getByTestId('device-filter'),
  summary: page.getByTestId('devices-summary'),
  devicesPager: page.getByTestId('devices-pager'),
  refusal: page.getByTestId('catalog-refusal'),
  error: page.getByTestId('error-panel'),
  profilesDialog: page.getByTestId('profiles-dialog'),
  form: page.getByTestId('profile-form'),
  activeType: page.getByTestId('topbar').getByTestId('credential-type'),
  openProduct: (name: string) => page.getByRole('button', { name: `Open devices of ${name}` }),
  tile: (deviceKey: string) => page.locator(`[data-testid="wall-tile"][data-device-key="${deviceKey}"]`),
});

/** Fill the profile form (inside `scope`) for one credential type. */
async function fillProfile(
  scope: Locator,
  profile: {
    name: string;
    baseUrl: string;
    type: string;
    keys: Record<string, string>;
    secrets: Record<string, string>;
  },
) {
  await scope.getByLabel('Name', { exact: true }).fill(profile.name);
  await scope.getByLabel('Base URL').fill(profile.baseUrl);
  await scope.getByLabel(profile.type, { exact: true }).check();
  for (const [name, value] of Object.entries(profile.keys))
    await scope.getByLabel(name, { exact: true }).fill(value);
  for (const [name, value] of Object.entries(profile.secrets))
    await scope.getByLabel(name, { exact: true }).fill(value);
}

/** The JSON bodies of the page's devices:list calls, as they are sent. */
function recordDeviceCalls(
  page: Page,
): { keyword?: string; page?: number; pageSize?: number; productKey?: string }[] {
  const bodies: { keyword?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/devices:list'))
      bodies.push(request.postDataJSON() as { keyword?: string });
  });
  return bodies;
}

describe('first run with the demo platform', () => {
  let s: WebShellSession;
  let page: Page;

  beforeAll(async () => {
    s = await openWebShell({ liveMedia: false });
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('offers the two ways in, and the demo choice lists products in one click', async () => {
    const u = ui(page);
    await expect(u.root.getAttribute('data-state')).resolves.toBe('ready');
    await u.firstRun.waitFor();
    await expect(page.getByTestId('choose-connect').textContent()).resolves.toContain(
      'Connect to my platform',
    );
    await page.getByTestId('choose-demo').click();
    await u.products.first().waitFor();
    const own = s.demo.data.products.filter((p) => p.userKey === s.demo.credentials.user.userKey);
    await expect(u.productsTotal.textContent()).resolves.toBe(String(own.length));
    await expect(u.products.count()).resolves.toBe(own.length);
    await expect(u.activeType.textContent()).resolves.toBe('User');
  });

  it('shows product details: extendData pretty-printed when it is JSON, raw when not', async () => {
    const u = ui(page);
    const json = u.products.filter({ hasText: 'Perimeter Cameras' });
    await json.getByText('Details').click();
    const jsonData = json.getByTestId('extend-data');
    await expect(jsonData.getAttribute('data-kind')).resolves.toBe('json');
    await expect(jsonData.textContent()).resolves.toMatch(/\{\n {2}"/);
    const raw = u.products.filter({ hasText: 'Lobby & Entrances' });
    await raw.getByText('Details').click();
    await expect(raw.getByTestId('extend-data').getAttribute('data-kind')).resolves.toBe('raw');
    await expect(raw.getByTestId('extend-data').textContent()).resolves.toContain('Not valid JSON');
  });

  it('pages through a product’s devices at the chosen page size', async () => {
    const u = ui(page);
    await u.openProduct('Perimeter Cameras').click();
    await u.rows.first().waitFor();
    await expect(u.summary.textContent()).resolves.toBe('1,040 devices');
    await expect(u.devicesPager.getByTestId('pager-status').textContent()).resolves.toBe(
      'Page 1 of 11 · 1–100 of 1,040',
    );
    await u.devicesPager.getByTestId('page-size').selectOption('20');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="devices-pager"] [data-testid="pager-status"]')
        ?.textContent?.startsWith('Page 1 of 52'),
    );
    await u.devicesPager.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="devices-pager"] [data-testid="pager-status"]')
        ?.textContent?.includes('21–40'),
    );
    const perimeter = s.demo.data.products.find((p) => p.productName === 'Perimeter Cameras')!;
    const expected = s.demo.data.devicesByProduct.get(perimeter.productKey)![20];
    await expect(u.rows.first().getAttribute('data-device-key')).resolves.toBe(expected.deviceKey);
  });

  it('filters by name once typing pauses, and sends one search for the burst', async () => {
    const u = ui(page);
    const calls = recordDeviceCalls(page);
    await u.filter.pressSequentially('tower 1', { delay: 40 });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="devices-summary"]')?.textContent?.includes('match “tower 1”'),
    );
    expect(calls.map((c) => c.keyword)).toEqual(['tower 1']);
    const names = await u.rows.evaluateAll((rows) =>
      rows.map((r) => r.querySelector('.cell-name')?.textContent ?? ''),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().includes('tower 1'))).toBe(true);
    // Escape clears the filter and lists everything again.
    await u.filter.press('Escape');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="devices-summary"]')?.textContent === '1,040 devices',
    );
  });

  it('loads all 1,040 devices into one scrolling list that renders only what is in view', async () => {
    const u = ui(page);
    await page.getByTestId('load-all').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="devices-all"]')?.textContent?.includes('All 1,040 loaded'),
    );
    const rendered = await u.rows.count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    await expect(page.getByTestId('device-grid').getAttribute('aria-rowcount')).resolves.toBe('1041');
    // End on the focused grid reaches the last device.
    await u.rows.first().focus();
    await page.keyboard.press('End');
    const last = s.demo.data.devicesByProduct.get(s.demo.data.products[0].productKey)!.at(-1)!;
    await page.locator(`[data-testid="device-row"][data-device-key="${last.deviceKey}"]`).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-device-key'))).resolves.toBe(
      last.deviceKey,
    );
    await page.getByRole('button', { name: 'Show pages' }).click();
    await u.devicesPager.waitFor();
  });

  it('puts a device on the wall by button and by Enter on its row', async () => {
    const u = ui(page);
    // The first two devices of the product, found by key: the previous test switched the list to pages,
    // which shows the pager at once and page 1's rows only when they arrive, so "the first row" could
    // still be a row of the long list and vanish under the click.
    const devices = s.demo.data.devicesByProduct.get(s.demo.data.products[0].productKey)!;
    const [firstKey, secondKey] = [devices[0].deviceKey, devices[1].deviceKey];
    const row = (key: string) => page.locator(`[data-testid="device-row"][data-device-key="${key}"]`);
    const first = row(firstKey);
    const second = row(secondKey);
    await first.getByTestId('put-on-wall').click();
    // The notice says where it went (or why not: then that is the failure to read).
    await expect(
      page.getByTestId('notice').filter({ hasText: 'on the wall' }).first().textContent(),
    ).resolves.toMatch(/is on the wall \(column \d+, row \d+\)/);
    await u.tile(firstKey).waitFor();
    await second.focus();
    await page.keyboard.press('Enter');
    await u.tile(secondKey).waitFor();
    await expect(u.tile(firstKey).count()).resolves.toBe(1);
  });

  it('labels status codes with the legend edited in Settings', async () => {
    const u = ui(page);
    await page.getByTestId('open-settings').click();
    const devices = page.getByTestId('legend-deviceStatus');
    await devices.getByRole('button', { name: 'Add code' }).click();
    await devices.getByLabel('Code 1', { exact: true }).fill('1');
    // Not the demo platform's own "Online": the label must come from this edit.
    await devices.getByLabel('Label of code 1', { exact: true }).fill('Streaming');
    await page.getByTestId('save-legend').click();
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    const online = s.demo.data.devicesByProduct
      .get(s.demo.data.products[0].productKey)!
      .find((d) => d.deviceStatus === 1)!;
    await u.filter.fill(online.deviceName);
    await u.filter.press('Enter');
    await page
      .locator(`[data-testid="device-row"][data-device-key="${online.deviceKey}"] .status-code`)
      .filter({ hasText: '1 · Streaming' })
      .waitFor();
  });

  it('shows the platform’s message when it is down, and recovers with Retry', async () => {
    const u = ui(page);
    s.demo.setDown(true);
    await page.getByRole('button', { name: 'Refresh devices' }).click();
    await u.error.waitFor();
    await expect(u.error.textContent()).resolves.toMatch(/HTTP 503/);
    await expect(u.error.getAttribute('role')).resolves.toBe('alert');
    s.demo.setDown(false);
    await u.error.getByRole('button', { name: 'Retry' }).click();
    await u.rows.first().waitFor();
    await u.error.waitFor({ state: 'detached' });
  });

  it('broke no CSP rule and threw nothing', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});

describe('manual profiles of every credential type', () => {
  let s: WebShellSession;
  let page: Page;

  beforeAll(async () => {
    s = await openWebShell({ liveMedia: false });
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
  });

  const addProfile = async (profile: Parameters<typeof fillProfile>[1]) => {
    const u = ui(page);
    await page.getByTestId('manage-profiles').click();
    await page.getByTestId('add-profile').click();
    await fillProfile(u.profilesDialog, profile);
    // Tested first: an untested profile is not saved without a question (issue #21).
    await u.profilesDialog.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => page.getByTestId('connection-test').getAttribute('data-ok'), { timeout: 15_000 })
      .toBe('true');
    await u.profilesDialog.getByRole('button', { name: 'Save profile' }).click();
    // Saving does not switch the wall to it by itself: the operator does.
    await u.profilesDialog.getByTestId('profile-added').getByRole('button', { name: 'Switch now' }).click();
    await u.profilesDialog.getByTestId('add-profile').waitFor();
    await u.profilesDialog.getByRole('button', { name: 'Close' }).click();
    await u.profilesDialog.waitFor({ state: 'detached' });
    await page.getByTestId('profile-select').filter({ hasText: profile.name }).waitFor();
  };

  it('connects with User credentials from the first run, after a connection test', async () => {
    const u = ui(page);
    await page.getByTestId('choose-connect').click();
    const c = s.demo.credentials.user;
    // Nothing typed is sent while a required field is empty; each problem shows at its field.
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.form.getByText('userKey is required').waitFor();
    await fillProfile(u.form, {
      name: 'Site A',
      baseUrl: s.demo.baseUrl,
      type: 'User',
      keys: { userKey: c.userKey, authKey: c.authKey },
      secrets: { authSecret: c.authSecret },
    });
    await u.form.getByRole('button', { name: 'Test connection' }).click();
    const report = page.getByTestId('connection-test');
    await report.waitFor();
    await expect(report.getAttribute('data-ok')).resolves.toBe('true');
    await expect(report.getByTestId('test-op-listProducts').getAttribute('data-checked')).resolves.toBe('ok');
    await u.form.getByRole('button', { name: 'Save profile' }).click();
    await u.products.first().waitFor();
    await expect(u.activeType.textContent()).resolves.toBe('User');
  });

  it('keeps what was typed when the platform refuses the credentials', async () => {
    const u = ui(page);
    await page.getByTestId('manage-profiles').click();
    await page.getByTestId('add-profile').click();
    await fillProfile(u.profilesDialog, {
      name: 'Wrong secret',
      baseUrl: s.demo.baseUrl,
      type: 'Product',
      keys: {
        productKey: s.demo.credentials.product.productKey,
        queryKey: s.demo.credentials.product.queryKey,
      },
      secrets: { querySecret: 'not-the-secret' },
    });
    await u.profilesDialog.getByRole('button', { name: 'Test connection' }).click();
    const report = page.getByTestId('connection-test');
    await report.waitFor();
    await expect(report.getAttribute('data-ok')).resolves.toBe('false');
    await expect(report.getByTestId('test-op-listDevices').getAttribute('data-checked')).resolves.toBe(
      'error',
    );
    await expect(report.getByTestId('test-op-listProducts').getAttribute('data-allowed')).resolves.toBe(
      'false',
    );
    await expect(u.profilesDialog.getByLabel('querySecret', { exact: true }).inputValue()).resolves.toBe(
      'not-the-secret',
    );
    await expect(u.profilesDialog.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      'Wrong secret',
    );
    await u.profilesDialog.getByRole('button', { name: 'Cancel' }).click();
    await u.profilesDialog.getByRole('button', { name: 'Close' }).click();
  });

  it('Product credentials open their own product’s devices and say why there is no product list', async () => {
    const u = ui(page);
    const c = s.demo.credentials.product;
    await addProfile({
      name: 'Warehouse product',
      baseUrl: s.demo.baseUrl,
      type: 'Product',
      keys: { productKey: c.productKey, queryKey: c.queryKey },
      secrets: { querySecret: c.querySecret },
    });
    await u.rows.first().waitFor();
    await expect(u.activeType.textContent()).resolves.toBe('Product');
    await expect(u.refusal.textContent()).resolves.toContain('Product credentials cannot list own products');
    const own = s.demo.data.devicesByProduct.get(c.productKey)!;
    await expect(u.summary.textContent()).resolves.toBe(`${own.length} devices`);
    await expect(page.getByTestId('product-list').count()).resolves.toBe(0);
    await expect(page.getByTestId('back-to-products').count()).resolves.toBe(0);
  });

  it('Device credentials go straight to their one device and explain the refusals', async () => {
    const u = ui(page);
    const c = s.demo.credentials.device;
    await addProfile({
      name: 'One camera',
      baseUrl: s.demo.baseUrl,
      type: 'Device',
      keys: { deviceKey: c.deviceKey },
      secrets: { queryToken: c.queryToken },
    });
    await page.getByTestId('single-device').waitFor();
    await expect(u.refusal.textContent()).resolves.toContain('Device credentials cannot list own products');
    await expect(u.refusal.textContent()).resolves.toContain(
      'Device credentials cannot list the devices of a product',
    );
    await expect(page.getByTestId('device-filter').count()).resolves.toBe(0);
    await page.getByTestId('single-device').getByTestId('put-on-wall').click();
    await u.tile(c.deviceKey).waitFor();
  });

  it('Project credentials ask for a product key, list its devices, and remember it', async () => {
    const u = ui(page);
    const c = s.demo.credentials.project;
    await addProfile({
      name: 'Archive project',
      baseUrl: s.demo.baseUrl,
      type: 'Project',
      keys: { projectKey: c.projectKey, projectAuthKey: c.projectAuthKey },
      secrets: { projectAuthSecret: c.projectAuthSecret },
    });
    const picker = page.getByTestId('product-key-picker');
    await picker.waitFor();
    await expect(u.refusal.textContent()).resolves.toContain('Project credentials cannot list own products');
    const perimeter = s.demo.data.products.find((p) => p.productName === 'Perimeter Cameras')!;
    await picker.getByLabel('productKey').fill(perimeter.productKey);
    await picker.getByRole('button', { name: 'List devices' }).click();
    await u.rows.first().waitFor();
    await expect(u.summary.textContent()).resolves.toBe('1,040 devices');
    // Away and back: the product key is remembered.
    await page.getByTestId('profile-select').selectOption({ label: 'Site A (User)' });
    await u.products.first().waitFor();
    await page.getByTestId('profile-select').selectOption({ label: 'Archive project (Project)' });
    await u.rows.first().waitFor();
    await expect(picker.getByLabel('productKey').inputValue()).resolves.toBe(perimeter.productKey);
  });

  it('edits a profile without retyping its secret', async () => {
    const u = ui(page);
    await page.getByTestId('profile-select').selectOption({ label: 'Site A (User)' });
    await u.products.first().waitFor();
    await page.getByTestId('manage-profiles').click();
    await u.profilesDialog.getByRole('button', { name: 'Edit Site A' }).click();
    const secret = u.profilesDialog.getByLabel('authSecret', { exact: true });
    await expect(secret.inputValue()).resolves.toBe('');
    await expect(secret.getAttribute('placeholder')).resolves.toBe('•••••• stored — leave blank to keep');
    await u.profilesDialog.getByLabel('Name', { exact: true }).fill('Site A (control room)');
    await u.profilesDialog.getByRole('button', { name: 'Save changes' }).click();
    await u.profilesDialog.getByTestId('add-profile').waitFor();
    await u.profilesDialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('profile-select').filter({ hasText: 'Site A (control room)' }).waitFor();
    // The stored secret still signs the calls: the product list loads again.
    await u.products.first().waitFor();
    const profiles = await s.call('profiles:list');
    expect(
      profiles.ok &&
        profiles.value.find((p) => p.name === 'Site A (control room)')?.secrets.authSecret.configured,
    ).toBe(true);
  });

  it('deletes a profile only after a confirmation', async () => {
    const u = ui(page);
    await page.getByTestId('manage-profiles').click();
    await u.profilesDialog.getByRole('button', { name: 'Delete One camera' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(u.profilesDialog.getByTestId('profile-item').count()).resolves.toBe(4);
    await u.profilesDialog.getByRole('button', { name: 'Delete One camera' }).click();
    await confirm.getByRole('button', { name: 'Delete profile' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="profile-item"]').length === 3);
  });

  it('never showed a secret in the page', async () => {
    const html = await page.content();
    for (const secret of [
      s.demo.credentials.user.authSecret,
      s.demo.credentials.product.querySecret,
      s.demo.credentials.project.projectAuthSecret,
    ])
      expect(html).not.toContain(secret);
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});
