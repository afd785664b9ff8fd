import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../../../electron/web-shell/adapters/file-store';
import { UnreadableValueError } from '../../../../electron/core/ports';
import { ManualClock } from '../../../fakes/manual-clock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileStore', () => {
  it('keeps each key in its own owner-only JSON file', async () => {
    const store = new FileStore(path.join(dir, 'data'));
    expect(await store.get('settings')).toBeUndefined();
    await store.set('settings', { version: 1, data: { a: 1 } });
    expect(await store.get('settings')).toEqual({ version: 1, data: { a: 1 } });
    const file = path.join(dir, 'data', 'settings.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, data: { a: 1 } });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    await store.delete('settings');
    expect(await store.get('settings')).toBeUndefined();
    await expect(store.get('../escape')).rejects.toThrow('not a store key');
  });

  it('writes atomically: a reader never sees half a document, and no temp file is left', async () => {
    const store = new FileStore(dir);
    const file = path.join(dir, 'layouts.json');
    const big = (n: number) => ({ n, filler: 'x'.repeat(200_000 + n) });
    await store.set('layouts', big(0));
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const doc = JSON.parse(await readFile(file, 'utf8')) as { n: number; filler: string };
        expect(doc.filler.length).toBe(200_000 + doc.n);
        reads++;
      }
    })();
    for (let n = 1; n <= 30; n++) await store.set('layouts', big(n));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(((await store.get('layouts')) as { n: number }).n).toBe(30);
    expect(await readdir(dir)).toEqual(['layouts.json']);
  });

  it('keeps an unparseable file aside, byte for byte, and says where', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 31, 12, 0, 0, 5));
    const store = new FileStore(dir, clock);
    await writeFile(path.join(dir, 'settings.json'), '{"version":1,"data":{');
    const error = await store.get('settings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableValueError);
    const keptAt = (error as UnreadableValueError).keptAt!;
    expect(path.basename(keptAt)).toBe('settings.corrupt-2025-01-31T12-00-00-005Z.json');
    expect(await readFile(keptAt, 'utf8')).toBe('{"version":1,"data":{');
    expect(await store.get('settings')).toBeUndefined();

    // A second corrupt file in the same millisecond does not overwrite the first one kept aside.
    await writeFile(path.join(dir, 'settings.json'), '');
    const second = (await store.get('settings').catch((e: unknown) => e)) as UnreadableValueError;
    expect(second.reason).toBe('the file is empty');
    expect(second.keptAt).not.toBe(keptAt);
    expect((await readdir(dir)).sort()).toEqual([
      'settings.corrupt-2025-01-31T12-00-00-005Z-2.json',
      'settings.corrupt-2025-01-31T12-00-00-005Z.json',
    ]);
  });
});
