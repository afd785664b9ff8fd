import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackTransport } from '../../../../../src/lib/players/transport';
import type { RuntimeCapabilities } from '../../../../../src/lib/wall-engine/capabilities';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { TileSupervisor, type TileState } from '../../../../../src/lib/wall-engine/tile-supervisor';
import { fakeFactory, FakeVideo, fakeStartStream, ok, playback, type FakePlayer } from './fakes';

const CAPS: RuntimeCapabilities = { mse: true, h264: true, hevc: false, wsFmp4: true, insecure: true };
const ORDER: PlaybackTransport[] = ['ws-flv', 'flv', 'hls'];
const URLS = playback({
  ws_flv: 'ws://m.test/live/cam.live.flv?secret=S',
  hls: 'http://m.test/live/cam/hls.m3u8?secret=S',
});

function harness(options: { jump?: (player: FakePlayer) => boolean } = {}) {
  const { factory, players } = fakeFactory((player) => {
    setTimeout(() => {
      if (!player.destroyed) player.play();
    }, 100);
  });
  const made: FakePlayer[] = [];
  const video = new FakeVideo();
  const start = fakeStartStream(ok(URLS));
  const logs: string[] = [];
  const tile = new TileSupervisor({
    video: video.asElement(),
    startStream: start.fn,
    createPlayer: (source, opts) => {
      const player = factory(source, opts) as FakePlayer;
      if (options.jump) {
        const jump = options.jump;
        (player as FakePlayer & { catchUp(): boolean }).catchUp = () => jump(player);
      }
      made.push(player);
      return player;
    },
    budget: new ConnectionBudget(),
    order: ORDER,
    capabilities: CAPS,
    random: () => 0.5,
    log: (line) => logs.push(line),
  });
  const states: TileState[] = [];
  tile.subscribe((s) => {
    if (states[states.length - 1] !== s.state) states.push(s.state);
  });
  return { tile, players, video, start, logs, states };
}

const behind = (behindMs: number, queuedMs = 200) => ({ behindMs, trailMs: behindMs - queuedMs, queuedMs });

describe('a tile behind live', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is not called live past the 2 s margin, and reconnects to catch up when the lag is in delivery', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(h.tile.snapshot().state).toBe('playing');
    h.players[0].liveness = behind(400);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.tile.snapshot().behind).toBe(false);
    expect(h.tile.liveness()).toMatchObject({ behindMs: 400, behind: false });

    h.players[0].liveness = behind(3_400);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', behind: true });
    expect(h.tile.liveness()).toMatchObject({ behindMs: 3_400, trailMs: 3_200, queuedMs: 200 });
    expect(h.players).toHaveLength(1);

    // 2 s behind: a new connection, on the same URLs, with no backoff and no fault counted.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.players).toHaveLength(2);
    expect(h.players[0].destroyed).toBe(true);
    expect(h.start.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    const snap = h.tile.snapshot();
    expect(snap).toMatchObject({
      state: 'playing',
      behind: false,
      catchUps: 1,
      lastCatchUp: 'reconnect',
      attempt: 0,
    });
    expect(snap.reason).toBeNull();
    expect(h.states).toEqual(['idle', 'starting', 'playing', 'starting', 'playing']);
    expect(h.logs.join('\n')).toContain('catching up with live (3.4 s behind): reconnecting');
  });

  it('jumps to the newest picture when the lag waits in the player, on the same connection', async () => {
    const jumps: FakePlayer[] = [];
    const h = harness({
      jump: (player) => {
        jumps.push(player);
        player.liveness = behind(300, 100);
        return true;
      },
    });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    // A new player is close to live first (its own least delay), then falls behind.
    h.players[0].liveness = behind(300, 100);
    await vi.advanceTimersByTimeAsync(500);
    h.players[0].liveness = behind(5_000, 4_500);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(jumps).toEqual([h.players[0]]);
    expect(h.players).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.tile.snapshot()).toMatchObject({
      state: 'playing',
      behind: false,
      catchUps: 1,
      lastCatchUp: 'jump',
    });
  });

  it('a player that cannot jump (catchUp() false) is reconnected', async () => {
    const h = harness({ jump: () => false });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    h.players[0].liveness = behind(300, 100);
    await vi.advanceTimersByTimeAsync(500);
    h.players[0].liveness = behind(5_000, 4_500);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.players).toHaveLength(2);
    expect(h.tile.snapshot().lastCatchUp).toBe('reconnect');
  });

  it('a link too slow for its stream is not reconnected every few seconds, and says behind meanwhile', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    // Every new connection falls behind again at once.
    const slow = () => {
      for (const p of h.players) if (!p.destroyed) p.liveness = behind(6_000);
    };
    const timer = setInterval(slow, 100);
    await vi.advanceTimersByTimeAsync(60_000);
    clearInterval(timer);
    // 10 s, then 20 s, then 40 s between catch-ups: 3 in a minute, not 20.
    expect(h.players.length).toBeLessThanOrEqual(4);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', behind: true });
  });

  it('a tile behind by its transport’s design (HLS) is called behind live but not reconnected over and over', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    h.players[0].liveness = behind(4_000, 3_800);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', behind: true, catchUps: 0 });
    expect(h.players).toHaveLength(1);
  });

  it('a player that does not measure liveness is never called behind', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', behind: false });
    expect(h.tile.liveness().behindMs).toBeNull();
    expect(h.players).toHaveLength(1);
  });
});

describe('the audible tile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays without audio by default; sound on makes a new player with audio on the same element, and off again', async () => {
    const h = harness();
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(h.players[0].options?.audio).toBe(false);

    h.tile.setAudio(true);
    expect(h.players[0].destroyed).toBe(true);
    expect(h.tile.snapshot()).toMatchObject({ state: 'starting', restart: 'audio' });
    await vi.advanceTimersByTimeAsync(300);
    expect(h.players).toHaveLength(2);
    expect(h.players[1].options?.audio).toBe(true);
    expect(h.players[1].attachedTo).toBe(h.video);
    expect(h.tile.snapshot()).toMatchObject({ state: 'playing', restart: null, attempt: 0, reason: null });
    // The same URLs: no new streams:start.
    expect(h.start.calls).toBe(1);

    // Unchanged: nothing happens.
    h.tile.setAudio(true);
    expect(h.players).toHaveLength(2);

    h.tile.setAudio(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(h.players).toHaveLength(3);
    expect(h.players[2].options?.audio).toBe(false);
  });

  it('a tile not playing takes the change at its next attempt', async () => {
    const h = harness();
    h.tile.setAudio(true);
    expect(h.players).toHaveLength(0);
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(h.players).toHaveLength(1);
    expect(h.players[0].options?.audio).toBe(true);
  });

  it('the sound state reaches the tile through its stats', async () => {
    const h = harness();
    h.tile.setAudio(true);
    h.tile.start();
    await vi.advanceTimersByTimeAsync(300);
    h.players[0].audio = { state: 'unsupported', codec: 'alaw', reason: 'G.711 is not played here' };
    expect(h.tile.stats()?.audio).toEqual({
      state: 'unsupported',
      codec: 'alaw',
      reason: 'G.711 is not played here',
    });
    expect(h.tile.snapshot().state).toBe('playing');
  });
});
