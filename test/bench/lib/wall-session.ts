import type { Page } from 'playwright-core';
import type { LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import type { SettingsPatch } from '../../../electron/shared/settings';
import type { BarePage } from './bare-page';
import { openWebShell, type WebShellSession, type WebShellSessionOptions } from '../../support/web-shell';
import { ensureTestRenderer } from '../../support/test-renderer';

export interface WallSession {
  session: WebShellSession;
  page: Page;
  /** The demo profile's id (demo:start made and selected it). */
  profileId: string;
  /** Device keys the demo profile may stream, in a stable order. */
  deviceKeys: string[];
  /** Name of each of those devices. */
  deviceName(key: string): string;
  /** Change settings through the core (as the settings screen would). */
  settings(patch: SettingsPatch): Promise<void>;
  /**
   * Save a layout through the core and show it on a freshly loaded wall; resolves once the wall shows
   * it. The page is reloaded, so every tile starts from nothing.
   */
  showLayout(id: string, grid: LayoutGrid, tiles: LayoutTile[]): Promise<void>;
  /** The same, in a bare page (signed in first): for measuring without Playwright attached. */
  showLayoutIn(page: BarePage, id: string, grid: LayoutGrid, tiles: LayoutTile[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The browser shell with the demo platform (live media) and a signed-in Chromium page on the wall,
 * the demo profile selected. For the wall's end-to-end tests and its benchmark.
 */
export async function openWallSession(
  options: Omit<WebShellSessionOptions, 'rendererDir'> = {},
): Promise<WallSession> {
  const rendererDir = await ensureTestRenderer((line) => process.stderr.write(`${line}\n`));
  const session = await openWebShell({ ...options, rendererDir });
  try {
    const started = await session.call('demo:start');
    if (!started.ok) throw new Error(`demo:start failed: ${started.error.message}`);
    const profileId = started.value.profile.id;
    const { data, credentials } = session.demo;
    const products = data.products.filter((p) => p.userKey === credentials.user.userKey);
    const devices = products.flatMap((p) => data.devicesByProduct.get(p.productKey) ?? []);
    const names = new Map(devices.map((d) => [d.deviceKey, d.deviceName || d.deviceKey]));
    const page = session.page;
    const saveLayout = async (id: string, grid: LayoutGrid, tiles: LayoutTile[]): Promise<void> => {
      const saved = await session.call('layouts:save', {
        id,
        name: id,
        profileId,
        grid,
        tiles: tiles.map((t) => ({ label: names.get(t.deviceKey), ...t })),
      });
      if (!saved.ok) throw new Error(`layouts:save failed: ${saved.error.message}`);
    };

    // The wall opens on the view it remembers (kept by the core, as the wall itself writes it).
    const rememberView = async (layoutId: string): Promise<void> => {
      const saved = await session.call('ui:set', {
        key: 'wall.view',
        value: { layoutId, draft: null, draftOfSaved: false, selected: null, statsShown: {} },
      });
      if (!saved.ok) throw new Error(`ui:set failed: ${saved.error.message}`);
    };

    /** Until what the wall remembers has not changed for 300 ms (at most 5 s). */
    const viewSettled = async (): Promise<void> => {
      const read = async () => JSON.stringify(await session.call('ui:get', { key: 'wall.view' }));
      let last = await read();
      let stableSince = Date.now();
      for (const end = Date.now() + 5_000; Date.now() < end && Date.now() - stableSince < 300; ) {
        await new Promise((r) => setTimeout(r, 100));
        const now = await read();
        if (now !== last) [last, stableSince] = [now, Date.now()];
      }
    };

    const wall: WallSession = {
      session,
      page,
      profileId,
      deviceKeys: devices.map((d) => d.deviceKey),
      deviceName: (key) => names.get(key) ?? key,
      async settings(patch) {
        const result = await session.call('settings:set', patch);
        if (!result.ok) throw new Error(`settings:set failed: ${result.error.message}`);
      },
      async showLayout(id, grid, tiles) {
        await saveLayout(id, grid, tiles);
        // The wall writes how it was left as the page goes (pagehide): leave first, let that write land,
        // then remember the view to open and come back.
        const url = page.url();
        await page.goto('about:blank');
        await viewSettled();
        await rememberView(id);
        await page.goto(url);
        await page.locator(wallShowing(id)).waitFor({ timeout: 30_000 });
      },
      async showLayoutIn(bare, id, grid, tiles) {
        await saveLayout(id, grid, tiles);
        const signIn = new URL('/', session.shell.origin);
        signIn.searchParams.set('token', session.shell.token);
        // A bare page is opened once per run, on no wall yet: nothing of its own to write on leaving.
        await rememberView(id);
        await bare.navigate(signIn.href);
        await bare.waitFor(`document.querySelector(${JSON.stringify(wallShowing(id))})`);
      },
      close: () => session.close(),
    };
    return wall;
  } catch (error) {
    await session.close();
    throw error;
  }
}

/** The selector of the wall once it shows layout `id`. */
const wallShowing = (id: string) => `[data-testid="wall"][data-layout-id="${id}"]`;

/** The selector of a tile's `<video>`. */
export const tileVideo = (deviceKey: string) =>
  `[data-testid="wall-tile"][data-device-key="${deviceKey}"] video`;
/** The selector of a tile. */
export const tileOf = (deviceKey: string) => `[data-testid="wall-tile"][data-device-key="${deviceKey}"]`;
