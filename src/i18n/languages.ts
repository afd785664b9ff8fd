import type { LanguageSetting } from '../../electron/shared/settings';

/** The languages the app ships catalogs for; the first is the fallback of every missing key. */
export const SUPPORTED_LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * Each language by its own name (an endonym is what an operator who cannot read the current language
 * looks for), so these are data, not catalog entries.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
};

/**
 * The best supported language for the operator's preferred ones (BCP 47 tags, most preferred first):
 * an exact match, then the same language in another region or script ("zh-Hans-SG", "zh" -> zh-CN;
 * "en-GB" -> en); else English.
 */
export function bestLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const exact = SUPPORTED_LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0]?.toLowerCase();
    // Traditional Chinese (zh-TW, zh-HK, zh-Hant) is not read as Simplified: it falls through.
    if (base === 'zh' && /-(hant|tw|hk|mo)\b/i.test(tag)) continue;
    const same = SUPPORTED_LANGUAGES.find((l) => l.split('-')[0] === base);
    if (same) return same;
  }
  return FALLBACK_LANGUAGE;
}

/** The language a setting means: 'auto' follows the operator's preferred languages. */
export function resolveLanguage(setting: LanguageSetting, preferred: readonly string[]): Language {
  return setting === 'auto' ? bestLanguage(preferred) : setting;
}
