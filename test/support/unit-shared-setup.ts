import i18next from 'i18next';
import { afterAll, vi } from 'vitest';

/**
 * Set-up of every file of the shared unit project (one module graph for many files, see
 * unit-isolation.ts): whatever a file switched on for itself ends with it, so the next file in the
 * same worker starts on real timers, the real globals and the real environment, and in English (a
 * file that words something in zh-CN leaves the one i18next instance in it).
 */
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});
