import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import type { NoticeInput } from '../../../electron/core/ports';
import { MAX_UI_ENTRIES, UiStateStore } from '../../../electron/core/ui-state-store';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../fakes/test-cipher';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ui-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = () =>
  createCore({
    cipher: new TestCipher(),
    store: new FileStore(dir),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });

describe('ui:get / ui:set: what the screen remembers, with the data folder', () => {
  it('keeps a value across a restart of the core, and forgets it on null', async () => {
    const core = await open();
    expect(await core.call('ui:get', { key: 'catalog.open' })).toEqual({ ok: true, value: { value: null } });
    expect(await core.call('ui:set', { key: 'catalog.open', value: { open: false, width: 420 } })).toEqual({
      ok: true,
      value: { saved: true },
    });
    const again = await open();
    expect(await again.call('ui:get', { key: 'catalog.open' })).toEqual({
      ok: true,
      value: { value: { open: false, width: 420 } },
    });
    await again.call('ui:set', { key: 'catalog.open', value: null });
    expect(await (await open()).call('ui:get', { key: 'catalog.open' })).toEqual({
      ok: true,
      value: { value: null },
    });
  });

  it('refuses a value over 256 KiB and a malformed key, saying what and where', async () => {
    const core = await open();
    const big = await core.call('ui:set', { key: 'x', value: 'a'.repeat(300 * 1024) });
    expect(big).toMatchObject({ ok: false, error: { kind: 'invalid-input', details: [{ path: 'value' }] } });
    const badKey = await core.call('ui:set', { key: 'no spaces please', value: 1 });
    expect(badKey).toMatchObject({ ok: false, error: { kind: 'invalid-input', details: [{ path: 'key' }] } });
  });

  it('keeps at most 200 keys, dropping the oldest written', async () => {
    const core = await open();
    for (let i = 0; i <= MAX_UI_ENTRIES; i++) await core.call('ui:set', { key: `k${i}`, value: i });
    expect(await core.call('ui:get', { key: 'k0' })).toEqual({ ok: true, value: { value: null } });
    expect(await core.call('ui:get', { key: `k${MAX_UI_ENTRIES}` })).toEqual({
      ok: true,
      value: { value: MAX_UI_ENTRIES },
    });
  });
});

describe('ui-state.json that does not read: nothing dropped silently', () => {
  const file = () => path.join(dir, 'ui-state.json');
  const kept = async () => (await readdir(dir)).filter((n) => /^ui-state\.corrupt-.+\.json$/.test(n));
  const storeWith = (notices: NoticeInput[]) =>
    new UiStateStore(
      new FileStore(dir),
      () => Date.UTC(2026, 10, 27),
      (n) => notices.push(n),
    );

  it('an entry without `at` is dropped alone; the original is kept aside and a notice says where', async () => {
    const original = JSON.stringify({
      entries: {
        'templates.draft': { value: { name: 'Night shift', fields: 12 }, at: 1_700_000_000_000 },
        'catalog.width': { value: 420 },
        'wall.view': { value: 'entrance', at: 1_700_000_000_500 },
      },
    });
    await writeFile(file(), original);
    const notices: NoticeInput[] = [];
    const ui = storeWith(notices);
    expect(await ui.get('templates.draft')).toEqual({ name: 'Night shift', fields: 12 });
    expect(await ui.get('wall.view')).toBe('entrance');
    expect(await ui.get('catalog.width')).toBeNull();

    const aside = await kept();
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(dir, aside[0]), 'utf8')).toBe(original);
    expect(notices).toEqual([
      expect.objectContaining({
        level: 'warning',
        source: 'ui-state',
        keptAt: path.join(dir, aside[0]),
        message: expect.stringContaining('"catalog.width"'),
      }),
    ]);
    // The next write keeps the draft: it was never dropped.
    await ui.set('catalog.width', 380);
    const again = storeWith([]);
    expect(await again.get('templates.draft')).toEqual({ name: 'Night shift', fields: 12 });
    expect(await again.get('catalog.width')).toBe(380);
  });

  it('a document of a format it does not know is kept aside whole, with a notice, before anything is written', async () => {
    const original = JSON.stringify({ version: 7, entries: { 'templates.draft': { value: 'x', at: 1 } } });
    await writeFile(file(), original);
    const notices: NoticeInput[] = [];
    const ui = storeWith(notices);
    await ui.set('catalog.width', 300);
    const aside = await kept();
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(dir, aside[0]), 'utf8')).toBe(original);
    expect(notices).toEqual([
      expect.objectContaining({
        source: 'ui-state',
        keptAt: path.join(dir, aside[0]),
        message: expect.stringContaining('format 7'),
      }),
    ]);
  });

  it('a file that is not JSON is kept aside by the store and reported', async () => {
    await writeFile(file(), '{"entries": {"a": ');
    const notices: NoticeInput[] = [];
    expect(await storeWith(notices).get('a')).toBeNull();
    expect(await kept()).toHaveLength(1);
    expect(notices).toEqual([expect.objectContaining({ source: 'ui-state', keptAt: expect.any(String) })]);
  });
});
