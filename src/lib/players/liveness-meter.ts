import type { PlayerLiveness } from './player';

/**
 * A jump of the stream's own clock larger than this beyond what the arrival clock moved (ms) is a new
 * timeline (a camera or media server restarted its timestamps), not lateness.
 */
const DISCONTINUITY_MS = 10_000;

/** Arrivals this much later than the stream's usual cadence (or this much, whichever is more) count as lag. */
const OVERDUE_AFTER_MS = 250;

/**
 * How fast the floor may rise (ms of delay per ms of arrival time): 500 ppm, five times a camera's
 * crystal at its worst (±100 ppm; an ordinary one is 20–50). A camera clock running slow makes every frame
 * look a little later than the last, exactly as a delivery falling behind would; left as the least since
 * the connection opened, the floor read 50 ppm as 2 s behind after 11 hours, and the tile was reconnected
 * as lagging twice a day. A delivery that really falls behind does so at percents (a link 1 % short of the
 * stream's rate is 10,000 ppm): twenty times faster than the floor follows, so it is still seen within
 * seconds of the margin. Slower than this, a backlog and a slow clock cannot be told apart from the
 * timestamps; what waits unread is counted apart (`queuedMs`).
 */
const FLOOR_DRIFT_PER_MS = 0.0005;

/**
 * How far the newest received frame trails the camera (PlayerLiveness.trailMs), from each frame's media
 * time against its arrival time.
 *
 * For each frame `arrival − media` is the delivery delay plus an unknown constant (the two clocks'
 * offset); its smallest value since the connection opened is the stream's own start-up delay, so the
 * newest frame's value above it is how much later than the soonest frame it came. The floor is allowed
 * to rise as a drifting camera clock would move it (`FLOOR_DRIFT_PER_MS`), no faster. O(1) a frame: it
 * runs for every picture of every tile.
 */
export class LivenessMeter {
  private floor = 0;
  private last = 0;
  private lastMedia = 0;
  private lastArrival = 0;
  private frames = 0;
  /** The usual time between arrivals (a moving average): a frame interval, or an HLS fragment's. */
  private cadence = 0;

  /** One frame (or fragment) arrived at `arrivalMs` (player clock) stamped `mediaMs` by the stream. */
  arrive(mediaMs: number, arrivalMs: number): void {
    const offset = arrivalMs - mediaMs;
    if (this.frames > 0) {
      const mediaStep = mediaMs - this.lastMedia;
      const arrivalStep = arrivalMs - this.lastArrival;
      // The stream's clock went back, or leapt ahead of the wall clock: a new timeline, a new floor.
      if (mediaStep < -1_000 || mediaStep - arrivalStep > DISCONTINUITY_MS) this.floor = offset;
      else if (arrivalStep > 0) this.floor += arrivalStep * FLOOR_DRIFT_PER_MS;
      if (arrivalStep >= 0) this.cadence += (Math.min(arrivalStep, 10_000) - this.cadence) / 16;
    }
    if (this.frames === 0 || offset < this.floor) this.floor = offset;
    this.last = offset;
    this.lastMedia = mediaMs;
    this.lastArrival = arrivalMs;
    this.frames += 1;
  }

  /** Frames measured so far. */
  get count(): number {
    return this.frames;
  }

  /**
   * The figures, with `queuedMs` (what waits unshown) as the player measures it. Given `nowMs`, a newest
   * frame that is overdue (nothing came for longer than twice the stream's usual cadence) has aged since
   * it arrived: that wait counts too, so a picture is never called live only because nothing newer came.
   */
  liveness(queuedMs: number | null, nowMs?: number): PlayerLiveness {
    const overdue =
      nowMs === undefined || this.frames < 2
        ? 0
        : Math.max(0, nowMs - this.lastArrival - Math.max(2 * this.cadence, OVERDUE_AFTER_MS));
    const trailMs = this.frames >= 2 ? Math.max(0, this.last - this.floor) + overdue : null;
    const queued = queuedMs === null ? null : Math.max(0, queuedMs);
    return {
      trailMs,
      queuedMs: queued,
      behindMs: trailMs === null ? null : trailMs + (queued ?? 0),
      ...(overdue > 0 && trailMs !== null && { waitingMs: overdue }),
    };
  }
}
