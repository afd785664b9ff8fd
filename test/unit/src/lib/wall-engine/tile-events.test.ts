import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../../electron/shared/contract';
import type { StreamPlayback } from '../../../../../electron/shared/domain';
import type { TileEvent } from '../../../../../src/lib/wall-engine';
import { fakeFactory, FakeVideo, ok, playback } from './fakes';

// The engine's default player factory imports mpegts.js, a browser bundle; these tests inject fakes.
vi.mock('mpegts.js', () => ({ default: {} }));
const { WallEngine } = await import('../../../../../src/lib/wall-engine/wall-engine');

const CAPS = { mse: true, h264: true, hevc: false, wsFmp4: false, insecure: true };
const URLS = playback({ ws_flv: 'ws://m:1/live/c1.live.flv?secret=s3cr3t-value' });
const healthy = {
  sample: () => ({ level: 'healthy' as const, score: 0.2, reason: null }),
  stop: () => undefined,
};

describe('WallEngine tile events (for the operator log)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function wall(startStream: () => Promise<Result<StreamPlayback>> = async () => ok(URLS)) {
    const { factory, players } = fakeFactory();
    const engine = new WallEngine({
      order: ['ws-flv'],
      capabilities: CAPS,
      createPlayer: factory,
      log: () => undefined,
      loadSource: healthy,
    });
    const events: TileEvent[] = [];
    engine.onTileEvent((e) => events.push(e));
    const tile = engine.createTile({ video: new FakeVideo().asElement(), startStream, label: 'cam-1' });
    return { engine, tile, players, events };
  }

  it('a dropped connection: stale, then recovered with how long the picture was out', async () => {
    const { tile, players, events } = wall();
    tile.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(tile.snapshot().state).toBe('playing');
    expect(events).toEqual([]);

    players[0].live = false;
    await vi.advanceTimersByTimeAsync(2_000);
    players[0].fail('network');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'stale',
      label: 'cam-1',
      from: 'playing',
      to: 'reconnecting',
      reason: 'Network problem: fake network',
    });

    await vi.advanceTimersByTimeAsync(3_000);
    expect(tile.snapshot().state).toBe('playing');
    expect(events.map((e) => e.kind)).toEqual(['stale', 'recovered']);
    expect(events[1]).toMatchObject({ from: 'reconnecting', to: 'playing' });
    // The last picture came ~2 s before the drop; the new one at most a few seconds after it.
    expect(events[1].reason).toMatch(/^playing again after [2-5]\.\d s without a picture$/);
    expect(JSON.stringify(events)).not.toContain('s3cr3t');
  });

  it('a frozen picture: stale when the watchdog calls it stalled, recovered when the new player shows frames', async () => {
    const { tile, players, events } = wall();
    tile.start();
    await vi.advanceTimersByTimeAsync(500);
    players[0].live = false;
    await vi.advanceTimersByTimeAsync(3_300);
    expect(events.map((e) => [e.kind, e.from, e.to])).toEqual([['stale', 'playing', 'stalled']]);
    expect(events[0].reason).toMatch(/^Video stopped: no new frame for 3 s$/);
    // The same as a kind and parameters, for the log to word in the operator's language.
    expect(events[0].failure).toEqual({ reason: 'stalled', detail: 'no new frame for 3 s' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(events.map((e) => e.kind)).toEqual(['stale', 'recovered']);
    expect(events[1].outMs).toBeGreaterThanOrEqual(3_000);
    expect(events[1].reason).toBe(
      `playing again after ${((events[1].outMs ?? 0) / 1000).toFixed(1)} s without a picture`,
    );
  });

  it('a device offline: failed once (not at each retry), recovered when it plays', async () => {
    let offline = true;
    const { tile, events } = wall(async () =>
      offline
        ? { ok: false, error: { kind: 'server', status: 503, message: 'device is offline' } }
        : ok(URLS),
    );
    tile.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tile.snapshot().attempt).toBeGreaterThan(2);
    expect(events.map((e) => [e.kind, e.from, e.to])).toEqual([['failed', 'starting', 'failed']]);
    expect(events[0].reason).toMatch(/^Device offline/);
    offline = false;
    tile.retryNow();
    await vi.advanceTimersByTimeAsync(500);
    expect(events.map((e) => e.kind)).toEqual(['failed', 'recovered']);
    expect(events[1].reason).toMatch(/^playing again after \d+(\.\d)? s without a picture$/);
  });

  it('says nothing of a tile that finds its feet on its second try, nor of one taken off the wall', async () => {
    let calls = 0;
    const { engine, tile, players, events } = wall(async () => {
      calls += 1;
      return calls === 1 ? { ok: false, error: { kind: 'network', message: 'fetch failed' } } : ok(URLS);
    });
    tile.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tile.snapshot().state).toBe('playing');
    expect(players).toHaveLength(1);
    tile.destroy();
    engine.destroy();
    expect(events).toEqual([]);
  });

  it('tells what each playing tile decodes: size, pictures per second, bitrate', async () => {
    const { engine, tile } = wall();
    expect(engine.tileFigures()).toEqual([]);
    tile.start();
    await vi.advanceTimersByTimeAsync(3_100);
    const [figure] = engine.tileFigures();
    expect(figure).toMatchObject({ label: 'cam-1', rate: 'full', width: 640, height: 360, bitrateKbps: 800 });
    // The fake player counts a picture at each read of its figures: a handful a second.
    expect(figure.decodedFps).toBeGreaterThan(1);
    expect(figure.fullFps).toBe(25);
    tile.stop();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(engine.tileFigures()).toEqual([]);
  });
});
