import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import type { Layout } from '../../../electron/shared/layout';
import type { ProfileView } from '../../../electron/shared/profile';
import { ProvisioningRefusedError } from '../../../electron/web-shell/provisioning-refused';
import { BROKEN_PATHS, BROKEN_PROVISIONING, GOOD_PROVISIONING } from './provisioning-files';
import { startShellFixture, writeFakeRenderer } from './shell-fixture';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-shell-provision-'));
  await writeFile(path.join(dir, 'good.json'), JSON.stringify(GOOD_PROVISIONING));
  await writeFile(path.join(dir, 'broken.json'), JSON.stringify(BROKEN_PROVISIONING));
  await writeFakeRenderer(path.join(dir, 'renderer'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('browser shell: --provision FILE', () => {
  it('imports profiles and layouts before serving', async () => {
    const f = await startShellFixture({ provisionFile: path.join(dir, 'good.json') });
    try {
      const profiles = await f.call<ProfileView[]>('profiles:list');
      expect(profiles.result).toMatchObject({
        ok: true,
        value: [{ id: 'plant-a', placement: 'headers', secrets: { authSecret: { configured: true } } }],
      });
      const layouts = await f.call<Layout[]>('layouts:list');
      expect(layouts.result.ok && layouts.result.value.map((l) => l.id)).toEqual(['lobby']);
    } finally {
      await f.close();
    }
  });

  it('refuses a broken file naming every problem by its JSON path, and starts nothing', async () => {
    const dataDir = path.join(dir, 'refused-data');
    const { startWebShell } = await import('../../../electron/web-shell/server');
    const failure = await startWebShell({
      dataDir,
      rendererDir: path.join(dir, 'renderer'),
      provisionFile: path.join(dir, 'broken.json'),
      demo: false,
      logger: createLogger('web-shell', { sink: () => undefined }),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ProvisioningRefusedError);
    const refused = failure as ProvisioningRefusedError;
    expect(refused.problems.map((p) => p.path)).toEqual(expect.arrayContaining(BROKEN_PATHS));
    for (const p of BROKEN_PATHS) expect(refused.describe()).toContain(`  ${p}: `);
    // Nothing applied: the data folder this start created (key file included) is gone again.
    await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file that cannot be read, naming it', async () => {
    const missing = path.join(dir, 'missing.json');
    await expect(startShellFixture({ provisionFile: missing })).rejects.toMatchObject({
      name: 'ProvisioningRefusedError',
      problems: [{ path: '$', message: expect.stringContaining('does not exist') }],
    });
  });
});
