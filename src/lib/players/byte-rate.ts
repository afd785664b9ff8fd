/** Below this much time counted, a rate is read over this much (a first burst is not a whole window). */
const MIN_SPAN_MS = 1_000;
/** Chunks this close together count as one entry of the window. */
const BUCKET_MS = 100;

/**
 * Bytes received over a sliding window, as kbit/s.
 *
 * Counted from when it was made (the player's connection): in the first seconds the bytes are
 * divided by the time since then, not by the whole window, which would read a tile that has played
 * one second as a quarter of its rate; at least one second, so a first burst (a GOP cache sent at
 * once) reads as what arrived in that second.
 */
export class ByteRate {
  private readonly entries: { at: number; bytes: number }[] = [];
  private readonly since: number;

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 4_000,
  ) {
    this.since = now();
  }

  /**
   * Called for every chunk off the connection (one FLV tag per WebSocket message from a real media
   * server: 50 or more a second a tile): chunks within one bucket add to its entry, so the window
   * holds at most 40 entries however small the chunks.
   */
  add(bytes: number): void {
    const at = this.now();
    const last = this.entries[this.entries.length - 1];
    if (last && at - last.at < BUCKET_MS) last.bytes += bytes;
    else {
      this.entries.push({ at, bytes });
      this.trim();
    }
  }

  /** null until some bytes arrived, and once none did for a whole window. */
  kbps(): number | null {
    this.trim();
    if (this.entries.length === 0) return null;
    const bytes = this.entries.reduce((sum, e) => sum + e.bytes, 0);
    const span = Math.min(this.windowMs, Math.max(MIN_SPAN_MS, this.now() - this.since));
    return (bytes * 8) / span;
  }

  private trim(): void {
    const oldest = this.now() - this.windowMs;
    while (this.entries.length > 0 && this.entries[0].at < oldest) this.entries.shift();
  }
}
