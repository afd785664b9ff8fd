/** What the queue holds: a decoded picture that must be closed when it is done with. */
export interface Closable {
  close(): void;
}

export interface PictureQueueOptions {
  /**
   * How long after the soonest a picture could be shown it is shown (ms): the jitter the queue absorbs
   * (a busy page reading its socket late, a decoder thread busy with another tile).
   */
  delayMs: number;
  /**
   * The soonest is the least of (decoded at − media time) over the last one to two of these (ms): short
   * enough that a camera clock running slow (the floor then lags by up to twice this times the drift)
   * leaves most of `delayMs` to absorb jitter.
   */
  windowMs: number;
  /** Pictures held at most; the oldest go beyond it. */
  maxPictures: number;
}

const PICTURE_QUEUE_DEFAULTS: PictureQueueOptions = { delayMs: 120, windowMs: 2_000, maxPictures: 30 };

/**
 * Pictures due at one beat beyond which the older are skipped: up to four (a beat that came late or out
 * of phase with the stream, a burst after a busy moment) go out one a beat, and the beat, twice the
 * pictures' rate, drains them in a few; more mean the tile is behind its clock.
 */
const MAX_DUE = 4;

/**
 * How long after the first picture shown the pictures still skipped are the connection's history, not
 * drops (ms): a GOP cache decoded on a busy page comes out of the decoder over a second or so.
 */
const START_MS = 2_000;

/** A jump of the media clock this far beyond what the wall clock moved (ms) is a new timeline. */
const DISCONTINUITY_MS = 10_000;

/**
 * The jitter buffer and clock of a player that decodes its own pictures (the WebCodecs player): each
 * decoded picture waits until its time, `media time + floor + delayMs`, where the floor is the least
 * `decoded at − media time` seen lately, the picture that came soonest after it was made. Pictures
 * that came in a burst (a media server's GOP cache at connect, a page that read its socket late) are
 * spread out again at the stream's own pace, and the ones already late are skipped, so a tile shows
 * the newest picture it can without stutter.
 *
 * The floor is a windowed minimum (the last one to two `windowMs`), not the least since the start: a
 * camera whose clock runs slower than the computer's, or a delivery that became slower for good, moves
 * it up within seconds instead of leaving every later picture "late" (shown the moment it is decoded).
 * A picture is never held more than `delayMs` after it was decoded.
 */
export class PictureQueue<F extends Closable> {
  private readonly queue: { frame: F; mediaMs: number }[] = [];
  private windowMin = Infinity;
  private previousMin = Infinity;
  private windowStart: number | null = null;
  private lastMedia: number | null = null;
  private lastAt = 0;
  /**
   * Pictures closed unshown while playing at the stream's pace: the page fell behind (a drop). Not
   * counted: the history a connection starts with (a media server's GOP cache, skipped to the live edge
   * within `START_MS` of the first picture shown) and what a catch-up or overview leaves (`take(…, true)`).
   */
  skipped = 0;
  private firstShownAt: number | null = null;
  /** The media time of the last picture taken to show, null before one. */
  shownMediaMs: number | null = null;

  constructor(private readonly options: PictureQueueOptions = PICTURE_QUEUE_DEFAULTS) {}

  /** A decoded picture (media time `mediaMs`) came out of the decoder at `atMs`. */
  add(frame: F, mediaMs: number, atMs: number): void {
    if (this.lastMedia !== null) {
      const mediaStep = mediaMs - this.lastMedia;
      // A new timeline (the camera or the server restarted its clock): the old floor means nothing.
      if (mediaStep < -1_000 || mediaStep - (atMs - this.lastAt) > DISCONTINUITY_MS) {
        this.windowMin = this.previousMin = Infinity;
        this.windowStart = null;
      }
    }
    this.lastMedia = mediaMs;
    this.lastAt = atMs;
    if (this.windowStart === null) this.windowStart = atMs;
    else if (atMs - this.windowStart >= this.options.windowMs) {
      this.previousMin = this.windowMin;
      this.windowMin = Infinity;
      this.windowStart = atMs;
    }
    this.windowMin = Math.min(this.windowMin, atMs - mediaMs);
    this.queue.push({ frame, mediaMs });
    while (this.queue.length > this.options.maxPictures) this.drop(this.queue.shift()!, this.dropping(atMs));
  }

  /** When the picture of media time `mediaMs` is due (ms, the clock `add` was given). */
  dueAt(mediaMs: number): number {
    const floor = Math.min(this.windowMin, this.previousMin);
    return mediaMs + (Number.isFinite(floor) ? floor : 0) + this.options.delayMs;
  }

  /**
   * The picture to show at `nowMs`: the oldest one due, so pictures go out one a beat in their order
   * even when the beat and the stream are out of phase (two due at one beat, none at the next); when
   * more than `MAX_DUE` are due the older ones are closed (counted in `skipped`): the tile is behind its
   * own clock and catches up. Null when none is due yet. `now: true` takes the newest held whatever its
   * time.
   */
  take(nowMs: number, now = false): F | null {
    let pick = -1;
    if (now) pick = this.queue.length - 1;
    else {
      let due = 0;
      while (due < this.queue.length && this.dueAt(this.queue[due].mediaMs) <= nowMs) due++;
      if (due === 0) return null;
      pick = Math.max(0, due - MAX_DUE);
    }
    if (pick < 0) return null;
    const drops = !now && this.dropping(nowMs);
    for (let i = 0; i < pick; i++) this.drop(this.queue[i], drops);
    const [{ frame, mediaMs }] = this.queue.splice(0, pick + 1).slice(-1);
    this.shownMediaMs = mediaMs;
    this.firstShownAt ??= nowMs;
    return frame;
  }

  /** Close everything held. */
  clear(): void {
    for (const entry of this.queue.splice(0)) entry.frame.close();
  }

  /** Whether a picture closed unshown at `atMs` is a drop: past the start (see `skipped`). */
  private dropping(atMs: number): boolean {
    return this.firstShownAt !== null && atMs - this.firstShownAt > START_MS;
  }

  private drop(entry: { frame: F }, counted: boolean): void {
    entry.frame.close();
    if (counted) this.skipped += 1;
  }
}
