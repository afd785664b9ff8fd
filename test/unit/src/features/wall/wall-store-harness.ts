import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import { useWallStore } from '../../../../../src/features/wall/wall-store';
import { startCoreMirror } from '../../../../../src/session/core-mirror';
import { WALL_VIEW_KEY } from '../../../../../src/features/wall/wall-view';

/**
 * The wall store's specs share one set-up: a real core with the demo platform behind the test bridge,
 * a demo profile selected, and a clean slate (no layouts, no kiosk, no remembered view) before each
 * case. Each `wall-store-*.test.ts` mocks the bridge (`vi.mock` must stand in the spec itself) and
 * calls `useWallStoreHarness()` once at its top; `h` and `profileId` are filled in its `beforeAll`.
 * The small steps over this core are in wall-store-steps.ts.
 */

export let h: CoreHarness;
export let profileId: string;
let disconnect: () => void = () => undefined;
let stopMirror: () => void = () => undefined;

/** The store as the app first creates it, for a fresh renderer. */
export const pristine = useWallStore.getState();
export const store = () => useWallStore.getState();
/**
 * A fresh renderer (a reload): what the last one still had to remember is written, then the core's
 * mirror starts afresh and an empty store loads from it.
 */
export async function openWall(): Promise<void> {
  await store().flush();
  disconnect();
  stopMirror();
  useWallStore.setState(pristine, true);
  stopMirror = startCoreMirror(h.api);
  disconnect = store().connect();
  await store().load();
}

/** Saves a profile of the demo's User credentials and selects it; resolves with its id. */
async function selectDemoProfile(harness: CoreHarness): Promise<string> {
  const { user } = harness.demo.credentials;
  const saved = await harness.api.profiles.save({
    name: 'Demo',
    baseUrl: harness.demo.baseUrl,
    placement: 'query',
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: user.authSecret },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  await harness.api.profiles.select({ id: saved.value.id });
  return saved.value.id;
}

/** Registers the shared hooks of a wall store spec (call once, at the spec's top level). */
export function useWallStoreHarness(): void {
  // The wall's words are the English catalog's (the texts the specs expect are the app's exact English).
  startI18n('en');

  beforeAll(async () => {
    h = await startCoreHarness();
    testBridge.api = h.api;
    profileId = await selectDemoProfile(h);
  });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A test may leave the kiosk locked, and then the core refuses every change: the administrator's
    // way in (a provisioning file) unlocks it first.
    await h.core.importProvisioning(JSON.stringify({ version: 1, kiosk: { enabled: false, locked: false } }));
    await store().flush();
    const list = await h.api.layouts.list();
    for (const l of list.ok ? list.value : []) await h.api.layouts.remove({ id: l.id });
    await h.api.settings.set({ kiosk: { enabled: false, startLayout: null, locked: false } });
    await h.api.ui.set({ key: WALL_VIEW_KEY, value: null });
    h.calls.length = 0;
    h.delay = undefined;
  });

  afterEach(async () => {
    await store().flush();
    vi.useRealTimers();
  });

  afterAll(async () => {
    disconnect();
    stopMirror();
    await h.close();
  });
}
