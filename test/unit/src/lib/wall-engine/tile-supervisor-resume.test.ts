import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBudget } from '../../../../../src/lib/wall-engine/connection-budget';
import { ok } from './fakes';
import { harness, HOST, live, OFFLINE, urls } from './tile-supervisor-harness';

describe('TileSupervisor after an outage or while hidden', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  describe('when the network comes back', () => {
    /** A tile whose stream keeps failing with a network error until `heal()` is called. */
    function cutOff(random = () => 1) {
      let down = true;
      const h = harness({
        random,
        behave: (player) => setTimeout(() => (down ? player.fail('network') : player.play()), 10),
      });
      return { ...h, heal: () => (down = false) };
    }

    it('a tile waiting out a network backoff retries at once, with fresh URLs', async () => {
      const h = cutOff();
      h.tile.start();
      await vi.advanceTimersByTimeAsync(20_000);
      const waiting = h.tile.snapshot();
      expect(waiting).toMatchObject({ state: 'failed', reason: 'network' });
      expect(waiting.nextRetryAt! - Date.now()).toBeGreaterThan(5_000);
      const asked = h.start.calls;
      h.heal();
      expect(h.tile.networkRestored()).toBe(true);
      await vi.advanceTimersByTimeAsync(200);
      expect(h.tile.snapshot().state).toBe('playing');
      expect(h.start.calls).toBe(asked + 1);
      expect(h.logs.join('\n')).toContain('the network is back: retrying now');
    });

    it('still down, it goes on backing off from where it was', async () => {
      const h = cutOff();
      h.tile.start();
      await vi.advanceTimersByTimeAsync(20_000);
      const before = h.tile.snapshot().attempt;
      expect(h.tile.networkRestored()).toBe(true);
      await vi.advanceTimersByTimeAsync(100);
      const after = h.tile.snapshot();
      expect(after).toMatchObject({ state: 'failed', reason: 'network', attempt: before + 1 });
      expect(after.nextRetryAt! - Date.now()).toBeGreaterThan(5_000);
    });

    it('leaves alone a tile that failed for another reason, one that plays and one already trying', async () => {
      const offline = harness({ answers: [OFFLINE] });
      offline.tile.start();
      await vi.advanceTimersByTimeAsync(20_000);
      const asked = offline.start.calls;
      expect(offline.tile.networkRestored()).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(offline.start.calls).toBe(asked);
      expect(offline.tile.snapshot()).toMatchObject({ state: 'failed', reason: 'device-offline' });

      const playing = harness();
      playing.tile.start();
      await vi.advanceTimersByTimeAsync(500);
      expect(playing.tile.networkRestored()).toBe(false);
      expect(live(playing.players)).toHaveLength(1);
      expect(playing.players).toHaveLength(1);

      const trying = harness({ behave: () => undefined });
      trying.tile.start();
      await vi.advanceTimersByTimeAsync(100);
      expect(trying.tile.snapshot().state).toBe('starting');
      expect(trying.tile.networkRestored()).toBe(false);
      expect(trying.players).toHaveLength(1);

      const stopped = cutOff();
      stopped.tile.start();
      await vi.advanceTimersByTimeAsync(5_000);
      stopped.tile.stop();
      expect(stopped.tile.networkRestored()).toBe(false);
    });
  });

  describe('when hidden', () => {
    it('keeps playing through the grace period, then stops the stream and releases its connection', async () => {
      const budget = new ConnectionBudget();
      const h = harness({ order: ['flv'], budget, settings: { hiddenGraceMs: 10_000 } });
      h.tile.start();
      await vi.advanceTimersByTimeAsync(200);
      expect(budget.inUse(`http://${HOST}`)).toBe(1);
      h.tile.setVisible(false);
      h.players[0].live = false; // a hidden page paints nothing: that is not a stall
      await vi.advanceTimersByTimeAsync(9_000);
      expect(h.tile.snapshot().state).toBe('playing');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(h.tile.snapshot()).toMatchObject({ state: 'paused-hidden', nextRetryAt: null });
      expect(h.players[0].destroyed).toBe(true);
      expect(budget.inUse(`http://${HOST}`)).toBe(0);
      expect(h.tile.staleMs()).toBeNull();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.players).toHaveLength(1); // nothing retries while paused
    });

    it('resumes with fresh URLs when shown again', async () => {
      const h = harness({ answers: [ok(urls('a')), ok(urls('b'))], settings: { hiddenGraceMs: 1_000 } });
      h.tile.start();
      await vi.advanceTimersByTimeAsync(200);
      h.tile.setVisible(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(h.tile.snapshot().state).toBe('paused-hidden');
      h.tile.setVisible(true);
      await vi.advanceTimersByTimeAsync(200);
      expect(h.states.slice(-3)).toEqual(['paused-hidden', 'starting', 'playing']);
      expect(h.start.calls).toBe(2);
      expect(h.players[1].source.url).toContain('/b.live.flv');
    });

    it('shown again within the grace period, it just keeps playing', async () => {
      const h = harness({ settings: { hiddenGraceMs: 10_000 } });
      h.tile.start();
      await vi.advanceTimersByTimeAsync(200);
      h.tile.setVisible(false);
      h.players[0].live = false;
      await vi.advanceTimersByTimeAsync(5_000);
      h.tile.setVisible(true);
      h.players[0].live = true;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(h.states).toEqual(['idle', 'starting', 'playing']);
      expect(h.players).toHaveLength(1);
    });

    it('a tile hidden while failing stops retrying after the grace period', async () => {
      const h = harness({ answers: [OFFLINE], settings: { hiddenGraceMs: 2_000 } });
      h.tile.start();
      h.tile.setVisible(false);
      await vi.advanceTimersByTimeAsync(2_000);
      const calls = h.start.calls;
      expect(h.tile.snapshot().state).toBe('paused-hidden');
      await vi.advanceTimersByTimeAsync(120_000);
      expect(h.start.calls).toBe(calls);
    });
  });
});
