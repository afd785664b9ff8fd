import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCoreHarness, untilState, type CoreHarness } from '../../../support/core-api-harness';
import { testBridge } from '../../../support/renderer-bridge';

vi.mock('../../../../src/lib/bridge', () => import('../../../support/renderer-bridge'));

const { useProfileSession, selectActiveProfile, selectPreviousProfile } =
  await import('../../../../src/session/profiles-store');
const { startCoreMirror, useCoreMirror } = await import('../../../../src/session/core-mirror');
const { draftFromProfile, isWeakStorageRefusal, toSaveInput } =
  await import('../../../../src/features/profiles/profile-draft');

let h: CoreHarness | undefined;
let stops: (() => void)[] = [];
/** The profiles as a feature reads them: the mirror's documents beside the session's state and actions. */
const store = () => {
  const m = useCoreMirror.getState();
  return {
    status: m.status === 'idle' ? 'loading' : m.status,
    appInfo: m.appInfo,
    profiles: m.profiles,
    ...useProfileSession.getState(),
  };
};

/** What the composition root does: the mirror started on the core, the session following it. */
function start(harness: CoreHarness) {
  useProfileSession.setState({ demoError: null, previousId: null, editRequest: null, selectingId: null });
  stops = [startCoreMirror(harness.api), useProfileSession.getState().connect()];
}

function stopAll() {
  for (const stop of stops.reverse()) stop();
  stops = [];
}

async function fresh(options: Parameters<typeof startCoreHarness>[0] = {}): Promise<CoreHarness> {
  h = await startCoreHarness(options);
  testBridge.api = h.api;
  start(h);
  return h;
}

/** load(), then the mirror's first fill has answered. */
async function loaded() {
  await store().load();
  await untilState(useCoreMirror, (s) => s.status === 'ready' || s.status === 'error');
}

afterEach(async () => {
  stopAll();
  await h?.close();
  h = undefined;
});

const userInput = (harness: CoreHarness) => ({
  name: 'Site A',
  baseUrl: harness.demo.baseUrl,
  credentialType: 'user' as const,
  keys: { userKey: harness.demo.credentials.user.userKey, authKey: harness.demo.credentials.user.authKey },
  secrets: { authSecret: harness.demo.credentials.user.authSecret },
});

describe('profiles store', () => {
  it('is ready once app info and the (empty) profile list have loaded', async () => {
    await fresh();
    expect(store().status).toBe('loading');
    await loaded();
    expect(store().status).toBe('ready');
    expect(store().appInfo?.demoAvailable).toBe(true);
    expect(store().profiles).toEqual([]);
  });

  it('starts the demo platform in one call and selects its profile', async () => {
    const harness = await fresh();
    await loaded();
    const stop = store().connect();
    const result = await store().startDemo();
    stop();
    expect(result.ok).toBe(true);
    expect(store().demoStarting).toBe(false);
    const active = selectActiveProfile(store());
    expect(active?.baseUrl).toBe(harness.demo.baseUrl);
    expect(active?.credentialType).toBe('user');
  });

  it('follows profiles:changed from the core', async () => {
    const harness = await fresh();
    await loaded();
    const stop = store().connect();
    await harness.api.profiles.save(userInput(harness));
    stop();
    expect(store().profiles.map((p) => p.name)).toEqual(['Site A']);
  });

  it('returns field problems by path when a save is refused, and saves nothing', async () => {
    const harness = await fresh();
    await loaded();
    const result = await store().save({
      ...userInput(harness),
      keys: { userKey: '', authKey: 'a' },
      baseUrl: 'ftp://x',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-input');
    expect(result.error.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['baseUrl']));
    expect(store().profiles).toEqual([]);
  });

  it('edits a profile without retyping its secret, and the connection still works', async () => {
    const harness = await fresh();
    await loaded();
    const saved = await store().save(userInput(harness));
    if (!saved.ok) throw new Error(saved.error.message);
    const draft = { ...draftFromProfile(saved.value), name: 'Site A (renamed)' };
    const edited = await store().save(toSaveInput(draft));
    expect(edited.ok && edited.value.name).toBe('Site A (renamed)');
    expect(edited.ok && edited.value.secrets.authSecret.configured).toBe(true);
    const tested = await store().test({ id: saved.value.id });
    expect(tested.ok && tested.value.ok).toBe(true);
  });

  it('tests a draft and reports every operation of the matrix', async () => {
    const harness = await fresh();
    await loaded();
    const result = await store().test({
      draft: {
        name: 'p',
        baseUrl: harness.demo.baseUrl,
        credentialType: 'device',
        keys: { deviceKey: harness.demo.credentials.device.deviceKey },
        secrets: { queryToken: 'wrong-token' },
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.ok).toBe(false);
    expect(result.value.operations.listProducts.allowed).toBe(false);
    expect(result.value.operations.streamStart.allowed).toBe(true);
    expect(result.value.operations.streamStart.checked).toMatchObject({ kind: 'auth' });
  });

  it('refuses weak storage until the operator opts in', async () => {
    const harness = await fresh({ tier: 'weak' });
    await loaded();
    const refused = await store().save(userInput(harness));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(isWeakStorageRefusal(refused.error)).toBe(true);
    const accepted = await store().save({ ...userInput(harness), acceptWeakStorage: true });
    expect(accepted.ok && accepted.value.storageTier).toBe('weak');
  });

  it('removes a profile', async () => {
    const harness = await fresh();
    await loaded();
    const saved = await store().save(userInput(harness));
    if (!saved.ok) throw new Error(saved.error.message);
    const removed = await store().remove(saved.value.id);
    expect(removed.ok && removed.value.removed).toBe(true);
    expect(store().profiles).toEqual([]);
  });

  it('remembers the profile that was active before a switch, and goes back to it', async () => {
    const harness = await fresh();
    await loaded();
    const stop = store().connect();
    const a = await store().save({ ...userInput(harness), name: 'Site A', select: true });
    const b = await store().save({ ...userInput(harness), name: 'Site B' });
    if (!a.ok || !b.ok) throw new Error('not saved');
    expect(selectPreviousProfile(store())).toBeNull();

    await store().select(b.value.id);
    expect(selectActiveProfile(store())?.name).toBe('Site B');
    expect(selectPreviousProfile(store())?.name).toBe('Site A');

    // Back, and back again: the two swap, as `cd -` does.
    const back = await store().selectPrevious();
    expect(back.ok).toBe(true);
    expect(selectActiveProfile(store())?.name).toBe('Site A');
    expect(selectPreviousProfile(store())?.name).toBe('Site B');
    stop();
  });

  it('keeps the previous profile over a reload, and forgets one that was deleted', async () => {
    const harness = await fresh();
    await loaded();
    const a = await store().save({ ...userInput(harness), name: 'Site A', select: true });
    const b = await store().save({ ...userInput(harness), name: 'Site B' });
    if (!a.ok || !b.ok) throw new Error('not saved');
    await store().select(b.value.id);

    // A reload: a fresh mirror and session over the same core.
    stopAll();
    start(harness);
    await loaded();
    expect(selectPreviousProfile(store())?.name).toBe('Site A');

    await store().remove(a.value.id);
    expect(selectPreviousProfile(store())).toBeNull();
    const none = await store().selectPrevious();
    expect(none.ok).toBe(false);
    expect(selectActiveProfile(store())?.name).toBe('Site B');
  });

  it('counts a switch made elsewhere (the demo start) as a switch', async () => {
    const harness = await fresh();
    await loaded();
    const stop = store().connect();
    await store().save({ ...userInput(harness), name: 'Site A', select: true });
    await store().startDemo();
    expect(selectActiveProfile(store())?.name).not.toBe('Site A');
    expect(selectPreviousProfile(store())?.name).toBe('Site A');
    stop();
  });
});
