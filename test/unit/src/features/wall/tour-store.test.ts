import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorEvent } from '../../../../../src/session/operator-log';
import { startCoreHarness, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The wall's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

const { useWallStore } = await import('../../../../../src/features/wall/wall-store');
const { useTourStore, tourPages, switchReason } = await import('../../../../../src/features/wall/tour-store');
const { TOUR_LEAD_MS } = await import('../../../../../src/features/wall/tour-clock');
const { installOperatorLogWriter } = await import('../../../../../src/session/operator-log');
const { useNoticesStore } = await import('../../../../../src/session/notices-store');
const { startCoreMirror, useCoreMirror } = await import('../../../../../src/session/core-mirror');

/**
 * The tour store against a real core (tours and views saved there): what it shows, what it writes
 * into the operator log at each switch, and when it gives the wall back.
 */

let h: CoreHarness;
let profileId: string;
let disconnect: () => void = () => undefined;
let stopMirror: () => void = () => undefined;
/** The saved tours and layouts, as the core's mirror holds them. */
const savedTours = () => useCoreMirror.getState().tours ?? [];
const savedLayouts = () => useCoreMirror.getState().layouts ?? [];
const logged: OperatorEvent[] = [];
let uninstall: () => void = () => undefined;
const tours = () => useTourStore.getState();
const DWELL = 5;

async function saveView(id: string, keys: string[]) {
  const saved = await h.api.layouts.save({
    id,
    name: `View ${id}`,
    profileId,
    grid: { columns: 2, rows: 2 },
    tiles: keys.map((deviceKey, i) => ({
      deviceKey,
      column: i + 1,
      row: 1,
      deviceName: `Camera ${deviceKey}`,
    })),
  });
  if (!saved.ok) throw new Error(saved.error.message);
}

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
  await saveView('a', ['a1', 'a2']);
  await saveView('b', ['b1', 'b2']);
  await saveView('c', ['c1', 'c2']);
  for (const draft of [
    {
      id: 'rounds',
      name: 'Night rounds',
      kind: 'views' as const,
      views: ['a', 'b', 'c'],
      dwellSeconds: DWELL,
    },
    {
      id: 'gate',
      name: 'Gate',
      kind: 'tile' as const,
      view: 'a',
      column: 2,
      row: 1,
      devices: [{ deviceKey: 'g1', deviceName: 'Gate 1' }, { deviceKey: 'g2' }],
      dwellSeconds: DWELL,
    },
  ]) {
    const result = await h.api.tours.save(draft);
    if (!result.ok) throw new Error(result.error.message);
  }
  uninstall = installOperatorLogWriter((e) => logged.push(e));
  stopMirror = startCoreMirror(h.api);
  await useWallStore.getState().load();
  disconnect = tours().connect();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  logged.length = 0;
  useNoticesStore.setState({ notices: [] });
});

afterEach(() => {
  tours().stop();
  vi.useRealTimers();
});

afterAll(async () => {
  uninstall();
  disconnect();
  stopMirror();
  await h.close();
});

describe('tour pages', () => {
  it('are the saved views in the tour’s order, or the view with each camera in its cycling cell', () => {
    const layouts = savedLayouts();
    const rounds = savedTours().find((t) => t.id === 'rounds')!;
    expect(tourPages(rounds, layouts).map((p) => p.name)).toEqual(['View a', 'View b', 'View c']);
    // A view that is gone is left out.
    expect(
      tourPages(
        rounds,
        layouts.filter((l) => l.id !== 'b'),
      ).map((p) => p.name),
    ).toEqual(['View a', 'View c']);
    const gate = savedTours().find((t) => t.id === 'gate')!;
    const pages = tourPages(gate, layouts);
    expect(pages.map((p) => p.name)).toEqual(['Gate 1', 'g2']);
    expect(pages[1]).toMatchObject({ kind: 'tile', cell: { column: 2, row: 1 }, tile: { deviceKey: 'g2' } });
    expect(switchReason(rounds, tourPages(rounds, layouts), 1)).toBe('Night rounds: page 2 of 3 (View b)');
    // A view saved smaller since no longer has the cycling cell: nothing to show (not a tile off the grid).
    const shrunk = layouts.map((l) =>
      gate.kind === 'tile' && l.id === gate.view ? { ...l, grid: { columns: 1, rows: 1 } } : l,
    );
    expect(tourPages(gate, shrunk)).toEqual([]);
  });
});

describe('a running tour', () => {
  it('logs its start and every switch as "<tour>: page k of n (<view>)"', async () => {
    expect(tours().start('rounds')).toBe(true);
    expect(tours().running?.view).toMatchObject({ page: 0, upcoming: null, paused: false });
    expect(logged.map((e) => [e.kind, e.reason])).toEqual([
      ['tour-switch', 'Night rounds: page 1 of 3 (View a): tour started'],
    ]);
    vi.advanceTimersByTime(DWELL * 1000 - TOUR_LEAD_MS);
    expect(tours().running?.view.upcoming).toBe(1);
    tours().pageReady(1);
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(tours().running?.view.page).toBe(1);
    expect(logged.at(-1)).toMatchObject({
      kind: 'tour-switch',
      reason: 'Night rounds: page 2 of 3 (View b)',
    });
    tours().stop();
    expect(tours().running).toBeNull();
    expect(logged.at(-1)).toMatchObject({ reason: 'Night rounds: tour stopped' });
    // Asked for by the operator: no notice.
    expect(useNoticesStore.getState().notices).toEqual([]);
  });

  it('a cycling tile logs the camera it switched to', () => {
    tours().start('gate');
    vi.advanceTimersByTime(DWELL * 1000 - TOUR_LEAD_MS);
    tours().pageReady(1);
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(logged.at(-1)).toMatchObject({
      kind: 'tour-switch',
      deviceKey: 'g2',
      reason: 'Gate: page 2 of 2 (g2)',
    });
  });

  it('pause, next and previous reach the clock', () => {
    tours().start('rounds');
    tours().pause();
    expect(tours().running?.view.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(tours().running?.view.page).toBe(0);
    tours().next();
    expect(tours().running?.view).toMatchObject({ upcoming: 1, jumping: true });
    tours().pageReady(1);
    expect(tours().running?.view).toMatchObject({ page: 1, paused: true });
    tours().previous();
    vi.advanceTimersByTime(TOUR_LEAD_MS);
    expect(tours().running?.view.page).toBe(0);
    expect(tours().countdownMs()).toBe(DWELL * 1000);
    tours().resume();
    expect(tours().running?.view.paused).toBe(false);
  });

  it('stops, and says so, when the operator changes the wall', () => {
    tours().start('rounds');
    expect(
      useWallStore.getState().placeDevice({ deviceKey: 'walk-in', deviceName: 'Walk-in' }),
    ).toMatchObject({ ok: true });
    expect(tours().running).toBeNull();
    expect(useNoticesStore.getState().notices.map((n) => n.message)).toEqual([
      'Tour stopped: the wall was changed',
    ]);
    expect(logged.at(-1)).toMatchObject({ reason: 'Night rounds: tour stopped (the wall was changed)' });
    useWallStore.getState().undo();
  });

  it('follows a rename from elsewhere and stops when its tour is removed', async () => {
    tours().start('rounds');
    const renamed = await h.api.tours.save({
      id: 'rounds',
      name: 'Late rounds',
      kind: 'views',
      views: ['a', 'b', 'c'],
      dwellSeconds: DWELL,
    });
    expect(renamed.ok).toBe(true);
    await vi.waitFor(() => expect(tours().running?.tour.name).toBe('Late rounds'), { timeout: 10_000 });
    expect(await tours().remove('rounds')).toEqual({ ok: true });
    expect(tours().running).toBeNull();
    expect(savedTours().map((t) => t.id)).toEqual(['gate']);
    expect(tours().start('rounds')).toBe(false);
  });

  it('will not start a tour whose views the wall does not have, and says why', () => {
    // The core keeps a view a tour shows; the mirror may still not have it (its layouts not read yet).
    const all = savedLayouts();
    useCoreMirror.setState({ layouts: all.filter((l) => l.id !== 'a') });
    try {
      expect(tours().start('gate')).toBe(false);
      expect(tours().running).toBeNull();
      expect(useNoticesStore.getState().notices.at(-1)).toMatchObject({
        level: 'warning',
        message: 'The tour “Gate” has nothing to show: its views were removed.',
      });
    } finally {
      useCoreMirror.setState({ layouts: all });
    }
  });

  it('save reports the core’s refusal in words', async () => {
    const refused = await tours().save({
      name: 'Nowhere',
      kind: 'views',
      views: ['x', 'y'],
      dwellSeconds: DWELL,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/x/);
  });
});
