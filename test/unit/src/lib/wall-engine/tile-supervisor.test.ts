import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TileSnapshot, TileState } from '../../../../../src/lib/wall-engine/tile-snapshot';
import { autoPlay, ok, playback } from './fakes';
import { CAPS, harness, HOST, live, OFFLINE, urls } from './tile-supervisor-harness';

describe('TileSupervisor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes idle → starting → playing, with the chosen transport and a redacted URL', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(150);
    expect(h.states).toEqual(['idle', 'starting', 'playing']);
    const snap = h.tile.snapshot();
    expect(snap).toMatchObject({
      state: 'playing',
      transport: 'ws-flv',
      tls: false,
      reason: null,
      attempt: 0,
    });
    expect(snap.url).toBe(`ws://${HOST}/live/cam1.live.flv?secret=***`);
    expect(JSON.stringify(h.snapshots)).not.toContain('S-cam1');
    expect(h.logs.join('\n')).not.toContain('S-cam1');
    expect(h.players[0].attachedTo).toBe(h.video);
    expect(h.tile.stats()).toMatchObject({ state: 'playing', fps: 25, transport: 'ws-flv' });
  });

  it('detects a stall after ~3 s without a frame, replaces the player and plays again', async () => {
    const statesAtStart: TileState[] = [];
    const h = harness({
      behave: (player) => {
        statesAtStart.push(h.tile.snapshot().state);
        autoPlay(100)(player);
      },
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const stalledAt = Date.now();
    h.players[0].live = false;
    await vi.advanceTimersByTimeAsync(2_500);
    expect(h.tile.snapshot().state).toBe('playing');
    expect(h.tile.staleMs()).toBeGreaterThan(2_000); // the UI's STALE badge shows before the watchdog fires
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.snapshots.find((s) => s.state === 'stalled')).toMatchObject({
      reason: 'stalled',
      label: 'Video stopped',
    });
    expect(h.players[0].destroyed).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    // The state held while the replacement player started (monitoring polling data-state sees it).
    expect(statesAtStart).toEqual(['starting', 'stalled']);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', reason: null });
    expect(h.states.slice(-3)).toEqual(['playing', 'stalled', 'playing']);
    expect(h.players).toHaveLength(2);
    expect(live(h.players)).toHaveLength(1);
    const recoveredAt = h.tile.snapshot().firstFrameAt!;
    expect(recoveredAt - stalledAt).toBeLessThan(5_000);
    // The same URLs are reused for the first retry: no new streams:start.
    expect(h.start.calls).toBe(1);
  });

  it('a stall whose replacement player shows nothing turns into reconnecting, then failed', async () => {
    const h = harness({
      behave: (player, index) => (index === 0 ? autoPlay(100)(player) : undefined),
      settings: { startTimeoutMs: 4_000 },
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    h.players[0].live = false;
    await vi.advanceTimersByTimeAsync(3_500);
    expect(h.tile.snapshot().state).toBe('stalled');
    await vi.advanceTimersByTimeAsync(4_600);
    // The replacement timed out before any frame: no longer a frozen picture, a connection problem.
    expect(h.tile.snapshot()).toMatchObject({ state: 'reconnecting', reason: 'network', attempt: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'network' });
    expect(h.states).toEqual(['idle', 'starting', 'playing', 'stalled', 'reconnecting', 'failed']);
  });

  it('recovers from a dropped stream within a second on the first fault', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(15_000);
    const droppedAt = Date.now();
    h.players[0].fail('ended');
    expect(h.tile.snapshot()).toMatchObject({ state: 'reconnecting', reason: 'network', attempt: 1 });
    expect(h.tile.snapshot().nextRetryAt! - droppedAt).toBeLessThanOrEqual(500);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.tile.snapshot().state).toBe('playing');
    expect(h.tile.snapshot().firstFrameAt! - droppedAt).toBeLessThan(1_000);
  });

  it('asks streams:start for fresh URLs after two failed attempts on the same URLs', async () => {
    const h = harness({
      answers: [ok(urls('first')), ok(urls('second'))],
      behave: (player, index) => {
        if (index < 2) setTimeout(() => player.fail('network'), 10);
        else setTimeout(() => player.play(), 10);
      },
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.start.calls).toBe(2);
    expect(h.players.map((p) => new URL(p.source.url).pathname)).toEqual([
      '/live/first.live.flv',
      '/live/first.live.flv',
      '/live/second.live.flv',
    ]);
    expect(h.tile.snapshot().state).toBe('playing');
  });

  it('asks for fresh URLs at once when the media server refuses the secret (403)', async () => {
    const h = harness({
      answers: [ok(urls('first')), ok(urls('second'))],
      behave: (player, index) =>
        setTimeout(() => (index === 0 ? player.fail('http-status', 403) : player.play()), 10),
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.start.calls).toBe(2);
    expect(h.players[1].source.url).toContain('/second.live.flv');
    expect(h.tile.snapshot().state).toBe('playing');
  });

  it('shows an offline device as failed with its reason and retries with growing delays capped at 30 s', async () => {
    const h = harness({ answers: [OFFLINE], random: () => 0.5 });
    h.tile.start();
    const waits: number[] = [];
    let last: TileSnapshot | null = null;
    h.tile.subscribe((s) => {
      if (s.nextRetryAt !== null && s !== last) waits.push(s.nextRetryAt - Date.now());
      last = s;
    });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const snap = h.tile.snapshot();
    expect(snap).toMatchObject({ state: 'failed', reason: 'device-offline', label: 'Device offline' });
    expect(snap.detail).toBe('device dev-1 is offline');
    expect(h.states).toEqual(['idle', 'starting', 'failed']); // no flicker through 'reconnecting'
    expect(waits.length).toBeGreaterThan(8);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    expect(waits.slice(-3).every((w) => w >= 15_000)).toBe(true);
    expect(h.players).toHaveLength(0);
  });

  it('remembers since when it is down, across retries and states, until it plays again', async () => {
    let down = false;
    const h = harness({
      behave: (player) => setTimeout(() => (down ? player.fail('network') : player.play()), 10),
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', troubleSince: null });
    down = true;
    const droppedAt = Date.now();
    h.players[0].fail('ended');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.states.slice(-3)).toEqual(['playing', 'reconnecting', 'failed']);
    expect(h.tile.snapshot()).toMatchObject({ state: 'failed', troubleSince: droppedAt });
    down = false;
    h.tile.retryNow();
    await vi.advanceTimersByTimeAsync(100);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', troubleSince: null });

    const offline = harness({ answers: [OFFLINE] });
    const startedAt = Date.now();
    offline.tile.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(offline.tile.snapshot()).toMatchObject({ state: 'failed', troubleSince: startedAt });
    offline.tile.stop();
    expect(offline.tile.snapshot()).toMatchObject({ state: 'idle', troubleSince: null });
  });

  it('takes no notice of the system clock being stepped: still playing, and still watched', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.tile.snapshot().state).toBe('playing');
    // NTP catches up an hour on a kiosk that booted offline; later an administrator sets it back two.
    vi.setSystemTime(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.setSystemTime(Date.now() - 7_200_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.states.at(-1)).toBe('playing');
    expect(h.players).toHaveLength(1);
    expect(h.tile.staleMs()).toBeNull();
    // The frames stop: the watchdog notices in its usual ~3 s, not two hours later.
    const frozenAt = performance.now();
    h.players[0].live = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.states).toContain('stalled');
    const stalled = h.snapshots.find((s) => s.state === 'stalled')!;
    expect(stalled.since - (performance.timeOrigin + frozenAt)).toBeLessThan(4_000);
  });

  it('never loops tightly: even an instant failure is retried at most a handful of times a minute', async () => {
    const h = harness({ behave: (player) => player.fail('network'), random: () => 0 });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.players.length).toBeGreaterThan(3);
    expect(h.players.length).toBeLessThanOrEqual(12);
    expect(h.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'network' });
  });

  it('jitters its retries: two tiles failing together do not retry in step', async () => {
    const dice = [0.1, 0.9];
    const delays = dice.map((r) => {
      const h = harness({ answers: [OFFLINE], random: () => r });
      h.tile.start();
      return h;
    });
    await vi.advanceTimersByTimeAsync(0);
    const [a, b] = delays.map((h) => h.tile.snapshot().nextRetryAt);
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    for (const h of delays) h.tile.destroy();
  });

  it('resets the backoff after a stable period of play', async () => {
    const h = harness({
      behave: (player, index) => setTimeout(() => (index < 3 ? player.fail() : player.play()), 10),
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', attempt: 3 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.tile.snapshot().attempt).toBe(0);
    h.players[3].fail('ended');
    expect(h.tile.snapshot()).toMatchObject({ state: 'reconnecting', attempt: 1 });
    expect(h.tile.snapshot().nextRetryAt! - Date.now()).toBeLessThanOrEqual(500);
  });

  it('watches the <video> element’s own errors, and ignores stale ones', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(200);
    h.video.error = null;
    h.video.dispatch('error'); // an event whose error was already cleared by a new load()
    expect(h.tile.snapshot().state).toBe('playing');
    h.video.error = { code: 3, message: 'PIPELINE_ERROR_DECODE' };
    h.video.dispatch('error');
    expect(h.tile.snapshot()).toMatchObject({ state: 'reconnecting', reason: 'media-error' });
    h.video.error = null;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.tile.snapshot().state).toBe('playing');
  });

  it('fails with codec-unsupported when the stream turns out to be H.265 without a decoder', async () => {
    const h = harness({
      behave: (player) =>
        player.events.emit('media-info', {
          videoCodec: 'hvc1.1.6.L93.B0',
          audioCodec: null,
          width: 1920,
          height: 1080,
        }),
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'codec-unsupported' });
    expect(h.tile.snapshot().detail).toContain('H.265');
    expect(h.players[0].destroyed).toBe(true);
  });

  it('plays the same H.265 stream where the runtime has a decoder', async () => {
    const h = harness({
      caps: { ...CAPS, hevc: true },
      behave: (player) => {
        player.events.emit('media-info', {
          videoCodec: 'hvc1.1.6.L93.B0',
          audioCodec: null,
          width: 1920,
          height: 1080,
        });
        setTimeout(() => player.play(), 10);
      },
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(h.tile.snapshot().state).toBe('playing');
  });

  it('counts an attempt that never shows a frame as failed after the start timeout', async () => {
    const h = harness({ behave: () => undefined, settings: { startTimeoutMs: 5_000 } });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'reconnecting', reason: 'network' });
    expect(h.tile.snapshot().detail).toContain('no video arrived');
    expect(h.players[0].destroyed).toBe(true);
  });

  it('tries the next transport when one keeps failing before any frame', async () => {
    const h = harness({
      order: ['ws-flv', 'flv'],
      behave: (player) =>
        setTimeout(() => (player.source.transport === 'ws-flv' ? player.fail('network') : player.play()), 10),
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.players.map((p) => p.source.transport)).toEqual(['ws-flv', 'ws-flv', 'flv']);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', transport: 'flv' });
  });

  it('says no-playable-url when the platform offers only RTSP and RTMP', async () => {
    const h = harness({
      answers: [ok(playback({ flv: 'rtsp://h/a?secret=x', hls: 'rtmp://h/a?secret=x' }))],
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'no-playable-url' });
  });

  it.each([
    [{ kind: 'forbidden', status: 403, message: 'product key may not view this device' }, 'forbidden'],
    [{ kind: 'auth', status: 401, message: 'bad secret' }, 'auth'],
    [{ kind: 'not-found', status: 404, message: 'no device dev-1' }, 'not-found'],
    [{ kind: 'timeout', message: 'timed out after 10 s' }, 'network'],
    [{ kind: 'server', status: 500, message: 'boom' }, 'platform-error'],
  ] as const)('explains a streams:start failure %o as %s', async (error, reason) => {
    const h = harness({ answers: [{ ok: false, error }] });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.tile.snapshot()).toMatchObject({ reason, detail: error.message });
  });
});
