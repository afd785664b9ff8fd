import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The wall's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

const { useWallStore } = await import('../../../../../src/features/wall/wall-store');
const { putDeviceOnWall } = await import('../../../../../src/features/wall/put-device-on-wall');
const { removeTileFromWall } = await import('../../../../../src/features/wall/remove-tile-from-wall');
const { putManyOnWall } = await import('../../../../../src/features/wall/put-many-on-wall');
const { LAYOUT_PRESETS } = await import('../../../../../src/features/wall/layout-presets');
const { useNoticesStore } = await import('../../../../../src/session/notices-store');
const { useOnWallKeys } = await import('../../../../../src/session/on-wall-keys');
const { startCoreMirror } = await import('../../../../../src/session/core-mirror');

let h: CoreHarness;
let profileId: string;
let stopMirror: () => void = () => undefined;
const pristine = useWallStore.getState();
const store = () => useWallStore.getState();
const dev = (key: string) => ({ deviceKey: key, deviceName: `Camera ${key}` });
const notice = () => useNoticesStore.getState().notices.at(-1);
const cells = () => store().layout?.tiles.map((t) => `${t.deviceKey}@${t.column},${t.row}`);

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
  const { user } = h.demo.credentials;
  const saved = await h.api.profiles.save({
    name: 'Demo',
    baseUrl: h.demo.baseUrl,
    placement: 'query',
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: user.authSecret },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  profileId = saved.value.id;
  await h.api.profiles.select({ id: profileId });
  // The composition root's part: the wall reads the core's documents from its mirror.
  stopMirror = startCoreMirror(h.api);
});

beforeEach(async () => {
  await store().flush();
  const list = await h.api.layouts.list();
  for (const l of list.ok ? list.value : []) await h.api.layouts.remove({ id: l.id });
  await h.api.layouts.save({
    id: 'gates',
    name: 'Gates',
    profileId,
    grid: { columns: 2, rows: 1 },
    tiles: [
      { deviceKey: 'g3', label: 'Gate 3', column: 1, row: 1 },
      { deviceKey: 'g4', label: 'Gate 4', column: 2, row: 1 },
    ],
  });
  await h.api.ui.set({
    key: 'wall.view',
    value: { layoutId: 'gates', draft: null, draftOfSaved: false, selected: null, statsShown: {} },
  });
  useNoticesStore.setState({ notices: [] });
  useWallStore.setState(pristine, true);
  await store().load();
});

afterAll(async () => {
  await store().flush();
  stopMirror();
  await h.close();
});

describe('what the operator is told', () => {
  it('a replacement names the camera it replaced, and its Undo puts that camera back', () => {
    putDeviceOnWall(dev('lobby'), { column: 1, row: 1 });
    expect(notice()).toMatchObject({
      level: 'info',
      message: 'Replaced Gate 3 with Camera lobby (column 1, row 1).',
      action: { label: 'Undo' },
    });
    expect(useOnWallKeys.getState().keys).toEqual(new Set(['lobby', 'g4']));
    notice()!.action!.run();
    expect(cells()).toEqual(['g3@1,1', 'g4@2,1']);
    expect(store().changes).toBe('none');
    expect(useOnWallKeys.getState().keys).toEqual(new Set(['g3', 'g4']));
  });

  it('a notice’s Undo takes back its own edit only: after a later edit it says so and changes nothing', () => {
    putDeviceOnWall(dev('lobby'), { column: 1, row: 1 });
    const undo = notice()!.action!;
    store().moveTile({ column: 1, row: 1 }, { column: 2, row: 1 });
    undo.run();
    expect(cells()).toEqual(['lobby@2,1', 'g4@1,1']);
    expect(notice()).toMatchObject({
      level: 'warning',
      message: expect.stringMatching(/cannot be undone from here/),
    });
  });

  it('a full wall replaces nothing and offers the next grid, which then takes the device', () => {
    putDeviceOnWall(dev('yard'));
    expect(notice()).toMatchObject({
      level: 'warning',
      message: expect.stringMatching(
        /^Camera yard was not put on the wall\. The wall is full \(2×1\): nothing was replaced\./,
      ),
      action: { label: 'Make it 2 × 2' },
    });
    expect(cells()).toEqual(['g3@1,1', 'g4@2,1']);
    notice()!.action!.run();
    expect(store().layout?.grid).toEqual({ columns: 2, rows: 2 });
    expect(cells()).toEqual(['g3@1,1', 'g4@2,1', 'yard@1,2']);
    expect(notice()?.message).toBe('Camera yard is on the wall (column 1, row 2). The grid is now 2 × 2.');
  });

  it('a "wall is full" notice goes once the operator changes the grid, and its button with it', () => {
    putDeviceOnWall(dev('yard'));
    expect(notice()).toMatchObject({ level: 'warning', action: { label: 'Make it 2 × 2' } });
    store().setGrid({ columns: 3, rows: 3 });
    expect(useNoticesStore.getState().notices.some((n) => /not put on the wall/.test(n.message))).toBe(false);
    expect(store().layout?.grid).toEqual({ columns: 3, rows: 3 });
  });

  it('many devices on a full wall with a large tile: the grid offered has room for all of them', () => {
    store().applyPreset(LAYOUT_PRESETS.find((p) => p.id === '1+5')!);
    putManyOnWall(['a', 'b', 'c', 'd'].map(dev));
    // 3 × 3 with one 2 × 2 area: 6 tiles. 8 more need a 5 × 5 (4 × 4 keeps the area: 13 cells, 7 free).
    const more = ['e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    expect(putManyOnWall(more.map(dev)).noRoom).toHaveLength(8);
    expect(notice()).toMatchObject({ level: 'warning', action: { label: 'Make it 5 × 5 and add them' } });
    notice()!.action!.run();
    expect(store().layout?.grid).toEqual({ columns: 5, rows: 5 });
    expect(store().layout?.tiles.map((t) => t.deviceKey)).toEqual(expect.arrayContaining(more));
    expect(notice()).toMatchObject({ level: 'info', message: 'Put 8 devices on the wall.' });
  });

  it('a removal says which camera left, with Undo', () => {
    expect(removeTileFromWall({ column: 2, row: 1 })).toBe(true);
    expect(notice()).toMatchObject({ message: 'Removed Gate 4 from the wall.', action: { label: 'Undo' } });
    notice()!.action!.run();
    expect(cells()).toEqual(['g3@1,1', 'g4@2,1']);
    expect(removeTileFromWall({ column: 2, row: 2 })).toBe(false);
  });
});
