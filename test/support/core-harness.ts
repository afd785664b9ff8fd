import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCore, type Core, type CorePorts } from '../../electron/core/core';
import { createLogger } from '../../electron/core/logger';
import type { EventName, Result } from '../../electron/shared/contract';
import { TestCipher } from '../fakes/test-cipher';

/**
 * The core as the unit tests drive it: through core.call (the path both shells use), on the store
 * they give it, every push event recorded in order. A test cipher, a silent logger and the browser
 * shell unless the test says otherwise.
 */
export async function openCore(
  ports: Partial<CorePorts> & Pick<CorePorts, 'store'>,
): Promise<{ core: Core; events: [EventName, unknown][] }> {
  const core = await createCore({
    cipher: new TestCipher(),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
    ...ports,
  });
  const events: [EventName, unknown][] = [];
  core.onAny((event, payload) => events.push([event, payload]));
  return { core, events };
}

/** The value of a call that must succeed (its error, in the failure message, when it did not). */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * Save the User profile `site` ("Site") most core tests start from: nothing listens at its address
 * unless the test gives one. The secret is the test's, so it can look for it where it must not be.
 */
export async function saveSiteProfile(
  core: Core,
  authSecret: string,
  baseUrl = 'http://127.0.0.1:1',
): Promise<void> {
  value(
    await core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl,
      credentialType: 'user',
      keys: { userKey: 'u', authKey: 'a' },
      secrets: { authSecret },
    }),
  );
}

/** The error of a call that must fail. */
export function error<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/**
 * Every file of a data folder as one text, to search for what must not be written (a secret). A
 * store's temp file renamed over its target between the listing and the read is skipped: its bytes
 * are read in the target.
 */
export async function folderText(folder: string): Promise<string> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(
    names.map((n) =>
      readFile(path.join(folder, n), 'utf8').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return '';
        throw e;
      }),
    ),
  );
  return texts.join('\n');
}
