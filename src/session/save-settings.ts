import type { Result } from '../../electron/shared/contract';
import type { Settings, SettingsPatch } from '../../electron/shared/settings';
import { api } from '../lib/bridge';
import { whenAnnounced } from './core-mirror';

/**
 * Save a settings patch: returns once the core's settings:changed has reached the mirror, so a
 * caller reading the settings afterwards sees what it saved. Nothing is merged from the answer.
 */
export function saveSettings(patch: SettingsPatch): Promise<Result<Settings>> {
  return whenAnnounced(['settings'], () => api.settings.set(patch));
}
