import { useEffect, useState } from 'react';
import type { TileStats, TileSupervisor } from '../../lib/wall-engine';

/** How often a tile reads its player's figures. */
export const POLL_MS = 1_000;

export interface TilePoll {
  /** Player figures, read only while the overlay is shown. */
  stats: TileStats | null;
  /** ms without a new frame when over the stale threshold, else null. */
  staleMs: number | null;
  /** The time of the last read (for countdowns). */
  now: number;
}

/**
 * Read a tile's figures about once a second, inside the tile: per-tile numbers that change every
 * second never go through a global store. A tile re-renders only when what it shows changed.
 */
export function useTilePoll(
  supervisor: TileSupervisor | null,
  options: { stats: boolean; countdown: boolean },
): TilePoll {
  const [poll, setPoll] = useState<TilePoll>(() => ({ stats: null, staleMs: null, now: Date.now() }));
  const { stats: wantStats, countdown } = options;

  useEffect(() => {
    if (!supervisor) return;
    const read = () => {
      const staleMs = supervisor.staleMs();
      const stats = wantStats ? supervisor.stats() : null;
      const now = Date.now();
      setPoll((prev) => {
        const staleSecond = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
        const unchanged =
          !wantStats &&
          !countdown &&
          prev.stats === null &&
          staleSecond(prev.staleMs) === staleSecond(staleMs);
        return unchanged ? prev : { stats, staleMs, now };
      });
    };
    read();
    const timer = setInterval(read, countdown ? POLL_MS / 2 : POLL_MS);
    return () => clearInterval(timer);
  }, [supervisor, wantStats, countdown]);

  return poll;
}
