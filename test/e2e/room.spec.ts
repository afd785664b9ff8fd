import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMedia, type LiveMedia } from '../../electron/demo-platform/media';
import { startDemoPlatform, type DemoPlatform } from '../../electron/demo-platform/server';
import { createLogger } from '../../electron/core/logger';
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../electron/shared/contract';
import { DEFAULT_ROOM_ROOT, type RoomStatus } from '../../electron/shared/room';
import { startWebShell, type WebShell } from '../../electron/web-shell/server';
import { launchChromium } from '../support/chromium';
import { waitForFramesToAdvance } from '../support/frames';
import { mosquittoMissing, startMosquitto } from '../support/mosquitto';
import { startAedes } from '../support/room-parts';
import { ensureTestRenderer } from '../support/test-renderer';

/**
 * The control room end to end (issue #31): two browser shells on their own data folders are two PCs
 * of one room on a real broker (Mosquitto with its password and ACL files where it is installed,
 * else the embedded aedes broker), each with the demo platform and live media. A console's Room
 * panel sends a view to the other PC's screen, which plays it; that PC restarts and shows it again
 * with no click; the broker goes away for 20 s while the screen keeps playing and says so, and a
 * device dropped on the screen meanwhile is applied when the broker is back.
 */

const SCREENS_DIR = path.resolve('.tmp/screens');
const CONSOLE = { name: 'console-1', password: 'console-pass-1' };
const SCREEN = { name: 'lobby-wall', password: 'screen-pass-2' };
const AWAY_MS = 20_000;

interface Broker {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function startBroker(): Promise<Broker & { kind: string }> {
  if (mosquittoMissing() === null) {
    const m = await startMosquitto({
      users: [
        { username: CONSOLE.name, password: CONSOLE.password },
        { username: SCREEN.name, password: SCREEN.password },
      ],
    });
    return { kind: 'mosquitto', url: m.url, stop: m.stop, start: m.restart, close: m.dispose };
  }
  process.stderr.write(`[room.spec] ${mosquittoMissing()}: the embedded broker serves instead\n`);
  const a = await startAedes(null);
  return { kind: 'aedes', url: a.url, stop: a.stop, start: a.start, close: a.stop };
}

/** One PC of the room: its camera platform (kept across restarts), its data folder, its shell and page. */
interface Pc {
  name: string;
  demo: DemoPlatform;
  media: LiveMedia;
  dir: string;
  shell: WebShell;
  context: BrowserContext;
  page: Page;
  deviceKeys: string[];
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>;
  /** The shell goes (its page too) and starts again on the same data folder, with a new page. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function startPc(
  browser: Browser,
  broker: Broker,
  who: { name: string; password: string },
  viewport: { width: number; height: number },
): Promise<Pc> {
  const rendererDir = await ensureTestRenderer((line) => process.stderr.write(`${line}\n`));
  const media = await createLiveMedia();
  const demo = await startDemoPlatform({ media, log: () => undefined });
  const dir = await mkdtemp(path.join(tmpdir(), `room-e2e-${who.name}-`));
  const open = () =>
    startWebShell({
      port: 0,
      dataDir: path.join(dir, 'data'),
      rendererDir,
      demoPlatform: demo,
      secrets: { keyring: null, keyDir: path.join(dir, 'keys') },
      standingProvisioning: false,
      logger: createLogger(`web-shell ${who.name}`, { sink: () => undefined }),
    });
  const openPage = async (shell: WebShell) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(shell.url);
    await page.locator('[data-testid="app-root"][data-state="ready"]').waitFor({ timeout: 60_000 });
    return { context, page };
  };
  const products = demo.data.products.filter((p) => p.userKey === demo.credentials.user.userKey);
  const deviceKeys = products
    .flatMap((p) => demo.data.devicesByProduct.get(p.productKey) ?? [])
    .map((d) => d.deviceKey);

  const call = async <C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const res = await fetch(`${pc.shell.origin}/api/${channel}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${pc.shell.token}`,
        ...(input !== undefined && { 'content-type': 'application/json' }),
      },
      ...(input !== undefined && { body: JSON.stringify(input) }),
    });
    const result = (await res.json()) as Result<ChannelOutput<C>>;
    if (!result.ok) throw new Error(`${who.name}: ${channel} failed: ${result.error.message}`);
    return result.value;
  };
  const pc: Pc = {
    name: who.name,
    demo,
    media,
    dir,
    shell: await open(),
    // Set by openPage below, once the room is configured.
    context: null as unknown as BrowserContext,
    page: null as unknown as Page,
    deviceKeys,
    call,
    async restart() {
      await pc.context.close();
      await pc.shell.close();
      pc.shell = await open();
      Object.assign(pc, await openPage(pc.shell));
    },
    async close() {
      await pc.context?.close().catch(() => undefined);
      await pc.shell.close().catch(() => undefined);
      await demo.close();
      await media.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await pc.call('demo:start');
  await pc.call('room:configure', {
    enabled: true,
    brokerUrl: broker.url,
    username: who.name,
    password: who.password,
    pcName: who.name,
    screens: [],
    root: DEFAULT_ROOM_ROOT,
    hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  });
  Object.assign(pc, await openPage(pc.shell));
  return pc;
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const screenOf = (status: RoomStatus, name: string) => status.screens.find((s) => s.name === name);
const tileVideo = (key: string) => `[data-testid="wall-tile"][data-device-key="${key}"] video`;

describe('the control room: a console drives another PC’s screen over MQTT', () => {
  let broker: Broker & { kind: string };
  let browser: Browser;
  let desk: Pc;
  let wall: Pc;

  beforeAll(async () => {
    await mkdir(SCREENS_DIR, { recursive: true });
    broker = await startBroker();
    browser = await launchChromium();
    desk = await startPc(browser, broker, CONSOLE, { width: 1366, height: 768 });
    wall = await startPc(browser, broker, SCREEN, { width: 1280, height: 720 });
  }, 180_000);

  afterAll(async () => {
    await desk?.close();
    await wall?.close();
    await browser?.close();
    await broker?.close();
  });

  it('sends a saved view to the screen, which plays it; it comes back after a restart; it keeps playing with the broker away and takes what was sent meanwhile', async () => {
    const [first, second] = desk.deviceKeys;
    const profile = (await desk.call('settings:get')).selectedProfileId!;
    await desk.call('layouts:save', {
      id: 'lobby',
      name: 'Lobby',
      profileId: profile,
      grid: { columns: 2, rows: 1 },
      tiles: [
        { deviceKey: first, column: 1, row: 1 },
        { deviceKey: second, column: 2, row: 1 },
      ],
    });
    // Both PCs see the screen online.
    await until('the screen online on the console', async () => {
      const s = screenOf(await desk.call('room:status'), SCREEN.name);
      return s?.presence?.state === 'online';
    });

    // The console's Room panel: the screen's card, a saved view chosen and sent.
    const page = desk.page;
    await page.getByTestId('open-room').click();
    const card = page.locator(`[data-testid="room-screen"][data-screen="${SCREEN.name}"]`);
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getByTestId('room-presence').textContent()).toMatch(/^online since/);
    await card
      .locator('[data-testid="room-view-select"] option[value="lobby"]')
      .waitFor({ state: 'attached' });
    await card.getByTestId('room-view-select').selectOption('lobby');
    await card.getByTestId('room-send-view').click();
    await expect.poll(() => card.getByTestId('room-said').textContent()).toMatch(/Sent \(revision \d+\)/);

    // The screen shows it, resolved with its own profile, and its pictures advance.
    const screenPage = wall.page;
    await screenPage
      .locator('[data-testid="wall"][data-layout-id="room.lobby-wall"]')
      .waitFor({ timeout: 30_000 });
    await waitForFramesToAdvance(screenPage, tileVideo(first), { timeoutMs: 45_000 });
    await waitForFramesToAdvance(screenPage, tileVideo(second), { timeoutMs: 45_000 });
    await expect
      .poll(() => screenPage.getByTestId('room-status-origin').textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(`From the room: ${CONSOLE.name}`));

    // The console sees what the screen reports: its view, each tile playing, who changed it; not pending.
    await expect
      .poll(() => card.locator('[data-testid="room-mini-cell"][data-state="playing"]').count(), {
        timeout: 30_000,
      })
      .toBe(2);
    await expect.poll(() => card.getAttribute('data-pending')).toBeNull();
    expect(await card.getByTestId('room-shows').textContent()).toContain('View Lobby (2 × 1)');
    expect(await card.getByTestId('room-changed-by').textContent()).toContain(`Changed by ${CONSOLE.name}`);
    await page.screenshot({ path: path.join(SCREENS_DIR, 'room-panel-1366.png') });

    // The screen's PC restarts: it comes back showing the same view, with no click.
    const rev = screenOf(await desk.call('room:status'), SCREEN.name)!.desired!.rev;
    await wall.restart();
    await wall.page
      .locator('[data-testid="wall"][data-layout-id="room.lobby-wall"]')
      .waitFor({ timeout: 30_000 });
    await waitForFramesToAdvance(wall.page, tileVideo(first), { timeoutMs: 45_000 });
    await until('the screen back online and reporting the same revision', async () => {
      const s = screenOf(await desk.call('room:status'), SCREEN.name);
      return s?.presence?.state === 'online' && s.reported?.rev === rev;
    });

    // The broker goes away for 20 s: the screen keeps playing and says so.
    await broker.stop();
    await wall.page.getByTestId('room-status-away').waitFor({ timeout: 30_000 });
    expect(await wall.page.getByTestId('room-status-away').textContent()).toMatch(
      /^Room: broker away since \d/,
    );
    const awaySince = Date.now();
    // The console knows it too (its panel says so), so what it sends now waits in its own client.
    await page.locator('[data-testid="room-panel"][data-connection="away"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('room-connection').textContent()).toMatch(/^Broker away since \d/);
    // Meanwhile the console drops another device onto the screen's second cell (kept on the console).
    await page.locator('[data-testid="product-item"] .product-open').first().click();
    const row = page
      .locator(
        `[data-testid="device-row"]:not([data-device-key="${first}"]):not([data-device-key="${second}"])`,
      )
      .first();
    await row.waitFor({ timeout: 30_000 });
    const third = (await row.getAttribute('data-device-key'))!;
    await row.dragTo(card.locator('[data-testid="room-mini-cell"][data-cell="2,1"]'));
    // Numbered and kept in the console's own client until the broker is back.
    await expect
      .poll(() => card.getByTestId('room-said').textContent())
      .toMatch(/Revision \d+ waits on this PC/);
    await wall.page.screenshot({ path: path.join(SCREENS_DIR, 'room-screen-broker-away.png') });
    while (Date.now() - awaySince < AWAY_MS)
      await waitForFramesToAdvance(wall.page, tileVideo(first), { frames: 10, timeoutMs: 20_000 });

    // The broker is back: the screen shows the device dropped meanwhile, playing.
    await broker.start();
    await wall.page
      .locator(`[data-testid="wall-tile"][data-device-key="${third}"]`)
      .waitFor({ timeout: 60_000 });
    await waitForFramesToAdvance(wall.page, tileVideo(third), { timeoutMs: 45_000 });
    await wall.page.getByTestId('room-status-away').waitFor({ state: 'detached', timeout: 30_000 });
    await until('the console seeing the screen apply it', async () => {
      const s = screenOf(await desk.call('room:status'), SCREEN.name);
      return !!s && !s.pending && s.reported?.tiles.some((t) => t.deviceKey === third) === true;
    });
  }, 420_000);

  it('sends a tile of the console’s wall to a cell of the screen from the tile’s menu, by keyboard', async () => {
    const page = desk.page;
    await page.getByTestId('room-panel-close').click();
    const row = page.getByTestId('device-row').nth(4);
    const key = (await row.getAttribute('data-device-key'))!;
    await row.getByTestId('put-on-wall').click();
    const tile = page.locator(`[data-testid="wall-tile"][data-device-key="${key}"]`);
    await tile.waitFor({ timeout: 30_000 });
    await tile.getByTestId('wall-tile-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('wall-tile-send-to-screen').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('send-to-screen');
    await dialog.locator(`input[value="${SCREEN.name}"]`).check();
    await dialog.locator('[data-testid="room-mini-cell"][data-cell="1,1"]').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await wall.page
      .locator(`[data-testid="wall-tile"][data-device-key="${key}"][data-cell="1,1"]`)
      .waitFor({ timeout: 30_000 });
    await waitForFramesToAdvance(wall.page, tileVideo(key), { timeoutMs: 45_000 });
  }, 120_000);

  it('titles the tiles of a view sent with device keys only (a script’s) by the devices’ names on the screen', async () => {
    // Devices no view of either PC holds: only the screen's own lookup can know their names.
    const keys = desk.deviceKeys.slice(-2);
    const named = keys.map((key) => wall.demo.data.deviceByKey.get(key)!.deviceName);
    const { rev } = await desk.call('room:send', {
      screen: SCREEN.name,
      command: {
        view: {
          name: 'Keys only',
          grid: { columns: 2, rows: 1 },
          tiles: keys.map((deviceKey, i) => ({ deviceKey, column: i + 1, row: 1 })),
        },
      },
    });
    const screenPage = wall.page;
    for (const [i, key] of keys.entries())
      await expect
        .poll(
          () =>
            screenPage
              .locator(`[data-testid="wall-tile"][data-device-key="${key}"] [data-testid="wall-tile-name"]`)
              .getAttribute('title')
              .catch(() => null),
          { timeout: 60_000 },
        )
        .toBe(`${named[i]} (${key})`);
    await waitForFramesToAdvance(screenPage, tileVideo(keys[0]), { timeoutMs: 45_000 });
    // Still the revision sent: the screen named the tiles itself, and reports them by name.
    await until('the console seeing the names the screen reports', async () => {
      const s = screenOf(await desk.call('room:status'), SCREEN.name);
      return s?.reported?.rev === rev && s.reported.tiles.every((t) => named.includes(t.deviceName ?? ''));
    });
  }, 180_000);

  it('shows the Room settings section at 1366 × 768, the password never shown', async () => {
    const page = desk.page;
    await page.getByTestId('open-settings').click();
    const section = page.getByTestId('room-settings');
    await section.waitFor({ timeout: 30_000 });
    await section.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('room-broker-url').inputValue()).toBe(broker.url);
    const password = section.locator('input[name="room-password"]');
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('placeholder')).toBe('Stored: blank keeps it');
    expect(await page.content()).not.toContain(CONSOLE.password);
    // A wrong broker address is named at its field and what was typed stays.
    await page.getByTestId('room-broker-url').fill('http://nowhere');
    await page.getByTestId('room-pc-name').fill('console-1b');
    await page.getByTestId('save-room').click();
    await expect.poll(() => section.locator('.field-error').first().textContent()).toMatch(/mqtt:\/\//);
    expect(await page.getByTestId('room-pc-name').inputValue()).toBe('console-1b');
    await page.screenshot({ path: path.join(SCREENS_DIR, 'room-settings-1366.png') });

    // The Room panel at 1920 × 1080 too.
    await section.getByRole('button', { name: 'Revert' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByTestId('open-room').click();
    await page.locator(`[data-testid="room-screen"][data-screen="${SCREEN.name}"]`).waitFor();
    await page.screenshot({ path: path.join(SCREENS_DIR, 'room-panel-1920.png') });
  }, 120_000);
});
