import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The renderer build, on its own.
 *
 * The browser shell builds the renderer with plain Vite (no Electron needed); electron.vite.config.ts
 * reuses this object for its renderer section so that both shells serve the same bundle.
 */
export const rendererConfig = {
  root: fromRoot('./src'),
  // Relative asset URLs work under app://wall/ and under the browser shell's path alike.
  base: './',
  plugins: [react()],
  build: {
    outDir: fromRoot('./out/renderer'),
    emptyOutDir: true,
    rolldownOptions: { input: fromRoot('./src/index.html') },
  },
} satisfies UserConfig;

export default defineConfig(rendererConfig);
