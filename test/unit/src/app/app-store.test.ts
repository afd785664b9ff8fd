import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../../support/core-api-harness';
import { testBridge } from '../../../support/renderer-bridge';

vi.mock('../../../../src/lib/bridge', () => import('../../../support/renderer-bridge'));
// The shell sizes things against the window: an operator's 1366 × 768 screen.
vi.stubGlobal('window', { innerWidth: 1366 });

const {
  CATALOG_WIDTH,
  SHELL_UI_KEY,
  catalogMaxWidth,
  panelFoldsCatalog,
  selectCatalogFolded,
  useAppStore,
  wallWidthWithPanel,
} = await import('../../../../src/app/app-store');

const store = () => useAppStore.getState();
let h: CoreHarness;

/** What the core's ui store holds for the shell, once the debounced save has gone out. */
async function remembered(): Promise<unknown> {
  await vi.waitFor(
    async () => {
      const r = await h.api.ui.get({ key: SHELL_UI_KEY });
      if (!r.ok || r.value.value === null) throw new Error('not saved yet');
    },
    { timeout: 10_000 },
  );
  const r = await h.api.ui.get({ key: SHELL_UI_KEY });
  return r.ok ? r.value.value : undefined;
}

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
});
afterAll(async () => {
  await h?.close();
});

describe('sizes', () => {
  it('folds the catalog for the templates panel when the wall would keep less than 60 % of the window', () => {
    // 1366: 640 catalog + 410 panel left the wall 310 px (a 4 × 4 wall of 80 px tiles).
    expect(panelFoldsCatalog(1366, 614)).toBe(true);
    expect(panelFoldsCatalog(1920, 640)).toBe(true);
    // A wide screen keeps a narrow catalog beside the panel.
    expect(panelFoldsCatalog(2560, 360)).toBe(false);
    // With the catalog folded the wall keeps two thirds of a 1366 window.
    expect(wallWidthWithPanel(1366)).toBeGreaterThanOrEqual(1366 * 0.6);
  });

  it('never lets the catalog take the wall below its minimum', () => {
    expect(catalogMaxWidth(1366)).toBe(1366 - 560);
    expect(catalogMaxWidth(1920)).toBe(CATALOG_WIDTH.max);
    expect(catalogMaxWidth(700)).toBe(CATALOG_WIDTH.min);
  });
});

describe('app store', () => {
  beforeAll(async () => {
    await store().hydrate();
  });
  beforeEach(() => {
    useAppStore.setState({
      panelOpen: false,
      panelPlacement: 'beside',
      catalogCollapsed: false,
      catalogAutoFolded: false,
      dialog: null,
    });
  });

  it('keeps the catalog width within its bounds in this window', () => {
    store().setCatalogWidth(10);
    expect(store().catalogWidth).toBe(CATALOG_WIDTH.min);
    store().setCatalogWidth(99999);
    expect(store().catalogWidth).toBe(1366 - 560);
    store().setCatalogWidth(600.4);
    expect(store().catalogWidth).toBe(600);
  });

  it('folds the catalog while the templates panel is open beside the wall, and brings it back', () => {
    store().openPanel();
    expect(store().panelOpen).toBe(true);
    expect(selectCatalogFolded(store())).toBe(true);
    expect(store().catalogCollapsed).toBe(false);
    store().closePanel();
    expect(selectCatalogFolded(store())).toBe(false);
  });

  it('leaves the catalog as it is when the panel goes over the wall', () => {
    store().setPanelPlacement('over');
    store().openPanel();
    expect(selectCatalogFolded(store())).toBe(false);
    // Back beside the wall while open: the catalog makes room again.
    store().setPanelPlacement('beside');
    expect(selectCatalogFolded(store())).toBe(true);
  });

  it('keeps a catalog the operator folded folded when the panel closes', () => {
    store().toggleCatalog();
    store().openPanel();
    store().closePanel();
    expect(selectCatalogFolded(store())).toBe(true);
    // Unfolding while the panel folded it is the operator's choice too.
    store().toggleCatalog();
    store().openPanel();
    store().toggleCatalog();
    expect(selectCatalogFolded(store())).toBe(false);
  });

  it('remembers the catalog, its width and the panel in the core, and reads them back at start', async () => {
    store().setCatalogWidth(500);
    store().toggleCatalog();
    store().setPanelPlacement('over');
    await vi.waitFor(
      async () =>
        expect(await remembered()).toEqual({
          catalogCollapsed: true,
          catalogWidth: 500,
          panelOpen: false,
          panelPlacement: 'over',
        }),
      { timeout: 10_000 },
    );
    // A reload: a fresh store reads what was left, and the folded catalog stays folded.
    vi.resetModules();
    const fresh = (await import('../../../../src/app/app-store')).useAppStore;
    expect(fresh.getState().hydrated).toBe(false);
    await fresh.getState().hydrate();
    expect(fresh.getState()).toMatchObject({
      hydrated: true,
      catalogCollapsed: true,
      catalogWidth: 500,
      panelPlacement: 'over',
    });
  });

  it('starts with the defaults when what was remembered is not usable', async () => {
    await h.api.ui.set({ key: SHELL_UI_KEY, value: { catalogWidth: 'wide', catalogCollapsed: 1 } });
    vi.resetModules();
    const fresh = (await import('../../../../src/app/app-store')).useAppStore;
    await fresh.getState().hydrate();
    expect(fresh.getState()).toMatchObject({ catalogCollapsed: false, panelPlacement: 'beside' });
    expect(fresh.getState().catalogWidth).toBe(Math.round(1366 * 0.45));
  });

  it('opens and closes dialogs', () => {
    store().openDialog('settings');
    expect(store().dialog).toBe('settings');
    store().closeDialog();
    expect(store().dialog).toBeNull();
  });
});
