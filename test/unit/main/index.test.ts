import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/*
 * The composition root with Electron mocked and everything else real: the core, the electron-store
 * adapter (over conf, see the shim), the demo platform on loopback. Drives the registered IPC
 * handlers the way the preload would.
 */
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const calls: string[] = [];
  const appListeners = new Map<string, Listener[]>();
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const windows: Array<{
    webContents: Record<string, unknown>;
    loadURL: ReturnType<typeof vi.fn>;
    options: unknown;
  }> = [];
  const record = (name: string, impl: (...args: never[]) => unknown = () => undefined) =>
    vi.fn((...args: never[]) => {
      calls.push(name);
      return impl(...args);
    });
  let paths: Record<string, string> = {};

  const app = {
    isPackaged: false,
    setPath: record('app.setPath', ((name: string, value: string) => (paths[name] = value)) as never),
    getPath: vi.fn((name: string) => paths[name] ?? `/nonexistent/${name}`),
    getName: () => 'Control Room Wall',
    getVersion: () => '0.1.0',
    getAppPath: () => '/src/wall',
    setLoginItemSettings: record('app.setLoginItemSettings'),
    enableSandbox: record('app.enableSandbox'),
    requestSingleInstanceLock: record('app.requestSingleInstanceLock', () => true),
    quit: record('app.quit'),
    exit: record('app.exit'),
    on: vi.fn((event: string, listener: Listener) => {
      calls.push(`app.on:${event}`);
      appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
    }),
    whenReady: record('app.whenReady', () => ready),
    getAppMetrics: vi.fn(() => [
      { pid: 1, type: 'Browser', memory: { workingSetSize: 90_000 } },
      { pid: 4242, type: 'Tab', memory: { workingSetSize: 345_678 } },
    ]),
  };
  const protocol = {
    registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged'),
    handle: record('protocol.handle'),
  };
  const ipcMain = {
    handle: record('ipcMain.handle'),
    on: record('ipcMain.on'),
    handleOnce: record('ipcMain.handleOnce'),
    removeAllListeners: record('ipcMain.removeAllListeners'),
  };
  const session = {
    defaultSession: {
      setPermissionRequestHandler: record('session.setPermissionRequestHandler'),
      setPermissionCheckHandler: record('session.setPermissionCheckHandler'),
      setDevicePermissionHandler: record('session.setDevicePermissionHandler'),
      webRequest: { onHeadersReceived: record('session.webRequest.onHeadersReceived') },
    },
  };
  const safeStorage = {
    isAsyncEncryptionAvailable: vi.fn(async () => true),
    getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(plain, 'utf8').reverse()),
    decryptStringAsync: vi.fn(async (data: Buffer) => ({
      result: Buffer.from(data).reverse().toString('utf8'),
      shouldReEncrypt: false,
    })),
  };
  const BrowserWindow = vi.fn(function (this: Record<string, unknown>, options: unknown) {
    calls.push('new BrowserWindow');
    this.options = options;
    let url = '';
    const id = windows.length + 1;
    this.webContents = {
      id,
      mainFrame: {
        get url() {
          return url;
        },
        processId: 7,
        routingId: id,
        parent: null,
      },
      getURL: () => url,
      on: vi.fn(),
      off: vi.fn(),
      once: vi.fn(),
      send: vi.fn(),
      isDestroyed: () => false,
      setWindowOpenHandler: vi.fn(),
      getOSProcessId: () => 4242,
      reload: vi.fn(),
      forcefullyCrashRenderer: vi.fn(),
      closeDevTools: vi.fn(),
      isDevToolsOpened: () => false,
      isCrashed: () => false,
      executeJavaScript: vi.fn(async () => 1),
    };
    this.loadURL = vi.fn(async (target: string) => {
      calls.push(`loadURL:${target}`);
      url = target;
    });
    this.on = vi.fn();
    this.off = vi.fn();
    this.once = vi.fn();
    this.isDestroyed = () => false;
    let bounds = {
      x: (options as { x?: number }).x ?? 160,
      y: (options as { y?: number }).y ?? 90,
      width: (options as { width?: number }).width ?? 1600,
      height: (options as { height?: number }).height ?? 900,
    };
    this.getBounds = () => bounds;
    this.getNormalBounds = () => bounds;
    this.setBounds = vi.fn((next: typeof bounds) => (bounds = next));
    this.isFullScreen = () => false;
    this.focus = vi.fn();
    this.show = vi.fn();
    this.restore = vi.fn();
    this.destroy = vi.fn();
    this.setKiosk = record('window.setKiosk');
    // Created hidden (shown at ready-to-show), so the display may still sleep.
    this.isVisible = () => false;
    this.isMinimized = () => false;
    windows.push(this as never);
  });
  Object.assign(BrowserWindow, { getAllWindows: () => windows });
  const powerSaveBlocker = { start: record('powerSaveBlocker.start', () => 1), stop: vi.fn() };
  const display = (id: number, x: number, label: string) => ({
    id,
    label,
    bounds: { x, y: 0, width: 1920, height: 1080 },
    workArea: { x, y: 0, width: 1920, height: 1040 },
  });
  const screen = {
    displays: [display(1, 0, 'Built-in'), display(2, 1920, 'DELL U2720Q')],
    getAllDisplays: () => screen.displays,
    getPrimaryDisplay: () => screen.displays[0],
    on: vi.fn(),
  };
  const Menu = {
    getApplicationMenu: vi.fn(() => null),
    setApplicationMenu: record('Menu.setApplicationMenu'),
  };
  return {
    Menu,
    app,
    protocol,
    ipcMain,
    session,
    safeStorage,
    BrowserWindow,
    powerSaveBlocker,
    screen,
    calls,
    appListeners,
    windows,
    resolveReady,
    setPaths: (p: Record<string, string>) => (paths = p),
  };
});
vi.mock('electron', () => ({ ...electron, default: electron }));

// electron-store outside Vitest's module graph cannot see the electron mock: see electron-store-adapter.test.ts.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class ElectronStoreShim extends Conf {
    constructor({ name = 'config', ...options }: Record<string, unknown> & { name?: string }) {
      super({ ...options, configName: name });
    }
  }
  return { default: ElectronStoreShim };
});

import type * as MemoryGuardModule from '../../../electron/main/app/memory-guard';

// The memory guard, real, with a spy on how the composition root sets it up.
vi.mock('../../../electron/main/app/memory-guard', async (importOriginal) => {
  const real = await importOriginal<typeof MemoryGuardModule>();
  return { ...real, guardRendererMemory: vi.fn(real.guardRendererMemory) };
});

import { guardRendererMemory, type MemoryGuardOptions } from '../../../electron/main/app/memory-guard';
import { CHANNELS, type Channel } from '../../../electron/shared/contract';

type IpcHandler = (
  event: unknown,
  input?: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;

let work: string;
let demoBaseUrl: string | undefined;

const xdgBefore = process.env.XDG_CONFIG_HOME;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'wall-main-'));
  // Start at login writes the Linux autostart entry here, never in the real home folder.
  process.env.XDG_CONFIG_HOME = path.join(work, 'xdg');
});
afterAll(async () => {
  // Quitting closes the embedded demo platform: wait until it stops answering.
  for (const listener of electron.appListeners.get('will-quit') ?? []) listener({ preventDefault: () => {} });
  if (demoBaseUrl) {
    const url = demoBaseUrl;
    await vi.waitFor(
      async () =>
        expect(
          await fetch(url).then(
            () => 'open',
            () => 'closed',
          ),
        ).toBe('closed'),
      { timeout: 5000 },
    );
  }
  await rm(work, { recursive: true, force: true });
  if (xdgBefore === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = xdgBefore;
});

function ipc(channel: Channel): IpcHandler {
  const call = electron.ipcMain.handle.mock.calls.find(([name]) => name === (channel as never));
  if (!call) throw new Error(`${channel} is not registered`);
  return (call as unknown as [string, IpcHandler])[1];
}

/** The event of a call from the main frame of the first window. */
function fromWindow() {
  const contents = electron.windows[0].webContents as { mainFrame: unknown };
  return { sender: contents, senderFrame: contents.mainFrame };
}

describe('electron/main/index.ts', () => {
  let main: (argv?: readonly string[]) => Promise<void>;

  it('registers nothing when imported', async () => {
    ({ main } = await import('../../../electron/main/index'));
    expect(electron.calls).toEqual([]);
    expect(electron.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('wires the app in order: sandbox and scheme before ready, IPC and provisioning before the page loads', async () => {
    const provisionFile = path.join(work, 'wall.json');
    await writeFile(
      provisionFile,
      JSON.stringify({
        version: 1,
        profiles: [
          {
            id: 'north',
            name: 'North site',
            baseUrl: 'http://127.0.0.1:9/',
            placement: 'query',
            credentials: { type: 'device', deviceKey: 'dev-1', queryToken: 'canary-token-0b5e' },
          },
        ],
      }),
    );
    const userData = path.join(work, 'user-data');
    // What a kill left between an atomic write and its rename (pid 2147483646 runs nowhere), and a
    // file of the same look that is not ours.
    await mkdir(userData, { recursive: true });
    await writeFile(path.join(userData, 'layouts.json.2147483646.0badc0de.tmp'), '{"half":');
    await writeFile(path.join(userData, 'notes.tmp'), 'kept');
    const started = main(['electron', '.', '--user-data-dir', userData, '--provision', provisionFile]);
    // Before 'ready': only what Electron requires then.
    await Promise.resolve();
    expect(electron.calls).toContain('app.enableSandbox');
    expect(electron.calls).toContain('protocol.registerSchemesAsPrivileged');
    expect(electron.calls).not.toContain('protocol.handle');
    expect(electron.calls).not.toContain('ipcMain.handle');
    expect(electron.calls.indexOf('app.setPath')).toBeLessThan(
      electron.calls.indexOf('app.requestSingleInstanceLock'),
    );
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', userData);

    electron.setPaths({ userData });
    electron.resolveReady();
    await started;

    const order = (name: string) => electron.calls.indexOf(name);
    expect(order('app.whenReady')).toBeGreaterThan(order('app.enableSandbox'));
    expect(order('protocol.handle')).toBeGreaterThan(order('app.whenReady'));
    expect(order('session.setPermissionRequestHandler')).toBeGreaterThan(order('app.whenReady'));
    expect(order('ipcMain.handle')).toBeLessThan(order('new BrowserWindow'));
    expect(order('loadURL:app://wall/index.html')).toBeGreaterThan(order('new BrowserWindow'));
    expect(electron.calls).toContain('app.on:web-contents-created');
    expect(electron.calls).toContain('app.on:window-all-closed');

    // Every channel goes through handle(), once; nothing else touches ipcMain.
    expect(electron.ipcMain.handle).toHaveBeenCalledTimes(CHANNELS.length);
    expect(electron.ipcMain.on).not.toHaveBeenCalled();
    expect(electron.ipcMain.handleOnce).not.toHaveBeenCalled();
    // electron-store's own sync listener is removed once the stores exist.
    expect(electron.ipcMain.removeAllListeners).toHaveBeenCalledWith('electron-store-get-data');

    // The window got the locked-down preferences and the built preload.
    const prefs = (electron.windows[0].options as { webPreferences: Record<string, unknown> }).webPreferences;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);

    // The window heals itself (its page reloads when its process dies or hangs) and, once shown,
    // keeps the display awake; it is created hidden, so nothing is held yet.
    const win = electron.windows[0] as unknown as {
      on: ReturnType<typeof vi.fn>;
      webContents: { on: ReturnType<typeof vi.fn> };
    };
    const events = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map(([event]) => event);
    expect(events(win.webContents.on)).toContain('render-process-gone');
    expect(events(win.on)).toEqual(
      expect.arrayContaining(['unresponsive', 'responsive', 'show', 'minimize']),
    );
    expect(electron.powerSaveBlocker.start).not.toHaveBeenCalled();
    // Its page's memory is watched: read from its own process, and over the limit it is restarted
    // through the same recovery (its process ended, so the reload gets a new one).
    const guard = vi.mocked(guardRendererMemory).mock.calls[0][0] as MemoryGuardOptions;
    expect(guard.readKiB()).toBe(345_678);
    expect(guard.limitMiB).toBeGreaterThanOrEqual(1536);
    guard.restart('a test asked');
    const contents = win.webContents as unknown as { forcefullyCrashRenderer: ReturnType<typeof vi.fn> };
    expect(contents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);

    // The provisioning file was applied before the page loaded, its secret stored encrypted.
    const profiles = await ipc('profiles:list')(fromWindow());
    expect(profiles).toMatchObject({ ok: true, value: [{ id: 'north', name: 'North site' }] });
    expect(JSON.stringify(profiles)).not.toContain('canary-token-0b5e');
    expect(await readdir(userData)).toContain('profiles.json');
    // The interrupted write's leftover is gone; nothing else was touched.
    expect(await readdir(userData)).not.toContain('layouts.json.2147483646.0badc0de.tmp');
    expect(await readdir(userData)).toContain('notes.tmp');
    // … and the file no longer holds the secret.
    expect(await readFile(provisionFile, 'utf8')).not.toContain('canary-token-0b5e');
    expect(await readFile(provisionFile, 'utf8')).toContain('<stored in the vault of this computer>');
    // The shell writes its log file in the data folder.
    await vi.waitFor(
      async () =>
        expect(await readFile(path.join(userData, 'logs', 'wall.log'), 'utf8')).toMatch(
          /INFO +\[main\] provisioned from/,
        ),
      { timeout: 10_000 },
    );
  });

  it('starts the embedded demo platform over IPC and lists its products', async () => {
    const started = await ipc('demo:start')(fromWindow());
    expect(started).toMatchObject({
      ok: true,
      value: { baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) },
    });
    demoBaseUrl = (started.value as { baseUrl: string }).baseUrl;
    const products = await ipc('products:list')(fromWindow(), { pageSize: 5 });
    expect(products.ok).toBe(true);
    const page = products.value as { data: Array<{ productKey: string }>; total: number };
    expect(page.data).toHaveLength(5);
    expect(page.data[0].productKey).toEqual(expect.any(String));
    expect(page.total).toBeGreaterThan(5);
  });

  it('refuses a call from a window it did not create', async () => {
    const stranger = {
      id: 99,
      mainFrame: { url: 'app://wall/index.html', processId: 1, routingId: 1, parent: null },
    };
    const result = await ipc('profiles:list')({ sender: stranger, senderFrame: stranger.mainFrame });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });
  it.runIf(process.platform === 'linux')('turns start at login on and off as the setting says', async () => {
    const entry = path.join(work, 'xdg', 'autostart', 'control-room-wall.desktop');
    // Off by default: no entry (the start removed any an earlier run left).
    expect(await readFile(entry, 'utf8').catch(() => 'gone')).toBe('gone');
    const on = await ipc('settings:set')(fromWindow(), { kiosk: { startAtLogin: true } });
    expect(on.ok).toBe(true);
    await vi.waitFor(async () => expect(await readFile(entry, 'utf8')).toContain('Exec="'), {
      timeout: 10_000,
    });
    const text = await readFile(entry, 'utf8');
    // Unpackaged: the Electron binary, the app folder, the data folder it runs with.
    expect(text).toContain(`"/src/wall" "--user-data-dir=${path.join(work, 'user-data')}"`);
    await ipc('settings:set')(fromWindow(), { kiosk: { startAtLogin: false } });
    await vi.waitFor(async () => expect(await readFile(entry, 'utf8').catch(() => 'gone')).toBe('gone'), {
      timeout: 10_000,
    });
  });

  it('lists the displays and opens a view in a window of its own on the chosen one, saved for the next start', async () => {
    const displays = await ipc('displays:list')(fromWindow());
    expect(displays).toMatchObject({
      ok: true,
      value: [
        { id: 1, primary: true, label: 'Display 1: Built-in, 1920 × 1080' },
        { id: 2, primary: false, label: 'Display 2: DELL U2720Q, 1920 × 1080' },
      ],
    });
    await ipc('profiles:select')(fromWindow(), { id: 'north' });
    const saved = await ipc('layouts:save')(fromWindow(), {
      name: 'Gate',
      profileId: 'north',
      grid: { columns: 2, rows: 2 },
      tiles: [],
    });
    expect(saved.ok).toBe(true);
    const id = (saved.value as { id: string }).id;
    const before = electron.windows.length;
    const opened = await ipc('windows:open')(fromWindow(), { layoutId: id, displayId: 2 });
    expect(opened).toEqual({ ok: true, value: { displayId: 2, focusedExisting: false } });
    expect(electron.windows).toHaveLength(before + 1);
    const view = electron.windows.at(-1) as unknown as { options: Record<string, unknown> };
    // It fills display 2's work area and loads the page for that view.
    expect(view.options).toMatchObject({ x: 1920, y: 0, width: 1920, height: 1040 });
    expect(electron.calls).toContain(`loadURL:app://wall/index.html?view=${encodeURIComponent(id)}`);
    // Asked again: the same window comes forward, no second one.
    expect(await ipc('windows:open')(fromWindow(), { layoutId: id })).toMatchObject({
      ok: true,
      value: { focusedExisting: true },
    });
    expect(electron.windows).toHaveLength(before + 1);
    // A view that does not exist is refused by name.
    expect(await ipc('windows:open')(fromWindow(), { layoutId: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    // Where the windows are is written to the data folder (the main window and the view's).
    const file = path.join(work, 'user-data', 'wall-windows.json');
    await vi.waitFor(
      async () => {
        const doc = JSON.parse(await readFile(file, 'utf8')) as { value: { windows: unknown[] } };
        expect(doc.value.windows).toEqual([
          expect.objectContaining({ layoutId: null, displayId: 1 }),
          expect.objectContaining({
            layoutId: id,
            displayId: 2,
            bounds: { x: 1920, y: 0, width: 1920, height: 1040 },
          }),
        ]);
      },
      { timeout: 10_000 },
    );
  });

  it('opens a window for each room screen after the first, on its display, and closes it when the screen goes', async () => {
    const current = await ipc('room:config')(fromWindow());
    expect(current.ok).toBe(true);
    const { hasPassword: _stored, ...config } = current.value as Record<string, unknown>;
    const configure = (changes: Record<string, unknown>) =>
      ipc('room:configure')(fromWindow(), { ...config, ...changes });
    const before = electron.windows.length;
    // Nothing listens on port 9: the room is on (its links keep trying), which is all the windows need.
    const on = await configure({
      enabled: true,
      brokerUrl: 'mqtt://127.0.0.1:9',
      screens: [{ name: 'wall-left' }, { name: 'wall-right', display: 2 }],
    });
    expect(on.ok).toBe(true);
    // The first screen is the main window; the second gets a window of its own, at ?screen=, on display 2.
    await vi.waitFor(
      () => expect(electron.calls).toContain('loadURL:app://wall/index.html?screen=wall-right'),
      { timeout: 15_000 },
    );
    expect(electron.windows).toHaveLength(before + 1);
    const screenWindow = electron.windows.at(-1) as unknown as {
      options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
      destroy: ReturnType<typeof vi.fn>;
    };
    expect(screenWindow.options).toMatchObject({ x: 1920, y: 0, width: 1920, height: 1040 });
    // As locked down as every wall window: the same preferences and preload.
    expect(screenWindow.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(String(screenWindow.options.webPreferences.preload)).toMatch(/preload[\\/]index\.cjs$/);
    // The screen removed from the settings: its window is closed, no other opened.
    const fewer = await configure({
      enabled: true,
      brokerUrl: 'mqtt://127.0.0.1:9',
      screens: [{ name: 'wall-left' }],
    });
    expect(fewer.ok).toBe(true);
    await vi.waitFor(() => expect(screenWindow.destroy).toHaveBeenCalled(), { timeout: 15_000 });
    expect(electron.windows).toHaveLength(before + 1);
    expect((await configure({ enabled: false, brokerUrl: null, screens: [] })).ok).toBe(true);
  });
});
