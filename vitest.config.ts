import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests (mock only `electron`), end-to-end tests that drive real Chromium
// against the demo platform and the browser shell over loopback, and the wall's e2e spec again (zlm).
//
// `vitest run` alone runs them one after the other (vitest runs projects with fileParallelism off
// after all the others). `npm test` (test/support/run-suite.ts) runs the unit files beside the e2e
// specs instead, in two processes, and cuts the e2e specs into shards either lane takes.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          environment: 'node',
          // The renderer is built once before any spec, never under a running one.
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Each e2e file runs a Chromium; two cores cannot carry several at once.
          fileParallelism: false,
        },
      },
      {
        // The wall's own e2e spec again, against the demo platform's ZLMediaKit habits (G.711 and AAC
        // audio beside the picture, a silent AAC track on video-only cameras, ZLM's WS-FLV writes).
        test: {
          name: 'e2e-zlm',
          include: ['test/e2e/wall.spec.ts'],
          environment: 'node',
          env: { DEMO_PLATFORM_ZLM: '1' },
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
