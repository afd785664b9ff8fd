import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { LIMITS } from '../../../electron/shared/limits';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { error, openCore, value } from '../../support/core-harness';

/**
 * Sizes and counts a caller can send, through core.call (the path both shells use): each one over
 * its limit is refused as invalid input naming its path, before any work is done with it; none
 * makes the call fail otherwise.
 */
let dir: string;
let core: Core;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'input-limits-'));
  ({ core } = await openCore({ store: new FileStore(path.join(dir, 'data')) }));
  value(
    await core.call('profiles:save', {
      id: 'p',
      name: 'Platform',
      baseUrl: 'http://127.0.0.1:1',
      credentialType: 'device',
      keys: { deviceKey: 'dk' },
      secrets: { queryToken: 'tok' },
    }),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const wall = (grid: { columns: number; rows: number }, extra: object = {}) => ({
  name: 'Wall',
  profileId: 'p',
  grid,
  tiles: [{ deviceKey: 'd', column: 1, row: 1 }],
  ...extra,
});

const paths = (e: { details?: { path: string }[] }) => e.details?.map((d) => d.path) ?? [];

describe('grid sizes are checked before the grid is built', () => {
  it.each([
    ['rows 2^32', { columns: 2, rows: 2 ** 32 }, 'grid.rows'],
    ['columns -1', { columns: -1, rows: 2 }, 'grid.columns'],
    ['columns 2^53', { columns: 2 ** 53, rows: 2 }, 'grid.columns'],
    ['rows 40 000 000', { columns: 2, rows: 40_000_000 }, 'grid.rows'],
  ])('layouts:save with %s is invalid input at its path', async (_label, grid, at) => {
    const e = error(await core.call('layouts:save', wall(grid)));
    expect(e.kind).toBe('invalid-input');
    expect(paths(e)).toContain(at);
    expect(e.details?.find((d) => d.path === at)?.message).toBe('a whole number from 1 to 8');
    expect(value(await core.call('layouts:list', undefined))).toEqual([]);
  });

  it('views:import and provisioning:import refuse such a grid at its JSON path', async () => {
    const doc = {
      format: 'control-room-wall/views',
      version: 1,
      views: [{ id: 'big', ...wall({ columns: 2, rows: 2 ** 32 }) }],
    };
    const viewsError = error(await core.call('views:import', { text: JSON.stringify(doc) }));
    expect(paths(viewsError)).toContain('$.views[0].grid.rows');

    const file = {
      version: 1,
      layouts: [{ id: 'big', name: 'Big', profile: 'p', grid: { columns: -1, rows: 2 }, tiles: [] }],
    };
    const provisioningError = error(await core.call('provisioning:import', { text: JSON.stringify(file) }));
    expect(paths(provisioningError)).toContain('$.layouts[0].grid.columns');
    expect(value(await core.call('layouts:list', undefined))).toEqual([]);
  });

  it('a tile past the grid, or too many tiles, is named without placing anything', async () => {
    const far = error(
      await core.call('layouts:save', {
        ...wall({ columns: 2, rows: 2 }),
        tiles: [{ deviceKey: 'd', column: 1, row: 1, rowSpan: 2 ** 31 }],
      }),
    );
    expect(paths(far)).toContain('tiles[0].rowSpan');
    const many = error(
      await core.call('layouts:save', {
        ...wall({ columns: 8, rows: 8 }),
        tiles: Array.from({ length: 10_000 }, () => ({ deviceKey: 'd' })),
      }),
    );
    expect(paths(many)).toEqual(['tiles']);
  });
});

describe('strings and counts have limits, with a clear message', () => {
  it('refuses a 1 MB key, a NUL and a right-to-left override in names and keys', async () => {
    const bigKey = error(
      await core.call('profiles:save', {
        name: 'Big',
        baseUrl: 'http://127.0.0.1:1',
        credentialType: 'device',
        keys: { deviceKey: 'k'.repeat(1_000_000) },
        secrets: { queryToken: 't' },
      }),
    );
    expect(bigKey.details).toContainEqual({
      path: 'keys.deviceKey',
      message: `at most ${LIMITS.credentialKey} characters`,
      // The bound as a code and parameters, for the renderer to word in the operator's language.
      code: 'input.tooBig',
      params: { maximum: LIMITS.credentialKey, origin: 'string' },
    });

    const nul = error(
      await core.call('profiles:save', {
        name: 'Null\u0000byte',
        baseUrl: 'http://127.0.0.1:1',
        credentialType: 'device',
        keys: { deviceKey: 'dk\u0000' },
        secrets: { queryToken: 't'.repeat(LIMITS.secret + 1) },
      }),
    );
    expect(nul.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'name',
          message: 'must not contain control characters (found U+0000)',
        }),
        expect.objectContaining({
          path: 'keys.deviceKey',
          message: 'must not contain control characters (found U+0000)',
        }),
        expect.objectContaining({
          path: 'secrets.queryToken',
          message: `at most ${LIMITS.secret} characters`,
        }),
      ]),
    );

    const rtl = error(
      await core.call('layouts:save', {
        ...wall({ columns: 2, rows: 2 }),
        name: 'Lobby\u202egpj.exe',
        tiles: [{ deviceKey: 'cam\u200f' }],
      }),
    );
    expect(rtl.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'name',
          message: 'must not contain bidirectional text controls (found U+202E)',
        }),
        expect.objectContaining({
          path: 'tiles[0].deviceKey',
          message: 'must not contain bidirectional text controls (found U+200F)',
        }),
      ]),
    );
    expect(value(await core.call('profiles:list', undefined)).map((p) => p.id)).toEqual(['p']);
    expect(value(await core.call('layouts:list', undefined))).toEqual([]);
  });

  it('keeps a device name the platform wrote oddly, its controls made spaces (nobody here typed it)', async () => {
    const saved = value(
      await core.call('layouts:save', {
        ...wall({ columns: 1, rows: 1 }),
        tiles: [{ deviceKey: 'd', deviceName: 'Gate\n2\u202e' }],
      }),
    );
    expect(saved.tiles[0].deviceName).toBe('Gate 2 ');
  });

  it('refuses a provisioning file past the count limits, naming the list', async () => {
    const layouts = Array.from({ length: LIMITS.views + 1 }, (_, i) => ({
      id: `v${i}`,
      name: `View ${i}`,
      profile: 'p',
      grid: { columns: 1, rows: 1 },
      tiles: [],
    }));
    const e = error(
      await core.call('provisioning:import', { text: JSON.stringify({ version: 1, layouts }) }),
    );
    expect(e.details).toContainEqual({
      path: '$.layouts',
      message: `at most ${LIMITS.views} layouts (this file has ${LIMITS.views + 1})`,
      code: 'problem.tooMany',
      params: { max: LIMITS.views, count: LIMITS.views + 1 },
    });
  });

  it('keeps at most LIMITS.views saved views: one more is refused, nothing written', async () => {
    const doc = {
      format: 'control-room-wall/views',
      version: 1,
      views: Array.from({ length: LIMITS.views }, (_, i) => ({
        id: `v${i}`,
        ...wall({ columns: 1, rows: 1 }),
        name: `View ${i}`,
      })),
    };
    value(await core.call('views:import', { text: JSON.stringify(doc) }));
    const e = error(await core.call('layouts:save', wall({ columns: 1, rows: 1 }, { name: 'One more' })));
    expect(e).toMatchObject({
      kind: 'invalid-input',
      message: expect.stringContaining(`At most ${LIMITS.views} views`),
    });
    expect(value(await core.call('layouts:list', undefined))).toHaveLength(LIMITS.views);
  });
});
