import type { PictureRate, PlayerStats } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import type { DegradedReason } from './decode-budget';
import { FAILURE_LABELS, type FailureReason } from './failure';
import type { CatchUp } from './liveness-policy';
import type { TriedTransport } from './transport-fallback';

/**
 * - idle: not started (or stopped)
 * - starting: first start, or resuming after a hidden pause: waiting for a start slot, the URLs, the first frame
 * - playing: frames are arriving
 * - stalled: the picture froze (no new frame for `stallTimeoutMs`); the state holds while the player is
 *   replaced, until the new one shows a frame (playing) or that attempt fails too (reconnecting/failed)
 * - reconnecting: recovering from a passing fault: waiting out the backoff, then a new attempt
 * - failed: a reason a person can act on (`reason`); retries continue with backoff (`nextRetryAt`)
 * - paused-hidden: hidden longer than the grace period; the stream is stopped until shown again
 */
export type TileState =
  'idle' | 'starting' | 'playing' | 'stalled' | 'reconnecting' | 'failed' | 'paused-hidden';

/** Everything the tile UI shows about its state; a new object on every change. */
export interface TileSnapshot {
  state: TileState;
  /** Why the tile is not playing (failed, reconnecting, stalled); null otherwise. */
  reason: FailureReason | null;
  /** The headline for `reason` (FAILURE_LABELS). */
  label: string | null;
  /** Specifics (the server's own words, the player's error); never holds a secret. */
  detail: string | null;
  /** `detail` is the platform's own words (shown as sent, marked as the platform's), not the app's. */
  detailByPlatform: boolean;
  /** Consecutive failed attempts since the tile last played stably. */
  attempt: number;
  /** When the next attempt starts (clock ms); null when none is scheduled or one is under way. */
  nextRetryAt: number | null;
  /** The transport of the current (or last) player. */
  transport: PlaybackTransport | null;
  tls: boolean;
  /** The current URL with its secret redacted. */
  url: string | null;
  /** When the tile entered this state (clock ms). */
  since: number;
  /**
   * When its present trouble began: the first fault since it last played (clock ms). It holds across
   * retries and states (reconnecting → failed); null while playing, idle or paused while hidden.
   */
  troubleSince: number | null;
  /** When the current player showed its first frame. */
  firstFrameAt: number | null;
  /** The last new frame of any player of this tile (clock ms). */
  lastFrameAt: number | null;
  /**
   * `full`: every picture; `overview`: the stream's keyframes only (the decode budget's or the
   * operator's choice). A player that cannot show overview pictures stays at `full`. The supervisor
   * always sets this and the two below; they are optional only so that snapshots written by hand
   * (in tests) stay valid: read a missing one as `full` / null.
   */
  rate?: PictureRate;
  /** Why the tile shows overview pictures (DegradedReason); null at full rate. */
  degradedReason?: DegradedReason | null;
  /**
   * In overview: the time between two pictures (the stream's keyframe interval, ms), for a label
   * such as "overview · 1 picture / 2 s"; null at full rate or until known.
   */
  pictureIntervalMs?: number | null;
  /**
   * Transports that refused this stream for its codec since the tile last started afresh, in the
   * order tried, with the player's words (TransportFallback); the tile lists them. Absent: none.
   */
  tried?: TriedTransport[];
  /** The picture is behind live (past the liveness margin, LivenessPolicy): never called live. */
  behind?: boolean;
  /** Times the tile caught up with live by itself (a jump or a reconnect), and how it did last. */
  catchUps?: number;
  lastCatchUp?: CatchUp | null;
  /**
   * A planned new player (not a fault) is starting: `audio` (the audible tile changed) or
   * `catch-up` (the picture fell behind live); null otherwise.
   */
  restart?: 'audio' | 'catch-up' | null;
}

/** Player stats plus what the tile knows across players. */
export interface TileStats extends PlayerStats {
  state: TileState;
}

/** A tile not started yet (`since` now). */
export function idleSnapshot(now: number): TileSnapshot {
  return {
    state: 'idle',
    reason: null,
    label: null,
    detail: null,
    detailByPlatform: false,
    attempt: 0,
    nextRetryAt: null,
    transport: null,
    tls: false,
    url: null,
    since: now,
    troubleSince: null,
    firstFrameAt: null,
    lastFrameAt: null,
    rate: 'full',
    degradedReason: null,
    pictureIntervalMs: null,
    tried: [],
    behind: false,
    catchUps: 0,
    lastCatchUp: null,
    restart: null,
  };
}

/** The snapshot after `patch`, with what follows from it (since, behind, troubleSince, label). */
export function nextSnapshot(snap: TileSnapshot, patch: Partial<TileSnapshot>, now: number): TileSnapshot {
  const next: TileSnapshot = { ...snap, ...patch };
  // A new detail is the app's words unless the patch says it is the platform's.
  if (patch.detail !== undefined && patch.detailByPlatform === undefined) next.detailByPlatform = false;
  if (patch.state !== undefined && patch.state !== snap.state) next.since = now;
  // Only a picture on screen is behind live; one gone is stale or failed, said otherwise.
  if (next.state !== 'playing') next.behind = false;
  if (next.state === 'playing' || next.state === 'idle' || next.state === 'paused-hidden')
    next.troubleSince = null;
  if (patch.reason !== undefined) next.label = patch.reason === null ? null : FAILURE_LABELS[patch.reason];
  return next;
}
