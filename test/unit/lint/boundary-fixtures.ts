import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The lint fixtures of the import boundaries
 *
 * Each fixture is one import in a file that pretends to live at `file` (linted with ESLint's lintText, so no
 * fixture sits in the source tree). A target given as a folder stands for some module inside it, found when the
 * test runs, so the fixtures outlive files moving inside a folder.
 */

export const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');

/** How the fixture spells its import: every form must be caught, not only `import x from`. */
type ImportForm = 'export-all' | 'side-effect' | 'type-only' | 'dynamic';

export type Fixture = {
  /** Where the linted file pretends to live, from the repository root. */
  file: string;
  form?: ImportForm;
  /** Extra source after the import (IPC fixtures). */
  body?: string;
} & (
  | {
      /** A file or folder of the repository (from the root) that `file` imports by relative path. */
      imports: string;
    }
  | {
      /** A package that `file` imports by name (`electron/main` here is Electron's, not the folder). */
      package: string;
    }
);

export type BadFixture = Fixture & {
  /** The rule that must report the fixture, and no other. */
  rule:
    | 'import-x/no-restricted-paths'
    | 'import-x/no-unresolved'
    | 'no-restricted-imports'
    | 'no-restricted-syntax';
};

/** Folders of src/features: each is a feature. */
const features = readdirSync(path.join(repoRoot, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const paths = 'import-x/no-restricted-paths' as const;
const packages = 'no-restricted-imports' as const;

/** What lint must reject: one fixture per "never" of ARCHITECTURE.md (several where a zone has several). */
export const bad: BadFixture[] = [
  // electron/shared: nothing outside electron/shared; no electron, node or react.
  { rule: paths, file: 'electron/shared/x.ts', imports: 'electron/core' },
  { rule: paths, file: 'electron/shared/domain/x.ts', imports: 'electron/main', form: 'type-only' },
  { rule: paths, file: 'electron/shared/x.ts', imports: 'electron/web-shell' },
  { rule: paths, file: 'electron/shared/x.ts', imports: 'electron/preload' },
  { rule: paths, file: 'electron/shared/x.ts', imports: 'electron/demo-platform' },
  { rule: paths, file: 'electron/shared/x.ts', imports: 'src/lib' },
  { rule: paths, file: 'electron/shared/x.ts', imports: 'test/fakes' },
  { rule: packages, file: 'electron/shared/x.ts', package: 'electron' },
  { rule: packages, file: 'electron/shared/x.ts', package: 'node:path' },
  { rule: packages, file: 'electron/shared/x.ts', package: 'fs/promises' },
  { rule: packages, file: 'electron/shared/x.ts', package: 'react' },
  { rule: packages, file: 'electron/shared/x.ts', package: 'react-dom/client' },

  // electron/core: no electron; no shell, preload, demo platform or renderer by path.
  { rule: packages, file: 'electron/core/x.ts', package: 'electron' },
  { rule: packages, file: 'electron/core/handlers/x.ts', package: 'electron/main' },
  { rule: packages, file: 'electron/core/x.ts', package: 'electron-store' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'electron/main' },
  { rule: paths, file: 'electron/core/handlers/x.ts', imports: 'electron/main/ipc', form: 'type-only' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'electron/preload' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'electron/web-shell' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'electron/demo-platform/embedded-demo.ts' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'electron/demo-platform/media', form: 'dynamic' },
  { rule: paths, file: 'electron/core/x.ts', imports: 'src/lib' },

  // electron/main: core, shared and the embedded demo only; not the other shell.
  { rule: paths, file: 'electron/main/x.ts', imports: 'electron/web-shell' },
  { rule: paths, file: 'electron/main/app/x.ts', imports: 'electron/web-shell/adapters', form: 'type-only' },
  { rule: paths, file: 'electron/main/x.ts', imports: 'electron/preload' },
  { rule: paths, file: 'electron/main/x.ts', imports: 'electron/demo-platform/media' },
  { rule: paths, file: 'electron/main/x.ts', imports: 'src/lib' },
  { rule: packages, file: 'electron/main/services/x.ts', package: 'electron' },

  // electron/web-shell: core, shared and the embedded demo only; no electron.
  { rule: packages, file: 'electron/web-shell/x.ts', package: 'electron' },
  { rule: paths, file: 'electron/web-shell/x.ts', imports: 'electron/main' },
  { rule: paths, file: 'electron/web-shell/adapters/x.ts', imports: 'electron/main/adapters' },
  { rule: paths, file: 'electron/web-shell/x.ts', imports: 'electron/preload' },
  {
    rule: paths,
    file: 'electron/web-shell/x.ts',
    imports: 'electron/demo-platform/media',
    form: 'type-only',
  },
  { rule: paths, file: 'electron/web-shell/x.ts', imports: 'src/lib' },

  // electron/preload: electron and electron/shared only.
  { rule: paths, file: 'electron/preload/x.ts', imports: 'electron/core' },
  { rule: paths, file: 'electron/preload/x.ts', imports: 'electron/main' },
  { rule: paths, file: 'electron/preload/x.ts', imports: 'src/lib' },
  { rule: packages, file: 'electron/preload/x.ts', package: 'node:fs' },
  { rule: packages, file: 'electron/preload/x.ts', package: 'zod' },

  // electron/demo-platform: no electron; electron/shared only.
  { rule: packages, file: 'electron/demo-platform/x.ts', package: 'electron' },
  { rule: paths, file: 'electron/demo-platform/x.ts', imports: 'electron/core' },
  { rule: paths, file: 'electron/demo-platform/media/x.ts', imports: 'electron/main' },
  { rule: paths, file: 'electron/demo-platform/x.ts', imports: 'electron/web-shell' },
  { rule: paths, file: 'electron/demo-platform/x.ts', imports: 'electron/preload' },
  { rule: paths, file: 'electron/demo-platform/x.ts', imports: 'src/lib' },

  // src: no electron, no Node; from electron/ only electron/shared.
  { rule: packages, file: 'src/x.tsx', package: 'electron' },
  { rule: packages, file: 'src/lib/x.ts', package: 'electron/renderer' },
  { rule: packages, file: 'src/features/wall/x.tsx', package: 'node:fs' },
  { rule: packages, file: 'src/lib/x.ts', package: 'path' },
  { rule: packages, file: 'src/app/x.tsx', package: 'events' },
  { rule: paths, file: 'src/x.tsx', imports: 'electron/main' },
  { rule: paths, file: 'src/lib/x.ts', imports: 'electron/main/ipc', form: 'type-only' },
  { rule: paths, file: 'src/app/x.tsx', imports: 'electron/core' },
  { rule: paths, file: 'src/features/wall/x.tsx', imports: 'electron/preload' },
  { rule: paths, file: 'src/lib/x.ts', imports: 'electron/web-shell' },
  { rule: paths, file: 'src/components/x.tsx', imports: 'electron/demo-platform', form: 'dynamic' },

  // src/lib and src/components: no feature, no app.
  { rule: paths, file: 'src/lib/players/x.ts', imports: 'src/features/wall' },
  { rule: paths, file: 'src/lib/x.ts', imports: 'src/app', form: 'type-only' },
  { rule: paths, file: 'src/session/x.ts', imports: 'src/features/catalog' },
  { rule: paths, file: 'src/session/x.ts', imports: 'src/app' },
  { rule: paths, file: 'src/components/x.tsx', imports: 'src/features/catalog' },
  { rule: paths, file: 'src/components/x.tsx', imports: 'src/app', form: 'side-effect' },

  // src/features/<x>: no app, no other feature.
  ...features.flatMap((feature, i): BadFixture[] => [
    { rule: paths, file: `src/features/${feature}/x.tsx`, imports: 'src/app' },
    {
      rule: paths,
      file: `src/features/${feature}/sub/x.tsx`,
      imports: `src/features/${features[(i + 1) % features.length]}`,
    },
  ]),

  // A relative import lint cannot resolve would slip past every path zone.
  { rule: 'import-x/no-unresolved', file: 'src/lib/x.ts', imports: 'src/lib/no-such-module.ts' },
  { rule: 'import-x/no-unresolved', file: 'electron/core/x.ts', imports: 'electron/core/no-such-module.ts' },

  // IPC: ipcMain only in the checked handle(), ipcRenderer only in the preload.
  {
    rule: 'no-restricted-syntax',
    file: 'electron/main/app/x.ts',
    package: 'electron',
    form: 'export-all',
    body: "declare const ipcMain: { handle(channel: string): void };\nipcMain.handle('x:y');",
  },
  {
    rule: 'no-restricted-syntax',
    file: 'electron/main/x.ts',
    package: 'electron',
    form: 'export-all',
    body: "declare const ipcRenderer: { send(channel: string): void };\nipcRenderer.send('x:y');",
  },
];

/** What lint must accept: the same zones' allowed imports, so the rules do not simply refuse everything. */
export const good: Fixture[] = [
  { file: 'electron/shared/x.ts', imports: 'electron/shared/domain' },
  { file: 'electron/shared/x.ts', package: 'zod' },
  { file: 'electron/core/x.ts', imports: 'electron/shared' },
  { file: 'electron/core/handlers/x.ts', imports: 'electron/core' },
  { file: 'electron/core/x.ts', package: 'node:fs/promises' },
  { file: 'electron/main/x.ts', imports: 'electron/core' },
  { file: 'electron/main/x.ts', imports: 'electron/shared' },
  { file: 'electron/main/x.ts', imports: 'electron/demo-platform/embedded-demo.ts' },
  { file: 'electron/main/x.ts', package: 'electron' },
  { file: 'electron/main/app/x.ts', imports: 'electron/main/ipc' },
  { file: 'electron/web-shell/x.ts', imports: 'electron/core', form: 'type-only' },
  { file: 'electron/web-shell/x.ts', imports: 'electron/shared' },
  { file: 'electron/web-shell/x.ts', imports: 'electron/demo-platform/embedded-demo.ts' },
  { file: 'electron/web-shell/x.ts', package: 'node:http' },
  { file: 'electron/preload/x.ts', imports: 'electron/shared' },
  { file: 'electron/preload/x.ts', package: 'electron' },
  { file: 'electron/demo-platform/x.ts', imports: 'electron/shared' },
  { file: 'electron/demo-platform/x.ts', imports: 'electron/demo-platform/media' },
  { file: 'electron/demo-platform/x.ts', package: 'node:http' },
  { file: 'src/x.tsx', imports: 'src/app' },
  { file: 'src/app/x.tsx', imports: 'src/features/wall' },
  { file: 'src/lib/x.ts', imports: 'electron/shared', form: 'type-only' },
  { file: 'src/lib/players/x.ts', imports: 'src/lib/wall-engine' },
  { file: 'src/components/x.tsx', imports: 'src/lib' },
  { file: 'src/components/x.tsx', package: 'react' },
  ...features.flatMap((feature): Fixture[] => [
    { file: `src/features/${feature}/x.tsx`, imports: `src/features/${feature}` },
    { file: `src/features/${feature}/x.tsx`, imports: 'src/lib' },
    { file: `src/features/${feature}/x.tsx`, imports: 'src/components' },
    { file: `src/features/${feature}/x.tsx`, imports: 'electron/shared' },
  ]),
  {
    file: 'electron/main/ipc/handle.ts',
    package: 'electron',
    body: "declare const ipcMain: { handle(channel: string): void };\nipcMain.handle('x:y');",
  },
  {
    file: 'electron/preload/x.ts',
    package: 'electron',
    body: "declare const ipcRenderer: { send(channel: string): void };\nipcRenderer.send('x:y');",
  },
];

/** A module in `target` (itself if a file; else the first .ts/.tsx file inside it, in name order). */
function moduleIn(target: string): string {
  if (/\.tsx?$/.test(target)) return target;
  const inside = readdirSync(path.join(repoRoot, target), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .sort();
  if (inside.length === 0) throw new Error(`lint fixture: no module in ${target}`);
  return path.posix.join(target, inside[0].split(path.sep).join('/'));
}

/** The specifier the fixture's file writes: a package name as is, a repository path made relative. */
export function specifier(fixture: Fixture): string {
  if ('package' in fixture) return fixture.package;
  const relative = path.posix
    .relative(path.posix.dirname(fixture.file), moduleIn(fixture.imports))
    .replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The source of the fixture's file. */
export function source(fixture: Fixture): string {
  const from = JSON.stringify(specifier(fixture));
  const line = {
    'export-all': `export * from ${from};`,
    'side-effect': `import ${from};`,
    'type-only': `export type * from ${from};`,
    dynamic: `export const load = () => import(${from});`,
  }[fixture.form ?? 'export-all'];
  return fixture.body ? `${line}\n${fixture.body}\n` : `${line}\n`;
}
