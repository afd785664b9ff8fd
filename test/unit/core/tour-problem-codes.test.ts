import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { startI18n } from '../../../src/i18n/start-i18n';
import { plainError } from '../../../src/lib/plain-error';
import { MemoryStore } from '../../fakes/memory-store';
import { error, openCore, saveSiteProfile, value } from '../../support/core-harness';

/**
 * A tour that points past its view or at no view is refused with coded problems, worded in the
 * operator's language (the English sentences stay in the message for logs).
 */
let core: Core;
let viewId: string;

beforeAll(async () => {
  ({ core } = await openCore({ store: new MemoryStore() }));
  await saveSiteProfile(core, 'tour-codes-secret');
  const saved = value(
    await core.call('layouts:save', {
      name: 'Lobby',
      profileId: 'site',
      grid: { columns: 2, rows: 1 },
      tiles: [],
    }),
  );
  viewId = saved.id;
});
afterAll(() => void startI18n('en'));

const devices = [{ deviceKey: 'a' }, { deviceKey: 'b' }];

describe('a tour whose references do not hold', () => {
  it('names the view’s columns and rows, with plural forms, in both languages', async () => {
    const bad = error(
      await core.call('tours:save', {
        name: 'T',
        kind: 'tile',
        dwellSeconds: 10,
        view: viewId,
        column: 5,
        row: 3,
        devices,
      }),
    );
    expect(bad.code).toBe('tour.notSaved');
    expect(bad.details).toEqual([
      expect.objectContaining({
        path: 'column',
        code: 'problem.tour.columns',
        params: { view: 'Lobby', count: 2 },
      }),
      expect.objectContaining({
        path: 'row',
        code: 'problem.tour.rows',
        params: { view: 'Lobby', count: 1 },
      }),
    ]);
    startI18n('en');
    const en = plainError(bad).message;
    expect(en).toContain('has 2 columns');
    expect(en).toContain('has 1 row');
    expect(en).not.toContain('1 rows');
    startI18n('zh-CN');
    const zh = plainError(bad).message;
    expect(zh).toContain('视图“Lobby”只有 2 列');
    expect(zh).toContain('只有 1 行');
    // The paths are field names; the words around them are Chinese.
    expect(zh.replace(/\b(column|row)：/g, '')).not.toMatch(/\b(view|has|column|row)s?\b/);
  });

  it('names a missing view by its id', async () => {
    const bad = error(
      await core.call('tours:save', { name: 'T', kind: 'views', dwellSeconds: 10, views: [viewId, 'gone'] }),
    );
    expect(bad.details).toEqual([
      expect.objectContaining({ path: 'views[1]', code: 'problem.tour.noView', params: { id: 'gone' } }),
    ]);
    startI18n('zh-CN');
    expect(plainError(bad).message).toContain('没有视图“gone”');
  });
});
