import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger as ViteLogger } from 'vite';
import type { Logger } from '../core/logger';
import { DEFAULT_RENDERER_DIR } from './server';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE_CONFIG = path.join(ROOT, 'vite.renderer.config.ts');
/** What the renderer bundle is made of: a change to any of these makes the build stale. */
const SOURCES = [path.join(ROOT, 'src'), path.join(ROOT, 'electron', 'shared'), VITE_CONFIG];

export interface EnsureRendererOptions {
  /** Default out/renderer. */
  outDir?: string;
  log: Logger;
  /** Build even when the output looks current. */
  force?: boolean;
}

/**
 * Build the renderer if out/renderer/index.html is missing or older than any file in src/,
 * electron/shared or the Vite config. Returns whether it built.
 */
export async function ensureRendererBuilt(
  options: EnsureRendererOptions,
): Promise<{ built: boolean; outDir: string }> {
  const outDir = path.resolve(options.outDir ?? DEFAULT_RENDERER_DIR);
  const staleness = await rendererStaleness(outDir);
  if (!options.force && staleness === 'current') {
    options.log.debug(`renderer in ${outDir} is up to date`);
    return { built: false, outDir };
  }
  options.log.info(
    staleness === 'missing'
      ? `building the renderer into ${outDir}`
      : `the sources changed: rebuilding the renderer into ${outDir}`,
  );
  await buildRenderer(outDir, options.log);
  return { built: true, outDir };
}

/** Whether `<outDir>/index.html` is missing, older than a source file, or current. */
export async function rendererStaleness(
  outDir: string,
  sources: readonly string[] = SOURCES,
): Promise<'missing' | 'stale' | 'current'> {
  const builtAt = await mtime(path.join(outDir, 'index.html'));
  if (builtAt === undefined) return 'missing';
  return builtAt >= (await newestMtime(sources)) ? 'current' : 'stale';
}

/** Vite's build() with vite.renderer.config.ts; its output goes to our logger (stderr), never stdout. */
export async function buildRenderer(outDir: string, log: Logger): Promise<void> {
  // Loaded only when a build is needed: serving never pulls Vite in.
  const { build } = await import('vite');
  const started = performance.now();
  // Always the production build, whoever asks: Vite builds with the environment's NODE_ENV when one is
  // set, and under vitest (NODE_ENV=test) that was React's development build (1.6 MB, jsxDEV), which the
  // e2e tests then ran and a benchmark started after them measured.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: VITE_CONFIG,
      mode: 'production',
      logLevel: 'warn',
      customLogger: viteLogger(log),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  log.info(`renderer built in ${Math.round(performance.now() - started)} ms`);
}

function viteLogger(log: Logger): ViteLogger {
  const warned = new Set<string>();
  const logger: ViteLogger = {
    hasWarned: false,
    info: (msg) => log.debug(msg),
    warn: (msg) => {
      logger.hasWarned = true;
      log.warn(msg);
    },
    warnOnce: (msg) => {
      if (warned.has(msg)) return;
      warned.add(msg);
      logger.warn(msg);
    },
    error: (msg) => log.error(msg),
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
  };
  return logger;
}

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of the files under these paths (0 when there are none). */
async function newestMtime(paths: readonly string[]): Promise<number> {
  let newest = 0;
  for (const p of paths) {
    let info;
    try {
      info = await stat(p);
    } catch {
      continue;
    }
    if (info.isDirectory()) {
      const entries = await readdir(p, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const t = await mtime(path.join(entry.parentPath ?? entry.path, entry.name));
        if (t !== undefined && t > newest) newest = t;
      }
    } else if (info.mtimeMs > newest) newest = info.mtimeMs;
  }
  return newest;
}
