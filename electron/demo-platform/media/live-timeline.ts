/**
 * The one live timeline all clips run on: picture index n is due at `epoch + n / fps`.
 *
 * It is a pure function of a monotonic clock, so timestamps never go back (a clip loops, the index keeps
 * counting), a restarted ticker lands where a never-stopped one would be, and HLS segments can be cut
 * from it on demand. The epoch lies `backlogMs` in the past so a playlist is full from the first request.
 */
export class LiveTimeline {
  readonly epoch: number;
  readonly frameMs: number;

  readonly now: () => number;
  private readonly flvLiveAtFirstUseMs: number | undefined;
  private flvStart: number | undefined;

  constructor(
    readonly fps: number,
    options: { now?: () => number; backlogMs?: number; flvLiveAtFirstUseMs?: number } = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.flvLiveAtFirstUseMs = options.flvLiveAtFirstUseMs;
    this.frameMs = 1000 / fps;
    this.epoch = this.now() - (options.backlogMs ?? 20_000);
  }

  /** Index of the latest picture that is due. */
  indexAt(time: number = this.now()): number {
    return Math.floor((time - this.epoch) / this.frameMs);
  }

  /** When picture `index` is due, on the `now()` clock. */
  dueAt(index: number): number {
    return this.epoch + index * this.frameMs;
  }

  /**
   * FLV time of picture 0 (ms): 0, unless the live picture is to read `flvLiveAtFirstUseMs` when the
   * FLV clock is first read (the first viewer's pictures being muxed): tests start a few seconds
   * before a timestamp wrap however long their page took to open.
   */
  get flvStartMs(): number {
    this.flvStart ??=
      this.flvLiveAtFirstUseMs === undefined
        ? 0
        : this.flvLiveAtFirstUseMs - Math.round(this.indexAt() * this.frameMs);
    return this.flvStart;
  }

  /** Presentation time of picture `index` in milliseconds (FLV; the muxer keeps the low 32 bits). */
  ms(index: number): number {
    return this.flvStartMs + Math.round(index * this.frameMs);
  }

  /** Presentation time of picture `index` on the 90 kHz clock (MPEG-TS). */
  ticks90k(index: number): number {
    return Math.round((index * 90_000) / this.fps);
  }
}
