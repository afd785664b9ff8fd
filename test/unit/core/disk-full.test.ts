import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { OPERATOR_LOG_FILE, OperatorLog } from '../../../electron/core/operator-log';
import type { OperatorEventInput } from '../../../electron/shared/contract';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { TestCipher } from '../../fakes/test-cipher';

/**
 * A real full disk: a 64 KiB tmpfs mounted for each test (root only; the test is skipped, saying
 * why, where it cannot mount). Nothing here is simulated: the kernel answers ENOSPC.
 */
let dir: string;
let mounted: string | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'disk-full-'));
  mounted = undefined;
});
afterEach(async () => {
  if (mounted) spawnSync('umount', [mounted]);
  await rm(dir, { recursive: true, force: true });
});

/** Mount a tiny tmpfs on `dir`, or skip the test with the reason. */
function smallDisk(ctx: TestContext, size = '64k'): string {
  if (process.platform !== 'linux') {
    console.log(`skipped: a tmpfs needs Linux (this is ${process.platform})`);
    ctx.skip();
  }
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.log(`skipped: cannot mount a tmpfs to fill (${(result.stderr || String(result.error)).trim()})`);
    ctx.skip();
  }
  mounted = dir;
  return dir;
}

/** Fill what is left of the disk with one file (the write that fails leaves what fitted). */
async function fill(folder: string): Promise<void> {
  await writeFile(path.join(folder, 'filler'), Buffer.alloc(1024 * 1024)).catch(
    (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOSPC') throw e;
    },
  );
}

const event = (i: number): OperatorEventInput => ({
  at: Date.UTC(2026, 10, 24, 8, 0, i % 60),
  kind: 'stale',
  deviceKey: `cam-${i}`,
  deviceName: `Camera ${i}`,
  reason: `no new frame for ${i} s `.padEnd(160, '.'),
});

describe('a full disk', () => {
  it('the operator log confirms only what is on disk, and says the disk is full', async (ctx) => {
    const folder = smallDisk(ctx);
    const log = new OperatorLog({ dir: folder, log: createLogger('t', { sink: () => undefined }) });
    await log.open();
    let confirmed = 0;
    let refused: unknown;
    for (let batch = 0; batch < 400 && refused === undefined; batch += 1) {
      try {
        confirmed += (await log.append(Array.from({ length: 20 }, (_, i) => event(batch * 20 + i)))).length;
      } catch (e) {
        refused = e;
      }
    }
    expect(refused).toMatchObject({ kind: 'storage', message: expect.stringContaining('the disk is full') });
    expect(log.list().total).toBe(confirmed);
    // What it confirmed is exactly what a restart reads back: no more, no less.
    const again = new OperatorLog({ dir: folder });
    await again.open();
    expect(again.list().total).toBe(confirmed);
    const lines = (await readFile(path.join(folder, OPERATOR_LOG_FILE), 'utf8')).split('\n').filter(Boolean);
    expect(lines).toHaveLength(confirmed);
    // Still full: a batch like the refused one is refused again.
    await expect(log.append(Array.from({ length: 20 }, (_, i) => event(9_000 + i)))).rejects.toMatchObject({
      kind: 'storage',
    });
  });

  it('ui:set answers a storage error naming the cause, and the saved state stays as it was', async (ctx) => {
    const folder = smallDisk(ctx);
    const core = await createCore({
      cipher: new TestCipher(),
      store: new FileStore(folder),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    expect(await core.call('ui:set', { key: 'draft', value: { text: 'kept' } })).toMatchObject({ ok: true });
    await fill(folder);
    const full = await core.call('ui:set', { key: 'draft', value: { text: 'x'.repeat(20_000) } });
    expect(full).toMatchObject({
      ok: false,
      error: {
        kind: 'storage',
        message: expect.stringContaining('the disk is full'),
        // Coded for the renderer: which document, and the cause it has words for.
        code: 'storage.cannotSave',
        params: { store: 'ui-state', cause: 'ENOSPC' },
      },
    });
    expect(await core.call('ui:get', { key: 'draft' })).toEqual({
      ok: true,
      value: { value: { text: 'kept' } },
    });
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(path.join(folder, 'filler'));
    expect(await core.call('ui:set', { key: 'draft', value: { text: 'later' } })).toMatchObject({ ok: true });
  });
});
