import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../../../electron/shared/contract';
import { callsOf, startCoreHarness, untilState, type CoreHarness } from '../../../support/core-api-harness';
import { testBridge } from '../../../support/renderer-bridge';

vi.mock('../../../../src/lib/bridge', () => import('../../../support/renderer-bridge'));

const { retryCoreMirror, startCoreMirror, useCoreMirror, selectKioskLock } =
  await import('../../../../src/session/core-mirror');
const { useProfileSession, selectActiveProfile } = await import('../../../../src/session/profiles-store');
const { saveSettings } = await import('../../../../src/session/save-settings');

/** The reads the mirror makes to fill itself, one each. */
const READS: Channel[] = [
  'app:info',
  'profiles:list',
  'settings:get',
  'layouts:list',
  'tours:list',
  'kiosk:status',
  'platform:status',
];

let h: CoreHarness;
let stop: (() => void) | undefined;
const mirror = () => useCoreMirror.getState();
const reads = () => Object.fromEntries(READS.map((c) => [c, callsOf(h, c).length]));
const once = Object.fromEntries(READS.map((c) => [c, 1]));

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
});
afterAll(() => h.close());

async function started() {
  h.calls.length = 0;
  stop = startCoreMirror(h.api);
  await untilState(useCoreMirror, (s) => s.status === 'ready' && s.versions.platform > 0);
}

afterEach(() => {
  stop?.();
  stop = undefined;
  h.delay = undefined;
});

const siteInput = (name: string) => ({
  name,
  baseUrl: h.demo.baseUrl,
  credentialType: 'user' as const,
  keys: { userKey: h.demo.credentials.user.userKey, authKey: h.demo.credentials.user.authKey },
  secrets: { authSecret: h.demo.credentials.user.authSecret },
});

describe('the core mirror', () => {
  it('fills every document with one read each when started, and nothing at import', async () => {
    expect(h.calls).toEqual([]);
    await started();
    expect(reads()).toEqual(once);
    expect(mirror().appInfo?.name).toBe('Control Room Wall');
    expect(mirror().settings?.kiosk.locked).toBe(false);
    expect(mirror().layouts).toEqual([]);
    expect(mirror().tours).toEqual([]);
    expect(mirror().kiosk?.pinSet).toBe(false);
    expect(mirror().platform).not.toBeNull();
  });

  it('reads nothing twice when asked to retry while it fills, or once it is filled', async () => {
    h.calls.length = 0;
    stop = startCoreMirror(h.api);
    retryCoreMirror();
    await useProfileSession.getState().load();
    await untilState(useCoreMirror, (s) => s.status === 'ready' && s.versions.platform > 0);
    retryCoreMirror();
    expect(mirror().status).toBe('ready');
    await Promise.resolve();
    expect(reads()).toEqual(once);
  });

  it('follows the core’s push events without reading anything again', async () => {
    await started();
    // Changes made by someone else (another window, a provisioning file): straight to the core.
    await h.api.settings.set({ statsOverlay: true });
    const saved = await h.api.profiles.save({ ...siteInput('Elsewhere'), select: true });
    if (!saved.ok) throw new Error(saved.error.message);
    await h.api.layouts.save({
      id: 'gates',
      name: 'Gates',
      profileId: saved.value.id,
      grid: { columns: 2, rows: 1 },
      tiles: [],
    });
    await h.api.kiosk.lock();
    expect(mirror().settings?.statsOverlay).toBe(true);
    expect(mirror().profiles.map((p) => p.name)).toContain('Elsewhere');
    expect(mirror().layouts?.map((l) => l.id)).toEqual(['gates']);
    expect(mirror().kiosk?.unlockedUntil).toBeNull();
    expect(reads()).toEqual(once);
  });

  it('returns from an action once its event is in, with no read after it', async () => {
    await started();
    const before = mirror().profiles.length;
    const saved = await useProfileSession.getState().save(siteInput('Site S'));
    if (!saved.ok) throw new Error(saved.error.message);
    expect(mirror().profiles).toHaveLength(before + 1);

    const selected = await useProfileSession.getState().select(saved.value.id);
    expect(selected.ok).toBe(true);
    expect(selectActiveProfile(mirror())?.id).toBe(saved.value.id);
    expect(mirror().settings?.selectedProfileId).toBe(saved.value.id);

    const legend = { deviceStatus: { '1': 'Online' }, productStatus: {} };
    const set = await saveSettings({ statusLegend: legend });
    expect(set.ok).toBe(true);
    expect(mirror().settings?.statusLegend).toEqual(legend);

    // One call per action; the list and the settings came by their events only.
    expect(callsOf(h, 'profiles:save')).toHaveLength(1);
    expect(callsOf(h, 'profiles:select')).toHaveLength(1);
    expect(callsOf(h, 'settings:set')).toHaveLength(1);
    expect(reads()).toEqual(once);
  });

  it('keeps an event that came before the answer of its read', async () => {
    const pushed = { statsOverlay: false };
    // The settings read is held back until a change has been pushed: the older answer must not win.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    h.delay = (call) => (call.channel === 'settings:get' ? held : undefined);
    h.calls.length = 0;
    stop = startCoreMirror(h.api);
    await untilState(useCoreMirror, (s) => s.versions.profiles > 0);
    await h.api.settings.set({ statsOverlay: !pushed.statsOverlay });
    const now = mirror().settings?.statsOverlay;
    release();
    await untilState(useCoreMirror, (s) => s.status === 'ready' && s.versions.platform > 0);
    await Promise.resolve();
    expect(callsOf(h, 'settings:get')).toHaveLength(1);
    expect(mirror().settings?.statsOverlay).toBe(now);
    expect(mirror().settings?.statsOverlay).toBe(!pushed.statsOverlay);
  });

  it('stops following when stopped', async () => {
    await started();
    stop?.();
    stop = undefined;
    const before = mirror().settings?.statsOverlay;
    await h.api.settings.set({ statsOverlay: !before });
    expect(mirror().settings?.statsOverlay).toBe(before);
  });

  it('takes the lock from the settings and the unlock from the kiosk status', () => {
    const settings = { kiosk: { locked: true } } as never;
    expect(selectKioskLock({ settings, kiosk: null })).toEqual({ locked: true, unlockedUntil: null });
    expect(
      selectKioskLock({
        settings: null,
        kiosk: { locked: true, pinSet: true, unlockedUntil: 5, retryAfterMs: 0 },
      }),
    ).toEqual({ locked: true, unlockedUntil: 5 });
  });
});
