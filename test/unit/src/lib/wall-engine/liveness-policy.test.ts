import { describe, expect, it } from 'vitest';
import { LivenessPolicy } from '../../../../../src/lib/wall-engine/liveness-policy';

const at = (behindMs: number, queuedMs = 100) => ({ behindMs, trailMs: behindMs - queuedMs, queuedMs });

/** A policy whose player has shown how close to live it plays (0.3 s behind), as a new player does. */
function policy(settings?: ConstructorParameters<typeof LivenessPolicy>[0]): LivenessPolicy {
  const p = new LivenessPolicy(settings);
  p.observe(at(300), -60_000, false);
  return p;
}

/** Feed one reading a second from `from` to `to` (s), all `behindMs`; the catch-ups asked for. */
function run(
  policy: LivenessPolicy,
  from: number,
  to: number,
  reading: ReturnType<typeof at>,
  canJump = false,
) {
  const asked: { at: number; how: string }[] = [];
  for (let t = from; t <= to; t += 1) {
    const how = policy.observe(reading, t * 1000, canJump);
    if (how) asked.push({ at: t, how });
  }
  return asked;
}

describe('LivenessPolicy', () => {
  it('calls a picture behind live past 2 s, and live again only under 1.5 s', () => {
    const p = new LivenessPolicy();
    p.observe(at(1_900), 0, false);
    expect(p.reading().behind).toBe(false);
    p.observe(at(2_100), 1_000, false);
    expect(p.reading()).toMatchObject({ behind: true, behindMs: 2_100, trailMs: 2_000, queuedMs: 100 });
    // Between the two margins it stays behind: the badge does not flicker.
    p.observe(at(1_700), 1_500, false);
    expect(p.reading().behind).toBe(true);
    p.observe(at(1_400), 2_000, false);
    expect(p.reading()).toMatchObject({ behind: false, behindSince: null });
  });

  it('an unmeasured picture is not called behind, and asks for nothing', () => {
    const p = new LivenessPolicy();
    expect(p.observe(undefined, 0, true)).toBeNull();
    expect(p.observe({ behindMs: null, trailMs: null, queuedMs: null }, 10_000, true)).toBeNull();
    expect(p.reading()).toMatchObject({ behind: false, behindMs: null });
  });

  it('a single late reading is no backlog: it catches up only after 2 s behind', () => {
    const p = policy();
    expect(p.observe(at(5_000), 0, false)).toBeNull();
    expect(p.observe(at(500), 1_000, false)).toBeNull();
    expect(p.observe(at(5_000), 2_000, false)).toBeNull();
    expect(p.observe(at(5_000), 3_000, false)).toBeNull();
    expect(p.observe(at(5_000), 4_000, false)).toBe('reconnect');
  });

  it('a picture aging while no frame comes is called behind, but is the watchdog\'s, not a catch-up\'s', () => {
    const p = policy();
    const waiting = { ...at(5_000), waitingMs: 4_800 };
    expect(run(p, 0, 10, waiting)).toEqual([]);
    expect(p.reading()).toMatchObject({ behind: true, behindMs: 5_000 });
  });

  it('jumps when the lag waits in the player, reconnects when it is in delivery', () => {
    const queued = policy();
    expect(run(queued, 0, 2, at(6_000, 5_000), true)).toEqual([{ at: 2, how: 'jump' }]);
    const trailing = policy();
    expect(run(trailing, 0, 2, at(6_000, 200), true)).toEqual([{ at: 2, how: 'reconnect' }]);
    // A player without catchUp() is reconnected.
    const cannot = policy();
    expect(run(cannot, 0, 2, at(6_000, 5_000), false)).toEqual([{ at: 2, how: 'reconnect' }]);
  });

  it('a jump that did not bring it back is followed by a reconnect', () => {
    const p = policy();
    const asked = run(p, 0, 13, at(6_000, 5_000), true);
    expect(asked).toEqual([
      { at: 2, how: 'jump' },
      { at: 12, how: 'reconnect' },
    ]);
  });

  it('a refused jump counts as a reconnect: the new player may jump again, 2 s behind from its start', () => {
    const p = policy({ catchUpCooldownMs: 1_000 });
    expect(run(p, 0, 2, at(6_000, 5_000), true)).toEqual([{ at: 2, how: 'jump' }]);
    p.jumpRefused();
    p.newPlayer();
    p.observe(at(300), 2_500, true);
    expect(run(p, 3, 6, at(6_000, 5_000), true)[0]).toEqual({ at: 5, how: 'jump' });
  });

  it('does not flap: catch-ups that do not hold are spaced out, doubling up to 2 min', () => {
    const p = policy();
    // A camera on a link too slow for its stream: always behind.
    const asked = run(p, 0, 600, at(8_000));
    const gaps = asked.slice(1).map((a, i) => a.at - asked[i].at);
    expect(gaps.slice(0, 5)).toEqual([10, 20, 40, 80, 120]);
    expect(Math.max(...gaps)).toBe(120);
  });

  it('a catch-up that held (live for 30 s) starts the wait from the beginning again', () => {
    const p = policy();
    const first = run(p, 0, 35, at(8_000));
    expect(first.map((a) => a.at)).toEqual([2, 12, 32]);
    run(p, 36, 70, at(200));
    const again = run(p, 71, 90, at(8_000));
    // Behind at 71: 2 s later it catches up, and 10 s after that (the first wait again).
    expect(again.map((a) => a.at)).toEqual([73, 83]);
  });

  it('reset forgets the history', () => {
    const p = policy();
    run(p, 0, 40, at(8_000));
    p.reset();
    p.observe(at(300), 99_000, false);
    expect(p.reading().behind).toBe(false);
    expect(run(p, 100, 102, at(8_000)).map((a) => a.at)).toEqual([102]);
  });

  it('a transport behind by design (HLS, two segments) is called behind live, but only a fall beyond that catches up', () => {
    const p = new LivenessPolicy();
    // From its first picture the HLS tile plays 4 s behind the camera, all of it in its buffer.
    const steady = run(p, 0, 60, at(4_000, 3_800), true);
    expect(steady).toEqual([]);
    expect(p.reading()).toMatchObject({ behind: true, behindMs: 4_000 });
    // Its segments come late (a slow link): 6.5 s behind, 2.5 s beyond its own delay.
    expect(run(p, 61, 64, at(6_500, 3_800), true)).toEqual([{ at: 63, how: 'reconnect' }]);
  });
});
