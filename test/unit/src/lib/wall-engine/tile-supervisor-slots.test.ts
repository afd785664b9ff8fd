import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { StartScheduler } from '../../../../../src/lib/wall-engine/start-scheduler';
import { autoPlay, ok, type FakePlayer } from './fakes';
import { harness, HOST, urls } from './tile-supervisor-harness';

describe('TileSupervisor with its connection budget and start scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stop() releases the player, its connection and its start slot', async () => {
    const budget = new ConnectionBudget();
    const scheduler = new StartScheduler({ concurrency: 1 });
    const h = harness({ order: ['flv'], budget, scheduler, behave: () => undefined });
    h.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(scheduler.active).toBe(1);
    expect(budget.inUse(`http://${HOST}`)).toBe(1);
    h.tile.stop();
    expect(h.tile.snapshot().state).toBe('idle');
    expect(h.players[0].destroyed).toBe(true);
    expect(scheduler.active).toBe(0);
    expect(budget.inUse(`http://${HOST}`)).toBe(0);
    h.tile.destroy();
    expect(h.video.listenerCount('error')).toBe(0);
  });

  it('on a 12-tile wall offered HTTP-FLV first, tiles beyond the budget play WS-FLV', async () => {
    const budget = new ConnectionBudget();
    const scheduler = new StartScheduler({ concurrency: 6 });
    const tiles = Array.from({ length: 12 }, (_, i) =>
      harness({ answers: [ok(urls(`cam${i}`))], order: ['flv', 'ws-flv'], budget, scheduler }),
    );
    for (const t of tiles) t.tile.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tiles.every((t) => t.tile.snapshot().state === 'playing')).toBe(true);
    const transports = tiles.map((t) => t.tile.snapshot().transport);
    expect(transports.filter((t) => t === 'flv')).toHaveLength(5);
    expect(transports.filter((t) => t === 'ws-flv')).toHaveLength(7);
    expect(budget.inUse(`http://${HOST}`)).toBe(5);
  });

  it('starts a wall in waves through the shared scheduler, every tile asking for its URLs at once', async () => {
    const scheduler = new StartScheduler({ concurrency: 6 });
    const tiles = Array.from({ length: 36 }, (_, i) =>
      harness({ answers: [ok(urls(`cam${i}`))], scheduler, behave: autoPlay(150) }),
    );
    for (const t of tiles) t.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    // The platform calls overlap; only six streams are opened and decoded at once.
    expect(tiles.filter((t) => t.start.calls === 1)).toHaveLength(36);
    expect(tiles.filter((t) => t.players.length > 0)).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(160);
    expect(tiles.filter((t) => t.players.length > 0)).toHaveLength(12);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tiles.every((t) => t.tile.snapshot().state === 'playing')).toBe(true);
    expect(tiles.every((t) => t.start.calls === 1 && t.players.length === 1)).toBe(true);
  });

  it('hands its start slot on once its stream answers, before its first frame', async () => {
    const scheduler = new StartScheduler({ concurrency: 1 });
    const answersThenDecodes = (player: FakePlayer) => {
      setTimeout(() => {
        if (player.destroyed) return;
        player.events.emit('media-info', {
          videoCodec: 'avc1.42c01e',
          audioCodec: null,
          width: 640,
          height: 360,
        });
      }, 50);
      autoPlay(1_000)(player);
    };
    const first = harness({ answers: [ok(urls('cam1'))], scheduler, behave: answersThenDecodes });
    const second = harness({ answers: [ok(urls('cam2'))], scheduler, behave: answersThenDecodes });
    first.tile.start();
    second.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(second.players).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    // The first stream has answered but shows nothing yet; the second already opens its stream.
    expect(first.tile.snapshot().state).toBe('starting');
    expect(second.players).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect([first, second].map((t) => t.tile.snapshot().state)).toEqual(['playing', 'playing']);
    expect(scheduler.active).toBe(0);
  });

  it('a tile refused by the platform while waiting for a start slot fails at once and frees its place', async () => {
    const scheduler = new StartScheduler({ concurrency: 1 });
    const first = harness({ answers: [ok(urls('cam1'))], scheduler, behave: autoPlay(5_000) });
    const refused = harness({
      answers: [{ ok: false, error: { kind: 'forbidden', status: 403, message: 'not permitted' } }],
      scheduler,
    });
    first.tile.start();
    refused.tile.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(scheduler.active).toBe(1);
    expect(refused.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'forbidden' });
    expect(refused.players).toHaveLength(0);
    expect(scheduler.waiting).toBe(0);
  });
});
