import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * electron-store is loaded by Node outside Vitest's module graph, so `vi.mock('electron')` cannot reach
 * its own `import electron from 'electron'` (the real module would try to download Electron). The shim
 * below is electron-store minus its Electron defaults: it maps `name` to conf's `configName` exactly as
 * electron-store does. The adapter always passes an absolute `cwd`, so the file handling under test is
 * the real one (conf: atomic writes, parse errors).
 */
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class ElectronStoreShim extends Conf {
    constructor({ name = 'config', ...options }: Record<string, unknown> & { name?: string }) {
      super({ ...options, configName: name });
    }
  }
  return { default: ElectronStoreShim };
});
vi.mock('electron', () => ({ default: {} }));

import { ElectronStoreAdapter } from '../../../../electron/main/adapters/electron-store-adapter';
import { UnreadableValueError } from '../../../../electron/core/ports';

let dir: string;
const clock = { now: () => Date.UTC(2025, 0, 31, 12, 0, 0) };

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wall-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ElectronStoreAdapter', () => {
  it('round-trips documents, one file per key, readable by the owner only', async () => {
    const store = new ElectronStoreAdapter(dir, clock);
    expect(await store.get('layouts')).toBeUndefined();
    const doc = { version: 2, layouts: [{ id: 'a', name: 'North gate', tiles: [] }], 'dotted.key': 1 };
    await store.set('layouts', doc);
    expect(await store.get('layouts')).toEqual(doc);
    // A second adapter (next app start) reads what the first wrote.
    expect(await new ElectronStoreAdapter(dir, clock).get('layouts')).toEqual(doc);
    const file = path.join(dir, 'layouts.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ value: doc });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('deletes a value', async () => {
    const store = new ElectronStoreAdapter(dir, clock);
    await store.set('settings', { version: 1 });
    await store.delete('settings');
    expect(await store.get('settings')).toBeUndefined();
    await store.delete('never-set');
  });

  it('keeps an unparseable file aside and says where, instead of clearing it', async () => {
    await writeFile(path.join(dir, 'profiles.json'), '{"value": {"version": 1, "profiles": [');
    const store = new ElectronStoreAdapter(dir, clock);
    const error = await store.get('profiles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableValueError);
    const keptAt = (error as UnreadableValueError).keptAt!;
    expect(path.dirname(keptAt)).toBe(dir);
    expect(path.basename(keptAt)).toBe('profiles.corrupt-2025-01-31T12-00-00-000Z.json');
    expect(await readFile(keptAt, 'utf8')).toBe('{"value": {"version": 1, "profiles": [');
    // The key starts afresh and works.
    expect(await store.get('profiles')).toBeUndefined();
    await store.set('profiles', { version: 1, profiles: [] });
    expect(await store.get('profiles')).toEqual({ version: 1, profiles: [] });
  });

  it('keeps an unparseable file aside when it is written over', async () => {
    const store = new ElectronStoreAdapter(dir, clock);
    await store.set('settings', { version: 1 });
    await writeFile(path.join(dir, 'settings.json'), 'not json');
    await store.set('settings', { version: 1, theme: 'dark' });
    expect(await store.get('settings')).toEqual({ version: 1, theme: 'dark' });
    const files = await readdir(dir);
    const kept = files.filter((f) => f.startsWith('settings.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(await readFile(path.join(dir, kept[0]), 'utf8')).toBe('not json');
  });

  it('sets a value aside on request, never overwriting an earlier kept file', async () => {
    const store = new ElectronStoreAdapter(dir, clock);
    expect(await store.setAside('layouts', 'schema')).toBeUndefined();
    await store.set('layouts', { version: 99 });
    const first = await store.setAside('layouts', 'version from the future');
    await store.set('layouts', { version: 98 });
    const second = await store.setAside('layouts', 'again');
    expect(first).not.toBe(second);
    expect(JSON.parse(await readFile(first!, 'utf8'))).toEqual({ value: { version: 99 } });
    expect(JSON.parse(await readFile(second!, 'utf8'))).toEqual({ value: { version: 98 } });
    expect(await store.get('layouts')).toBeUndefined();
  });

  it('refuses keys that are not plain names', async () => {
    const store = new ElectronStoreAdapter(dir, clock);
    for (const key of ['../x', 'a/b', 'A', '', 'x.json']) {
      await expect(store.get(key), key).rejects.toThrow(/not a store key/);
    }
  });

  it('a full disk: the write is refused as a storage error naming the cause, the old value stays', async (ctx) => {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { encoding: 'utf8' });
    if (process.platform !== 'linux' || mounted.status !== 0) {
      console.log(`skipped: cannot mount a tmpfs to fill (${(mounted.stderr || process.platform).trim()})`);
      ctx.skip();
    }
    try {
      const store = new ElectronStoreAdapter(dir, clock);
      await store.set('ui-state', { entries: { draft: 'kept' } });
      await writeFile(path.join(dir, 'filler'), Buffer.alloc(1024 * 1024)).catch(() => undefined);
      await expect(store.set('ui-state', { entries: { draft: 'x'.repeat(20_000) } })).rejects.toMatchObject({
        kind: 'storage',
        message: expect.stringContaining('the disk is full'),
      });
      expect(await new ElectronStoreAdapter(dir, clock).get('ui-state')).toEqual({
        entries: { draft: 'kept' },
      });
    } finally {
      spawnSync('umount', [dir]);
    }
  });
});
