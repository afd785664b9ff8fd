import { homedir } from 'node:os';
import path from 'node:path';

/** `$XDG_CONFIG_HOME/control-room-wall/web`, else `~/.config/control-room-wall/web`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const config =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(home, '.config');
  return path.join(config, 'control-room-wall', 'web');
}
