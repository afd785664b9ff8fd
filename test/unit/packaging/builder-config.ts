import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// electron-builder's own loading and checking, without packaging anything (nothing here downloads Electron).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'electron-builder';
import { DebugLogger } from 'builder-util';

/** The repository root. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The file `npm run package` hands to electron-builder (`--config`). */
export const CONFIG_FILE = 'electron-builder.config.ts';

let loaded: Promise<Configuration> | undefined;

/**
 * The configuration as `electron-builder --config electron-builder.config.ts` sees it: loaded by
 * electron-builder (its TypeScript loader, its normalisation of `files`) and checked against its JSON schema,
 * which refuses unknown keys and wrong types at every level.
 */
export function loadBuilderConfig(): Promise<Configuration> {
  loaded ??= (async () => {
    const config = await getConfig(root, CONFIG_FILE, null);
    await validateConfiguration(config, new DebugLogger(false));
    return config;
  })();
  return loaded;
}

export interface PackageJson {
  name: string;
  productName?: string;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as PackageJson;
}
