/**
 * Retake the screenshots in docs/images/.
 *
 * Drives the browser shell in Chromium against the demo platform with live media, as the e2e tests
 * do (test/support/web-shell.ts), at 1366 × 768, and writes one 256-colour PNG a screen
 * (scripts/png-palette.ts keeps each under ~150 KB). Not part of `npm test`:
 * run it by hand after a change to what those screens show.
 *
 *   npx tsx scripts/docs-screenshots.ts [--out DIR]    (default docs/images)
 *
 * It builds its own renderer into out/docs-renderer (when older than src/), so it never rebuilds
 * the folder a running test or `npm run web` serves.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { createLogger } from '../electron/core/logger';
import type { LayoutTile } from '../electron/shared/layout';
import { ensureRendererBuilt } from '../electron/web-shell/renderer-build';
import { openWebShell, type WebShellSession } from '../test/support/web-shell';
import { toPalettePng } from './png-palette';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const VIEWPORT = { width: 1366, height: 768 };
const PRODUCT = 'Perimeter Cameras';
const TIMEOUT = 60_000;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const outDir = path.resolve(values.out ?? path.join(ROOT, 'docs', 'images'));
  await mkdir(outDir, { recursive: true });
  const log = createLogger('docs', { sink: (line) => process.stderr.write(`${line}\n`) });
  const { outDir: rendererDir } = await ensureRendererBuilt({
    outDir: path.join(ROOT, 'out', 'docs-renderer'),
    log,
  });

  const s = await openWebShell({ viewport: VIEWPORT, rendererDir });
  try {
    const page = s.page;
    const shot = async (name: string) => {
      const file = path.join(outDir, `${name}.png`);
      await writeFile(file, toPalettePng(await page.screenshot()));
      process.stderr.write(`wrote ${path.relative(ROOT, file)}\n`);
    };

    // 1. The first screen of a new data folder.
    await page.getByTestId('first-run').waitFor({ timeout: TIMEOUT });
    await shot('first-run');

    // 2. The demo platform, then a saved 3 × 3 view of its first product's cameras, playing.
    await page.getByTestId('choose-demo').click();
    await page.getByTestId('product-item').first().waitFor({ timeout: TIMEOUT });
    const devices = await showNineCameras(s);
    await page.getByRole('button', { name: `Open devices of ${PRODUCT}` }).click();
    await page.getByTestId('device-row').first().waitFor({ timeout: TIMEOUT });
    await everyTilePlaying(page, devices.length);
    await shot('wall');

    // 3. The catalog: a device's details, next to the wall.
    const detailsRow = page.locator(`[data-testid="device-row"][data-device-key="${devices[1]}"]`);
    await detailsRow.getByTestId('device-details-open').click();
    await page.getByTestId('device-details').waitFor({ timeout: TIMEOUT });
    await everyTilePlaying(page, devices.length);
    await shot('catalog');
    await page.keyboard.press('Escape');

    // 4. The archive templates panel beside the wall, a template half written.
    await page.getByTestId('open-templates').click();
    const panel = page.getByTestId('template-panel');
    await panel.getByTestId('template-form').waitFor({ timeout: TIMEOUT });
    const field = (p: string) => panel.locator(`[data-path="${p}"]`);
    await field('projectKey').fill(s.demo.credentials.project.projectKey);
    await field('name').fill('Door sensors');
    await field('parameters[0].identifier').fill('door_count');
    await field('parameters[0].name').fill('Door openings');
    await shot('templates');
    await page.getByTestId('open-templates').click();
    await page.getByTestId('side-panel').waitFor({ state: 'detached', timeout: TIMEOUT });

    // 5. Settings.
    await page.getByTestId('open-settings').click();
    await page.getByRole('dialog').first().waitFor({ timeout: TIMEOUT });
    await shot('settings');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: TIMEOUT });

    // 6. Profiles: the demo's, with where its secrets are kept.
    await page.getByRole('button', { name: 'Profiles…' }).click();
    await page.getByRole('dialog').first().waitFor({ timeout: TIMEOUT });
    await shot('profiles');
  } finally {
    await s.close();
  }
}

/** Save a 3 × 3 view of the product's first nine devices and open the wall on it (as the e2e tests do). */
async function showNineCameras(s: WebShellSession): Promise<string[]> {
  const { data } = s.demo;
  const product = data.products.find((p) => p.productName === PRODUCT);
  if (!product) throw new Error(`The demo data has no product "${PRODUCT}".`);
  const devices = (data.devicesByProduct.get(product.productKey) ?? []).slice(0, 9);
  const profiles = await s.call('profiles:list');
  if (!profiles.ok) throw new Error(`profiles:list failed: ${profiles.error.message}`);
  const profileId = profiles.value.find((p) => p.selected)?.id;
  if (!profileId) throw new Error('The demo profile is not selected.');
  const tiles: LayoutTile[] = devices.map((d, i) => ({
    deviceKey: d.deviceKey,
    label: d.deviceName || d.deviceKey,
    column: (i % 3) + 1,
    row: Math.floor(i / 3) + 1,
  }));
  const saved = await s.call('layouts:save', {
    id: 'lobby',
    name: 'Lobby',
    profileId,
    grid: { columns: 3, rows: 3 },
    tiles,
  });
  if (!saved.ok) throw new Error(`layouts:save failed: ${saved.error.message}`);
  // The wall writes how it was left as the page goes: leave, remember the view to open, come back.
  const url = s.page.url();
  await s.page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const remembered = await s.call('ui:set', {
    key: 'wall.view',
    value: { layoutId: 'lobby', draft: null, draftOfSaved: false, selected: null, statsShown: {} },
  });
  if (!remembered.ok) throw new Error(`ui:set failed: ${remembered.error.message}`);
  await s.page.goto(url);
  await s.page.locator('[data-testid="wall"][data-layout-id="lobby"]').waitFor({ timeout: TIMEOUT });
  return devices.map((d) => d.deviceKey);
}

/** Until every tile plays, has shown a second of pictures, and the status bar has counted them. */
async function everyTilePlaying(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const videos = [...document.querySelectorAll('[data-testid="wall-tile"][data-state="playing"] video')];
      const bitrate = document.querySelector('[data-testid="wall-status-bitrate"]')?.textContent ?? '';
      return (
        videos.length === n &&
        videos.every((v) => (v as HTMLVideoElement).currentTime > 1) &&
        /[1-9]/.test(bitrate)
      );
    },
    count,
    { timeout: TIMEOUT },
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
