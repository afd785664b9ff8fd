import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../electron/shared/contract';
import { KEY_FILE_NAME } from '../../../electron/web-shell/server';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

describe.skipIf(process.platform === 'win32')('browser shell: storage', () => {
  it('creates the AES key file at start-up, owner-only (0600), in an owner-only folder', async () => {
    const key = await stat(path.join(f.dataDir, KEY_FILE_NAME));
    expect(key.mode & 0o777).toBe(0o600);
    expect(key.size).toBe(32);
    expect((await stat(f.dataDir)).mode & 0o077).toBe(0);
  });

  it('reports its storage tier and how the secrets are kept through app:info', async () => {
    const { result } = await f.call<AppInfo>('app:info');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.storageTier).toBe('strong');
    expect(result.value.storageDescription).toContain('AES-256-GCM');
    expect(result.value.storageDescription).toContain('0600');
    expect(result.value.storageDescription).toContain(path.join(f.dataDir, KEY_FILE_NAME));
  });

  it('keeps profiles in the data folder with the secret encrypted, never as plain text', async () => {
    const secret = 'PLAINTEXT-SECRET-4711';
    const { result } = await f.call('profiles:save', {
      id: 'kept',
      name: 'Kept',
      baseUrl: 'http://127.0.0.1:9',
      credentialType: 'device',
      keys: { deviceKey: 'dev-1' },
      secrets: { queryToken: secret },
    });
    expect(result.ok).toBe(true);
    const files = await readdir(f.dataDir);
    expect(files).toEqual(expect.arrayContaining([KEY_FILE_NAME, 'profiles.json']));
    for (const file of files) {
      const bytes = await readFile(path.join(f.dataDir, file));
      expect(bytes.includes(Buffer.from(secret)), file).toBe(false);
      expect((await stat(path.join(f.dataDir, file))).mode & 0o077, file).toBe(0);
    }
    expect(await readFile(path.join(f.dataDir, 'profiles.json'), 'utf8')).toContain('dev-1');
  });
});
