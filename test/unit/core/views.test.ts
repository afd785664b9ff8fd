import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import type { LayoutDraft } from '../../../electron/shared/layout';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { error, folderText, openCore, value } from '../../support/core-harness';

/**
 * Saved views (layouts) managed, exported and imported, through core.call with real files: rename,
 * duplicate, a JSON export that carries no secret, imports refused with every problem by its JSON
 * path and nothing changed, and imports that lose nothing.
 */
const SECRETS = ['CANARY-auth-secret-5b1e', 'CANARY-query-token-77aa', 'CANARY-project-secret-0c3d'];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'views-'));
});
afterEach(async () => {
  failing.clear();
  await rm(dir, { recursive: true, force: true });
});

/** Writes of these keys fail (a full disk), to show an import undone part-way. */
const failing = new Set<string>();

class FlakyStore extends FileStore {
  override async set(key: string, value: unknown): Promise<void> {
    if (failing.has(key)) throw new Error('ENOSPC: no space left on device');
    return super.set(key, value);
  }
}

const open = (data = 'data') => openCore({ store: new FlakyStore(path.join(dir, data)) });

/** Three profiles with every kind of secret planted. */
async function withProfiles(core: Core): Promise<void> {
  value(
    await core.call('profiles:save', {
      id: 'site-a',
      name: 'Site A',
      baseUrl: 'https://a.example.com',
      credentialType: 'user',
      keys: { userKey: 'u', authKey: 'k' },
      secrets: { authSecret: SECRETS[0] },
    }),
  );
  value(
    await core.call('profiles:save', {
      id: 'gate',
      name: 'Gate camera',
      baseUrl: 'http://10.0.0.9:8080',
      credentialType: 'device',
      keys: { deviceKey: 'dev-1' },
      secrets: { queryToken: SECRETS[1] },
    }),
  );
  value(
    await core.call('profiles:save', {
      id: 'proj',
      name: 'Project',
      baseUrl: 'https://p.example.com',
      credentialType: 'project',
      keys: { projectKey: 'pk', projectAuthKey: 'pak' },
      secrets: { projectAuthSecret: SECRETS[2] },
    }),
  );
}

const lobby: LayoutDraft = {
  id: 'lobby',
  name: 'Lobby',
  profileId: 'site-a',
  grid: { columns: 3, rows: 2 },
  tiles: [
    {
      deviceKey: 'cam-1',
      column: 1,
      row: 1,
      columnSpan: 2,
      rowSpan: 2,
      deviceName: 'Main gate',
      label: 'Gate',
      fit: 'fill',
    },
    { deviceKey: 'cam-2', sipId: '3402', channelId: '1', column: 3, row: 1, transport: 'hls' },
    { deviceKey: 'cam-3', column: 3, row: 2 },
  ],
  areas: [{ column: 1, row: 1, columnSpan: 2, rowSpan: 2 }],
};

const dock: LayoutDraft = {
  id: 'dock',
  name: 'Dock',
  profileId: 'gate',
  grid: { columns: 1, rows: 1 },
  tiles: [{ deviceKey: 'dev-1', column: 1, row: 1 }],
};

/** The profiles, the lobby and dock views, and the tour "round" that shows both. */
async function withViewsAndTour(core: Core): Promise<void> {
  await withProfiles(core);
  value(await core.call('layouts:save', lobby));
  value(await core.call('layouts:save', dock));
  value(
    await core.call('tours:save', {
      id: 'round',
      name: 'Round',
      kind: 'views',
      dwellSeconds: 10,
      views: ['lobby', 'dock'],
    }),
  );
}

const filesText = (data = 'data') => folderText(path.join(dir, data));

describe('saved views', () => {
  it('are restored on restart exactly as they were: grid, spans, what plays where', async () => {
    const { core } = await open();
    await withProfiles(core);
    const saved = value(await core.call('layouts:save', lobby));
    const again = await open();
    expect(value(await again.core.call('layouts:list', undefined))).toEqual([saved]);
    expect(saved).toEqual(lobby);
  });

  it('are renamed (at once, with an event), and a name another view has is refused', async () => {
    const { core, events } = await open();
    await withProfiles(core);
    value(await core.call('layouts:save', lobby));
    value(await core.call('layouts:save', dock));
    events.length = 0;
    const renamed = value(await core.call('layouts:rename', { id: 'lobby', name: 'Front lobby' }));
    expect(renamed).toEqual({ ...lobby, name: 'Front lobby' });
    const changed = events.filter(([e]) => e === 'layouts:changed').at(-1)?.[1] as {
      layouts: { name: string }[];
    };
    expect(changed.layouts.map((l) => l.name)).toEqual(['Front lobby', 'Dock']);

    const clash = error(await core.call('layouts:rename', { id: 'lobby', name: ' dock ' }));
    expect(clash.kind).toBe('invalid-input');
    expect(clash.details).toEqual([
      {
        path: 'name',
        message: 'another view is already called "Dock"',
        code: 'problem.nameTaken',
        params: { name: 'Dock' },
      },
    ]);
    expect(clash).toMatchObject({ code: 'layout.nameTaken', params: { name: 'Dock' } });
    const empty = error(await core.call('layouts:rename', { id: 'lobby', name: '  ' }));
    expect(empty.details?.[0]).toMatchObject({ path: 'name' });
    const missing = error(await core.call('layouts:rename', { id: 'nope', name: 'X' }));
    expect(missing.details).toEqual([{ path: 'id', message: 'no such view', code: 'problem.noSuchView' }]);
    expect(missing).toMatchObject({ code: 'notFound.view', params: { id: 'nope' } });
    // Its own name in another case is fine (a fix of capitals).
    value(await core.call('layouts:rename', { id: 'lobby', name: 'FRONT LOBBY' }));
    expect(value(await (await open()).core.call('layouts:list', undefined)).map((l) => l.name)).toEqual([
      'FRONT LOBBY',
      'Dock',
    ]);
  });

  it('are duplicated with a new id and a free name, the original untouched', async () => {
    const { core } = await open();
    await withProfiles(core);
    value(await core.call('layouts:save', lobby));
    const copy = value(await core.call('layouts:duplicate', { id: 'lobby' }));
    expect(copy).toEqual({ ...lobby, id: 'lobby-copy', name: 'Lobby (copy)' });
    const second = value(await core.call('layouts:duplicate', { id: 'lobby' }));
    expect(second).toMatchObject({ id: 'lobby-copy-2', name: 'Lobby (copy 2)' });
    const named = value(await core.call('layouts:duplicate', { id: 'lobby', name: 'Night shift' }));
    expect(named).toMatchObject({ id: 'night-shift', name: 'Night shift', tiles: lobby.tiles });
    const list = value(await core.call('layouts:list', undefined));
    expect(list.map((l) => l.id)).toEqual(['lobby', 'lobby-copy', 'lobby-copy-2', 'night-shift']);
    expect(list[0]).toEqual(lobby);
  });
});

describe('views export', () => {
  it('is a versioned document with every view and tour and no secret of any profile', async () => {
    const { core } = await open();
    await withViewsAndTour(core);
    const out = value(await core.call('views:export', undefined));
    for (const secret of SECRETS) expect(out.text).not.toContain(secret);
    // Nothing of a profile but its id: no platform address, no key.
    expect(out.text).not.toMatch(/example\.com|10\.0\.0\.9|authKey|userKey|projectAuthKey/);
    const doc = JSON.parse(out.text);
    expect(doc).toMatchObject({ format: 'control-room-wall/views', version: 1 });
    expect(doc.views).toEqual([lobby, dock]);
    expect(doc.tours).toEqual([
      { id: 'round', name: 'Round', kind: 'views', dwellSeconds: 10, views: ['lobby', 'dock'] },
    ]);
    expect(out).toMatchObject({ views: 2, tours: 1 });
    expect(out.fileName).toMatch(/^views-\d{4}-\d\d-\d\d\.json$/);
  });

  it('exports chosen views, with the tours that show only them, and a tour brings its views', async () => {
    const { core } = await open();
    await withViewsAndTour(core);
    const one = value(await core.call('views:export', { views: ['dock'] }));
    expect(JSON.parse(one.text)).toMatchObject({ views: [{ id: 'dock' }], tours: [] });
    expect(one.fileName).toMatch(/^view-dock-/);
    const tour = value(await core.call('views:export', { views: [], tours: ['round'] }));
    expect(JSON.parse(tour.text).views.map((v: { id: string }) => v.id)).toEqual(['lobby', 'dock']);
    const bad = error(await core.call('views:export', { views: ['dock', 'nope'] }));
    expect(bad.details).toEqual([
      {
        path: 'views[1]',
        message: 'no saved view "nope"',
        code: 'problem.noSavedView',
        params: { id: 'nope' },
      },
    ]);
    expect(bad).toMatchObject({ code: 'views.notExported', params: { count: 1 } });
  });
});

describe('views import', () => {
  async function exported(): Promise<string> {
    const { core } = await open('source');
    await withViewsAndTour(core);
    return value(await core.call('views:export', undefined)).text;
  }

  it('adds the views and tours of another computer; importing the same file again changes nothing', async () => {
    const text = await exported();
    const { core, events } = await open();
    await withProfiles(core);
    const first = value(await core.call('views:import', { text }));
    expect(first.views.map((v) => [v.id, v.outcome])).toEqual([
      ['lobby', 'added'],
      ['dock', 'added'],
    ]);
    expect(first.tours).toEqual([{ id: 'round', from: 'round', name: 'Round', outcome: 'added' }]);
    expect(events.map(([e]) => e)).toEqual(expect.arrayContaining(['layouts:changed', 'tours:changed']));
    const before = await filesText();
    const second = value(await core.call('views:import', { text }));
    expect(second.views.map((v) => v.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(second.tours.map((t) => t.outcome)).toEqual(['unchanged']);
    expect(await filesText()).toBe(before);
    expect(value(await core.call('layouts:list', undefined))).toEqual([lobby, dock]);
  });

  it('keeps a saved view of the same id and imports the other as a copy, its tour following it', async () => {
    const text = await exported();
    const { core } = await open();
    await withProfiles(core);
    const mine = { ...lobby, name: 'My lobby', tiles: [{ deviceKey: 'mine', column: 1, row: 1 }] };
    value(await core.call('layouts:save', mine));
    const summary = value(await core.call('views:import', { text }));
    expect(summary.views[0]).toMatchObject({
      from: 'lobby',
      id: 'lobby-imported',
      name: 'Lobby (imported)',
      outcome: 'copied',
    });
    const list = value(await core.call('layouts:list', undefined));
    expect(list.find((l) => l.id === 'lobby')).toEqual(mine);
    expect(list.find((l) => l.id === 'lobby-imported')).toMatchObject({ tiles: lobby.tiles });
    expect(value(await core.call('tours:list', undefined))).toEqual([
      expect.objectContaining({ id: 'round', views: ['lobby-imported', 'dock'] }),
    ]);
  });

  it('replaces a saved view of the same id when asked', async () => {
    const text = await exported();
    const { core } = await open();
    await withProfiles(core);
    value(await core.call('layouts:save', { ...lobby, name: 'Old lobby' }));
    const summary = value(await core.call('views:import', { text, onConflict: 'replace' }));
    expect(summary.views[0]).toMatchObject({ id: 'lobby', outcome: 'replaced' });
    expect(value(await core.call('layouts:list', undefined))[0]).toEqual(lobby);
  });

  it('binds a view whose profile is not here to the selected profile, and says so', async () => {
    const text = await exported();
    const { core } = await open();
    value(
      await core.call('profiles:save', {
        id: 'here',
        name: 'Here',
        baseUrl: 'https://h.example.com',
        credentialType: 'user',
        keys: { userKey: 'u', authKey: 'k' },
        secrets: { authSecret: 's' },
      }),
    );
    const summary = value(await core.call('views:import', { text }));
    expect(summary.views.map((v) => [v.id, v.profileId, v.reboundFrom])).toEqual([
      ['lobby', 'here', 'site-a'],
      ['dock', 'here', 'gate'],
    ]);
  });

  it('refuses a view whose profile is not here when no profile is selected, by path', async () => {
    const text = await exported();
    const { core } = await open();
    const e = error(await core.call('views:import', { text }));
    expect(e.details).toEqual([
      {
        path: '$.views[0].profileId',
        message: 'no profile "site-a" on this computer, and no profile is selected to play it instead',
        code: 'problem.views.noProfile',
        params: { id: 'site-a' },
      },
      {
        path: '$.views[1].profileId',
        message: 'no profile "gate" on this computer, and no profile is selected to play it instead',
        code: 'problem.views.noProfile',
        params: { id: 'gate' },
      },
    ]);
    expect(e).toMatchObject({ code: 'views.refused', params: { count: 2 } });
  });

  it('refuses an invalid file with every problem by its JSON path, and nothing changes', async () => {
    const { core } = await open();
    await withProfiles(core);
    value(await core.call('layouts:save', dock));
    const before = await filesText();
    const doc = {
      format: 'control-room-wall/views',
      version: 1,
      views: [
        lobby,
        { ...lobby, id: 'lobby', name: '' },
        {
          ...dock,
          id: 'bad',
          grid: { columns: 2, rows: 1 },
          tiles: [
            { deviceKey: 'x', column: 3, row: 1 },
            { deviceKey: '', colour: 'red' },
          ],
        },
      ],
      tours: [
        // A view that is not an id keeps the places of the ones after it.
        { id: 't1', name: 'Fast', kind: 'views', dwellSeconds: 2, views: ['lobby', 7, 'ghost'] },
        {
          id: 't2',
          name: 'Cycle',
          kind: 'tile',
          dwellSeconds: 10,
          view: 'dock',
          column: 2,
          row: 1,
          devices: [{ deviceKey: 'a' }, { deviceKey: 'b' }],
        },
        { id: 't3', name: 'Odd', kind: 'spin', dwellSeconds: 10 },
      ],
      extra: true,
    };
    const e = error(await core.call('views:import', { text: JSON.stringify(doc) }));
    expect(e.kind).toBe('invalid-input');
    expect(e.message).toMatch(/refused and nothing was imported \(\d+ problems\)/);
    expect(e.details?.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: '$.extra', message: 'unknown key' },
      { path: '$.views[1].id', message: '"lobby" is already used by $.views[0]' },
      { path: '$.views[1].name', message: 'name is required' },
      { path: '$.views[2].tiles[0].column', message: 'reaches column 3 but the grid has 2 columns' },
      { path: '$.views[2].tiles[1].colour', message: 'unknown key' },
      { path: '$.views[2].tiles[1].deviceKey', message: 'deviceKey is required' },
      { path: '$.tours[0].dwellSeconds', message: 'at least 5 seconds' },
      { path: '$.tours[0].views[1]', message: 'must be string' },
      { path: '$.tours[0].views[2]', message: 'no view "ghost" in this file or saved here' },
      { path: '$.tours[1].column', message: 'the view "Dock" has 1 column' },
      { path: '$.tours[2].kind', message: 'must be "views" or "tile"' },
    ]);
    // Each problem of the file's own checks is coded, for the renderer to word.
    expect(e.details?.map((d) => d.code)).toEqual(
      expect.arrayContaining(['problem.unknownKey', 'problem.idRepeated', 'problem.oneOf']),
    );
    expect(e.details?.find((d) => d.path === '$.views[1].id')).toMatchObject({
      params: { id: 'lobby', first: '$.views[0]' },
    });
    expect(await filesText()).toBe(before);
    expect(value(await core.call('layouts:list', undefined))).toEqual([dock]);
    expect(value(await core.call('tours:list', undefined))).toEqual([]);
  });

  it('checks merged areas as a saved layout does, by JSON path', async () => {
    const { core } = await open();
    await withProfiles(core);
    const doc = {
      format: 'control-room-wall/views',
      version: 1,
      views: [
        {
          ...dock,
          grid: { columns: 2, rows: 1 },
          tiles: [],
          areas: [{ column: 2, row: 1, columnSpan: 2, rowSpan: 1 }],
        },
      ],
    };
    const e = error(await core.call('views:import', { text: JSON.stringify(doc) }));
    expect(e.details?.map((d) => d.path)).toEqual(['$.views[0].areas[0].columnSpan']);
    expect(value(await core.call('layouts:list', undefined))).toEqual([]);
  });

  it('names broken JSON by line and column, a foreign file by its format, a newer version by $.version', async () => {
    const { core } = await open();
    const broken = error(
      await core.call('views:import', { text: '{\n  "format": "control-room-wall/views",\n  oops\n}' }),
    );
    expect(broken.details).toEqual([
      {
        path: '$',
        message: 'not valid JSON (line 3, column 3: unexpected "o")',
        code: 'problem.json.at',
        params: { line: 3, column: 3 },
      },
    ]);
    const provisioning = error(await core.call('views:import', { text: '{"version":1,"profiles":[]}' }));
    expect(provisioning.details?.[0].path).toBe('$.format');
    expect(provisioning.details?.[0].message).toMatch(/not a views file.*provisioning file/);
    expect(provisioning.details?.[0]).toMatchObject({ code: 'problem.views.provisioningFile' });
    const newer = error(
      await core.call('views:import', {
        text: '{"format":"control-room-wall/views","version":2,"views":[]}',
      }),
    );
    expect(newer.details).toEqual([
      {
        path: '$.version',
        message: 'version 2 is not supported (this app reads version 1)',
        code: 'problem.version',
        params: { version: 2, supported: 1 },
      },
    ]);
  });

  it('fails part-way (the tours cannot be written) and leaves the views as they were', async () => {
    const text = await exported();
    const { core } = await open();
    await withProfiles(core);
    value(await core.call('layouts:save', { ...dock, name: 'Our dock' }));
    const before = await filesText();
    failing.add('tours');
    const e = error(await core.call('views:import', { text, onConflict: 'replace' }));
    expect(e.kind).toBe('storage');
    expect(await filesText()).toBe(before);
    failing.clear();
    const again = await open();
    expect(value(await again.core.call('layouts:list', undefined))).toEqual([{ ...dock, name: 'Our dock' }]);
    expect(value(await again.core.call('tours:list', undefined))).toEqual([]);
  });

  it('refuses while the kiosk is locked', async () => {
    const { core } = await open();
    await core.importProvisioning({ version: 1, kiosk: { enabled: false, locked: true } });
    const e = error(
      await core.call('views:import', {
        text: '{"format":"control-room-wall/views","version":1,"views":[]}',
      }),
    );
    expect(e.kind).toBe('locked');
    expect(error(await core.call('layouts:rename', { id: 'x', name: 'y' })).kind).toBe('locked');
    expect(error(await core.call('layouts:duplicate', { id: 'x' })).kind).toBe('locked');
  });
});
