import { useCallback, useEffect, useState } from 'react';
import type { AppError, Result } from '../../../electron/shared/contract';
import type { Settings, SettingsPatch } from '../../../electron/shared/settings';
import { api } from '../../lib/bridge';

export interface SettingsHandle {
  settings: Settings | null;
  /** Why they could not be read. */
  error: AppError | null;
  save(patch: SettingsPatch): Promise<Result<Settings>>;
}

/** The core's settings, kept fresh by settings:changed (another window, provisioning, the wall). */
export function useSettings(): SettingsHandle {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let live = true;
    void api.settings.get().then((result) => {
      if (!live) return;
      if (result.ok) setSettings(result.value);
      else setError(result.error);
    });
    const off = api.on('settings:changed', ({ settings: next }) => setSettings(next));
    return () => {
      live = false;
      off();
    };
  }, []);

  const save = useCallback(async (patch: SettingsPatch) => {
    const result = await api.settings.set(patch);
    if (result.ok) setSettings(result.value);
    return result;
  }, []);

  return { settings, error, save };
}
