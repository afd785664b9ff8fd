import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import type { Notice, Result } from '../../../electron/shared/contract';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { error, openCore, value } from '../../support/core-harness';

/**
 * Tours stored in the core: saved, listed after a restart, checked against the saved views, removed;
 * a view a tour shows cannot be removed from under it; and tours in a provisioning file.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tours-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = () => openCore({ store: new FileStore(path.join(dir, 'data')) });

async function withViews(core: Core): Promise<void> {
  value(
    await core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl: 'https://a.example.com',
      credentialType: 'user',
      keys: { userKey: 'u', authKey: 'k' },
      secrets: { authSecret: 'CANARY-tour-secret' },
    }),
  );
  for (const [id, columns] of [
    ['north', 2],
    ['south', 3],
  ] as const)
    value(
      await core.call('layouts:save', {
        id,
        name: id[0].toUpperCase() + id.slice(1),
        profileId: 'site',
        grid: { columns, rows: 2 },
        tiles: [],
      }),
    );
}

const roundDraft = {
  name: 'Night round',
  kind: 'views',
  dwellSeconds: 15,
  views: ['north', 'south', 'north'],
} as const;
const cycleDraft = {
  name: 'Gate cycle',
  kind: 'tile',
  dwellSeconds: 5,
  view: 'south',
  column: 3,
  row: 2,
  devices: [
    { deviceKey: 'cam-1', deviceName: 'Gate 1' },
    { deviceKey: 'cam-2', sipId: '3402', channelId: '1' },
  ],
} as const;

describe('tours', () => {
  it('are saved with a new id, announced, listed after a restart, replaced by id and removed', async () => {
    const { core, events } = await open();
    await withViews(core);
    events.length = 0;
    const round = value(await core.call('tours:save', roundDraft));
    expect(round).toEqual({ ...roundDraft, id: 'night-round' });
    const cycle = value(await core.call('tours:save', cycleDraft));
    expect(cycle.id).toBe('gate-cycle');
    expect(events.filter(([e]) => e === 'tours:changed').at(-1)?.[1]).toEqual({ tours: [round, cycle] });

    const again = await open();
    expect(value(await again.core.call('tours:list', undefined))).toEqual([round, cycle]);
    const slower = value(await again.core.call('tours:save', { ...round, dwellSeconds: 60 }));
    expect(value(await again.core.call('tours:list', undefined))).toEqual([slower, cycle]);
    expect(value(await again.core.call('tours:remove', { id: 'night-round' }))).toEqual({ removed: true });
    expect(value(await again.core.call('tours:remove', { id: 'night-round' }))).toEqual({ removed: false });
    expect(value(await (await open()).core.call('tours:list', undefined))).toEqual([cycle]);
  });

  it('are refused with the path of each problem: a short dwell, too few views, views that are not saved, a cell outside', async () => {
    const { core } = await open();
    await withViews(core);
    const short = error(await core.call('tours:save', { ...roundDraft, dwellSeconds: 4, views: ['north'] }));
    expect(short.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'dwellSeconds', message: 'at least 5 seconds' }),
        expect.objectContaining({ path: 'views', message: 'a tour of views needs at least 2 views' }),
      ]),
    );
    const ghost = error(await core.call('tours:save', { ...roundDraft, views: ['north', 'ghost', 'west'] }));
    expect(ghost.details).toEqual([
      { path: 'views[1]', message: 'no view "ghost"', code: 'problem.tour.noView', params: { id: 'ghost' } },
      { path: 'views[2]', message: 'no view "west"', code: 'problem.tour.noView', params: { id: 'west' } },
    ]);
    const outside = error(await core.call('tours:save', { ...cycleDraft, view: 'north', column: 3, row: 3 }));
    expect(outside.details).toEqual([
      expect.objectContaining({ path: 'column', message: 'the view "North" has 2 columns' }),
      expect.objectContaining({ path: 'row', message: 'the view "North" has 2 rows' }),
    ]);
    const one = error(await core.call('tours:save', { ...cycleDraft, devices: [{ deviceKey: 'a' }] }));
    expect(one.details).toEqual([
      expect.objectContaining({ path: 'devices', message: 'a cycling tile needs at least 2 devices' }),
    ]);
    expect(value(await core.call('tours:list', undefined))).toEqual([]);
  });

  it('keep their views: removing a view a tour shows is refused with the tour named', async () => {
    const { core } = await open();
    await withViews(core);
    value(await core.call('tours:save', roundDraft));
    value(await core.call('tours:save', cycleDraft));
    const north = error(await core.call('layouts:remove', { id: 'north' }));
    expect(north.message).toBe(
      'This view is shown by the tour "Night round": take it out of that tour (or remove it) first.',
    );
    const south = error(await core.call('layouts:remove', { id: 'south' }));
    expect(south.details).toEqual([
      {
        path: 'id',
        message: 'shown by the tours "Night round", "Gate cycle"',
        code: 'problem.shownByTours',
        params: { tours: '"Night round", "Gate cycle"' },
      },
    ]);
    expect(south).toMatchObject({
      code: 'layout.shownByTours',
      params: { tours: '"Night round", "Gate cycle"', count: 2 },
    });
    expect(value(await core.call('layouts:list', undefined)).map((l) => l.id)).toEqual(['north', 'south']);
    value(await core.call('tours:remove', { id: 'night-round' }));
    expect(value(await core.call('layouts:remove', { id: 'north' }))).toEqual({ removed: true });
  });

  it('salvage what validates from a hand-edited file and say what was left out', async () => {
    const { core } = await open();
    await withViews(core);
    value(await core.call('tours:save', roundDraft));
    const file = path.join(
      dir,
      'data',
      (await readdir(path.join(dir, 'data'))).find((n) => n.startsWith('tours'))!,
    );
    const stored = JSON.parse(await readFile(file, 'utf8'));
    stored.data.tours.push({
      id: 'bad',
      name: 'Too fast',
      kind: 'views',
      dwellSeconds: 1,
      views: ['north', 'south'],
    });
    await writeFile(file, JSON.stringify(stored));
    const { core: again } = await open();
    expect(value(await again.call('tours:list', undefined)).map((t) => t.id)).toEqual(['night-round']);
    const notices = (await again.call('app:info', undefined)) as Result<{ notices: Notice[] }>;
    expect(
      value(notices)
        .notices.map((n) => n.message)
        .join('\n'),
    ).toMatch(/tours file is not valid.*left out: "Too fast"/);
  });
});

describe('tours whose view is gone at start-up', () => {
  it('are named in a notice', async () => {
    const { core } = await open();
    await withViews(core);
    value(await core.call('tours:save', roundDraft));
    const data = path.join(dir, 'data');
    const file = path.join(
      data,
      (await readdir(data)).find((n) => n.startsWith('layouts'))!,
    );
    const stored = JSON.parse(await readFile(file, 'utf8'));
    stored.data.layouts = stored.data.layouts.filter((l: { id: string }) => l.id !== 'north');
    await writeFile(file, JSON.stringify(stored));
    const { core: again } = await open();
    const info = value(await again.call('app:info', undefined));
    expect(info.notices.map((n) => n.message)).toContain(
      'The tour "Night round" shows a view no longer saved ("north"): edit the tour or save that view again.',
    );
  });
});

describe('tours in a provisioning file', () => {
  const provisioning = (tours: unknown[]) => ({
    version: 1,
    profiles: [
      {
        id: 'site',
        name: 'Site',
        baseUrl: 'https://a.example.com',
        credentials: { type: 'user', userKey: 'u', authKey: 'k', authSecret: 'CANARY-prov-tour' },
      },
    ],
    layouts: [
      { id: 'a', name: 'A', profile: 'site', grid: { columns: 2, rows: 2 }, tiles: [] },
      { id: 'b', name: 'B', profile: 'site', grid: { columns: 1, rows: 1 }, tiles: [] },
    ],
    tours,
    kiosk: { enabled: true, startLayout: 'a', startAtLogin: true },
  });

  it('are imported with their views, and start at login is carried into the settings', async () => {
    const { core } = await open();
    const summary = await core.importProvisioning(
      provisioning([
        { id: 'round', name: 'Round', kind: 'views', dwellSeconds: 10, views: ['a', 'b'] },
        {
          id: 'cycle',
          name: 'Cycle',
          kind: 'tile',
          dwellSeconds: 8,
          view: 'a',
          column: 2,
          row: 2,
          devices: [{ deviceKey: 'x' }, { deviceKey: 'y' }],
        },
      ]),
    );
    expect(summary).toMatchObject({ layouts: ['a', 'b'], tours: ['round', 'cycle'] });
    expect(summary.kiosk).toEqual({ enabled: true, startLayout: 'a', locked: false, startAtLogin: true });
    const { core: again } = await open();
    expect(value(await again.call('tours:list', undefined)).map((t) => t.id)).toEqual(['round', 'cycle']);
    expect(value(await again.call('settings:get', undefined)).kiosk.startAtLogin).toBe(true);
    // Importing the same file again changes nothing.
    await again.importProvisioning(
      provisioning([{ id: 'round', name: 'Round', kind: 'views', dwellSeconds: 10, views: ['a', 'b'] }]),
    );
    expect(value(await again.call('tours:list', undefined)).map((t) => t.id)).toEqual(['round', 'cycle']);
  });

  it('are refused with every problem by path when their views are neither in the file nor saved, and nothing is applied', async () => {
    const { core } = await open();
    const e = await core
      .importProvisioning(
        provisioning([
          { id: 'round', name: 'Round', kind: 'views', dwellSeconds: 10, views: ['a', 'gone'] },
          { id: 'round', name: 'Again', kind: 'views', dwellSeconds: 3, views: ['a', 'b'], speed: 2 },
          {
            id: 'cycle',
            name: 'Cycle',
            kind: 'tile',
            dwellSeconds: 8,
            view: 'b',
            column: 2,
            row: 1,
            devices: [{ deviceKey: 'x' }, { deviceKey: 'y' }],
          },
        ]),
      )
      .then(
        () => undefined,
        (err: { details?: unknown }) => err,
      );
    const details = (e?.details ?? []) as { path: string; message: string; code?: string }[];
    expect(details.map(({ path, message }) => ({ path, message }))).toEqual(
      expect.arrayContaining([
        { path: '$.tours[0].views[1]', message: 'no layout "gone" in this file or saved here' },
        { path: '$.tours[1].id', message: '"round" is already used by $.tours[0]' },
        { path: '$.tours[1].dwellSeconds', message: 'at least 5 seconds' },
        { path: '$.tours[1].speed', message: 'unknown key' },
        { path: '$.tours[2].column', message: 'the view "B" has 1 column' },
      ]),
    );
    expect(details.find((d) => d.path === '$.tours[1].id')?.code).toBe('problem.idRepeated');
    expect(value(await core.call('layouts:list', undefined))).toEqual([]);
    expect(value(await core.call('tours:list', undefined))).toEqual([]);
    expect(value(await core.call('profiles:list', undefined))).toEqual([]);
  });

  it('carry views with merged areas, checked by JSON path like a saved view', async () => {
    const { core } = await open();
    const area = { column: 1, row: 1, columnSpan: 2, rowSpan: 2 };
    const file = provisioning([]);
    file.layouts[0] = {
      ...file.layouts[0],
      areas: [area],
      tiles: [{ deviceKey: 'big', column: 1, row: 1 }],
    } as never;
    await core.importProvisioning(file);
    expect(value(await core.call('layouts:list', undefined))[0]).toMatchObject({ id: 'a', areas: [area] });
    file.layouts[0] = { ...file.layouts[0], areas: [{ ...area, column: 2 }] } as never;
    const e = await core.importProvisioning(file).then(
      () => undefined,
      (err: { details?: { path: string }[] }) => err,
    );
    expect(e?.details?.map((d) => d.path)).toContain('$.layouts[0].areas[0].columnSpan');
  });

  it('may name views that are already saved', async () => {
    const { core } = await open();
    await withViews(core);
    const summary = await core.importProvisioning({
      version: 1,
      tours: [{ id: 'r', name: 'R', kind: 'views', dwellSeconds: 5, views: ['north', 'south'] }],
    });
    expect(summary.tours).toEqual(['r']);
  });
});
