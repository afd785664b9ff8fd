import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { CoreError } from '../../../electron/core/core-error';
import { LayoutStore } from '../../../electron/core/layout-store';
import { TourStore } from '../../../electron/core/tour-store';
import type { CorePorts } from '../../../electron/core/core-ports';
import type { Notice } from '../../../electron/shared/contract';
import type { Layout } from '../../../electron/shared/layout';
import { LIMITS } from '../../../electron/shared/limits';
import type { Tour } from '../../../electron/shared/tour';
import { FileStore } from '../../../electron/web-shell/adapters/file-store';
import { MemoryStore } from '../../fakes/memory-store';
import { error, openCore, saveSiteProfile, value } from '../../support/core-harness';
import { hasEnglishWords, zhNotice, zhWords } from '../../support/worded';

/**
 * The wall's own refusals (views, tours, settings, windows, snapshots, screen state, the demo) and
 * the notices they raise carry codes and parameters, worded by the renderer in both languages.
 * Driven through core.call, the path both shells use.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wall-codes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (ports: Partial<CorePorts> = {}) =>
  openCore({ store: new FileStore(path.join(dir, 'data')), ...ports });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString('base64');

async function withViews(core: Core): Promise<void> {
  await saveSiteProfile(core, 'CANARY-wall-codes', 'https://a.example.com');
  for (const id of ['lobby', 'dock'])
    value(
      await core.call('layouts:save', {
        id,
        name: id[0].toUpperCase() + id.slice(1),
        profileId: 'site',
        grid: { columns: 2, rows: 2 },
        tiles: [],
      }),
    );
}

/** An error's code has words in English too (the catalogs' parity test checks Chinese has them). */
function coded<T extends { code?: string }>(e: T): T {
  expect(hasEnglishWords(e.code!), e.code).toBe(true);
  return e;
}

describe('views (layout-handlers, layout-store)', () => {
  it('a layout for a profile that is not there: layout.noProfile, its field problem.noSuchProfile', async () => {
    const { core } = await open();
    const e = coded(
      error(
        await core.call('layouts:save', {
          name: 'X',
          profileId: 'nobody',
          grid: { columns: 1, rows: 1 },
          tiles: [],
        }),
      ),
    );
    expect(e).toMatchObject({ code: 'layout.noProfile', params: { id: 'nobody' } });
    expect(e.details).toEqual([
      expect.objectContaining({ path: 'profileId', code: 'problem.noSuchProfile' }),
    ]);
    expect(zhWords(e)).toBe('该布局的连接配置“nobody”不存在。');
  });

  it('a name another view has: layout.nameTaken with the name', async () => {
    const { core } = await open();
    await withViews(core);
    const e = coded(error(await core.call('layouts:rename', { id: 'lobby', name: 'DOCK' })));
    expect(e).toMatchObject({ code: 'layout.nameTaken', params: { name: 'Dock' } });
    expect(zhWords(e)).toBe('已有视图名为“Dock”。');
  });

  it('a view a tour shows: layout.shownByTours naming the tours', async () => {
    const { core } = await open();
    await withViews(core);
    value(
      await core.call('tours:save', {
        name: 'Night round',
        kind: 'views',
        views: ['lobby', 'dock'],
        dwellSeconds: 10,
      }),
    );
    const e = coded(error(await core.call('layouts:remove', { id: 'lobby' })));
    expect(e).toMatchObject({ code: 'layout.shownByTours', params: { tours: '"Night round"', count: 1 } });
    expect(zhWords(e)).toBe(
      '此视图正由轮巡 "Night round" 显示：请先把它从这些轮巡中移出（或删除这些轮巡）。',
    );
  });

  it('one view past the limit: layout.tooMany with the limit and the count saved', async () => {
    const store = new LayoutStore(new MemoryStore(), () => undefined);
    const views: Layout[] = Array.from({ length: LIMITS.views + 1 }, (_, i) => ({
      id: `v${i}`,
      name: `View ${i}`,
      profileId: 'site',
      grid: { columns: 1, rows: 1 },
      tiles: [],
    }));
    const e = await store.saveMany(views).catch((err: unknown) => err as CoreError);
    expect(e).toBeInstanceOf(CoreError);
    const data = coded((e as CoreError).toData());
    expect(data).toMatchObject({ code: 'layout.tooMany', params: { max: LIMITS.views, saved: 0 } });
    expect(zhWords(data)).toBe(`最多可保存 ${LIMITS.views} 个视图（已有 0 个）：请先删除一些。`);
  });

  it('removing the kiosk’s start layout raises a coded notice', async () => {
    const { core, events } = await open();
    await withViews(core);
    value(await core.call('settings:set', { kiosk: { enabled: true, startLayout: 'dock' } }));
    value(await core.call('layouts:remove', { id: 'dock' }));
    const notice = events.find(([name]) => name === 'app:notice')?.[1] as Notice;
    expect(notice).toMatchObject({ level: 'warning', code: 'notice.kioskStartRemoved' });
    coded(notice);
    expect(zhNotice(notice)).toBe('展台的起始布局已被删除，因此展台模式已关闭。');
  });
});

describe('tours (tour-handlers, tour-store)', () => {
  it('a tour that cannot be saved: tour.notSaved with its name', async () => {
    const { core } = await open();
    await withViews(core);
    const e = coded(
      error(
        await core.call('tours:save', {
          name: 'Round',
          kind: 'views',
          views: ['lobby', 'ghost'],
          dwellSeconds: 10,
        }),
      ),
    );
    expect(e).toMatchObject({ code: 'tour.notSaved', params: { name: 'Round', count: 1 } });
  });

  it('one tour past the limit: tour.tooMany', async () => {
    const store = new TourStore(new MemoryStore(), () => undefined);
    const tours = Array.from(
      { length: LIMITS.tours + 1 },
      (_, i) =>
        ({ id: `t${i}`, name: `Tour ${i}`, kind: 'views', views: ['a', 'b'], dwellSeconds: 10 }) as Tour,
    );
    const e = await store.saveMany(tours).catch((err: unknown) => err as CoreError);
    const data = coded((e as CoreError).toData());
    expect(data).toMatchObject({ code: 'tour.tooMany', params: { max: LIMITS.tours, saved: 0 } });
    zhWords(data);
  });

  it('a tour showing a view no longer saved is named in a coded notice at start-up', async () => {
    const store = new MemoryStore();
    const { core } = await openCore({ store });
    await withViews(core);
    value(
      await core.call('tours:save', {
        name: 'Night round',
        kind: 'views',
        views: ['lobby', 'dock'],
        dwellSeconds: 10,
      }),
    );
    // The layouts file lost (kept aside by hand): the tour points at nothing.
    await store.delete('layouts');
    const { core: again } = await openCore({ store });
    const notices = value(await again.call('app:info', undefined)).notices;
    const dangling = notices.find((n) => n.code === 'notice.tourDangling')!;
    expect(dangling).toMatchObject({ params: { name: 'Night round', views: '"lobby", "dock"', count: 2 } });
    coded(dangling);
    expect(zhNotice(dangling)).toBe(
      '轮巡“Night round”显示的视图已不再保存（"lobby", "dock"）：请编辑该轮巡，或重新保存这些视图。',
    );
  });
});

describe('settings, windows, snapshots, screen state, the demo', () => {
  it('a start layout that is not there, and kiosk mode without one', async () => {
    const { core } = await open();
    const missing = coded(error(await core.call('settings:set', { kiosk: { startLayout: 'nope' } })));
    expect(missing).toMatchObject({ code: 'notFound.layout', params: { id: 'nope' } });
    expect(missing.details?.[0]).toMatchObject({ code: 'problem.noSuchLayout' });
    expect(zhWords(missing)).toBe('没有布局“nope”。');
    const none = coded(error(await core.call('settings:set', { kiosk: { enabled: true } })));
    expect(none).toMatchObject({ code: 'settings.kioskNeedsStart' });
    expect(zhWords(none)).toBe('展台模式需要一个起始布局。');
  });

  it('windows: none in this shell, and a view that is not saved', async () => {
    const { core } = await open();
    const input = { layoutId: 'nope', display: 0 };
    const noWindows = coded(error(await core.call('windows:open', input as never)));
    expect(noWindows).toMatchObject({ code: 'window.noWindows' });
    zhWords(noWindows);
    const { core: desktop } = await open({
      windows: { displays: async () => [], open: async () => ({ windowId: 1 }) as never },
    });
    const notSaved = coded(error(await desktop.call('windows:open', input as never)));
    expect(notSaved).toMatchObject({ code: 'notFound.viewWindow', params: { id: 'nope' } });
    expect(zhWords(notSaved)).toBe('没有 ID 为“nope”的已保存视图。');
  });

  it('snapshots: no folder here, not a PNG, too large, and a folder that cannot be written', async () => {
    const { core } = await open();
    const snap = { deviceName: 'Lobby cam', takenAt: 0, png: PNG };
    const noFolder = coded(error(await core.call('snapshots:save', snap)));
    expect(noFolder).toMatchObject({ code: 'snapshot.noFolder' });
    zhWords(noFolder);

    // A "folder" that is a regular file: the real file system refuses the write.
    const notAFolder = path.join(dir, 'Pictures');
    await writeFile(notAFolder, 'not a folder');
    const { core: desktop } = await open({
      snapshots: {
        save: async (name, bytes) => {
          await writeFile(path.join(notAFolder, name), bytes);
          return { name, path: path.join(notAFolder, name) };
        },
      },
    });
    const notPng = coded(error(await desktop.call('snapshots:save', { ...snap, png: 'aGVsbG8=' })));
    expect(notPng).toMatchObject({ code: 'snapshot.notPng' });
    expect(notPng.details?.[0]).toMatchObject({ code: 'snapshot.problem.notPng' });
    zhWords(notPng);
    const failed = coded(error(await desktop.call('snapshots:save', snap)));
    expect(failed).toMatchObject({ kind: 'storage', code: 'snapshot.saveFailed' });
    expect(String(failed.params?.technical)).toMatch(/ENOTDIR/);
    expect(zhWords(failed)).toMatch(/^未能保存该快照（ENOTDIR/);
  });

  it('screen state: a value over the limit names its key and the limit', async () => {
    const { core } = await open();
    const e = coded(error(await core.call('ui:set', { key: 'wall.draft', value: 'x'.repeat(300_000) })));
    expect(e).toMatchObject({ code: 'uiState.tooLarge', params: { key: 'wall.draft' } });
    expect(e.details?.[0]).toMatchObject({ code: 'problem.tooManyKib' });
    expect(zhWords(e)).toMatch(/^“wall\.draft”的值为 \d+ KiB；最多保留 \d+ KiB。$/);
  });

  it('the demo: not in this shell, and one that did not start', async () => {
    const { core } = await open();
    const none = coded(error(await core.call('demo:start', undefined)));
    expect(none).toMatchObject({ code: 'demo.unavailable' });
    expect(zhWords(none)).toBe('此外壳无法启动演示平台。');
    const { core: failing } = await open({
      startDemo: async () => {
        throw new Error('EADDRINUSE 127.0.0.1:8080');
      },
    });
    const failed = coded(error(await failing.call('demo:start', undefined)));
    expect(failed).toMatchObject({
      code: 'demo.notStarted',
      params: { technical: 'EADDRINUSE 127.0.0.1:8080' },
    });
    expect(zhWords(failed)).toBe('演示平台未能启动（EADDRINUSE 127.0.0.1:8080）。');
  });
});

describe('views files (view-transfer-handlers, views-transfer)', () => {
  it('an export of views that are not saved: views.notExported, each named', async () => {
    const { core } = await open();
    await withViews(core);
    const e = coded(error(await core.call('views:export', { views: ['lobby', 'nope'], tours: ['gone'] })));
    expect(e).toMatchObject({ code: 'views.notExported', params: { count: 2 } });
    expect(zhWords(e)).toBe(
      '未导出任何内容：views[1]：没有已保存的视图“nope”；tours[0]：没有已保存的轮巡“gone”。',
    );
  });

  it('a refused views file words every problem in Chinese', async () => {
    const { core } = await open();
    const text = JSON.stringify({
      format: 'control-room-wall/views',
      version: 1,
      views: [
        { id: 'a', name: 'A', profileId: 'elsewhere', grid: { columns: 1, rows: 1 }, tiles: [] },
        { id: 'a', name: 'B', profileId: 'elsewhere', grid: { columns: 1, rows: 1 }, tiles: [], colour: 1 },
      ],
    });
    const e = coded(error(await core.call('views:import', { text })));
    expect(e).toMatchObject({ code: 'views.refused' });
    const words = zhWords(e);
    expect(words).toMatch(/^视图文件被拒绝，未导入任何内容：/);
    expect(words).toContain('本机没有连接配置“elsewhere”');
    for (const text of ['{', '[]', '{"format":"other"}', '{"version":1,"profiles":[]}'])
      zhWords(coded(error(await core.call('views:import', { text }))));
  });
});
