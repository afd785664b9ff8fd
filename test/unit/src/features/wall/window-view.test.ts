import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Layout } from '../../../../../electron/shared/layout';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../electron/shared/settings';
import { startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';

/*
 * A window opened for one view (`?view=b`): its own wall, opening on that view, remembering how it was
 * left under its own key, never over the main window's.
 */
vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

// The page's address, before the wall's modules read it.
vi.stubGlobal('location', { search: '?view=b', href: 'http://127.0.0.1:5000/?view=b' });

const { startView } = await import('../../../../../src/features/wall/start-view');
const { WALL_VIEW_KEY, viewKey, windowView, windowViewUrl } =
  await import('../../../../../src/features/wall/wall-view');
const { useWallStore } = await import('../../../../../src/features/wall/wall-store');
const { startCoreMirror } = await import('../../../../../src/session/core-mirror');

const layout = (id: string): Layout =>
  ({
    id,
    name: id.toUpperCase(),
    profileId: 'p',
    grid: { columns: 2, rows: 2 },
    tiles: [],
  }) as unknown as Layout;
const kiosk = (over: Partial<Settings['kiosk']>): Settings => ({
  ...DEFAULT_SETTINGS,
  kiosk: { ...DEFAULT_SETTINGS.kiosk, ...over },
});

describe('windowView and its address', () => {
  it('reads ?view= and refuses what is not a layout id', () => {
    expect(windowView('?view=gate-2')).toBe('gate-2');
    expect(windowView('?token=x&view=b')).toBe('b');
    expect(windowView('')).toBeNull();
    expect(windowView('?view=../x')).toBeNull();
    expect(windowView('?view=')).toBeNull();
    expect(viewKey('gate')).toBe('wall.window.gate');
    expect(viewKey(null)).toBe(WALL_VIEW_KEY);
    // A further screen of the control room keeps its own wall, apart from the main window's.
    expect(viewKey(null, 'wall-right')).toBe('wall.screen.wall-right');
    expect(viewKey('gate', 'wall-right')).toBe('wall.window.gate');
  });

  it("a window's address is this page's with only ?view= (no token, no other state)", () => {
    expect(windowViewUrl('gate', 'http://127.0.0.1:4000/?token=secret#x')).toBe(
      'http://127.0.0.1:4000/?view=gate',
    );
    expect(windowViewUrl('b', 'app://wall/index.html?view=a')).toBe('app://wall/index.html?view=b');
  });
});

describe('startView for a view window', () => {
  const layouts = [layout('a'), layout('b'), layout('k')];
  const pinned = {
    layoutId: 'b',
    draft: null,
    draftOfSaved: false,
    selected: null,
    statsShown: {},
    pinned: true,
  };

  it('opens its own view, before a kiosk start layout', () => {
    expect(startView(layouts, kiosk({ enabled: true, startLayout: 'k' }), pinned).layout?.id).toBe('b');
    expect(startView(layouts, DEFAULT_SETTINGS, pinned).layout?.id).toBe('b');
  });

  it('its view gone: opens as the main window would', () => {
    expect(
      startView([layout('a'), layout('k')], kiosk({ enabled: true, startLayout: 'k' }), pinned).layout?.id,
    ).toBe('k');
  });

  it('an unsaved edit of its view comes back, except on a locked wall', () => {
    const draft = { ...layout('b'), name: 'B edited' };
    const view = { ...pinned, draft, draftOfSaved: true };
    expect(startView(layouts, DEFAULT_SETTINGS, view).layout?.name).toBe('B edited');
    expect(startView(layouts, kiosk({ locked: true }), view).layout?.name).toBe('B');
  });
});

describe('the wall in a view window (real core)', () => {
  let h: CoreHarness;
  let stopMirror: () => void = () => undefined;
  beforeAll(async () => {
    h = await startCoreHarness();
    testBridge.api = h.api;
  });
  afterAll(async () => {
    stopMirror();
    await h.close();
  });

  it("opens on ?view=, and remembers under its own key, leaving the main window's memory as it was", async () => {
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
    await h.api.profiles.select({ id: saved.value.id });
    for (const id of ['a', 'b'])
      await h.api.layouts.save({
        id,
        name: id.toUpperCase(),
        profileId: saved.value.id,
        grid: { columns: 2, rows: 2 },
        tiles: [],
      });
    const mainMemory = { layoutId: 'a', draft: null, draftOfSaved: false, selected: null, statsShown: {} };
    await h.api.ui.set({ key: WALL_VIEW_KEY, value: mainMemory });

    // The window's renderer: the core's mirror first (its composition root), then the wall.
    stopMirror = startCoreMirror(h.api);
    await useWallStore.getState().load();
    expect(useWallStore.getState().layout?.id).toBe('b');
    useWallStore.setState({ selectedTile: { column: 2, row: 1 } });
    await useWallStore.getState().flush();

    const own = await h.api.ui.get({ key: 'wall.window.b' });
    expect(own.ok && own.value.value).toMatchObject({ layoutId: 'b', selected: { column: 2, row: 1 } });
    expect(own.ok && own.value.value).not.toHaveProperty('pinned');
    const main = await h.api.ui.get({ key: WALL_VIEW_KEY });
    expect(main.ok && main.value.value).toEqual(mainMemory);
  });
});
