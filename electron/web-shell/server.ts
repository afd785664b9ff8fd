import { access, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Credentials } from '../shared/domain';
import { createCore, type Core } from '../core/core';
import type { DemoLaunch } from '../core/ports';
import { FileStore } from './adapters/file-store';
import { startFileLogging } from '../core/log-file';
import { operatorLogDir } from '../core/operator-log';
import { createLogger, type Logger } from '../core/logger';
import { redactor } from '../core/redact';
import { folderLostNotice } from '../core/folder-write-gate';
import { EmbeddedDemo } from '../demo-platform/embedded-demo';
import { openDataFolder, type DataFolderOptions } from './data-folder';
import { EventStream } from './event-stream';
import { provisioningRefusedNotice, standingProvisioningPath } from '../core/provisioning-file';
import { importProvisioningFile } from './import-provisioning-file';
import { RequestGuard } from './request-guard';
import { createShellApp, malformedRequest } from './shell-app';
import { StaticFiles } from './static-files';

/** The built renderer, as vite.renderer.config.ts writes it. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

export interface WebShellOptions {
  /** 0 (default) picks a free port. The shell always listens on 127.0.0.1 only. */
  port?: number;
  /** Settings, layouts, profiles (secrets AES-256-GCM encrypted), the log; never the key. */
  dataDir: string;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  /** Imported (all or nothing) before anything is served; a refusal throws ProvisioningRefusedError. */
  provisionFile?: string;
  /** Allow demo:start (the embedded demo platform); default true. */
  demo?: boolean;
  /**
   * A demo platform already running (tests): demo:start connects to it instead of starting one.
   * It stays the caller's to close.
   */
  demoPlatform?: {
    baseUrl: string;
    credentials: { user: Omit<Extract<Credentials, { type: 'user' }>, 'type'> };
  };
  /** Scoped logger; default `[web-shell]` on stderr. */
  logger?: Logger;
  /** Between SSE heartbeat comments; default 15 s. */
  heartbeatMs?: number;
  /** Where the data key is kept (tests: no OS keyring, key files in a temp folder). */
  secrets?: Pick<DataFolderOptions, 'keyring' | 'keyDir'>;
  /** Write `<data>/logs/wall.log`; default true. */
  fileLog?: boolean;
  /** The standing provisioning file: its per-OS path by default, another path, or false for none. */
  standingProvisioning?: string | false;
  /** The wait after the free wrong PINs (CorePorts.pinFirstWaitMs); 30 s by default. */
  pinFirstWaitMs?: number;
}

export interface WebShell {
  /** `http://127.0.0.1:PORT/?token=…`: the one link that signs a browser in. */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** This run's token, for `Authorization: Bearer` from scripts and tests. */
  token: string;
  /** The core behind the API (tests, in-process callers). */
  core: Core;
  close(): Promise<void>;
}

/**
 * Start the browser shell: the built renderer and the Api over HTTP on 127.0.0.1 (what it answers:
 * shell-app.ts). Resolves once the server accepts connections.
 */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const log = options.logger ?? createLogger('web-shell');
  const rendererDir = path.resolve(options.rendererDir ?? DEFAULT_RENDERER_DIR);
  await access(path.join(rendererDir, 'index.html')).catch(() => {
    throw new Error(
      `No built renderer in ${rendererDir} (index.html is missing): run \`npm run build:renderer\`.`,
    );
  });

  const dataDir = path.resolve(options.dataDir);
  // The lock first (a second shell on this folder stops here, changing nothing), then the key.
  const folder = await openDataFolder(dataDir, { log, ...options.secrets });
  const { cipher } = folder;
  // One log file per data folder, written by the shell that holds its lock.
  const fileLog = options.fileLog === false ? undefined : startFileLogging(dataDir);
  const releaseFolder = async () => {
    await fileLog?.close();
    await folder.release();
  };

  const embedded =
    options.demo !== false && !options.demoPlatform ? new EmbeddedDemo(log.child('demo')) : undefined;
  const startDemo = demoStarter(options, embedded);
  const pkg = await readPackage();
  const core = await createCore({
    cipher,
    store: new FileStore(dataDir),
    ...(startDemo && { startDemo }),
    ...(fileLog && { logTail: () => fileLog.tail() }),
    operatorLogDir: operatorLogDir(dataDir),
    ...(options.pinFirstWaitMs !== undefined && { pinFirstWaitMs: options.pinFirstWaitMs }),
    logger: log.child('core'),
    app: { shell: 'web', name: pkg.productName, version: pkg.version, platform: process.platform },
  }).catch(async (error: unknown) => {
    await releaseFolder();
    throw error;
  });

  if (options.provisionFile) {
    const { summary, file } = await importProvisioningFile(core, options.provisionFile).catch(
      async (error: unknown) => {
        await embedded?.close();
        await fileLog?.close();
        // Puts back what this start made: the folder if it created it, the key and the lock.
        await folder.discard();
        throw error;
      },
    );
    log.info(
      `provisioned from ${options.provisionFile}: ${summary.profiles.length} profile(s), ${summary.layouts.length} layout(s); file ${file}`,
    );
  }
  if (options.standingProvisioning !== false) {
    const standing =
      typeof options.standingProvisioning === 'string' ? options.standingProvisioning : undefined;
    await core.applyStandingProvisioning(standing).then(
      (result) => result && log.info(`applied the standing provisioning file; file ${result.file}`),
      (error: unknown) =>
        core.notify(provisioningRefusedNotice(standing ?? standingProvisioningPath(), error, true)),
    );
  }

  const guard = new RequestGuard();
  // The token is a credential: no log line may ever show it.
  redactor.register('web-shell:token', guard.token);
  // A shell paused past the lock's stale time may find its folder taken: it stops saving, and says so.
  folder.onLost((lost) => core.notify(folderLostNotice(lost)));
  const files = new StaticFiles(rendererDir);
  const stream = new EventStream(log.child('events'), options.heartbeatMs);
  const unsubscribe = core.onAny((event, payload) => stream.publish(event, payload));

  const app = createShellApp({ guard, files, events: stream, core, log });
  // The adapter keeps its own Request and Response out of this process's globals.
  const listener = getRequestListener(app.fetch, {
    overrideGlobalObjects: false,
    errorHandler: malformedRequest,
  });
  const server = createServer(listener);
  await once(server.listen(options.port ?? 0, '127.0.0.1'), 'listening').catch(async (error: unknown) => {
    unsubscribe();
    stream.close();
    await embedded?.close();
    // The CLI retries on a free port after EADDRINUSE: that retry must find the folder free.
    await releaseFolder();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  guard.listeningOn(port);
  const origin = `http://127.0.0.1:${port}`;
  log.info(`serving ${rendererDir} on ${origin}; data in ${dataDir} (${await cipher.describe()})`);

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${guard.token}`,
    origin,
    port,
    token: guard.token,
    core,
    close() {
      closing ??= (async () => {
        unsubscribe();
        stream.close();
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        await closed;
        // The room's screens say goodbye (offline presence) and the hosted broker stops.
        await core.close();
        await embedded?.close();
        await releaseFolder();
      })();
      return closing;
    },
  };
}

function demoStarter(
  options: WebShellOptions,
  embedded: EmbeddedDemo | undefined,
): (() => Promise<DemoLaunch>) | undefined {
  if (options.demo === false) return undefined;
  const given = options.demoPlatform;
  if (given)
    return async () => ({ baseUrl: given.baseUrl, credentials: { type: 'user', ...given.credentials.user } });
  return embedded && (() => embedded.start());
}

async function readPackage(): Promise<{ productName?: string; version?: string }> {
  try {
    const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
    const { productName, version } = JSON.parse(text) as { productName?: string; version?: string };
    return { productName, version };
  } catch {
    return {};
  }
}
