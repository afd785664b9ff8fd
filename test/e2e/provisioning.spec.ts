import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMedia, type LiveMedia } from '../../electron/demo-platform/media';
import { startDemoPlatform, type DemoPlatform } from '../../electron/demo-platform/server';
import { createLogger } from '../../electron/core/logger';
import { startWebShell } from '../../electron/web-shell/server';
import type { ProvisioningFile } from '../../electron/shared/provisioning';
import { waitForFramesToAdvance } from '../support/frames';
import { ensureTestRenderer } from '../support/test-renderer';
import { openWebShell, type WebShellSession } from '../support/web-shell';

/**
 * Provisioning import (issue 4, part 6) end to end: a file with profiles, layouts and kiosk mode
 * makes the browser shell open straight on its start layout, playing, without a click; a broken file
 * is refused by `npm run web -- --provision FILE` with exit code 2, every problem named by its JSON
 * path, and nothing written.
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/provisioning/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'electron/web-shell/cli.ts');
/** tsx's own entry, run with this Node: no npm banner on stderr, and the exit code is the CLI's. */
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

/** What broken.json gets wrong, by JSON path (see test/fixtures/provisioning/README.md). */
const BROKEN_PATHS = [
  '$.profiles[0].placement',
  '$.profiles[0].credentials.authSecret',
  '$.layouts[0].profile',
  '$.layouts[1].tiles[1].column',
  '$.kiosk.startLayout',
];
const BROKEN_FILE_SECRET = 'CANARY-broken-file-projectAuthSecret-2c81';

let rendererDir: string;
let work: string;

async function readFixture(name: string): Promise<ProvisioningFile> {
  return JSON.parse(await readFile(path.join(FIXTURES, name), 'utf8')) as ProvisioningFile;
}

/** Every file under dir with its bytes, by relative path: to prove a folder did not change. */
async function folderBytes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (at: string): Promise<void> => {
    for (const e of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, e.name);
      if (e.isDirectory()) {
        out[`${path.relative(dir, full)}/`] = '';
        await walk(full);
      } else out[path.relative(dir, full)] = (await readFile(full)).toString('base64');
    }
  };
  await walk(dir);
  return out;
}

/** `npm run web -- ARGS` without npm: the exit code, stdout and stderr. */
function runWebCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, CLI, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    // A shell that started despite the refusal would serve forever: stop it (and fail on its exit code).
    const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  rendererDir = await ensureTestRenderer();
  work = await mkdtemp(path.join(tmpdir(), 'provisioning-e2e-'));
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a valid provisioning file: the app opens straight on the kiosk layout, playing', () => {
  let media: LiveMedia;
  let demo: DemoPlatform;
  let s: WebShellSession;
  let file: ProvisioningFile;
  const tileKeys: Record<string, string[]> = {};

  beforeAll(async () => {
    // The file needs the platform's address and secrets, so the platform runs before the file is written.
    media = await createLiveMedia();
    demo = await startDemoPlatform({ media, log: () => undefined });
    const { user, device } = demo.credentials;
    const streamable = demo.data.products
      .filter((p) => p.userKey === user.userKey)
      .flatMap((p) => demo.data.devicesByProduct.get(p.productKey) ?? [])
      .map((d) => d.deviceKey);
    file = await readFixture('kiosk-wall.json');
    const [userProfile, deviceProfile] = file.profiles!;
    for (const p of file.profiles!) p.baseUrl = demo.baseUrl;
    userProfile.credentials = { type: 'user', ...user };
    deviceProfile.credentials = { type: 'device', ...device };
    let next = 0;
    for (const layout of file.layouts!) {
      for (const tile of layout.tiles) tile.deviceKey = streamable[next++];
      tileKeys[layout.id] = layout.tiles.map((t) => t.deviceKey);
      // The integrator names the first camera of each wall (the app cannot look names up offline).
      layout.tiles[0].deviceName = `Provisioned ${layout.id} camera`;
    }
    const provisionFile = path.join(work, 'kiosk-wall.json');
    await writeFile(provisionFile, JSON.stringify(file, null, 2));

    // The session's own demo platform is not used here: no media for it.
    s = await openWebShell({ provisionFile, rendererDir, liveMedia: false });
  });

  afterAll(async () => {
    await s?.close();
    await demo?.close();
    await media?.close();
  });

  it('imported the profiles, the layouts and the kiosk settings', async () => {
    const profiles = await s.call('profiles:list');
    const layouts = await s.call('layouts:list');
    const settings = await s.call('settings:get');
    if (!profiles.ok || !layouts.ok || !settings.ok) throw new Error('a read failed');
    expect(profiles.value.map((p) => [p.id, p.credentialType, p.placement, p.selected])).toEqual([
      ['control-room', 'user', 'query', true],
      ['gate-camera', 'device', 'headers', false],
    ]);
    for (const p of profiles.value) {
      expect(Object.values(p.secrets).every((x) => x.configured)).toBe(true);
      expect(JSON.stringify(p)).not.toContain(demo.credentials.user.authSecret);
    }
    expect(layouts.value.map((l) => [l.id, l.profileId, l.grid, l.tiles.length])).toEqual([
      ['overview', 'control-room', { columns: 2, rows: 2 }, 4],
      ['entrance', 'control-room', { columns: 3, rows: 2 }, 3],
    ]);
    expect(settings.value.kiosk).toMatchObject({ enabled: true, startLayout: 'entrance', locked: true });
    expect(settings.value.selectedProfileId).toBe('control-room');
    expect(
      s.logs.some((l) => /provisioned from .*kiosk-wall\.json: 2 profile\(s\), 2 layout\(s\)/.test(l)),
    ).toBe(true);
  });

  it('opens on the start layout (not the first one) without a click, and every tile plays', async () => {
    const page = s.page;
    // No first-run screen: straight to the kiosk's wall alone (no profile switch to show: the
    // provisioned profile is active, as imported above), the wall on "entrance".
    await page.locator('[data-testid="app-shell"][data-state="ready"]').waitFor();
    expect(await page.getByTestId('first-run').count()).toBe(0);
    expect(await page.getByTestId('app-shell').getAttribute('data-kiosk')).toBe('on');
    expect(await page.getByTestId('profile-select').count()).toBe(0);
    const wall = page.locator('[data-testid="wall"][data-layout-id="entrance"]');
    await wall.waitFor({ timeout: 30_000 });
    const grid = wall.getByTestId('wall-grid');
    expect([await grid.getAttribute('data-columns'), await grid.getAttribute('data-rows')]).toEqual([
      '3',
      '2',
    ]);
    const shown = await wall
      .getByTestId('wall-tile')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-device-key')));
    expect(shown).toEqual(tileKeys.entrance);

    const videos = tileKeys.entrance.map(
      (key) => `[data-testid="wall"] [data-testid="wall-tile"][data-device-key="${key}"] video`,
    );
    const progress = await Promise.all(
      videos.map((v) => waitForFramesToAdvance(page, v, { frames: 20, timeoutMs: 30_000 })),
    );
    for (const p of progress) expect(p.after.decoded - p.before.decoded).toBeGreaterThanOrEqual(20);
    for (const key of tileKeys.entrance)
      expect(
        await wall.locator(`[data-testid="wall-tile"][data-device-key="${key}"]`).getAttribute('data-state'),
      ).toBe('playing');
  });

  it('titles a provisioned tile by the device name the file gives, else by the name the platform lists for it', async () => {
    const wall = s.page.locator('[data-testid="wall"][data-layout-id="entrance"]');
    const [named, unnamed] = tileKeys.entrance;
    const title = (key: string) =>
      wall.locator(`[data-testid="wall-tile"][data-device-key="${key}"] [data-testid="wall-tile-name"]`);
    await expect.poll(() => title(named).textContent()).toBe('Provisioned entrance camera');
    expect(await title(named).getAttribute('title')).toBe(`Provisioned entrance camera (${named})`);
    // A tile the file gives no name: the core looked its name up with the profile (#30.5).
    await expect
      .poll(() => title(unnamed).textContent(), { timeout: 60_000 })
      .toBe(demo.data.deviceByKey.get(unnamed)!.deviceName);
  });

  it('opens on it again after a reload (kiosk wins over the layout used last)', async () => {
    const page = s.page;
    // The wall was last left on another layout (as the wall remembers it, through the core).
    await s.call('ui:set', {
      key: 'wall.view',
      value: { layoutId: 'overview', draft: null, draftOfSaved: false, selected: null, statsShown: {} },
    });
    await page.reload();
    await page.locator('[data-testid="wall"][data-layout-id="entrance"]').waitFor({ timeout: 30_000 });
    const [first] = tileKeys.entrance;
    await waitForFramesToAdvance(
      page,
      `[data-testid="wall"] [data-testid="wall-tile"][data-device-key="${first}"] video`,
      { frames: 10, timeoutMs: 30_000 },
    );
  });

  it('loaded with zero CSP violations and no page errors', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});

describe('a broken provisioning file is refused by `npm run web -- --provision FILE`', () => {
  const broken = path.join(FIXTURES, 'broken.json');
  const cliArgs = (dataDir: string) => [
    '--provision',
    broken,
    '--port',
    '0',
    '--no-open',
    '--data-dir',
    dataDir,
    // Serve the build made above rather than (re)building out/renderer.
    '--renderer-dir',
    rendererDir,
  ];

  function expectRefusal(run: { code: number | null; stdout: string; stderr: string }): void {
    expect(run.code, run.stderr).toBe(2);
    // Nothing served: the URL line never came.
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('was refused; nothing was applied');
    for (const p of BROKEN_PATHS) expect(run.stderr).toContain(`${p}: `);
    expect(run.stderr).not.toContain(BROKEN_FILE_SECRET);
  }

  it('exits 2 naming every JSON path, and an existing data folder stays byte-identical', async () => {
    // A data folder in use: profiles, layouts, settings and the key file of an earlier good import.
    const dataDir = path.join(work, 'in-use');
    const good = await readFixture('kiosk-wall.json');
    const goodFile = path.join(work, 'good.json');
    await writeFile(goodFile, JSON.stringify(good));
    const shell = await startWebShell({
      port: 0,
      dataDir,
      rendererDir,
      provisionFile: goodFile,
      demo: false,
      logger: createLogger('web-shell', { sink: () => undefined }),
    });
    await shell.close();
    const before = await folderBytes(dataDir);
    expect(Object.keys(before).length).toBeGreaterThan(1);

    const run = await runWebCli(cliArgs(dataDir));
    expectRefusal(run);
    expect(await folderBytes(dataDir)).toEqual(before);
  });

  it('writes nothing into an empty data folder', async () => {
    const dataDir = await mkdtemp(path.join(work, 'empty-'));
    const run = await runWebCli(cliArgs(dataDir));
    expectRefusal(run);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
