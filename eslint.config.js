// @ts-check
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { noUiLiterals } from './scripts/eslint-rules/no-ui-literals.js';

/** The repository root: every path zone below is relative to it, whatever the working directory. */
const root = dirname(fileURLToPath(import.meta.url));

// Package boundaries: what a folder may not import by name (`electron`, `node:fs`, `react`).

const electronModules = {
  names: ['electron', 'electron-store'],
  // electron/main, electron/renderer, electron/common, electron/utility are the same module by another name.
  regexes: ['^electron/'],
};
const nodeModules = { names: builtinModules.filter((name) => !name.startsWith('_')), regexes: ['^node:'] };
const reactModules = { names: [], regexes: ['^react(-dom)?(/|$)'] };

/**
 * A folder may not import these modules by name.
 *
 * One no-restricted-imports per folder: a later flat-config block would replace, not extend, an earlier one.
 * @param {string} why
 * @param {...{ names: string[], regexes: string[] }} groups
 */
const banImports = (why, ...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: groups.flatMap((g) => g.names).map((name) => ({ name, message: why })),
      patterns: groups.flatMap((g) => g.regexes).map((regex) => ({ regex, message: why })),
    },
  ],
});

// Path boundaries: what a folder may not import by path, whatever the import's spelling (`../../electron/main/x`).
// import-x resolves each import to a file and matches it against the zones; `from` is what `target` may not
// import, `except` the parts of `from` it may. Most zones list what a folder may import (everything else in the
// repository is refused), so a folder added later is refused too.

/** Each folder under src/features is a feature: it imports no other feature. */
const features = (() => {
  try {
    return readdirSync(join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * `target` may import only the given folders or files of the repository, and packages.
 * @param {string} target
 * @param {string[]} allowed
 * @param {string} message
 */
const onlyFrom = (target, allowed, message) => ({
  target: `./${target}`,
  from: '.',
  except: [target, ...allowed, 'node_modules'].map((path) => `./${path}`),
  message,
});

/**
 * Where lint refuses a literal word on screen (local/no-ui-literals): the whole renderer. The main side
 * (electron/) writes English for logs and as the fallback of its coded errors.
 */
const I18N_CONVERTED = ['src'];

const pathZones = [
  onlyFrom(
    'electron/shared',
    [],
    'electron/shared is imported by every process: it imports nothing outside electron/shared.',
  ),
  onlyFrom(
    'electron/core',
    ['electron/shared'],
    'The core is shared by both shells: it imports electron/shared only, never a shell, the preload, the demo platform or the renderer (take them through a port).',
  ),
  onlyFrom(
    'electron/main',
    ['electron/core', 'electron/shared', 'electron/demo-platform/embedded-demo.ts'],
    'The Electron shell imports the core, electron/shared and the embedded demo only: never the browser shell, the preload, the rest of the demo platform or the renderer.',
  ),
  onlyFrom(
    'electron/web-shell',
    ['electron/core', 'electron/shared', 'electron/demo-platform/embedded-demo.ts'],
    'The browser shell imports the core, electron/shared and the embedded demo only: never the Electron shell, the preload, the rest of the demo platform or the renderer.',
  ),
  onlyFrom(
    'electron/preload',
    ['electron/shared'],
    'The preload is one-liners over the contract: it imports electron/shared only.',
  ),
  onlyFrom(
    'electron/demo-platform',
    ['electron/shared'],
    'The demo platform stands alone: it imports electron/shared only, never the core, a shell, the preload or the renderer.',
  ),
  onlyFrom(
    'src',
    ['electron/shared'],
    'The renderer sees the main side only through the Api: outside src/ it imports electron/shared only (and packages), never electron/core, main, preload, web-shell or demo-platform.',
  ),
  {
    target: ['./src/lib', './src/components', './src/session'],
    from: ['./src/features', './src/app'],
    message:
      'src/lib, src/components and src/session are below the features and the app: they import neither.',
  },
  ...features.flatMap((feature) => [
    {
      target: `./src/features/${feature}`,
      from: './src/app',
      message:
        'A feature is below the app: it does not import src/app (take what it needs as props, or from src/session or src/lib).',
    },
    {
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: `Features do not import each other: move what src/features/${feature} shares to src/session, src/lib or src/components.`,
    },
  ]),
];

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'coverage', '.bench', '.tmp', 'resources'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['electron/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: pathZones }],
      // no-restricted-paths passes an import it cannot resolve, so every relative import must resolve.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...banImports(
        'The renderer runs sandboxed: no electron or Node modules.',
        electronModules,
        nodeModules,
      ),
    },
  },
  {
    files: ['electron/shared/**/*.{ts,tsx}'],
    rules: banImports(
      'electron/shared is imported by every process: no electron, node or react.',
      electronModules,
      nodeModules,
      reactModules,
    ),
  },
  {
    files: [
      'electron/core/**/*.{ts,tsx}',
      'electron/web-shell/**/*.{ts,tsx}',
      'electron/demo-platform/**/*.{ts,tsx}',
      'electron/main/services/**/*.{ts,tsx}',
    ],
    rules: banImports('Services and the Node shells must run without Electron: use a port.', electronModules),
  },
  {
    files: ['electron/preload/**/*.{ts,tsx}'],
    rules: banImports('The preload imports electron and electron/shared only.', {
      names: [],
      regexes: ['^(?!electron(/|$))[^.]'],
    }),
  },
  {
    // Only the checked handle() wrapper and the preload may touch IPC.
    files: ['electron/**/*.{ts,tsx}'],
    ignores: ['electron/main/ipc/handle.ts', 'electron/preload/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='ipcMain']",
          message: 'Register IPC handlers only through electron/main/ipc/handle.ts.',
        },
        {
          selector: "MemberExpression[object.name='ipcRenderer']",
          message: 'Only the preload talks to ipcRenderer.',
        },
      ],
    },
  },
  {
    files: I18N_CONVERTED.map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**/*.{ts,tsx}`)),
    plugins: { local: { rules: { 'no-ui-literals': noUiLiterals } } },
    rules: { 'local/no-ui-literals': 'error' },
  },
  prettier,
);
