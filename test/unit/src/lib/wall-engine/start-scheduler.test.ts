import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartScheduler, type StartTicket } from '../../../../../src/lib/wall-engine/start-scheduler';

describe('StartScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function wall(tiles: number, scheduler: StartScheduler) {
    const admitted: number[] = [];
    const tickets: StartTicket[] = [];
    for (let i = 0; i < tiles; i++) tickets.push(scheduler.request(() => admitted.push(i)));
    return { admitted, tickets };
  }

  it('admits a wave of `concurrency` starts, in request order, never synchronously', async () => {
    const scheduler = new StartScheduler({ concurrency: 6 });
    const { admitted } = wall(36, scheduler);
    expect(admitted).toEqual([]);
    await Promise.resolve();
    expect(admitted).toEqual([0, 1, 2, 3, 4, 5]);
    expect(scheduler.active).toBe(6);
    expect(scheduler.waiting).toBe(30);
  });

  it('admits the next tile when one reaches its first frame or fails', async () => {
    const scheduler = new StartScheduler({ concurrency: 6 });
    const { admitted, tickets } = wall(36, scheduler);
    await Promise.resolve();
    tickets[2].release();
    tickets[4].release();
    await Promise.resolve();
    expect(admitted).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(scheduler.active).toBe(6);
  });

  it('hands a slot on after the slot timeout, so a slow tile does not hold up the wall', async () => {
    const scheduler = new StartScheduler({ concurrency: 6, slotTimeoutMs: 2000 });
    const { admitted } = wall(36, scheduler);
    await Promise.resolve();
    await vi.advanceTimersByTimeAsync(1999);
    expect(admitted).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(admitted).toHaveLength(12);
    // All 36 are admitted within 6 waves even if no tile ever plays.
    await vi.advanceTimersByTimeAsync(8000);
    expect(admitted).toHaveLength(36);
  });

  it('brings a 36-tile wall up in six waves when each start takes 200 ms', async () => {
    const scheduler = new StartScheduler({ concurrency: 6 });
    const upAt: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < 36; i++) {
      const ticket: StartTicket = scheduler.request(() => {
        setTimeout(() => {
          upAt.push(Date.now() - t0);
          ticket.release();
        }, 200);
      });
    }
    await vi.advanceTimersByTimeAsync(1200);
    expect(upAt).toHaveLength(36);
    expect(Math.max(...upAt)).toBe(1200);
  });

  it('a ticket released while queued is never admitted, and a double release frees one slot', async () => {
    const scheduler = new StartScheduler({ concurrency: 1 });
    const { admitted, tickets } = wall(3, scheduler);
    tickets[1].release();
    await Promise.resolve();
    expect(admitted).toEqual([0]);
    tickets[0].release();
    tickets[0].release();
    await Promise.resolve();
    expect(admitted).toEqual([0, 2]);
    expect(scheduler.active).toBe(1);
  });
});
