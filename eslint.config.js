// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process', 'url', 'stream'];

/** Boundary rule: a folder may not import these modules. */
const banImports = (names, why) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.filter((n) => !n.includes('*')).map((name) => ({ name, message: why })),
      patterns: names.filter((n) => n.includes('*')).map((n) => ({ group: [n], message: why })),
    },
  ],
});

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...banImports(['electron', ...nodeBuiltins], 'The renderer runs sandboxed: no electron or Node modules.'),
    },
  },
  {
    files: ['electron/shared/**/*.ts'],
    rules: banImports(
      ['electron', 'react', 'react-dom', ...nodeBuiltins],
      'electron/shared is imported by every process: no electron, node or react.',
    ),
  },
  {
    files: ['electron/core/**/*.ts', 'electron/web-shell/**/*.ts', 'electron/demo-platform/**/*.ts'],
    rules: banImports(['electron'], 'Services and the Node shells must run without Electron: use a port.'),
  },
  {
    // Only the checked handle() wrapper and the preload may touch IPC.
    files: ['electron/**/*.ts'],
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
  prettier,
);
