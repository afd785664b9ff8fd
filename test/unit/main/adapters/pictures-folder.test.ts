import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let dir: string;
const getPath = vi.fn((name: string) => {
  if (name !== 'pictures') throw new Error(`unexpected app.getPath(${name})`);
  return path.join(dir, 'Pictures');
});
vi.mock('electron', () => ({ app: { getPath: (name: string) => getPath(name) } }));

import { PicturesFolder } from '../../../../electron/main/adapters/pictures-folder';
import { createCore } from '../../../../electron/core/core';
import { createLogger } from '../../../../electron/core/logger';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../../fakes/test-cipher';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pictures-'));
  getPath.mockClear();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const core = (snapshots?: PicturesFolder) =>
  createCore({
    cipher: new TestCipher(),
    store: new FileStore(path.join(dir, 'data')),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: snapshots ? 'electron' : 'web' },
    ...(snapshots && { snapshots }),
  });

describe('snapshots into the Pictures folder (desktop app)', () => {
  it('writes the PNG into app.getPath("pictures"), made when missing, named from the device and the time', async () => {
    const wall = await core(new PicturesFolder());
    const takenAt = new Date(2026, 10, 24, 23, 59, 1).getTime();
    const saved = await wall.call('snapshots:save', {
      deviceName: 'Lobby cam',
      takenAt,
      png: PNG.toString('base64'),
    });
    const expectedName = 'Lobby cam 2026-11-24 23-59-01.png';
    expect(saved).toEqual({
      ok: true,
      value: { name: expectedName, path: path.join(dir, 'Pictures', expectedName) },
    });
    expect(getPath).toHaveBeenCalledWith('pictures');
    expect(await readFile(path.join(dir, 'Pictures', expectedName))).toEqual(PNG);
  });

  it('never replaces a file: two snapshots in the same second both stay', async () => {
    const wall = await core(new PicturesFolder());
    const input = { deviceName: 'Gate: 3', takenAt: Date.now(), png: PNG.toString('base64') };
    const first = await wall.call('snapshots:save', input);
    const second = await wall.call('snapshots:save', input);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.value.name).toBe(first.value.name.replace(/\.png$/, ' (2).png'));
    expect((await readdir(path.join(dir, 'Pictures'))).sort()).toEqual(
      [first.value.name, second.value.name].sort(),
    );
  });

  it('refuses what is not a PNG, naming the field, and writes nothing', async () => {
    const wall = await core(new PicturesFolder());
    const bad = await wall.call('snapshots:save', {
      deviceName: 'Lobby cam',
      takenAt: Date.now(),
      png: Buffer.from('<svg/>').toString('base64'),
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-input', details: [{ path: 'png' }] } });
    const empty = await wall.call('snapshots:save', { deviceName: '', takenAt: Date.now(), png: 'x' });
    expect(empty).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    await expect(readdir(path.join(dir, 'Pictures'))).rejects.toThrow();
  });

  it('says why when the folder cannot be written', async () => {
    // A file where the folder should be.
    const blocked = new PicturesFolder(() => path.join(dir, 'data', 'settings.json', 'x'));
    const wall = await core(blocked);
    await wall.call('settings:set', { statsOverlay: true });
    const saved = await wall.call('snapshots:save', {
      deviceName: 'Lobby cam',
      takenAt: Date.now(),
      png: PNG.toString('base64'),
    });
    expect(saved).toMatchObject({ ok: false, error: { kind: 'storage' } });
    if (!saved.ok) expect(saved.error.message).toMatch(/could not be saved/);
  });

  it('is refused by the browser shell, which downloads snapshots instead', async () => {
    const wall = await core();
    const saved = await wall.call('snapshots:save', {
      deviceName: 'Lobby cam',
      takenAt: Date.now(),
      png: PNG.toString('base64'),
    });
    expect(saved).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!saved.ok) expect(saved.error.message).toMatch(/downloads/);
  });
});
