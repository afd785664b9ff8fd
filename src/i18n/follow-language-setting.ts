import type { LanguageSetting } from '../../electron/shared/settings';
import { useCoreMirror } from '../session/core-mirror';
import { browserLanguages, startI18n } from './start-i18n';

/**
 * Keep the app's language on `settings.language` as the mirror brings it (settings:changed: this
 * window's Settings, another window, a provisioning file). 'auto' follows the OS's languages when the
 * shell can ask the OS (app:info's systemLanguages, the desktop app), else the browser's, and follows
 * the browser when its languages change. Returns the unsubscribe.
 */
export function followLanguageSetting(): () => void {
  let setting: LanguageSetting = 'auto';
  let system: readonly string[] | undefined;
  const apply = () => startI18n(setting, system?.length ? system : browserLanguages());
  const take = () => {
    const { settings, appInfo } = useCoreMirror.getState();
    const next = settings?.language ?? 'auto';
    const nextSystem = appInfo?.systemLanguages;
    if (next === setting && nextSystem === system) return;
    setting = next;
    system = nextSystem;
    apply();
  };
  take();
  const stopMirror = useCoreMirror.subscribe(take);
  const onBrowserChange = () => setting === 'auto' && apply();
  globalThis.addEventListener?.('languagechange', onBrowserChange);
  return () => {
    stopMirror();
    globalThis.removeEventListener?.('languagechange', onBrowserChange);
  };
}
