import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../../electron/shared/contract';
import type { StreamPlayback } from '../../../../../electron/shared/domain';
import { fakeFactory, FakeVideo, ok, playback } from './fakes';

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));
const { WallEngine } = await import('../../../../../src/lib/wall-engine/wall-engine');

const CAPS = { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true };
const URLS = playback({ ws_flv: 'ws://m:1/live/c.live.flv?secret=s' });
const REFUSED: Result<StreamPlayback> = {
  ok: false,
  error: { kind: 'auth', status: 401, message: 'invalid credentials' },
};

/** A platform whose answer the test sets, counting every streams:start. */
function platform() {
  const state = { answer: REFUSED, calls: 0 };
  const startStream = async () => {
    state.calls += 1;
    return state.answer;
  };
  return { state, startStream };
}

describe('an auth refusal holds every tile of the profile (no account lockout)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function wall(tiles: number, profileOf: (i: number) => string = () => 'p1') {
    const { factory, players } = fakeFactory();
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: CAPS,
      createPlayer: factory,
      log: () => undefined,
    });
    const p = platform();
    const supervisors = Array.from({ length: tiles }, (_, i) =>
      engine.createTile({
        video: new FakeVideo().asElement(),
        startStream: p.startStream,
        profile: profileOf(i),
      }),
    );
    return { engine, supervisors, players, ...p };
  }

  it('nine tiles refused ask at most once each over minutes, and the engine names the profile once', async () => {
    const { engine, supervisors, state } = wall(9);
    const seen: string[][] = [];
    engine.onProfileRefusals((list) => seen.push(list.map((r) => r.profile)));
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(state.calls).toBeLessThanOrEqual(9);
    expect(engine.profileRefusals().map((r) => r.profile)).toEqual(['p1']);
    expect(seen).toEqual([['p1']]);
    for (const s of supervisors)
      expect(s.snapshot()).toMatchObject({ state: 'failed', reason: 'auth', nextRetryAt: null });
    expect(engine.heldForProfile('p1')).toBe(9);
  });

  it('a tile started after the refusal asks nothing; another profile goes on', async () => {
    const { engine, supervisors, state } = wall(2, (i) => (i === 0 ? 'p1' : 'p2'));
    supervisors[0].start();
    await vi.advanceTimersByTimeAsync(1_000);
    const calls = state.calls;
    const late = engine.createTile({
      video: new FakeVideo().asElement(),
      startStream: async () => ok(URLS),
      profile: 'p1',
    });
    late.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(late.snapshot()).toMatchObject({ state: 'failed', reason: 'auth' });
    expect(state.calls).toBe(calls);
    state.answer = ok(URLS);
    supervisors[1].start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(supervisors[1].snapshot().state).toBe('playing');
  });

  it('a media server answering 401 holds the profile as well', async () => {
    const { engine, supervisors, players, state } = wall(2);
    state.answer = ok(URLS);
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(engine.health().playing).toBe(2);
    players[0].events.emit('error', { kind: 'http-status', status: 401, message: 'HTTP 401' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.profileRefusals()).toHaveLength(1);
    expect(supervisors[0].snapshot()).toMatchObject({ state: 'failed', reason: 'auth', nextRetryAt: null });
    expect(players).toHaveLength(2);
  });

  it('the profile changed (liftRefusal) or Retry on one tile: every held tile of it plays, no other click', async () => {
    const { engine, supervisors, state } = wall(3);
    for (const s of supervisors) s.start();
    await vi.advanceTimersByTimeAsync(30_000);
    state.answer = ok(URLS);
    expect(engine.liftRefusal('p1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(engine.health().playing).toBe(3);
    expect(engine.profileRefusals()).toEqual([]);

    // Refused again later, then the operator's Retry on one tile asks again for all of them.
    const again = wall(3);
    for (const s of again.supervisors) s.start();
    await vi.advanceTimersByTimeAsync(30_000);
    again.state.answer = ok(URLS);
    again.supervisors[2].retryNow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(again.engine.health().playing).toBe(3);
  });
});
