import { totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, powerSaveBlocker, safeStorage, screen, session } from 'electron';
import { EmbeddedDemo } from '../demo-platform/embedded-demo';
import { ElectronStoreAdapter } from './adapters/electron-store-adapter';
import { SafeStorageCipher } from './adapters/safe-storage-cipher';
import { PicturesFolder } from './adapters/pictures-folder';
import { parseLaunchArgs } from './app/launch-args';
import { registerAppScheme, serveAppProtocol } from './app/protocol';
import { rendererOrigin } from './app/renderer-origin';
import { keepDisplayAwake } from './app/display-awake';
import { KioskMode, type KioskState } from './app/kiosk-mode';
import { keepSecretUrlsOutOfCache } from './app/media-cache-guard';
import { showSafeScreen } from './app/safe-screen-window';
import { StartGuard } from './app/start-guard';
import { guardRendererMemory, memoryLimitMiB, pageMemoryKiB } from './app/memory-guard';
import { keepRendererAlive } from './app/renderer-recovery';
import { guardSession } from './app/session-guard';
import { guardWebContents } from './app/web-contents-guard';
import { createWallWindow } from './app/window';
import { PageHeartbeat } from './app/page-heartbeat';
import { keepStartAtLogin } from './app/start-at-login';
import { ViewWindows, windowName, type WindowSpec } from './app/view-windows';
import { RoomScreenWindows, screenWindowName } from './app/room-screen-windows';
import { WindowRecords } from './app/window-records';
import { forwardEvents } from './ipc/forward-events';
import { registerAll, removeLibraryListeners } from './ipc/handle';
import { TrustedSenders } from './ipc/trusted-senders';
import { createCore, type Core } from '../core/core';
import { provisioningRefusedNotice, standingProvisioningPath } from '../core/provisioning-file';
import { startFileLogging } from '../core/log-file';
import { operatorLogDir } from '../core/operator-log';
import { cleanDataFolderLeftovers } from '../core/orphan-temp-files';
import { createLogger } from '../core/logger';
import { startWatchdog, watchdogSetup } from '../core/systemd-watchdog';

const log = createLogger('main');

/**
 * The Electron shell's composition root: wires adapters, core, IPC and the window, in order.
 *
 * Importing this file registers nothing; `main()` does all the wiring (Electron runs it, see the
 * bottom of the file). Everything here is glue: the behaviour lives in services/ (the core) and in the
 * small app/ and ipc/ modules, which are unit tested with `electron` mocked.
 */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  const args = parseLaunchArgs(argv);
  // Before anything reads userData: the single-instance lock and the stores live there.
  if (args.userDataDir) app.setPath('userData', args.userDataDir);

  // Both must happen before 'ready' (Electron's rule).
  app.enableSandbox();
  registerAppScheme();

  if (!app.requestSingleInstanceLock()) {
    log.info('another instance is running: handing over to it');
    app.quit();
    return;
  }

  // One process writes and rotates the log: after the single-instance lock, before anything to say.
  const fileLog = startFileLogging(app.getPath('userData'));
  app.on('will-quit', () => fileLog.flushSync());
  process.once('exit', () => fileLog.flushSync());

  // The single-instance lock is held: no other shell of ours writes here, so a temp file in the data
  // folder is what a kill left between a write and its rename (as the browser shell cleans its own).
  await cleanDataFolderLeftovers(app.getPath('userData'), log);

  // Before 'ready': a crash loop at start-up shows the safe screen; GPU trouble turns acceleration off.
  const guard = new StartGuard({ app, dataDir: app.getPath('userData'), log });
  if (guard.decision.kind === 'safe-screen') {
    const { starts, lastFailure } = guard.decision;
    log.error(`the app failed ${starts} times in a row at start-up: showing the safe screen`, {
      lastFailure,
    });
    await showSafeScreen({ starts, lastFailure, logFile: fileLog.file, appName: app.getName() });
    // The safe screen is where the app means to stay: systemd's watchdog must not restart it in a loop.
    const watchdog = watchdogSetup(process.env, process.pid);
    if (watchdog.on) startWatchdog({ config: watchdog.config, log: createLogger('watchdog') });
    return;
  }

  const origin = rendererOrigin(app.isPackaged, process.env.ELECTRON_RENDERER_URL);
  // Every webContents (windows, devtools, anything Chromium spawns) gets the navigation guard.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, origin.isTrustedUrl));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  await app.whenReady();

  serveAppProtocol(fileURLToPath(new URL('../renderer', import.meta.url)));
  guardSession(session.defaultSession, origin.isTrustedUrl);
  keepSecretUrlsOutOfCache(session.defaultSession);

  const demo = new EmbeddedDemo(createLogger('demo-platform'));
  app.on('will-quit', () => void demo.close());

  const store = new ElectronStoreAdapter(app.getPath('userData'));
  // The wall's windows: the main one and a window a view, each restored where it was (view-windows.ts).
  // Set once the core exists (the windows need it); the core's windows:open reaches them through this.
  // eslint-disable-next-line prefer-const
  let windows: ViewWindows<BrowserWindow> | undefined;
  // The room's screens beyond the first (the main window): set once the main window is open.
  // eslint-disable-next-line prefer-const
  let screenWindows: RoomScreenWindows<BrowserWindow> | undefined;
  const wallWindows = {
    displays: async () => windows?.displays() ?? [],
    open: async (input: { layoutId: string; displayId?: number }) => {
      if (!windows) throw new Error('the windows are not ready yet');
      return windows.open(input);
    },
  };
  const core = await createCore({
    cipher: new SafeStorageCipher(safeStorage),
    store,
    windows: wallWindows,
    startDemo: () => demo.start(),
    logTail: () => fileLog.tail(),
    operatorLogDir: operatorLogDir(app.getPath('userData')),
    snapshots: new PicturesFolder(),
    app: {
      shell: 'electron',
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      // Asked at each app:info, so a window loaded later follows the OS's languages as they are then.
      systemLanguages: () => app.getPreferredSystemLanguages(),
    },
  });

  guard.watch(core.notify);

  const trusted = new TrustedSenders(origin.isTrustedUrl);
  removeLibraryListeners();
  registerAll(core, trusted);
  forwardEvents(core, trusted);

  // Provisioning is applied before the window loads, so the first screen already shows its result.
  await provision(core, args.provisionFile);

  // The settings now (one read): the kiosk state the windows open with, kept current for windows
  // opened later, and start at login (settings.kiosk.startAtLogin), set now and at every change.
  const settingsNow = await core.call('settings:get', undefined);
  let kiosk: KioskState = settingsNow.ok ? settingsNow.value.kiosk : { enabled: false, locked: false };
  const startAtLogin = keepStartAtLogin({
    app,
    log: createLogger('login'),
    notify: core.notify,
    userDataDir: args.userDataDir,
  });
  if (settingsNow.ok) void startAtLogin(settingsNow.value);
  core.on('settings:changed', ({ settings }) => {
    kiosk = settings.kiosk;
    void startAtLogin(settings);
  });

  // Whether each wall page still answers: the systemd watchdog pings only while they all do.
  const heartbeat = new PageHeartbeat();
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
    screenWindows?.quit();
    void windows?.quit();
  });
  // Once quitting is decided: the room's screens say goodbye (offline presence), the hosted broker stops.
  let coreClosed = false;
  app.on('will-quit', (event) => {
    if (coreClosed) return;
    coreClosed = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });

  // `screen`: a window of the room's screen of that name (room-screen-windows.ts), not a view's.
  const openWindow = (spec: WindowSpec & { screen?: string }): BrowserWindow => {
    const window = createWallWindow({
      preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      isTrustedUrl: origin.isTrustedUrl,
      title: app.getName(),
      window: {
        ...spec.bounds,
        // A kiosk starts fullscreen (on the display it is placed on), straight into its wall.
        kiosk: kiosk.enabled,
        fullscreen: spec.fullscreen || undefined,
      },
    });
    trusted.add(window.webContents);
    const kioskMode = new KioskMode(window, {
      onRefusedClose: () =>
        core.notify({
          level: 'info',
          source: 'kiosk',
          message: 'This wall is locked: closing it needs the admin PIN.',
          code: 'notice.kiosk.closeLocked',
        }),
    });
    kioskMode.apply(kiosk);
    const stops = [
      core.on('settings:changed', ({ settings }) => kioskMode.apply(settings.kiosk)),
      core.on('kiosk:changed', (status) => kioskMode.setUnlockedUntil(status.unlockedUntil)),
    ];
    const allowQuit = () => kioskMode.allowQuit();
    app.on('before-quit', allowQuit);
    stops.push(() => app.off('before-quit', allowQuit));
    window.once('closed', () => stops.forEach((stop) => stop()));
    // Closing the main window ends the app (its view windows with it), as closing the wall did before.
    if (spec.layoutId === null && spec.screen === undefined)
      window.once('closed', () => {
        const main = windows?.main();
        if (!quitting && process.platform !== 'darwin' && (!main || main === window)) app.quit();
      });
    heartbeat.watch(window, spec.screen ? screenWindowName(spec.screen) : windowName(spec.layoutId));
    const log = createLogger('wall-window');
    const recovery = keepRendererAlive(window, {
      log,
      notify: core.notify,
      escalate: {
        // A window left in a state a reload does not clear: a new one in its place, the old one closed.
        recreateWindow: () =>
          spec.screen !== undefined ? screenWindows?.recreate(window) : windows?.recreate(window),
        // The GPU or network process may be what is broken: a new app, from the start.
        relaunchApp: () => {
          guard.record("the wall's page kept dying");
          app.relaunch();
          app.exit(0);
        },
      },
    });
    guard.healthyAfterLoad(window);
    const stopGuard = guardRendererMemory({
      log,
      readKiB: () => pageMemoryKiB(window, () => app.getAppMetrics()),
      restart: recovery.restart,
      limitMiB: memoryLimitMiB(totalmem()),
    });
    window.once('closed', stopGuard);
    keepDisplayAwake(window, powerSaveBlocker);
    void window.loadURL(viewUrl(origin.startUrl, spec.layoutId, spec.screen));
    return window;
  };

  windows = new ViewWindows({
    screen,
    records: new WindowRecords(store, createLogger('windows')),
    create: openWindow,
    hasLayout: async (id) => {
      const layouts = await core.call('layouts:list', undefined);
      return !layouts.ok || layouts.value.some((l) => l.id === id);
    },
    log: createLogger('windows'),
  });
  await windows.restore();

  // The room's screens: the main window is the first, each further one a window on its display,
  // kept in line with the room's settings (room:changed) and the displays (room-screen-windows.ts).
  const viewWindows = windows;
  screenWindows = new RoomScreenWindows<BrowserWindow>({
    screen,
    displays: () => viewWindows.displays(),
    room: async () => {
      const room = await core.call('room:config', undefined);
      return room.ok ? room.value : null;
    },
    kiosk: () => kiosk.enabled,
    main: () => viewWindows.main(),
    create: ({ screen: name, bounds, fullscreen }) =>
      openWindow({ layoutId: null, screen: name, bounds, fullscreen }),
    notify: core.notify,
    log: createLogger('screens'),
  });
  screenWindows.follow((listener) => core.on('room:changed', listener));
  await screenWindows.sync();

  // Under systemd with WatchdogSec=: ping while the main loop runs and every wall page answers.
  const watchdog = watchdogSetup(process.env, process.pid);
  if (watchdog.on)
    startWatchdog({
      config: watchdog.config,
      log: createLogger('watchdog'),
      pages: () => heartbeat.health(),
      beforeTick: () => heartbeat.probe(),
    })
      .ready()
      .catch(() => undefined);
  else if (process.env.NOTIFY_SOCKET) log.info(`no systemd watchdog: ${watchdog.reason}`);

  const focusMain = async () => {
    const main = await windows?.ensureMain();
    if (!main) return;
    if (main.isMinimized()) main.restore();
    main.focus();
  };
  app.on('second-instance', () => void focusMain());
  // macOS keeps the app alive without windows; clicking the dock icon brings the wall back.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void focusMain();
  });
}

/**
 * The renderer's address for a window: the main window's as it is; a view's names it (`?view=`), a
 * room screen's names the screen (`?screen=`).
 */
export function viewUrl(startUrl: string, layoutId: string | null, screen?: string): string {
  if (layoutId === null && screen === undefined) return startUrl;
  const url = new URL(startUrl);
  if (layoutId !== null) url.searchParams.set('view', layoutId);
  if (screen !== undefined) url.searchParams.set('screen', screen);
  return url.toString();
}

/**
 * `--provision FILE`, then the standing file at its per-OS path: each all or nothing, its secrets then
 * stripped from the file. A refused file is reported as a notice, and the app still opens.
 */
async function provision(core: Core, file: string | undefined): Promise<void> {
  const report = (what: string, error: unknown) => core.notify(provisioningRefusedNotice(what, error));
  if (file)
    await core.applyProvisioningFile(file).then(
      ({ summary, file: after }) =>
        log.info(
          `provisioned from ${file}: ${summary.profiles.length} profile(s), ${summary.layouts.length} layout(s); file ${after}`,
        ),
      (error: unknown) => report(file, error),
    );
  const standing = standingProvisioningPath();
  await core.applyStandingProvisioning(standing).then(
    (result) => result && log.info(`applied the standing provisioning file ${standing}; file ${result.file}`),
    (error: unknown) => report(standing, error),
  );
}

// Electron's main process runs this file as its entry (process.type 'browser'); anywhere else (a unit
// test importing it) it only defines main().
if (process.type === 'browser') {
  main().catch((error: unknown) => {
    log.error('the app failed to start', { error });
    app.exit(1);
  });
}
