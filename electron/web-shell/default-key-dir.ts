import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the browser shell keeps key files when no OS keyring answers:
 * `$XDG_STATE_HOME/control-room-wall/keys`, else `~/.local/state/control-room-wall/keys`
 * (on Windows `%LOCALAPPDATA%\control-room-wall\keys`).
 *
 * Why there: never inside the data folder (`~/.config/control-room-wall/web`), so copying, backing up
 * or syncing the data folder, or the whole of ~/.config as dotfile setups do, carries no key. XDG
 * state is meant for what stays on this machine and is not worth carrying elsewhere, which is what
 * a machine's key is; LOCALAPPDATA is Windows' machine-local (not roaming) counterpart.
 */
export function defaultKeyDir(
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
  platform: NodeJS.Platform = process.platform,
): string {
  const absolute = (value: string | undefined) => (value && path.isAbsolute(value) ? value : undefined);
  const state =
    absolute(env.XDG_STATE_HOME) ??
    (platform === 'win32' ? absolute(env.LOCALAPPDATA) : undefined) ??
    path.join(home, '.local', 'state');
  return path.join(state, 'control-room-wall', 'keys');
}
