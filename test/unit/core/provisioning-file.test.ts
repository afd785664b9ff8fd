import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import {
  MAX_PROVISIONING_FILE_BYTES,
  standingProvisioningPath,
} from '../../../electron/core/provisioning-file';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { VAULT_MARKER } from '../../../electron/shared/provisioning';
import type { Notice } from '../../../electron/shared/contract';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

const posix = process.platform !== 'win32';

/** Provisioning files on disk, imported through the core, against the demo platform over loopback. */
let platform: DemoPlatform;
let dir: string;
let file: string;
let core: Core;
let notices: Notice[];
let store: MemoryStore;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'provision-file-'));
  file = path.join(dir, 'wall.json');
  store = new MemoryStore();
  core = await createCore({
    cipher: new TestCipher(),
    store,
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });
  notices = [];
  core.on('app:notice', (n) => notices.push(n));
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

const secret = () => platform.credentials.user.authSecret;
const wall = (extra: Record<string, unknown> = {}, authSecret: string = secret()) => ({
  version: 1,
  profiles: [
    {
      id: 'site',
      name: 'Site',
      baseUrl: platform.baseUrl,
      credentials: {
        type: 'user',
        userKey: platform.credentials.user.userKey,
        authKey: platform.credentials.user.authKey,
        authSecret,
      },
    },
  ],
  layouts: [{ id: 'entrance', name: 'Entrance', profile: 'site', grid: { columns: 3, rows: 3 }, tiles: [] }],
  kiosk: { enabled: true, startLayout: 'entrance', locked: false },
  ...extra,
});
const write = (data: unknown) => writeFile(file, `${JSON.stringify(data, null, 2)}\n`);

describe('a provisioning file leaves no secret behind', () => {
  it('imports, then rewrites the file with the secret replaced by the vault marker; the vault works', async () => {
    await write(wall());
    await chmod(file, 0o640);
    const result = await core.applyProvisioningFile(file);
    expect(result.file).toBe('secrets-stripped');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(secret());
    expect(JSON.parse(text).profiles[0].credentials.authSecret).toBe(VAULT_MARKER);
    // The file keeps its permissions: rewriting it changes who may read it no more than its secrets.
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(dir)).toEqual(['wall.json']);
    // The secret is in the vault: the platform answers with it.
    expect((await core.call('products:list', { profileId: 'site', pageSize: 1 })).ok).toBe(true);
  });

  it('importing the rewritten file again changes nothing and keeps the secret', async () => {
    await write(wall());
    await core.applyProvisioningFile(file);
    const before = await Promise.all([
      core.call('profiles:list', undefined),
      core.call('layouts:list', undefined),
    ]);
    const again = await core.applyProvisioningFile(file);
    expect(again.file).toBe('unchanged');
    expect(
      await Promise.all([core.call('profiles:list', undefined), core.call('layouts:list', undefined)]),
    ).toEqual(before);
    expect((await core.call('products:list', { profileId: 'site', pageSize: 1 })).ok).toBe(true);
  });

  it('follows a symbolic link: the real file loses its secret and keeps its mode; the link stays a link', async () => {
    const real = path.join(dir, 'real', 'wall.json');
    await mkdir(path.dirname(real));
    await writeFile(real, `${JSON.stringify(wall(), null, 2)}\n`, { mode: 0o644 });
    await chmod(real, 0o644);
    await symlink(real, file);
    const result = await core.applyProvisioningFile(file);
    expect(result.file).toBe('secrets-stripped');
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    const text = await readFile(real, 'utf8');
    expect(text).not.toContain(secret());
    expect(JSON.parse(text).profiles[0].credentials.authSecret).toBe(VAULT_MARKER);
    if (posix) expect((await stat(real)).mode & 0o777).toBe(0o644);
    expect((await readdir(path.dirname(real))).sort()).toEqual(['wall.json']);
    expect((await core.call('products:list', { profileId: 'site', pageSize: 1 })).ok).toBe(true);
  });

  it('a linked file that asks to be deleted is deleted, and its link with it', async () => {
    const real = path.join(dir, 'real.json');
    await writeFile(real, `${JSON.stringify(wall({ afterImport: 'delete-file' }), null, 2)}\n`);
    await symlink(real, file);
    expect((await core.applyProvisioningFile(file)).file).toBe('deleted');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file over 1 MB before reading it, naming the file and the limit; nothing is applied', async () => {
    const data = wall({ padding: 'x'.repeat(MAX_PROVISIONING_FILE_BYTES) });
    await write(data);
    const error = await core.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { kind?: string; message?: string },
    );
    expect(error?.kind).toBe('invalid-input');
    expect(error?.message).toContain(file);
    expect(error?.message).toContain('at most 1 MB (1,000,000 bytes)');
    expect(await readFile(file, 'utf8')).toContain(secret());
    expect(await core.call('profiles:list', undefined)).toMatchObject({ ok: true, value: [] });
  });

  it('removes the file when it says so', async () => {
    await write(wall({ afterImport: 'delete-file' }));
    expect((await core.applyProvisioningFile(file)).file).toBe('deleted');
    expect(await readdir(dir)).toEqual([]);
  });

  it('an invalid file is refused with every problem by JSON path, applies nothing and stays as it was', async () => {
    const bad = wall({ kiosk: { enabled: true, startLayout: 'nowhere' } });
    (bad.profiles[0] as Record<string, unknown>).baseUrl = 'ftp://x';
    await write(bad);
    const original = await readFile(file, 'utf8');
    const error = await core.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { details?: { path: string }[] },
    );
    expect(error?.details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(['$.profiles[0].baseUrl', '$.kiosk.startLayout']),
    );
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(
      (await core.call('profiles:list', undefined)).ok && (await core.call('profiles:list', undefined)),
    ).toMatchObject({ value: [] });
  });

  it('a write that fails part-way applies nothing and leaves the file untouched', async () => {
    const failing = new FileStore(path.join(dir, 'data'));
    const broken = await createCore({
      cipher: new TestCipher(),
      store: failing,
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    await write(wall());
    const original = await readFile(file, 'utf8');
    const set = failing.set.bind(failing);
    failing.set = async (key, value) => {
      if (key === 'layouts') throw new Error('disk full');
      return set(key, value);
    };
    await expect(broken.applyProvisioningFile(file)).rejects.toThrow('disk full');
    failing.set = set;
    expect(await readFile(file, 'utf8')).toBe(original);
    expect((await broken.call('profiles:list', undefined)) as unknown).toMatchObject({ ok: true, value: [] });
  });

  it('a marker for a platform or keys the vault never saw is refused, naming the field', async () => {
    await write(wall({}, VAULT_MARKER));
    const error = await core.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { details?: { path: string; message: string }[] },
    );
    expect(error?.details).toEqual([
      {
        path: '$.profiles[0].credentials.authSecret',
        message: expect.stringContaining('this computer has no profile "site"'),
        code: 'problem.vault.noProfile',
        params: { name: 'authSecret', id: 'site' },
      },
    ]);
    await write(wall());
    await core.applyProvisioningFile(file);
    const moved = JSON.parse(await readFile(file, 'utf8'));
    moved.profiles[0].baseUrl = 'https://elsewhere.example';
    await write(moved);
    const refused = await core.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { details?: { message: string }[] },
    );
    expect(refused?.details?.[0].message).toContain('platform address changed');

    // Pointing the streams (which carry the platform's secret) at another host asks for the secret too.
    const redirected = JSON.parse(await readFile(file, 'utf8'));
    redirected.profiles[0].baseUrl = platform.baseUrl;
    redirected.profiles[0].mediaHost = '127.0.0.9:8080';
    await write(redirected);
    const capture = await core.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { details?: { path: string; message: string }[] },
    );
    expect(capture?.details).toEqual([
      {
        path: '$.profiles[0].credentials.authSecret',
        message: expect.stringContaining('media host changed'),
        code: 'problem.vault.unusable',
        params: { name: 'authSecret' },
      },
    ]);
  });

  it('says so, and keeps the import, when the file cannot be rewritten', async () => {
    await write(wall());
    // The temp file the rewrite writes beside is taken by a folder (root ignores a read-only folder).
    await mkdir(path.join(dir, `.wall.json.${process.pid}.tmp`));
    const result = await core.applyProvisioningFile(file);
    expect(result.file).toBe('unchanged');
    expect(notices.at(-1)).toMatchObject({
      level: 'error',
      message: expect.stringContaining('its secrets could not be removed'),
      code: 'notice.provisioning.notStripped',
      params: { file: 'wall.json' },
    });
    expect((await core.call('layouts:list', undefined)) as unknown).toMatchObject({
      ok: true,
      value: [{ id: 'entrance' }],
    });
  });
});

describe('the standing provisioning file', () => {
  it('is applied once per content, recorded by hash, and again when it changes', async () => {
    await write(wall());
    expect((await core.applyStandingProvisioning(file))?.file).toBe('secrets-stripped');
    expect(await core.applyStandingProvisioning(file)).toBeUndefined();
    const changed = JSON.parse(await readFile(file, 'utf8'));
    changed.layouts[0].name = 'Entrance hall';
    await write(changed);
    expect((await core.applyStandingProvisioning(file))?.file).toBe('unchanged');
    expect((await core.call('layouts:list', undefined)) as unknown).toMatchObject({
      value: [{ name: 'Entrance hall' }],
    });
    expect(await store.get('provisioning-applied')).toMatchObject({ file, hashes: expect.any(Array) });
  });

  it('is nothing when absent', async () => {
    expect(await core.applyStandingProvisioning(path.join(dir, 'none.json'))).toBeUndefined();
  });

  it('lives at a documented per-OS path', () => {
    expect(standingProvisioningPath('linux', {})).toBe('/etc/control-room-wall/provisioning.json');
    expect(standingProvisioningPath('win32', { ProgramData: 'D:\\PD' })).toBe(
      'D:\\PD\\Control Room Wall\\provisioning.json',
    );
    expect(standingProvisioningPath('darwin', {})).toBe(
      '/Library/Application Support/Control Room Wall/provisioning.json',
    );
    expect(standingProvisioningPath('linux', { WALL_PROVISIONING_FILE: '/x.json' })).toBe('/x.json');
  });
});
