import { link, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import type { Notice } from '../../../electron/shared/contract';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * Audit of #28.8 beyond symbolic links: a provisioning file with a second hard link. Renaming the
 * stripped file over one name leaves the other name on the old inode, secret and all, while the
 * shell reports "secrets-stripped" (or "deleted"). Acceptable: the file is refused before anything
 * is imported; or no name keeps the secret; or the result does not claim it and a notice says so.
 */
const posix = process.platform !== 'win32';
const SECRET = 'hard-linked-secret-4711';

let dir: string;
let core: Core;
let notices: Notice[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trust-audit-links-'));
  core = await createCore({
    cipher: new TestCipher(),
    store: new FileStore(path.join(dir, 'data')),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });
  notices = [];
  core.on('app:notice', (n) => notices.push(n));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = (afterImport?: string) =>
  `${JSON.stringify({
    version: 1,
    profiles: [
      {
        id: 'site',
        name: 'Site',
        baseUrl: 'http://127.0.0.1:9',
        credentials: { type: 'user', userKey: 'u', authKey: 'a', authSecret: SECRET },
      },
    ],
    ...(afterImport && { afterImport }),
  })}\n`;

describe.skipIf(!posix)('a provisioning file with a second hard link', () => {
  for (const afterImport of ['strip-secrets', 'delete-file'] as const) {
    it(`${afterImport}: no name keeps the secret, or the result says it was not removed`, async () => {
      const given = path.join(dir, 'wall.json');
      const other = path.join(dir, 'wall-copy.json');
      await writeFile(given, file(afterImport), { mode: 0o640 });
      await link(given, other);

      const result = await core.applyProvisioningFile(given).catch((e: unknown) => e as Error);
      if (result instanceof Error) {
        // Refused before the import (the Deliver's "or refuses it"): nothing of it applies.
        expect(result).toMatchObject({ kind: 'invalid-input' });
        const profiles = await core.call('profiles:list', undefined);
        expect(profiles).toEqual({ ok: true, value: [] });
        return;
      }
      const left = await readFile(other, 'utf8');
      if (left.includes(SECRET)) {
        // The secret stays on disk: the shell must not say it is gone, and must say where it stays.
        expect(result.file).toBe('unchanged');
        expect(notices).toContainEqual(expect.objectContaining({ source: 'provisioning', level: 'error' }));
      }
    });
  }
});
