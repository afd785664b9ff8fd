import path from 'node:path';

/**
 * Starting the app when the kiosk user logs in: what to do on each platform (pure; no Electron, no files).
 *
 * Windows and macOS have login items (`app.setLoginItemSettings`); Linux desktops start what is in the
 * XDG autostart folder (`$XDG_CONFIG_HOME/autostart`, by default `~/.config/autostart`), one .desktop
 * file an app. Either way the app starts as it runs now: the same executable (an AppImage's own file,
 * not the folder it is mounted on for this run), the same data folder when one was given, and, when it
 * runs unpackaged, the app's folder after the Electron binary.
 */
export interface LoginItemInput {
  platform: NodeJS.Platform;
  openAtLogin: boolean;
  /** process.execPath: the app's executable (or, unpackaged, the Electron binary). */
  execPath: string;
  /** $APPIMAGE: the AppImage file this run was started from (execPath is inside its temporary mount). */
  appImage?: string;
  isPackaged: boolean;
  /** app.getAppPath(): the folder the Electron binary is given when the app runs unpackaged. */
  appPath: string;
  /** `--user-data-dir` when it was given: the wall started at login opens the same data. */
  userDataDir?: string;
  /** The app's name, as the desktop shows it. */
  appName: string;
  /** The .desktop file's name without extension (a desktop-file id: letters, digits, '-', '_', '.'). */
  desktopId: string;
  /** $XDG_CONFIG_HOME and the home folder (Linux). */
  xdgConfigHome?: string;
  home: string;
}

export type LoginItemPlan =
  | {
      kind: 'login-item';
      /** What app.setLoginItemSettings takes; `path` and `args` only where Electron reads them (Windows). */
      settings: { openAtLogin: boolean; path?: string; args?: string[] };
    }
  | { kind: 'xdg-autostart'; file: string; content: string }
  | { kind: 'xdg-autostart-remove'; file: string }
  | { kind: 'unsupported'; reason: string };

/** The executable and arguments that start this app as it runs now. */
function launchCommand(input: LoginItemInput): { path: string; args: string[] } {
  const appImage = input.platform === 'linux' && input.appImage ? input.appImage : undefined;
  const exe = appImage ?? input.execPath;
  const args = input.isPackaged ? [] : [input.appPath];
  if (input.userDataDir) args.push(`--user-data-dir=${input.userDataDir}`);
  return { path: exe, args };
}

/** The autostart folder of the XDG Base Directory spec: a relative $XDG_CONFIG_HOME is ignored. */
export function xdgAutostartDir(xdgConfigHome: string | undefined, home: string): string {
  const base = xdgConfigHome && path.isAbsolute(xdgConfigHome) ? xdgConfigHome : path.join(home, '.config');
  return path.join(base, 'autostart');
}

export function planLoginItem(input: LoginItemInput): LoginItemPlan {
  const command = launchCommand(input);
  switch (input.platform) {
    case 'win32':
      // Windows keeps a Run key with the command line; it must match what getLoginItemSettings asks.
      return { kind: 'login-item', settings: { openAtLogin: input.openAtLogin, ...command } };
    case 'darwin':
      // macOS registers the app bundle itself (SMAppService on 13+): no path, no arguments.
      return { kind: 'login-item', settings: { openAtLogin: input.openAtLogin } };
    case 'linux': {
      const file = path.join(xdgAutostartDir(input.xdgConfigHome, input.home), `${input.desktopId}.desktop`);
      if (!input.openAtLogin) return { kind: 'xdg-autostart-remove', file };
      return { kind: 'xdg-autostart', file, content: desktopEntry(input.appName, command) };
    }
    default:
      return { kind: 'unsupported', reason: `starting at login is not supported on ${input.platform}` };
  }
}

/**
 * The autostart entry (Desktop Entry Specification 1.5): an application started with its arguments,
 * each quoted as the Exec key's rules ask.
 */
export function desktopEntry(appName: string, command: { path: string; args: string[] }): string {
  const name = escapeString(appName.replace(/[\r\n]+/g, ' '));
  const exec = [command.path, ...command.args].map(quoteExecArg).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${name}`,
    'Comment=Starts the video wall when this user logs in (the app writes this file; its Settings turn it off)',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * One Exec argument: in double quotes with `"`, `` ` ``, `$` and `\` escaped by a backslash, `%`
 * doubled (a field code otherwise); then the string escapes of every value, which double each
 * backslash again (so a literal backslash is written as four).
 */
export function quoteExecArg(arg: string): string {
  const quoted = `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`;
  return escapeString(quoted);
}

/** A Desktop Entry string value: backslash and the control characters it names escaped. */
function escapeString(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}
