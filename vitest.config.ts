import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (mock only `electron`), and end-to-end tests that drive
// real Chromium against the demo platform and the browser shell over loopback.
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
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
