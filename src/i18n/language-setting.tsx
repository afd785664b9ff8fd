import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../electron/shared/contract';
import type {
  LanguageSetting as LanguageChoice,
  Settings,
  SettingsPatch,
} from '../../electron/shared/settings';
import { SelectField } from '../components/select-field';
import { plainError } from '../lib/plain-error';
import { bestLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from './languages';
import { browserLanguages } from './start-i18n';

export interface LanguageSettingProps {
  settings: Settings;
  save(patch: SettingsPatch): Promise<{ ok: true } | { ok: false; error: AppError }>;
  /** Changes are refused now (a locked kiosk). */
  locked: boolean;
  /** The OS's languages where the shell knows them (app:info's systemLanguages); else the browser's. */
  systemLanguages?: readonly string[];
}

/**
 * The Settings choice of language: automatic (the operator's system language, named in brackets so
 * the operator sees what it means here) or one of the catalogs, each by its own name. It is saved at
 * once, and the app follows it at once (settings:changed), without a restart.
 */
export function LanguageSetting({ settings, save, locked, systemLanguages }: LanguageSettingProps) {
  const { t } = useTranslation('common');
  const [error, setError] = useState<string | undefined>();
  const automatic = bestLanguage(systemLanguages?.length ? systemLanguages : browserLanguages());
  const options = [
    { value: 'auto' as const, label: t('language.auto', { language: LANGUAGE_NAMES[automatic] }) },
    ...SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
  ];
  const choose = async (language: LanguageChoice) => {
    const result = await save({ language });
    setError(result.ok ? undefined : plainError(result.error).message);
  };
  return (
    <div data-testid="language-setting">
      <SelectField<LanguageChoice>
        label={t('language.label')}
        value={settings.language}
        options={options}
        onChange={(language) => void choose(language)}
        hint={t('language.hint')}
        error={error}
        disabled={locked}
      />
    </div>
  );
}
