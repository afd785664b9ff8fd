/** The parts of a `<video>` element the meter reads; a test can fake them. */
export interface MeteredVideo {
  readonly videoWidth: number;
  readonly videoHeight: number;
  getVideoPlaybackQuality?(): { totalVideoFrames: number; droppedVideoFrames: number };
  requestVideoFrameCallback?(
    callback: (now?: number, metadata?: { expectedDisplayTime?: number }) => void,
  ): number;
  cancelVideoFrameCallback?(handle: number): void;
}

export interface FrameSample {
  /** Frames decoded since the meter started. */
  decodedFrames: number;
  droppedFrames: number;
  fps: number | null;
  lastFrameAt: number | null;
  /**
   * How late the last frame callback ran after its frame's expected display time (ms): the page's
   * main thread falling behind the compositor. Null until a callback carried the time.
   */
  callbackLatenessMs: number | null;
}

/** How far back the frame rate is averaged. */
const FPS_WINDOW_MS = 2_000;
/**
 * At most one frame callback a second: each one makes the page run a rendering step on its main
 * thread, and with a tile's samples 250 ms apart (out of step with the other tiles') a 16-tile wall
 * asked for 64 a second, the page rendering at nearly every vsync; the plain mpegts.js page renders
 * none. The lateness it measures is read once a second (the load monitor), and `lastFrameAt` moves
 * with the decoded-frame counter at every sample in between.
 */
const CALLBACK_EVERY_MS = 1_000;

/**
 * Counts the frames of one video element.
 *
 * Two signals, because neither is enough alone: requestVideoFrameCallback fires when a frame is sent
 * to the compositor (exact, but Chromium stops calling it for a hidden page), and the decoded-frame
 * counter of getVideoPlaybackQuality, read on each `sample()`, still moves where nothing is painted.
 * A frame seen by either one moves `lastFrameAt`.
 *
 * The callback is asked for once at start (the first frame) and then by `sample()` at most once a
 * second (CALLBACK_EVERY_MS), not for every frame: each callback makes the page run a rendering step
 * on its main thread, and a wall of 36 tiles at 25 fps would ask for 900 a second. With the counter
 * read at every sample (every 250 ms), `lastFrameAt` is still exact to a frame plus the sampling
 * period, ample for a 3 s stall watchdog and a 2 s stale badge.
 */
export class FrameMeter {
  private baseTotal: number | null = null;
  private baseDropped = 0;
  private lastTotal = 0;
  private lastDropped = 0;
  private lastFrameAtValue: number | null = null;
  private lateness: number | null = null;
  private firstFrameSeen = false;
  private callbackHandle: number | null = null;
  private callbackAskedAt: number | null = null;
  private running = false;
  private readonly window: { at: number; presented: number }[] = [];

  constructor(
    private readonly video: MeteredVideo,
    private readonly now: () => number,
    private readonly onFirstFrame: (at: number) => void,
    private readonly useFrameCallbacks = true,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.readCounters();
    this.requestCallback();
  }

  stop(): void {
    this.running = false;
    if (this.callbackHandle !== null) this.video.cancelVideoFrameCallback?.(this.callbackHandle);
    this.callbackHandle = null;
  }

  /** Read the counters now and return the figures. */
  sample(): FrameSample {
    const at = this.now();
    this.readCounters();
    if (
      this.callbackHandle === null &&
      (this.callbackAskedAt === null || at - this.callbackAskedAt >= CALLBACK_EVERY_MS)
    )
      this.requestCallback();
    const presented = this.lastTotal - this.lastDropped;
    this.window.push({ at, presented });
    while (this.window.length > 2 && at - this.window[1].at >= FPS_WINDOW_MS) this.window.shift();
    const first = this.window[0];
    const span = at - first.at;
    const fps = this.window.length >= 2 && span > 0 ? ((presented - first.presented) * 1000) / span : null;
    return {
      decodedFrames: this.lastTotal,
      droppedFrames: this.lastDropped,
      fps: fps === null ? null : Math.max(0, fps),
      lastFrameAt: this.lastFrameAtValue,
      callbackLatenessMs: this.lateness,
    };
  }

  get lastFrameAt(): number | null {
    return this.lastFrameAtValue;
  }

  private readCounters(): void {
    const quality = this.video.getVideoPlaybackQuality?.();
    if (!quality) return;
    const { totalVideoFrames, droppedVideoFrames } = quality;
    if (this.baseTotal === null || totalVideoFrames < this.baseTotal) {
      // The element's counters restart when a new source loads: measure from here.
      this.baseTotal = totalVideoFrames;
      this.baseDropped = droppedVideoFrames;
      return;
    }
    const total = totalVideoFrames - this.baseTotal;
    if (total > this.lastTotal) this.frameSeen();
    this.lastTotal = total;
    this.lastDropped = Math.max(0, droppedVideoFrames - this.baseDropped);
  }

  private requestCallback(): void {
    if (!this.running || !this.useFrameCallbacks || !this.video.requestVideoFrameCallback) return;
    this.callbackAskedAt = this.now();
    this.callbackHandle = this.video.requestVideoFrameCallback((_now, metadata) => {
      this.callbackHandle = null;
      const expected = metadata?.expectedDisplayTime;
      if (typeof expected === 'number' && typeof performance !== 'undefined')
        this.lateness = Math.max(0, performance.now() - expected);
      if (this.running) this.frameSeen();
    });
  }

  private frameSeen(): void {
    const at = this.now();
    this.lastFrameAtValue = at;
    if (!this.firstFrameSeen) {
      this.firstFrameSeen = true;
      this.onFirstFrame(at);
    }
  }
}
