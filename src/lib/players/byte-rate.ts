/** Bytes received over a sliding window, as kbit/s. */
export class ByteRate {
  private readonly entries: { at: number; bytes: number }[] = [];

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 4_000,
  ) {}

  add(bytes: number): void {
    this.entries.push({ at: this.now(), bytes });
    this.trim();
  }

  /** null until some bytes arrived. */
  kbps(): number | null {
    this.trim();
    if (this.entries.length === 0) return null;
    const bytes = this.entries.reduce((sum, e) => sum + e.bytes, 0);
    return (bytes * 8) / this.windowMs;
  }

  private trim(): void {
    const oldest = this.now() - this.windowMs;
    while (this.entries.length > 0 && this.entries[0].at < oldest) this.entries.shift();
  }
}
