import { useCallback } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, Result } from '../../../electron/shared/contract';
import type { Settings, SettingsPatch } from '../../../electron/shared/settings';
import { useCoreMirror } from '../../session/core-mirror';
import { saveSettings } from '../../session/save-settings';

export interface SettingsHandle {
  settings: Settings | null;
  /** Why they could not be read. */
  error: AppError | null;
  save(patch: SettingsPatch): Promise<Result<Settings>>;
}

/** The core's settings from the mirror (kept by settings:changed: another window, provisioning, the wall). */
export function useSettings(): SettingsHandle {
  const { settings, error } = useCoreMirror(
    useShallow((s) => ({ settings: s.settings, error: s.errors.settings ?? null })),
  );
  const save = useCallback((patch: SettingsPatch) => saveSettings(patch), []);
  return { settings, error, save };
}
