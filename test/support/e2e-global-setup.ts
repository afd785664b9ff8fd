import { ensureTestRenderer, TEST_RENDERER_BUILT_ENV } from './test-renderer';

/**
 * Vitest global set-up of the e2e projects: build out/test-renderer once, in the main process, before
 * any spec starts.
 *
 * Specs run side by side (two workers), and each would otherwise check the build and rebuild it when a
 * source looked newer, emptying the folder another spec's shell is serving from. The workers inherit
 * the variable set here and serve that build as it is for the whole run.
 */
export default async function setup(): Promise<void> {
  const dir = await ensureTestRenderer((line) => process.stderr.write(`${line}\n`));
  process.env[TEST_RENDERER_BUILT_ENV] = dir;
}
