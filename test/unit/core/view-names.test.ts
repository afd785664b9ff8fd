import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { error, openCore, value } from '../../support/core-harness';

/**
 * One rule for view names wherever a view is made or named: no two views share a name, case and
 * surrounding spaces aside (save, rename, duplicate, views file, provisioning file).
 */
let dir: string;
let core: Core;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'view-names-'));
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
  value(await core.call('layouts:save', view('lobby', 'Lobby')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function view(id: string, name: string) {
  return { id, name, profileId: 'p', grid: { columns: 1, rows: 1 }, tiles: [] };
}
const names = async () => value(await core.call('layouts:list', undefined)).map((l) => l.name);

describe('view names differ by more than case, everywhere', () => {
  it('layouts:save refuses a new view named like another in other case, as rename does', async () => {
    const saved = error(await core.call('layouts:save', view('hall', ' LOBBY ')));
    expect(saved).toMatchObject({
      kind: 'invalid-input',
      details: [{ path: 'name', message: 'another view is already called "Lobby"' }],
    });
    value(await core.call('layouts:save', view('hall', 'Hall')));
    const renamed = error(await core.call('layouts:rename', { id: 'hall', name: 'lobby' }));
    expect(renamed.details).toEqual(saved.details);
    const copied = error(await core.call('layouts:duplicate', { id: 'hall', name: 'LOBBY' }));
    expect(copied.details).toEqual(saved.details);
    expect(await names()).toEqual(['Lobby', 'Hall']);
  });

  it('a view keeps its own name in another case, and saves again under it', async () => {
    value(await core.call('layouts:rename', { id: 'lobby', name: 'LOBBY' }));
    value(await core.call('layouts:save', view('lobby', 'LOBBY')));
    expect(await names()).toEqual(['LOBBY']);
  });

  it('views:import gives a view that would take another name a free one', async () => {
    const doc = {
      format: 'control-room-wall/views',
      version: 1,
      views: [view('other-lobby', 'lobby'), view('second', 'Second'), view('third', 'SECOND')],
    };
    const summary = value(await core.call('views:import', { text: JSON.stringify(doc) }));
    expect(summary.views.map((v) => [v.id, v.name, v.outcome])).toEqual([
      ['other-lobby', 'lobby (imported)', 'added'],
      ['second', 'Second', 'added'],
      ['third', 'SECOND (imported)', 'added'],
    ]);
    expect(await names()).toEqual(['Lobby', 'lobby (imported)', 'Second', 'SECOND (imported)']);
  });

  it('a provisioning file naming two views alike (here or in the file) is refused at each name', async () => {
    const file = {
      version: 1,
      layouts: [
        { id: 'a', name: 'LOBBY', profile: 'p', grid: { columns: 1, rows: 1 }, tiles: [] },
        { id: 'b', name: 'Hall', profile: 'p', grid: { columns: 1, rows: 1 }, tiles: [] },
        { id: 'c', name: 'hall ', profile: 'p', grid: { columns: 1, rows: 1 }, tiles: [] },
        // Its own saved view, renamed in case only: allowed.
        { id: 'lobby', name: 'lobby', profile: 'p', grid: { columns: 1, rows: 1 }, tiles: [] },
      ],
    };
    const e = error(await core.call('provisioning:import', { text: JSON.stringify(file) }));
    expect(e.details).toEqual([
      {
        path: '$.layouts[0].name',
        message: 'another view is already called "Lobby" (saved here)',
        code: 'problem.nameTaken',
        params: { name: 'Lobby' },
      },
      {
        path: '$.layouts[2].name',
        message: 'another view is already called "Hall" ($.layouts[1])',
        code: 'problem.nameTakenInFile',
        params: { name: 'Hall', at: '$.layouts[1]' },
      },
    ]);
    expect(await names()).toEqual(['Lobby']);
  });
});
