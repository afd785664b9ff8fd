import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { makeFrameSafe } from './test/support/frame-safe.js';
import { isolatedUnitFiles, realTimeUnitFiles } from './test/support/unit-isolation.js';

// Four projects: fast unit tests (mock only `electron`) in three (`unit` shares one module graph among
// the files that keep no state, `unit-isolated` gives each of the others its own, `unit-real-time`
// runs the files that mostly wait on real time several at once: see test/support/unit-isolation.ts;
// run all three with `--project 'unit*'`), and end-to-end tests that drive real Chromium against the
// demo platform and the browser shell over loopback (the live wall's own specs against the demo's
// ZLMediaKit habits, the others against its plain media).
//
// `vitest run` alone runs them one after the other (vitest runs projects with fileParallelism off
// after all the others). `npm test` (test/support/run-suite.ts) runs the unit files beside the e2e
// specs instead, in two processes, and two e2e files at a time (E2E_WORKERS).
/** Unit files that mock, stub or load a module with state: each runs in a fresh module graph. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Unit files that mostly wait on real time (paced media, child processes, brokers): several at once. */
const REAL_TIME = realTimeUnitFiles(ROOT);
const ISOLATED = isolatedUnitFiles(ROOT).filter((file) => !REAL_TIME.includes(file));
/** How many real-time unit files run at once: they wait far more than they compute. */
const REAL_TIME_WORKERS = 4;

/** vitest's runner, with errors made readable for its stack parser (see test/support/frame-safe.ts). */
const FRAME_SAFE_RUNNER = 'test/support/frame-safe-runner.ts';

/** How many e2e files run at once (each with its own Chromium): E2E_WORKERS, default 1. */
const e2eWorkers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 1);
const E2E_WORKERS = { fileParallelism: e2eWorkers > 1, maxWorkers: e2eWorkers };

/**
 * How long `expect.poll` waits when a test gives no timeout (vitest's default is 1 s: on a busy
 * machine a condition that holds a second later failed a test; a failing one still fails, later).
 */
const UNIT_POLL = { poll: { timeout: 5_000 } };
const E2E_POLL = { poll: { timeout: 10_000, interval: 100 } };

export default defineConfig({
  test: {
    // An error nobody handled, made readable for vitest's stack parser before it is printed (one
    // line that begins "at http…" made vitest's own process fail in its place; see frame-safe.ts).
    onUnhandledError: (error) => void makeFrameSafe(error),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...ISOLATED, ...REAL_TIME],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          expect: UNIT_POLL,
          // Imported once for all these files instead of once a file: about 100 s of CPU less a run.
          isolate: false,
          setupFiles: ['test/support/unit-shared-setup.ts'],
          runner: FRAME_SAFE_RUNNER,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED,
          environment: 'node',
          runner: FRAME_SAFE_RUNNER,
          testTimeout: 20_000,
          hookTimeout: 60_000,
          expect: UNIT_POLL,
        },
      },
      {
        test: {
          name: 'unit-real-time',
          include: REAL_TIME,
          environment: 'node',
          runner: FRAME_SAFE_RUNNER,
          // Child processes that compile the shell with tsx, brokers, paced media: slow on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: UNIT_POLL,
          maxWorkers: REAL_TIME_WORKERS,
          // Its own group (projects of one group share a worker count): after the other unit files
          // in one `vitest run`; `npm test` runs it in a process of its own beside them.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          environment: 'node',
          // A worker imports the harness (playwright-core, the core, the demo platform) once for all
          // its files, not once a file (about 2.4 s of CPU each): every file starts its own shell,
          // platform and Chromium, and the core's process-wide parts (the redactor, the log sinks)
          // are let go by each shell when it closes.
          isolate: false,
          // The renderer is built once before any spec, never under a running one.
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          expect: E2E_POLL,
          // Each e2e file runs a Chromium: one at a time, unless E2E_WORKERS says how many (npm test
          // runs two beside the type check, lint and unit files: most of an e2e spec is waiting on
          // media paced in real time, about half a core each).
          ...E2E_WORKERS,
        },
      },
    ],
  },
});
