import { parseArgs } from 'node:util';

export interface WebCliArgs {
  /** 0 picks a free port; undefined: DEFAULT_WEB_PORT, or a free one when that is taken. */
  port: number | undefined;
  provisionFile?: string;
  dataDir?: string;
  /** Serve this built renderer instead of out/renderer (and do not build). */
  rendererDir?: string;
  /** Open the default browser on the URL (off with --no-open). */
  open: boolean;
  /** Skip building the renderer even when it looks stale (--no-build). */
  build: boolean;
  help: boolean;
}

/**
 * The browser shell's usual port. A fixed port keeps the page's origin, and with it what the page
 * keeps in localStorage (template drafts), the same from one run to the next.
 */
export const DEFAULT_WEB_PORT = 47800;

/** Exit code when another browser shell is using the data folder: it is left untouched. */
export const EXIT_DATA_FOLDER_BUSY = 3;

/** Exit code when the data folder cannot be written (read-only file system, no permission): nothing is served. */
export const EXIT_DATA_FOLDER_UNWRITABLE = 4;

export const USAGE = `Usage: npm run web -- [options]

  --port N            port on 127.0.0.1 (default 47800, or a free one when taken; 0 picks a free one)
  --provision FILE    import a provisioning file first; a refused file stops the shell (exit 2)
  --data-dir DIR      where settings, layouts and encrypted secrets live
                      (default $XDG_CONFIG_HOME/control-room-wall/web or ~/.config/control-room-wall/web)
  --renderer-dir DIR  serve this built renderer as it is (default out/renderer, rebuilt when stale)
  --no-open           do not open a browser
  --no-build          serve out/renderer as it is, even if src/ is newer
  --help              show this text

One browser shell at a time per data folder. Secrets' key: the OS keyring where one answers, else an
owner-only key file in $XDG_STATE_HOME/control-room-wall/keys (~/.local/state/…), outside the data folder.

Prints one JSON line {"url": "http://127.0.0.1:PORT/?token=…"} on stdout; logs go to stderr.
Exit codes: 2 bad command line or refused provisioning file; 3 another browser shell is using the
data folder (nothing is changed); 4 the data folder cannot be written (read-only, no permission);
1 the shell cannot start otherwise.`;

/** Parse the browser shell's command line; throws an Error with a message for the user. */
export function parseWebCliArgs(argv: readonly string[]): WebCliArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      provision: { type: 'string' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'no-open': { type: 'boolean' },
      'no-build': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535)
      throw new Error(`--port needs a whole number from 0 to 65535 (got "${values.port}").`);
  }
  for (const flag of ['provision', 'data-dir', 'renderer-dir'] as const)
    if (values[flag] === '') throw new Error(`--${flag} needs a value.`);
  return {
    port,
    ...(values.provision !== undefined && { provisionFile: values.provision }),
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] }),
    ...(values['renderer-dir'] !== undefined && { rendererDir: values['renderer-dir'] }),
    open: values['no-open'] !== true,
    build: values['no-build'] !== true,
    help: values.help === true,
  };
}
