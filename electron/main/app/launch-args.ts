import path from 'node:path';

/** What the command line asks of the app (`electron . --provision wall.json`). */
export interface LaunchArgs {
  /** A provisioning file to import before the window loads. */
  provisionFile?: string;
  /** Where the app keeps its data instead of the OS default (tests, several walls on one machine). */
  userDataDir?: string;
}

const OPTIONS = { '--provision': 'provisionFile', '--user-data-dir': 'userDataDir' } as const;

/**
 * Read the app's own options from argv, as `--name value` or `--name=value`; paths are made absolute
 * against `cwd`. Anything else (Chromium switches, the app path) is left to Electron.
 */
export function parseLaunchArgs(argv: readonly string[], cwd: string = process.cwd()): LaunchArgs {
  const result: LaunchArgs = {};
  for (let i = 0; i < argv.length; i++) {
    for (const [name, field] of Object.entries(OPTIONS) as [keyof typeof OPTIONS, keyof LaunchArgs][]) {
      let value: string | undefined;
      if (argv[i] === name && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
      else if (argv[i].startsWith(`${name}=`)) value = argv[i].slice(name.length + 1);
      if (value) result[field] = path.resolve(cwd, value);
    }
  }
  return result;
}
