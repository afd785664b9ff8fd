import { joinBytes } from '../../../electron/shared/join-bytes';

/**
 * Gathers what the keyframe gate passes on into fewer, larger deliveries to mpegts.js: `pictures`
 * pictures at a time (two by default), at most `maxHoldMs` after the first bytes held.
 *
 * Why: a camera behind a real media server (ZLMediaKit) sends one FLV tag per WebSocket message, and
 * mpegts.js without its stash buffer (the wall's: it trades latency) demuxes, remuxes and appends each
 * on arrival, so every picture costs one MSE append with its `updateend` and `progress` events, a
 * moof/mdat of its own, a live-latency check and a buffer-cleanup check. A 16-tile wall did 400 appends
 * a second where the plain mpegts.js page, whose stash gathers about a second, did a few: on a trace its
 * main thread spent 24 against 9 ms a second in Chromium's SourceBufferStream::Append alone. Two
 * pictures a delivery halve all of that for 40 ms more delay on the newest picture at 25 fps, well
 * inside the 0.3 s the player keeps buffered.
 *
 * Only at full rate: in overview the gate passes a keyframe and the picture after it, and holding them
 * would only delay an overview picture (`gather()` answers 1 there). The timer never lets a stream
 * that pauses keep its last picture back for more than `maxHoldMs`.
 */
export interface PictureBatchOptions {
  /** Pictures to gather before passing on, read at each delivery (1: pass each chunk on at once). */
  gather: () => number;
  /** The longest the first bytes held wait (ms). */
  maxHoldMs: number;
  /** Called with what is passed on: one chunk, or the held ones joined. */
  deliver: (bytes: Uint8Array) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const PICTURE_BATCH = { pictures: 2, maxHoldMs: 60 } as const;

export class PictureBatch {
  private held: Uint8Array[] = [];
  private heldPictures = 0;
  private timer: unknown = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: PictureBatchOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Bytes the filter passed on for one chunk, holding `pictures` pictures (or parts of them). */
  add(bytes: Uint8Array, pictures: number): void {
    if (bytes.byteLength === 0) return;
    this.held.push(bytes);
    this.heldPictures += pictures;
    if (this.heldPictures >= Math.max(1, this.options.gather())) this.flush();
    else if (this.timer === null) this.timer = this.setTimer(() => this.flush(), this.options.maxHoldMs);
  }

  /** Pass on whatever is held now. */
  flush(): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    if (this.held.length === 0) return;
    const parts = this.held;
    const bytes = joinBytes(parts);
    this.held = [];
    this.heldPictures = 0;
    this.options.deliver(bytes);
  }

  /** Drop what is held and the timer (the connection is closing). */
  clear(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.held = [];
    this.heldPictures = 0;
  }
}
