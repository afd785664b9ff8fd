import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { MAX_UI_ENTRIES } from '../../../electron/core/ui-state-store';
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
