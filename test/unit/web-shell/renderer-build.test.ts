import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import { buildRenderer, rendererStaleness } from '../../../electron/web-shell/renderer-build';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'renderer-build-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const at = (file: string, seconds: number) => utimes(file, seconds, seconds);

describe('rendererStaleness (when npm run web rebuilds)', () => {
  it('is missing without index.html, stale when any source file is newer, current otherwise', async () => {
    const out = path.join(dir, 'out');
    const src = path.join(dir, 'src');
    const shared = path.join(dir, 'shared');
    await mkdir(path.join(src, 'features', 'deep'), { recursive: true });
    await mkdir(shared, { recursive: true });
    const deepFile = path.join(src, 'features', 'deep', 'x.tsx');
    const sharedFile = path.join(shared, 'contract.ts');
    const config = path.join(dir, 'vite.config.ts');
    for (const f of [deepFile, sharedFile, config]) await writeFile(f, 'x');
    for (const f of [deepFile, sharedFile, config]) await at(f, 1_000);
    const sources = [src, shared, config, path.join(dir, 'absent')];

    expect(await rendererStaleness(out, sources)).toBe('missing');
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), '<!doctype html>');
    await at(path.join(out, 'index.html'), 2_000);
    expect(await rendererStaleness(out, sources)).toBe('current');

    for (const changed of [deepFile, sharedFile, config]) {
      await at(changed, 3_000);
      expect(await rendererStaleness(out, sources), changed).toBe('stale');
      await at(changed, 1_000);
    }
    expect(await rendererStaleness(out, sources)).toBe('current');
  });
});

describe('buildRenderer', () => {
  it('builds the production renderer even where NODE_ENV says otherwise (vitest sets "test")', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const out = path.join(dir, 'built');
    await buildRenderer(out, createLogger('build', { sink: () => undefined }));
    expect(process.env.NODE_ENV).toBe('test');
    const assets = path.join(out, 'assets');
    const scripts = (await readdir(assets)).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const code = (await Promise.all(scripts.map((f) => readFile(path.join(assets, f), 'utf8')))).join('\n');
    // React's development build and the dev JSX runtime are what a non-production build ships.
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('react.development');
  }, 60_000);
});
