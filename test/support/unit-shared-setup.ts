import { afterAll, vi } from 'vitest';

/**
 * Set-up of every file of the shared unit project (one module graph for many files, see
 * unit-isolation.ts): whatever a file switched on for itself ends with it, so the next file in the
 * same worker starts on real timers, the real globals and the real environment.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
