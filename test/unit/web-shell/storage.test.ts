import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../electron/shared/contract';
import { KEY_LOCATION_FILE_NAME } from '../../../electron/web-shell/data-key';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture();
});
afterAll(async () => {
  await f?.close();
});

async function keyFile(): Promise<string> {
  const { id } = JSON.parse(await readFile(path.join(f.dataDir, KEY_LOCATION_FILE_NAME), 'utf8')) as {
    id: string;
  };
  return path.join(f.dir, 'keys', `${id}.key`);
}

describe.skipIf(process.platform === 'win32')('browser shell: storage', () => {
  it('makes the key at start-up in an owner-only (0600) key file outside the data folder', async () => {
    const key = await stat(await keyFile());
    expect(key.mode & 0o777).toBe(0o600);
    expect(key.size).toBe(32);
    expect((await stat(f.dataDir)).mode & 0o077).toBe(0);
  });

  it('reports its storage tier and where the key is through app:info', async () => {
    const { result } = await f.call<AppInfo>('app:info');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.storageTier).toBe('file');
    expect(result.value.storageDescription).toContain('AES-256-GCM');
    expect(result.value.storageDescription).toContain(`a key file on this disk (${await keyFile()}`);
  });

  it('keeps profiles in the data folder with the secret encrypted, never as plain text, and no key there', async () => {
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
    const key = await readFile(await keyFile());
    const files = (await readdir(f.dataDir, { withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(files).toEqual(expect.arrayContaining([KEY_LOCATION_FILE_NAME, 'profiles.json']));
    for (const file of files) {
      const bytes = await readFile(path.join(f.dataDir, file));
      expect(bytes.includes(Buffer.from(secret)), file).toBe(false);
      expect(bytes.includes(key), file).toBe(false);
      expect((await stat(path.join(f.dataDir, file))).mode & 0o077, file).toBe(0);
    }
    expect(await readFile(path.join(f.dataDir, 'profiles.json'), 'utf8')).toContain('dev-1');
  });
});
