import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VITE_CONFIG = path.join(ROOT, 'vite.renderer.config.ts');
const APP_SHELL = path.join(ROOT, 'src', 'app', 'app-shell.tsx');
const WALL = path.join(ROOT, 'src', 'features', 'wall', 'wall.tsx');
const SOURCES = [path.join(ROOT, 'src'), path.join(ROOT, 'electron', 'shared'), VITE_CONFIG];

/** The wall tests' and the benchmark's own renderer build (out/ is ignored by git). */
export const WALL_RENDERER_DIR = path.join(ROOT, 'out', 'wall-renderer');

async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const p of paths) {
    const s = await stat(p).catch(() => undefined);
    if (!s) continue;
    if (s.isDirectory()) {
      const entries = await readdir(p);
      newest = Math.max(newest, await newestMtime(entries.map((e) => path.join(p, e))));
    } else newest = Math.max(newest, s.mtimeMs);
  }
  return newest;
}

/**
 * Build the renderer into out/wall-renderer when it is missing or older than its sources.
 *
 * A folder of its own, so a wall test never serves (or empties) out/renderer while another test
 * process rebuilds it. Until the app shell renders the real wall (it imported a stand-in while the
 * wall was being built), the stand-in is swapped for src/features/wall/wall.tsx in this build only.
 */
export async function ensureWallRenderer(log: (line: string) => void = () => undefined): Promise<string> {
  const builtAt = (await stat(path.join(WALL_RENDERER_DIR, 'index.html')).catch(() => undefined))?.mtimeMs;
  if (builtAt !== undefined && builtAt >= (await newestMtime(SOURCES))) return WALL_RENDERER_DIR;
  const usesStandIn = (await readFile(APP_SHELL, 'utf8')).includes("'./wall-placeholder'");
  const { build } = await import('vite');
  const started = performance.now();
  await build({
    configFile: VITE_CONFIG,
    logLevel: 'warn',
    build: { outDir: WALL_RENDERER_DIR, emptyOutDir: true },
    ...(usesStandIn && { resolve: { alias: [{ find: /^\.\/wall-placeholder$/, replacement: WALL }] } }),
  });
  log(
    `[bench] renderer built into ${WALL_RENDERER_DIR} in ${Math.round(performance.now() - started)} ms${usesStandIn ? ' (wall swapped in for the stand-in)' : ''}`,
  );
  return WALL_RENDERER_DIR;
}
