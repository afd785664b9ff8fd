import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { error, openCore, value } from '../../support/core-harness';

/**
 * `settings.language` in a provisioning file: a kiosk set up offline speaks its operators' language
 * from its first screen. Applied with the rest of the file, all or nothing, and said in the summary.
 */
let dir: string;
let core: Core;
let events: [string, unknown][];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'provision-language-'));
  ({ core, events } = await openCore({ store: new FileStore(path.join(dir, 'data')) }));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const language = async () => value(await core.call('settings:get', undefined)).language;

describe('a provisioning file’s settings.language', () => {
  it('sets the language, announces it, says it in the summary, and keeps it across a restart', async () => {
    expect(await language()).toBe('auto');
    const summary = value(
      await core.call('provisioning:import', {
        text: JSON.stringify({ version: 1, settings: { language: 'zh-CN' } }),
      }),
    );
    expect(summary.settings).toEqual({ language: 'zh-CN' });
    expect(await language()).toBe('zh-CN');
    // The screens follow settings:changed: the language switches without a restart.
    expect(events).toContainEqual([
      'settings:changed',
      expect.objectContaining({ settings: expect.objectContaining({ language: 'zh-CN' }) }),
    ]);

    const { core: again } = await openCore({ store: new FileStore(path.join(dir, 'data')) });
    expect(value(await again.call('settings:get', undefined)).language).toBe('zh-CN');
  });

  it('leaves the language as it is when the file has no settings section, and says nothing of it', async () => {
    value(await core.call('settings:set', { language: 'en' }));
    const summary = value(await core.call('provisioning:import', { text: JSON.stringify({ version: 1 }) }));
    expect(summary).not.toHaveProperty('settings');
    expect(await language()).toBe('en');
  });

  it('is applied all or nothing: a file refused for another problem leaves the language', async () => {
    const refused = error(
      await core.call('provisioning:import', {
        text: JSON.stringify({ version: 1, settings: { language: 'zh-CN' }, selectedProfile: 'nowhere' }),
      }),
    );
    expect(refused.kind).toBe('invalid-input');
    expect(await language()).toBe('auto');
  });

  it('refuses a language the app does not speak, or an unknown setting, naming its path', async () => {
    for (const [settings, at] of [
      [{ language: 'fr' }, '$.settings.language'],
      [{ lang: 'zh-CN' }, '$.settings.lang'],
    ] as const) {
      const refused = error(
        await core.call('provisioning:import', { text: JSON.stringify({ version: 1, settings }) }),
      );
      expect(refused.details?.map((d) => d.path)).toContain(at);
    }
    expect(await language()).toBe('auto');
  });
});
