/**
 * Tells the answer to the latest request from stale ones.
 *
 * The api has no abort, so a slow answer to an older request (a keyword typed before the last one,
 * a product left already) must be ignored when it arrives. Each request takes a ticket; only the
 * holder of the newest ticket may apply its answer. invalidate() makes every ticket stale.
 */
export class LatestRequest {
  private current = 0;

  begin(): number {
    this.current += 1;
    return this.current;
  }

  isCurrent(ticket: number): boolean {
    return ticket === this.current;
  }

  invalidate(): void {
    this.current += 1;
  }
}
