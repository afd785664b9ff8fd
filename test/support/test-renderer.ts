import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../electron/core/logger';
import { ensureRendererBuilt } from '../../electron/web-shell/renderer-build';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The renderer the e2e tests and benchmarks serve: a folder of their own (out/test-renderer), so a
 * developer's `npm run web` rebuilding out/renderer never pulls files away mid-test.
 */
const TEST_RENDERER_DIR = path.join(ROOT, 'out', 'test-renderer');

/**
 * Set by the e2e projects' global set-up (test/support/e2e-global-setup.ts) once it has built the
 * renderer: a worker then serves that build without checking it again.
 */
export const TEST_RENDERER_BUILT_ENV = 'WALL_TEST_RENDERER_BUILT';

let ready: Promise<string> | undefined;

/** Build out/test-renderer when it is missing or older than its sources; once per process. */
export function ensureTestRenderer(log: (line: string) => void = () => undefined): Promise<string> {
  const built = process.env[TEST_RENDERER_BUILT_ENV];
  if (built) return Promise.resolve(built);
  ready ??= ensureRendererBuilt({
    outDir: TEST_RENDERER_DIR,
    log: createLogger('build', { sink: log }),
  }).then(
    ({ outDir }) => outDir,
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}
