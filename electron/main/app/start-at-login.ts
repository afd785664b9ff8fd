import { homedir } from 'node:os';
import type { App } from 'electron';
import type { Logger } from '../../core/logger';
import type { NoticeSink } from '../../core/ports';
import type { Settings } from '../../shared/settings';
import { planLoginItem, type LoginItemInput } from './login-item';
import { removeAutostartEntry, writeAutostartEntry } from './xdg-autostart';

export interface StartAtLoginDeps {
  app: Pick<App, 'setLoginItemSettings' | 'isPackaged' | 'getAppPath' | 'getName'>;
  log: Logger;
  notify: NoticeSink;
  /** `--user-data-dir`, when given: the login start opens the same data. */
  userDataDir?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  execPath?: string;
  home?: string;
}

/** The .desktop file's name: the package's, stable across versions. */
const DESKTOP_ID = 'control-room-wall';

/**
 * settings.kiosk.startAtLogin, made true for the OS: applied once at start (the setting is the truth:
 * an entry left by an earlier run is removed when it is off) and again whenever it changes. Returns
 * the function to call with each new settings.
 */
export function keepStartAtLogin(deps: StartAtLoginDeps): (settings: Settings) => Promise<void> {
  let applied: boolean | null = null;
  let queue = Promise.resolve();
  const env = deps.env ?? process.env;
  const base: Omit<LoginItemInput, 'openAtLogin'> = {
    platform: deps.platform ?? process.platform,
    execPath: deps.execPath ?? process.execPath,
    appImage: env.APPIMAGE,
    isPackaged: deps.app.isPackaged,
    appPath: deps.app.getAppPath(),
    userDataDir: deps.userDataDir,
    appName: deps.app.getName(),
    desktopId: DESKTOP_ID,
    xdgConfigHome: env.XDG_CONFIG_HOME,
    home: deps.home ?? homedir(),
  };

  const apply = async (openAtLogin: boolean): Promise<void> => {
    const plan = planLoginItem({ ...base, openAtLogin });
    try {
      switch (plan.kind) {
        case 'login-item':
          deps.app.setLoginItemSettings(plan.settings);
          deps.log.info(`start at login ${openAtLogin ? 'on' : 'off'} (login item)`);
          break;
        case 'xdg-autostart':
          deps.log.info(
            `start at login on: ${plan.file} ${await writeAutostartEntry(plan.file, plan.content)}`,
          );
          break;
        case 'xdg-autostart-remove':
          deps.log.info(`start at login off: ${plan.file} ${await removeAutostartEntry(plan.file)}`);
          break;
        case 'unsupported':
          if (openAtLogin) deps.log.warn(plan.reason);
          break;
      }
      applied = openAtLogin;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.error('start at login could not be set', { error: message });
      deps.notify({
        level: 'error',
        source: 'kiosk',
        message: `Starting at login could not be turned ${openAtLogin ? 'on' : 'off'}: ${message}`,
        code: openAtLogin ? 'notice.kiosk.startAtLoginOn' : 'notice.kiosk.startAtLoginOff',
        params: { technical: message },
      });
    }
  };

  return (settings) => {
    const wanted = settings.kiosk.startAtLogin;
    // One change at a time, in order; a setting already in force is not written again.
    queue = queue.then(() => (wanted === applied ? undefined : apply(wanted)));
    return queue;
  };
}
