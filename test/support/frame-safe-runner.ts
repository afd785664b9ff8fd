import { TestRunner, type RunnerTask, type RunnerTestSuite } from 'vitest';
import { makeFrameSafe } from './frame-safe';

/**
 * vitest's own test runner for the unit files, with every error of a test, a describe block or a
 * file (their hooks' included) made readable for vitest's stack parser (see frame-safe.ts) just
 * before the runner sends the finished task to vitest's process: one line that began "at http…"
 * in a failure message made that process fail in place of the test and its file.
 */
export default class FrameSafeRunner extends TestRunner {
  override onAfterRunTask(test: RunnerTask): void {
    super.onAfterRunTask(test);
    for (const error of test.result?.errors ?? []) makeFrameSafe(error);
  }

  override async onAfterRunSuite(suite: RunnerTestSuite): Promise<void> {
    await super.onAfterRunSuite(suite);
    for (const error of suite.result?.errors ?? []) makeFrameSafe(error);
  }
}
