import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// electron-builder's own file matching: the patterns are read and matched as they are when packaging.
import { getFileMatchers } from 'app-builder-lib/out/fileMatcher.js';
import type { Configuration } from 'electron-builder';
import { loadBuilderConfig, root } from './builder-config';

/*
 * What the installers carry: app.asar gets `files`, the resources folder gets `extraResources`. Sample paths
 * stand for files a build makes (out/ is not committed), and every file of the working tree is run through the
 * same filters, so a test, fixture, source file or benchmark output added later cannot slip in.
 */

/** Which repository files (relative, with /) a `files` or `extraResources` setting takes. */
type Selection = (relative: string) => boolean;

// The filters only ask a stat whether the path is a directory: a real file's and a real folder's stand in.
const FILE_STAT = statSync(path.join(root, 'package.json'));

function selection(config: Configuration, name: 'files' | 'extraResources'): Selection {
  const matchers =
    getFileMatchers(config, name, path.join(root, 'release', 'app'), {
      macroExpander: (pattern) => pattern,
      customBuildOptions: {},
      globalOutDir: path.join(root, 'release'),
      defaultSrc: root,
    }) ?? [];
  const filters = matchers.map((matcher) => ({ from: matcher.from, accept: matcher.createFilter() }));
  return (relative) => {
    const file = path.join(root, relative);
    return filters.some(({ from, accept }) => file.startsWith(from + path.sep) && accept(file, FILE_STAT));
  };
}

/** Every file of the working tree but node_modules and .git, relative, with /. */
function workingTree(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === '.git' ? [] : workingTree(full);
    return entry.isFile() ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

let config: Configuration;
let inAsar: Selection;
let inResources: Selection;
let tree: string[];
beforeAll(async () => {
  config = await loadBuilderConfig();
  inAsar = selection(config, 'files');
  inResources = selection(config, 'extraResources');
  tree = workingTree();
});

describe('app.asar', () => {
  it('holds the three built parts of the app and package.json', () => {
    for (const file of [
      'package.json',
      'out/main/index.js',
      'out/main/chunks/core-Bx8f.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'out/renderer/assets/index-D4kq1.js',
      'out/renderer/assets/index-C2aa9.css',
    ])
      expect(inAsar(file), file).toBe(true);
  });

  it('holds no source, test, fixture, benchmark, script, map or build configuration', () => {
    for (const file of [
      'out/main/index.js.map',
      'out/renderer/assets/index-D4kq1.js.map',
      'out/test-renderer/index.html',
      'out/test-renderer/assets/index-D4kq1.js',
      'src/app/app.tsx',
      'electron/main/index.ts',
      'test/unit/packaging/installers.test.ts',
      'test/fixtures/provisioning/valid.json',
      'test/e2e/wall.spec.ts',
      '.bench/wall-36-ws-flv-360p-1800s.json',
      '.tmp/scratch.txt',
      'scripts/start.mjs',
      'scripts/make-icon.mjs',
      'resources/demo-media/clips.json',
      'resources/icon.png',
      'release/linux-unpacked/resources/app.asar',
      'coverage/index.html',
      'electron-builder.config.ts',
      'electron.vite.config.ts',
      'tsconfig.json',
      'package-lock.json',
      'README.md',
      '.ci/run',
    ])
      expect(inAsar(file), file).toBe(false);
  });

  it('takes nothing from the working tree but package.json and the built app', () => {
    const taken = tree.filter(inAsar);
    expect(taken).toContain('package.json');
    for (const file of taken)
      expect(file, file).toMatch(/^(package\.json|out\/(main|preload|renderer)\/.+)$/);
    expect(taken.filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});

describe('the resources folder', () => {
  it('holds every demo clip the embedded demo platform plays, under demo-media', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'resources/demo-media/clips.json'), 'utf8')) as {
      clips: { file: string }[];
    };
    expect(manifest.clips.length).toBeGreaterThan(0);
    for (const file of ['clips.json', ...manifest.clips.map((clip) => clip.file)])
      expect(inResources(`resources/demo-media/${file}`), file).toBe(true);
    // defaultMediaDir() (electron/demo-platform/media/clip-library.ts) looks in <resources>/demo-media.
    const sets = ([] as unknown[]).concat(config.extraResources ?? []) as { from?: string; to?: string }[];
    expect(sets.find((set) => set.from === 'resources/demo-media')?.to).toBe('demo-media');
  });

  it('holds the supervisor examples and nothing else of the working tree', () => {
    const taken = tree.filter(inResources);
    for (const file of taken) expect(file, file).toMatch(/^resources\/(demo-media|supervisors)\/[^/]+$/);
    expect(taken).toEqual(
      expect.arrayContaining([
        'resources/supervisors/control-room-wall.service',
        'resources/supervisors/com.example.control-room-wall.plist',
        'resources/supervisors/control-room-wall-task.xml',
      ]),
    );
    expect(taken).not.toContain('resources/demo-media/README.md');
    for (const file of ['test/fixtures/provisioning/valid.json', 'resources/icon.png', 'src/app/app.tsx'])
      expect(inResources(file), file).toBe(false);
  });
});
