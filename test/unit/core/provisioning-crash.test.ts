import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverInterruptedImport } from '../../../electron/core/provisioning-journal';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { openCore, value } from '../../support/core-harness';

/**
 * A provisioning import that dies part-way (the process killed between two documents) leaves the
 * old state at the next start, never profiles without their layouts.
 */
let dir: string;
let data: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'provisioning-crash-'));
  data = path.join(dir, 'data');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A store whose process "dies" at the first write of `key`: that write, and every later one, never happens. */
class DyingStore extends FileStore {
  dead = false;
  readonly died: Promise<void>;
  private die!: () => void;
  constructor(
    folder: string,
    private readonly key: string,
  ) {
    super(folder);
    this.died = new Promise((resolve) => (this.die = resolve));
  }
  override async set(key: string, value: unknown): Promise<void> {
    if (key === this.key) this.dead = true;
    if (this.dead) {
      this.die();
      return new Promise(() => undefined);
    }
    return super.set(key, value);
  }
  override async delete(key: string): Promise<void> {
    if (this.dead) return new Promise(() => undefined);
    return super.delete(key);
  }
}

const FILE = {
  version: 1,
  profiles: [
    {
      id: 'site',
      name: 'Site',
      baseUrl: 'http://127.0.0.1:1',
      credentials: { type: 'device', deviceKey: 'dk', queryToken: 'site-token' },
    },
  ],
  layouts: [
    { id: 'site-wall', name: 'Site wall', profile: 'site', grid: { columns: 2, rows: 2 }, tiles: [] },
  ],
};

async function seed(): Promise<void> {
  const { core } = await openCore({ store: new FileStore(data) });
  value(
    await core.call('profiles:save', {
      id: 'old',
      name: 'Old',
      baseUrl: 'http://127.0.0.1:2',
      credentialType: 'device',
      keys: { deviceKey: 'old' },
      secrets: { queryToken: 'old-token' },
    }),
  );
  value(
    await core.call('layouts:save', {
      id: 'old-wall',
      name: 'Old wall',
      profileId: 'old',
      grid: { columns: 1, rows: 1 },
      tiles: [],
    }),
  );
}

describe('a provisioning import killed part-way', () => {
  it('is undone at the next start: the old profiles and layouts, and a notice', async () => {
    await seed();
    const dying = new DyingStore(data, 'layouts');
    const { core } = await openCore({ store: dying });
    void core.call('provisioning:import', { text: JSON.stringify(FILE) });
    await dying.died;

    // The next start, on the same folder: the core puts the old documents back before reading them.
    const store = new FileStore(data);
    const { core: next } = await openCore({ store });
    expect(value(await next.call('profiles:list', undefined)).map((p) => p.id)).toEqual(['old']);
    expect(value(await next.call('layouts:list', undefined)).map((l) => l.id)).toEqual(['old-wall']);
    expect(next.notices()).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringContaining('did not finish'),
        code: 'notice.provisioning.interrupted',
        params: { startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      }),
    ]);
    // Once: the journal is gone.
    expect(await recoverInterruptedImport(store, () => undefined)).toBe(false);

    // The same file imports in full afterwards.
    value(await next.call('provisioning:import', { text: JSON.stringify(FILE) }));
    expect(value(await next.call('layouts:list', undefined)).map((l) => l.id)).toEqual([
      'old-wall',
      'site-wall',
    ]);
  });

  it('leaves no journal behind after an import that finished or was refused', async () => {
    await seed();
    const { core } = await openCore({ store: new FileStore(data) });
    value(await core.call('provisioning:import', { text: JSON.stringify(FILE) }));
    await core.call('provisioning:import', { text: JSON.stringify({ ...FILE, layouts: [{ id: 'x' }] }) });
    expect((await readdir(data)).filter((n) => n.startsWith('provisioning-journal'))).toEqual([]);
    expect(await recoverInterruptedImport(new FileStore(data), () => undefined)).toBe(false);
  });
});
