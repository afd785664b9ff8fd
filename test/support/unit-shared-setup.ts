import i18next from 'i18next';
import { afterAll, vi } from 'vitest';
import { redactor } from '../../electron/core/redact';

/**
 * Set-up of every file of the shared unit project (one module graph for many files, see
 * unit-isolation.ts): whatever a file switched on for itself ends with it, so the next file in the
 * same worker starts on real timers, the real globals and the real environment, in English (a
 * file that words something in zh-CN leaves the one i18next instance in it), and with a redactor that
 * knows none of its secrets (a platform client built outside a core adds its secrets for good, and
 * only the first 32: filled by earlier files, a later file's would no longer be hidden).
 */
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  redactor.reset();
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});
