import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageSetting } from '../../electron/shared/settings';
import { FALLBACK_LANGUAGE, resolveLanguage, SUPPORTED_LANGUAGES, type Language } from './languages';
import { NAMESPACES, resources } from './resources';

/** The browser's preferred languages (none where there is no navigator: unit tests in Node). */
export function browserLanguages(): readonly string[] {
  return globalThis.navigator?.languages ?? [];
}

/** `<html lang dir>`: screen readers, fonts (CJK glyph choice) and a right-to-left layout follow it. */
function applyToDocument(language: Language): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = language;
  root.dir = i18next.dir(language);
}

/**
 * Start the app's words in a language: the composition root calls it once, before the first render
 * (the catalogs are bundled, so it is ready at once); a later call switches the language, which
 * every component using `useTranslation` follows without a restart.
 */
export function startI18n(
  setting: LanguageSetting = 'auto',
  preferred: readonly string[] = browserLanguages(),
): i18n {
  const language = resolveLanguage(setting, preferred);
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      ns: NAMESPACES,
      defaultNS: 'common',
      // Bundled catalogs: initialised synchronously, so the first render has its words.
      initAsync: false,
      // React escapes what it renders; escaping here too would show "&amp;".
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  applyToDocument(language);
  return i18next;
}

/** The language the app speaks now. */
export function currentLanguage(): Language {
  const now = i18next.resolvedLanguage ?? i18next.language;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(now) ? (now as Language) : FALLBACK_LANGUAGE;
}
