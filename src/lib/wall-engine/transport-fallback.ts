import type { PlaybackTransport } from '../players/transport';
import { transportName } from './unplayable';

/** A transport a tile tried that refused the stream, and the player's words for why. */
export interface TriedTransport {
  transport: PlaybackTransport;
  why: string;
}

/**
 * The transports that refused a tile's stream for its codec (a player's `codec-unsupported`: an FLV
 * demuxer that knows no G.711, an MSE that refuses the declared codecs), so the next attempt takes
 * the next transport in the tile's order rather than waiting: the same camera often plays over TS,
 * HLS or WebRTC. Only when every offered transport refused does the tile wait (UNPLAYABLE_RETRY_MS);
 * then it starts again from the top, as the stream may have changed.
 */
export class TransportFallback {
  private readonly refusedBy = new Map<PlaybackTransport, string>();

  /** This transport refused the stream (the player's message, no URL). */
  refuse(transport: PlaybackTransport, why: string): void {
    this.refusedBy.delete(transport);
    this.refusedBy.set(transport, why);
  }

  has(transport: PlaybackTransport): boolean {
    return this.refusedBy.has(transport);
  }

  get size(): number {
    return this.refusedBy.size;
  }

  /** In the order they were tried. */
  tried(): TriedTransport[] {
    return [...this.refusedBy].map(([transport, why]) => ({ transport, why }));
  }

  clear(): void {
    this.refusedBy.clear();
  }

  /** "WS-FLV: Unsupported audio codec idx: 7; HLS: …" */
  describe(): string {
    return this.tried()
      .map((t) => `${transportName(t.transport)}: ${t.why}`)
      .join('; ');
  }
}

/** "WS-FLV could not play this stream (Unsupported audio codec idx: 7); trying HLS" */
export function fallbackText(refused: TriedTransport, next: PlaybackTransport): string {
  return `${transportName(refused.transport)} could not play this stream (${refused.why}); trying ${transportName(next)}`;
}

/** "no transport offered plays this stream here; tried WS-FLV: …; HLS: …" */
export function exhaustedText(fallback: TransportFallback): string {
  return `no transport offered plays this stream here; tried ${fallback.describe()}`;
}
