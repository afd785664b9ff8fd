import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Layout } from '../../electron/shared/layout';
import { createLogger } from '../../electron/core/logger';
import { startWebShell, type WebShell } from '../../electron/web-shell/server';
import { ensureTestRenderer } from '../support/test-renderer';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * An administrator's unsaved edit on a provisioned kiosk (issue 30, item 11):
 * - the kiosk's wall says it shows an unsaved edit (its toolbar with "Modified" is hidden in kiosk
 *   mode), unlocked or locked;
 * - the shell restarted with the same provisioning file opens the locked kiosk on the view as
 *   provisioned, and the edit is not dropped without a word: it is kept aside, a notice says so,
 *   and an administrator opens it again after unlocking.
 */

const SCREENS = path.resolve('.tmp/screens');
const PIN = '2468';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const viewport of SIZES) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${viewport.width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

/** Unlock the locked kiosk with the admin PIN: the full shell comes. */
async function unlock(page: Page): Promise<void> {
  await page.getByTestId('kiosk-admin').click();
  const dialog = page.getByTestId('kiosk-admin-dialog');
  await dialog.waitFor();
  await dialog.locator('#kiosk-pin').fill(PIN);
  await dialog.getByRole('button', { name: 'Unlock with admin PIN' }).click();
  // The PIN is checked against a slow hash: on a busy machine that takes a while.
  await page.getByTestId('topbar').waitFor({ timeout: 30_000 });
}

describe('a provisioned kiosk and an administrator’s unsaved edit', () => {
  let s: WebShellSession;
  let work: string;
  let provisionFile: string;
  let restarted: WebShell | undefined;
  let page: Page;
  let keys: string[];

  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
    work = await mkdtemp(path.join(tmpdir(), 'wall-unsaved-edit-'));
    // The session's demo platform is the one the file points at: the file is written once it runs,
    // then imported by a shell of the same data folder (as `--provision FILE` does at each start).
    s = await openWebShell({ liveMedia: false, viewport: SIZES[0] });
    const { user } = s.demo.credentials;
    keys = s.demo.data.products
      .filter((p) => p.userKey === user.userKey)
      .flatMap((p) => s.demo.data.devicesByProduct.get(p.productKey) ?? [])
      .map((d) => d.deviceKey)
      .slice(0, 4);
    const file = {
      version: 1,
      profiles: [
        {
          id: 'control-room',
          name: 'Control room',
          baseUrl: s.demo.baseUrl,
          placement: 'query',
          credentials: { type: 'user', ...user },
        },
      ],
      layouts: [
        {
          id: 'lobby',
          name: 'Lobby',
          profile: 'control-room',
          grid: { columns: 2, rows: 2 },
          tiles: keys.map((deviceKey, i) => ({ deviceKey, deviceName: `Lobby camera ${i + 1}` })),
        },
      ],
      kiosk: { enabled: true, startLayout: 'lobby', locked: true, adminPin: PIN },
      selectedProfile: 'control-room',
    };
    provisionFile = path.join(work, 'kiosk.json');
    await writeFile(provisionFile, JSON.stringify(file, null, 2));
    const imported = await s.call('provisioning:import', { text: JSON.stringify(file) });
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    page = s.page;
    await page.reload();
    await page.locator('[data-testid="app-shell"][data-state="ready"][data-kiosk="on"]').waitFor({
      timeout: 30_000,
    });
    await page.locator('[data-testid="wall"][data-layout-id="lobby"]').waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await restarted?.close();
    await s?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('says on the kiosk’s wall that it shows an unsaved edit, unlocked and locked', async () => {
    // Nothing to say while the wall is its saved view.
    expect(await page.getByTestId('kiosk-unsaved').count()).toBe(0);
    await unlock(page);
    // The administrator takes the first camera off the wall, and does not save.
    const first = page.locator(`[data-testid="wall-tile"][data-device-key="${keys[0]}"]`);
    await first.waitFor({ timeout: 30_000 });
    await first.click();
    await page.keyboard.press('Delete');
    await expect
      .poll(() => page.getByTestId('wall-save-status').getAttribute('data-save'), { timeout: 20_000 })
      .toBe('modified');
    // The edit is remembered (the core's ui memory) before the kiosk goes on.
    await expect
      .poll(
        async () => {
          const view = await s.call('ui:get', { key: 'wall.view' });
          return view.ok && (view.value.value as { draft?: unknown } | null)?.draft != null;
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // Back to the wall alone: the toolbar's "Modified" is gone with the toolbar, the mark says it.
    await page.getByTestId('kiosk-view').click();
    await expect.poll(() => page.getByTestId('app-shell').getAttribute('data-kiosk')).toBe('on');
    const mark = page.getByTestId('kiosk-unsaved');
    await expect.poll(() => mark.isVisible()).toBe(true);
    expect(await mark.textContent()).toBe('Modified, not saved');
    await shoot(page, 'i11-kiosk-unsaved-unlocked');

    // Locked again (the administrator's unlock ended): the wall still shows the edit, and says so.
    const locked = await s.call('kiosk:lock');
    expect(locked.ok).toBe(true);
    await expect.poll(() => page.locator('[data-testid="wall-tile"]').count()).toBe(3);
    await expect.poll(() => mark.isVisible()).toBe(true);
    // The mark lies beside "Admin", inside the window, over no tile.
    const [markBox, adminBox] = [
      await mark.boundingBox(),
      await page.getByTestId('kiosk-admin').boundingBox(),
    ];
    expect(markBox && adminBox && markBox.x + markBox.width <= adminBox.x).toBe(true);
    await shoot(page, 'i11-kiosk-unsaved-locked');
  });

  it('keeps the edit aside when the shell restarts with the same file, says so, and opens it again', async () => {
    await page.close();
    await s.shell.close();
    restarted = await startWebShell({
      port: 0,
      dataDir: s.dataDir,
      rendererDir: await ensureTestRenderer(),
      provisionFile,
      demoPlatform: s.demo,
      logger: createLogger('web-shell', { sink: () => undefined }),
      fileLog: false,
      standingProvisioning: false,
    });
    page = await s.context.newPage();
    const url = new URL('/', restarted.origin);
    url.searchParams.set('token', restarted.token);
    await page.goto(url.href);
    await page.locator('[data-testid="app-shell"][data-state="ready"][data-kiosk="on"]').waitFor({
      timeout: 30_000,
    });

    // The locked kiosk opens on the view as provisioned: all four cameras, nothing unsaved shown.
    const wall = page.locator('[data-testid="wall"][data-layout-id="lobby"]');
    await wall.waitFor({ timeout: 30_000 });
    await expect.poll(() => wall.locator('[data-testid="wall-tile"]').count(), { timeout: 20_000 }).toBe(4);
    expect(await page.getByTestId('kiosk-unsaved').count()).toBe(0);

    // ... and says where the edit went.
    const notice = page.getByTestId('notice').filter({ hasText: 'kept aside' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(
      /An unsaved edit of “Lobby” was kept aside at \d\d:\d\d: the wall opened on the saved view instead\. An administrator can open it after unlocking the wall \(Admin\)\./,
    );
    // It is kept with the wall's memory (the edit itself: three cameras), so it survives another restart.
    const keptTiles = async () => {
      const res = await fetch(`${restarted!.origin}/api/ui:get`, {
        method: 'POST',
        headers: { authorization: `Bearer ${restarted!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'wall.view' }),
      });
      const view = (await res.json()) as { ok: boolean; value?: { value?: { kept?: { draft: Layout }[] } } };
      return view.value?.value?.kept?.map((k) => k.draft.tiles.length) ?? [];
    };
    await expect.poll(keptTiles, { timeout: 20_000 }).toEqual([3]);
    await expect.poll(() => notice.isVisible()).toBe(true);
    await shoot(page, 'i11-kiosk-edit-kept');

    // An administrator unlocks: the notice offers the edit, which comes back as an unsaved edit.
    await unlock(page);
    const open = page.getByTestId('notice').filter({ hasText: 'kept aside' }).getByTestId('notice-action');
    await open.waitFor({ timeout: 20_000 });
    expect(await open.textContent()).toBe('Open the kept edit');
    await shoot(page, 'i11-admin-kept-offer');
    await open.click();
    await expect
      .poll(() => page.getByTestId('wall-save-status').getAttribute('data-save'), { timeout: 20_000 })
      .toBe('modified');
    expect(await wall.locator(`[data-testid="wall-tile"][data-device-key="${keys[0]}"]`).count()).toBe(0);
    expect(await wall.locator('[data-testid="wall-tile"]').count()).toBe(3);
    await shoot(page, 'i11-admin-kept-opened');
  });

  it('broke no CSP rule and threw nothing', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});
