/**
 * Under the ZLMediaKit habits a playlist's segment URLs carry no secret: ZLMediaKit authorises the
 * playlist (its on_play hook) and lets the same player fetch that stream's segments for a while after
 * (its HLS cookie). A cross-origin player sends no cookie, so here the grant is per stream and client
 * address, renewed by every authorised playlist request.
 */
export class HlsGrants {
  private readonly grants = new Map<string, number>();

  constructor(
    private readonly lifetimeMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  grant(streamId: string, address: string | undefined): void {
    const now = this.now();
    if (this.grants.size > 4096)
      for (const [key, until] of this.grants) if (until < now) this.grants.delete(key);
    this.grants.set(key(streamId, address), now + this.lifetimeMs);
  }

  allows(streamId: string, address: string | undefined): boolean {
    const until = this.grants.get(key(streamId, address));
    return until !== undefined && until >= this.now();
  }
}

const key = (streamId: string, address: string | undefined) => `${address ?? '?'}\n${streamId}`;
