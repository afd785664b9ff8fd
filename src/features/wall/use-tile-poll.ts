import type { TileStats, TileSupervisor } from '../../lib/wall-engine';
import { usePolled } from './use-polled';

/** How often a tile reads its player's figures. */
const POLL_MS = 1_000;

export interface TilePoll {
  /** Player figures, read only while the overlay is shown. */
  stats: TileStats | null;
  /** ms without a new frame when over the stale threshold, else null. */
  staleMs: number | null;
  /** How far behind the camera the picture is, read only while the tile is behind live. */
  behindMs: number | null;
}

const staleSecond = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
/** The behind-live badge shows tenths of a second. */
const tenth = (ms: number | null) => (ms === null ? null : Math.round(ms / 100));

/**
 * Read a tile's figures about once a second, inside the tile: per-tile numbers that change every
 * second never go through a global store. A tile re-renders only when what it shows changed: the
 * stale badge's second, the behind-live badge's tenth, or every read while the overlay or a countdown
 * is shown (the tile reads the clock when it renders).
 */
export function useTilePoll(
  supervisor: TileSupervisor | null,
  options: { stats: boolean; countdown: boolean; behind?: boolean },
): TilePoll {
  const { stats: wantStats, countdown } = options;
  const behind = options.behind ?? false;
  return usePolled<TilePoll>(
    () => ({
      stats: supervisor && wantStats ? supervisor.stats() : null,
      staleMs: supervisor ? supervisor.staleMs() : null,
      behindMs: supervisor && behind ? supervisor.liveness().behindMs : null,
    }),
    (shown, next) =>
      !wantStats &&
      !countdown &&
      shown.stats === null &&
      staleSecond(shown.staleMs) === staleSecond(next.staleMs) &&
      tenth(shown.behindMs) === tenth(next.behindMs),
    supervisor ? (countdown ? POLL_MS / 2 : POLL_MS) : null,
    [supervisor, wantStats, countdown, behind],
  );
}
