import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../../../electron/shared/layout';
import type { Tour } from '../../../../../electron/shared/tour';
import {
  blankTourForm,
  cameraLabel,
  knownCameras,
  moved,
  tourCells,
  tourDraftOf,
  tourFormOf,
  tourFormProblems,
  withCell,
} from '../../../../../src/features/wall/tour-form';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The wall's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

const lobby: Layout = {
  id: 'lobby',
  name: 'Lobby',
  profileId: 'p1',
  grid: { columns: 2, rows: 2 },
  tiles: [
    { deviceKey: 'cam-b', deviceName: 'Gate', column: 1, row: 1, columnSpan: 2 },
    { deviceKey: 'nvr', channelId: '3', deviceName: 'NVR', column: 2, row: 2 },
  ],
};
const yard: Layout = {
  id: 'yard',
  name: 'Yard',
  profileId: 'p1',
  grid: { columns: 1, rows: 1 },
  tiles: [
    { deviceKey: 'cam-a', deviceName: 'Apron', column: 1, row: 1 },
    { deviceKey: 'nvr', channelId: '3', deviceName: 'NVR', column: 1, row: 1 },
  ],
};
const layouts = [lobby, yard];

describe('the tour form', () => {
  it('starts a new tour as views in turn, 10 s a page, on the first view', () => {
    expect(blankTourForm(layouts)).toMatchObject({ id: null, kind: 'views', dwell: '10', view: 'lobby' });
    expect(blankTourForm([]).view).toBe('');
  });

  it('gives back a saved tour of either kind as the draft it was', () => {
    const views: Tour = {
      id: 't1',
      name: 'Round',
      kind: 'views',
      dwellSeconds: 15,
      views: ['lobby', 'yard'],
    };
    expect(tourDraftOf(tourFormOf(views, layouts))).toEqual(views);
    const tile: Tour = {
      id: 't2',
      name: 'Cycle',
      kind: 'tile',
      dwellSeconds: 8,
      view: 'lobby',
      column: 2,
      row: 2,
      devices: [{ deviceKey: 'cam-a' }, { deviceKey: 'cam-b' }],
    };
    const form = tourFormOf(tile, layouts);
    expect(form.cell).toBe('2,2');
    expect(tourDraftOf(form)).toEqual(tile);
  });

  it('names the problems by field before anything is sent', () => {
    const form = { ...blankTourForm(layouts), name: 'Round', dwell: '', views: ['lobby', 'gone'] };
    const problems = tourFormProblems(form, layouts);
    expect(problems.dwellSeconds).toBe('a number of seconds');
    expect(problems.views).toBe('no view "gone"');
    expect(tourFormProblems({ ...form, dwell: '10', views: ['lobby', 'yard'] }, layouts)).toEqual({});
  });

  it('says when the cycling cell is outside its view', () => {
    const form = {
      ...blankTourForm(layouts),
      name: 'Cycle',
      kind: 'tile' as const,
      view: 'yard',
      cell: '2,1',
      devices: [{ deviceKey: 'a' }, { deviceKey: 'b' }],
    };
    expect(tourFormProblems(form, layouts).column).toBe('the view "Yard" has 1 column');
  });

  it('offers the cells of a view a tile can cycle in, leaving out cells under a larger tile', () => {
    expect(tourCells(lobby).map((c) => c.value)).toEqual(['1,1', '1,2', '2,2']);
    expect(tourCells(lobby)[0].label).toBe('Column 1, row 1 · Gate');
    expect(tourCells(lobby)[1].label).toBe('Column 1, row 2 · empty');
    expect(tourCells(undefined)).toEqual([]);
    startI18n('zh-CN');
    try {
      expect(tourCells(lobby).map((c) => c.label)).toEqual([
        '第 1 列，第 1 行 · Gate',
        '第 1 列，第 2 行 · 空',
        '第 2 列，第 2 行 · NVR',
      ]);
    } finally {
      startI18n('en');
    }
  });

  it('lists every camera of the saved views once, by name, with its channel', () => {
    const known = knownCameras(layouts);
    expect(known.map((k) => k.deviceName)).toEqual(['Apron', 'Gate', 'NVR']);
    expect(cameraLabel(known[2])).toBe('NVR · ch 3');
    expect(cameraLabel({ deviceKey: 'k-1' })).toBe('k-1');
  });

  it('starts an empty cycle with the camera the picked cell shows', () => {
    const form = { ...blankTourForm(layouts), kind: 'tile' as const };
    const cells = tourCells(lobby);
    expect(withCell(form, '2,2', cells)).toEqual({
      cell: '2,2',
      devices: [{ deviceKey: 'nvr', channelId: '3', deviceName: 'NVR' }],
    });
    const started = { ...form, devices: [{ deviceKey: 'x' }] };
    expect(withCell(started, '2,2', cells).devices).toEqual([{ deviceKey: 'x' }]);
    expect(withCell(form, '1,2', cells).devices).toEqual([]);
  });

  it('moves an item up or down, and leaves the list as it is past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
