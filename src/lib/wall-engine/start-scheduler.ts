import { systemClock, type EngineClock, type TimerHandle } from './clock';

/** A place in the start queue; `release()` leaves the queue or frees the slot, and may be called twice. */
export interface StartTicket {
  release(): void;
  readonly admitted: boolean;
}

export interface StartSchedulerOptions {
  /** Starts in flight at once (default 10). */
  concurrency?: number;
  /** A slot frees itself after this long even if its tile has neither played nor failed yet. */
  slotTimeoutMs?: number;
  clock?: EngineClock;
}

interface Entry {
  onAdmit: () => void;
  priority: number;
  admitted: boolean;
  done: boolean;
  timer: TimerHandle | null;
}

/**
 * Admits tile starts in waves, shared by every tile of a page, the most important tiles first.
 *
 * What needs gating is opening connections. Chromium delays each new WebSocket of a renderer by
 * rand(1–5 s) × 2^(handshakes pending) / 65536 (network::WebSocketPerProcessThrottler::
 * CalculateDelay; a handshake is pending from the socket's creation until it completes, and failed
 * ones add to the exponent): with 8 pending that is at most 20 ms, with 10 at most 78 ms, with 12
 * up to 0.3 s, from 16 on 1–5 s. A 36-tile wall whose tiles all open at once therefore waits
 * seconds for its last tiles (measured: two tiles not up after 5 s). A slot is handed on as soon as
 * its tile's connection is made (a WebSocket open, an HTTP stream's headers: the player's
 * `connected`), or its stream answers (its media info is parsed) for players that do not say when
 * they connect; or at the first frame, on failure, or after `slotTimeoutMs`. So at most
 * `concurrency` handshakes are pending at once, while transmuxing and decoding first pictures
 * overlap the next tiles' connects. (Handing the slot on at the media info instead, 6 at a time,
 * a 64-tile wall opened its last stream after 4.4 s.)
 *
 * Waiting tiles are admitted by `priority` (higher first; equal priorities in request order): the
 * maximised, selected and largest tiles of a big wall open first.
 */
export class StartScheduler {
  readonly concurrency: number;
  private readonly slotTimeoutMs: number;
  private readonly clock: EngineClock;
  private readonly queue: Entry[] = [];
  private running = 0;

  constructor(options: StartSchedulerOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? 10);
    this.slotTimeoutMs = options.slotTimeoutMs ?? 2_000;
    this.clock = options.clock ?? systemClock;
  }

  /** Starts in flight now. */
  get active(): number {
    return this.running;
  }

  /** Starts waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Ask for a slot. `onAdmit` runs once the slot is granted (never synchronously inside this call, so
   * the caller holds its ticket first). Release the ticket once the stream answers, on failure, or
   * on stop. `priority`: higher is admitted first (default 0).
   */
  request(onAdmit: () => void, priority = 0): StartTicket {
    const entry: Entry = { onAdmit, priority, admitted: false, done: false, timer: null };
    // After every entry of the same or a higher priority: request order within a priority.
    let at = this.queue.length;
    while (at > 0 && this.queue[at - 1].priority < priority) at -= 1;
    this.queue.splice(at, 0, entry);
    queueMicrotask(() => this.pump());
    return {
      release: () => this.release(entry),
      get admitted() {
        return entry.admitted;
      },
    };
  }

  private release(entry: Entry): void {
    if (entry.done) return;
    entry.done = true;
    if (entry.timer !== null) this.clock.clearTimeout(entry.timer);
    entry.timer = null;
    if (entry.admitted) {
      this.running -= 1;
      queueMicrotask(() => this.pump());
    } else {
      const index = this.queue.indexOf(entry);
      if (index >= 0) this.queue.splice(index, 1);
    }
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      if (entry.done) continue;
      entry.admitted = true;
      this.running += 1;
      entry.timer = this.clock.setTimeout(() => {
        entry.timer = null;
        this.release(entry);
      }, this.slotTimeoutMs);
      try {
        entry.onAdmit();
      } catch (error) {
        console.error('[wall] a tile failed to start:', error);
        this.release(entry);
      }
    }
  }
}
