import { format } from 'node:util';
import { createLogger } from '../core/logger';
import { startWatchdog, watchdogSetup } from '../core/systemd-watchdog';
import {
  DEFAULT_WEB_PORT,
  EXIT_DATA_FOLDER_BUSY,
  EXIT_DATA_FOLDER_UNWRITABLE,
  parseWebCliArgs,
  USAGE,
  type WebCliArgs,
} from './cli-args';
import { DataFolderUnwritableError } from './data-folder';
import { DataFolderBusyError } from './data-folder-lock';
import { defaultDataDir } from './default-data-dir';
import { openInBrowser } from './open-browser';
import { ProvisioningRefusedError } from './provisioning-refused';
import { ensureRendererBuilt } from './renderer-build';
import { startWebShell } from './server';

/**
 * `npm run web -- [--port N] [--provision FILE] [--data-dir DIR] [--renderer-dir DIR] [--no-open] [--no-build]`
 *
 * The first stdout line is `{"url": "http://127.0.0.1:PORT/?token=…"}` and stdout carries nothing
 * else, so a script can read it; every log line goes to stderr. Exit codes: 2 for a bad command line
 * or a refused provisioning file (nothing served), 3 when another browser shell is using the data
 * folder (its files untouched), 4 when the data folder cannot be written (read-only file system, no
 * permission), 1 when the shell cannot start otherwise.
 */
async function main(): Promise<void> {
  reserveStdout();
  const log = createLogger('web-shell');
  let args: WebCliArgs;
  try {
    args = parseWebCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }

  if (args.build && !args.rendererDir) await ensureRendererBuilt({ log: log.child('build') });
  const dataDir = args.dataDir ?? defaultDataDir();
  let shell;
  try {
    const start = (port: number) =>
      startWebShell({
        port,
        dataDir,
        rendererDir: args.rendererDir,
        provisionFile: args.provisionFile,
        logger: log,
      });
    shell = await start(args.port ?? DEFAULT_WEB_PORT).catch((error: NodeJS.ErrnoException) => {
      if (args.port !== undefined || error.code !== 'EADDRINUSE') throw error;
      log.warn(
        `port ${DEFAULT_WEB_PORT} is taken: using a free port (drafts kept by the page start afresh there)`,
      );
      return start(0);
    });
  } catch (error) {
    if (error instanceof ProvisioningRefusedError) {
      process.stderr.write(`${error.describe()}\n`);
      process.exit(2);
    }
    if (error instanceof DataFolderBusyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_DATA_FOLDER_BUSY);
    }
    if (error instanceof DataFolderUnwritableError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_DATA_FOLDER_UNWRITABLE);
    }
    throw error;
  }
  // The signals are handled before the ready line goes out: a supervisor may stop the shell the
  // moment it reads it, and a SIGTERM before the handler ends the process uncleanly (exit 143).
  let removeOpener: () => Promise<void> = async () => undefined;
  let dog: ReturnType<typeof startWatchdog> | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing`);
    dog?.stop();
    Promise.all([shell.close(), removeOpener()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  process.stdout.write(`${JSON.stringify({ url: shell.url })}\n`);
  if (args.open && !stopping) {
    const remove = await openInBrowser(shell.url, dataDir, log);
    // Stopped while the browser was opening: close it too.
    if (stopping) void remove().catch(() => undefined);
    else removeOpener = remove;
  }

  // Run as a systemd service with WatchdogSec=: ping while this process's event loop runs (the pages
  // are the browser's, which the shell does not own; a hung shell stops pinging and is restarted).
  const watchdog = watchdogSetup(process.env, process.pid);
  if (watchdog.on && !stopping) {
    dog = startWatchdog({ config: watchdog.config, log: log.child('watchdog') });
    void dog.ready('serving the wall').catch(() => undefined);
  }
}

/**
 * stdout is the machine-readable channel: one JSON line. Anything a library prints with
 * console.log/info (the live media announces itself so) goes to stderr instead.
 */
function reserveStdout(): void {
  const toStderr = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[web-shell] could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
