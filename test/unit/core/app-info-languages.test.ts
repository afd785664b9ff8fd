import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CorePorts } from '../../../electron/core/core';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { openCore, value } from '../../support/core-harness';

/**
 * app:info carries the OS's preferred languages where the shell can ask the OS (the desktop app's
 * app.getPreferredSystemLanguages()), so the renderer's 'auto' language follows the OS there.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'app-info-languages-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function info(app: CorePorts['app']) {
  const { core } = await openCore({ store: new FileStore(path.join(dir, 'data')), app });
  return value(await core.call('app:info', undefined));
}

describe("app:info's system languages", () => {
  it('carries the languages the OS gives, in its order, asked afresh at each call', async () => {
    let languages = ['zh-Hans-CN', 'en-US'];
    const { core } = await openCore({
      store: new FileStore(path.join(dir, 'data')),
      app: { shell: 'electron', systemLanguages: () => languages },
    });
    expect(value(await core.call('app:info', undefined)).systemLanguages).toEqual(['zh-Hans-CN', 'en-US']);
    // The operator changed the OS's languages while the app ran.
    languages = ['en-GB'];
    expect(value(await core.call('app:info', undefined)).systemLanguages).toEqual(['en-GB']);
  });

  it('is absent where the shell cannot ask the OS (the browser shell reads navigator.languages)', async () => {
    const answer = await info({ shell: 'web' });
    expect(answer).not.toHaveProperty('systemLanguages');
  });

  it('keeps within what app:info may carry: the first 20, no over-long tag', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `x-lang${i}`);
    const answer = await info({ shell: 'electron', systemLanguages: () => ['a'.repeat(36), ...many] });
    expect(answer.systemLanguages).toEqual(many.slice(0, 20));
  });

  it('still answers, with none, when the OS cannot tell', async () => {
    const answer = await info({
      shell: 'electron',
      systemLanguages: () => {
        throw new Error('no locale service');
      },
    });
    expect(answer.systemLanguages).toEqual([]);
    expect(answer.shell).toBe('electron');
  });
});
