import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which unit files must run isolated (a fresh module graph each) and which may share one worker's.
 *
 * Isolating every file cost more than the tests themselves: each file imported zod, the contract and
 * its sources again in a new process (about 110 s of CPU a run, most of the unit step on two cores).
 * A file shares only when nothing it loads keeps state another file could see. It stays isolated when:
 * - it mocks a module (`vi.mock`, `vi.doMock`), stubs a global, or resets the module registry: a mock
 *   stays in the shared registry for the files after it;
 * - it touches the process-wide redactor or a log sink itself;
 * - anything it imports (followed through relative imports) is one of STATEFUL: the renderer's stores
 *   and bridge (module singletons) and counters that number ids.
 * (The process-wide redactor, which a platform client fills, is emptied after each shared file by
 * test/support/unit-shared-setup.ts, so the core's files share.)
 * A new module with state of its own belongs in STATEFUL (or is reset in that set-up).
 */
const STATEFUL = [
  'src/lib/bridge.ts',
  'src/app/app-store.ts',
  'src/features/catalog/catalog-store.ts',
  'src/features/room/screen-mode.ts',
  'src/features/room/room-mirror.ts',
  'src/features/templates/template-form-store.ts',
  'src/features/templates/template-draft.ts',
  'src/features/wall/open-in-window.tsx',
  'src/features/wall/tour-store.ts',
  'src/features/wall/wall-history.ts',
  'src/features/wall/wall-store.ts',
  'src/features/wall/wall-focus-store.ts',
  'src/session/profiles-store.ts',
  'src/session/on-wall-keys.ts',
  'src/session/notices-store.ts',
  'src/session/core-mirror.ts',
  'src/session/operator-log.ts',
  'src/components/middle-ellipsis-fit.ts',
  'src/features/wall/shared-interval.ts',
];

/**
 * Unit files whose time is mostly waiting on real time, not computing: media paced at 25 fps, child
 * processes (the shells' and the demo's command lines), real MQTT brokers, timers a test cannot fake
 * because the thing under test runs in another process. Measured one by one (2026-11-27, vitest's own
 * start-up left out), each spent at most about half its time on a core, most under a tenth. Run one
 * after another they took about 140 s of the unit step with the core mostly idle; they run in their
 * own project, several at once, beside the rest. (A file that spawns tsx and waits little, such as
 * the demo's or the shell's storage command lines, computes: it stays with the rest.)
 * A file is listed by hand (a new one that waits on real time for seconds belongs here); a listed
 * file that no longer exists fails the config, so a rename cannot drop one silently.
 */
export const REAL_TIME = [
  'test/unit/demo-platform/media/faults.test.ts',
  'test/unit/demo-platform/media/formats.test.ts',
  'test/unit/demo-platform/media/live-behaviour.test.ts',
  'test/unit/demo-platform/media/webrtc.test.ts',
  'test/unit/demo-platform/media/zlm-habits.test.ts',
  'test/unit/core/device-name-lookup.test.ts',
  'test/unit/core/room/agent-desired.test.ts',
  'test/unit/core/room/hosted-broker.test.ts',
  'test/unit/core/room/link-hosted-broker.test.ts',
  'test/unit/core/room/link-mosquitto.test.ts',
  'test/unit/core/room/service-lifecycle.test.ts',
  'test/unit/core/room/service-two-pcs.test.ts',
  'test/unit/web-shell/cli.test.ts',
  'test/unit/web-shell/cli-watchdog.test.ts',
  'test/unit/web-shell/data-folder-cli.test.ts',
  'test/unit/web-shell/data-folder-trust.test.ts',
];

/** REAL_TIME, each checked to exist under `root`. */
export function realTimeUnitFiles(root: string): string[] {
  const missing = REAL_TIME.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length)
    throw new Error(
      `test/support/unit-isolation.ts REAL_TIME names files that do not exist: ${missing.join(', ')}`,
    );
  return [...REAL_TIME];
}

/** What in a test file's own text keeps it isolated. */
const OWN_TEXT = /\bvi\.(mock|doMock|stubGlobal|resetModules)\(|\bredactor\b|\battachLogSink\b/;

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g;

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile());
}

/** Test files of `unitDir` (relative to `root`) that must run isolated, as paths relative to `root`. */
export function isolatedUnitFiles(root: string, unitDir = 'test/unit'): string[] {
  const stateful = new Set(STATEFUL.map((file) => path.join(root, file)));
  const importsOf = new Map<string, string[]>();
  const importsOfFile = (file: string): string[] => {
    let found = importsOf.get(file);
    if (!found) {
      const text = readFileSync(file, 'utf8');
      found = [...text.matchAll(IMPORT)]
        .map((m) => resolveImport(file, m[1] ?? m[2] ?? m[3]))
        .filter((f): f is string => f !== undefined);
      importsOf.set(file, found);
    }
    return found;
  };
  const reachesState = (testFile: string): boolean => {
    const seen = new Set([testFile]);
    for (const stack = [testFile]; stack.length;)
      for (const next of importsOfFile(stack.pop()!)) {
        if (stateful.has(next)) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    return false;
  };
  return readdirSync(path.join(root, unitDir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(root, unitDir, name))
    .filter((file) => OWN_TEXT.test(readFileSync(file, 'utf8')) || reachesState(file))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}
