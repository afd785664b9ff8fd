import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer.config';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Build of the Electron app: out/main, out/preload, out/renderer.
 *
 * Building needs no Electron binary (electron-vite only reads electron/package.json for the target).
 */
export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('./out/main'),
      lib: { entry: fromRoot('./electron/main/index.ts') },
      // electron-store is ESM-only and is loaded from the main bundle; bundling it means the packaged app
      // never depends on how Node resolves it at run time. Other dependencies stay external.
      externalizeDeps: { exclude: ['electron-store'] },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('./out/preload'),
      lib: { entry: fromRoot('./electron/preload/index.ts'), formats: ['cjs'] },
      // A sandboxed preload can only require('electron'): everything else must be inside this one file,
      // and it must be CommonJS (sandboxed preloads cannot be ES modules).
      externalizeDeps: false,
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: rendererConfig,
});
