import type { Result } from '../../../electron/shared/contract';
import type { PictureRate, PlayerFactory, PlayerOptions } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import type { RuntimeCapabilities } from './capabilities';
import type { EngineClock } from './clock';
import type { ConnectionBudgetOptions } from './connection-budget';
import type { DecodeBudgetOptions, DegradedReason, LoadCause, LoadLevel } from './decode-budget';
import type { FailureReason } from './failure';
import type { LoadSource } from './load-monitor';
import type { StartedStream } from './supervisor-deps';
import type { SupervisorSettings } from './supervisor-settings';
import type { TileState } from './tile-snapshot';

/* What a WallEngine is given and what it tells: its options, and its events and figures. */

export interface WallEngineOptions {
  /** The user's transport order (settings.transportOrder). */
  order: readonly PlaybackTransport[];
  /** settings.hiddenTileGraceSeconds × 1000. */
  hiddenGraceMs?: number;
  /** Default: probed from this page. */
  capabilities?: RuntimeCapabilities;
  /** Default: the real players (mpegts.js, hls.js, native, ws-fmp4). */
  createPlayer?: PlayerFactory;
  playerOptions?: PlayerOptions;
  /** Tiles opening their stream at once (default 10: see StartScheduler on Chromium's throttle). */
  startConcurrency?: number;
  /** A start slot is handed on after this long without an answer from the stream (default 2 s). */
  startSlotTimeoutMs?: number;
  budget?: ConnectionBudgetOptions;
  settings?: Partial<SupervisorSettings>;
  clock?: EngineClock;
  log?: (line: string) => void;
  /**
   * The decode budget (decode-budget.ts): on by default; `false` turns the automatic budget off
   * (every tile at full rate unless pinned to overview; `setDecodeBudget` turns it on again).
   */
  decodeBudget?: Partial<DecodeBudgetOptions> | false;
  /** Where the load comes from; default a LoadMonitor on this page. Tests pass their own. */
  loadSource?: LoadSource;
  /** How often the load is read and the budget decides (ms, default 1000). */
  budgetIntervalMs?: number;
  /**
   * While more than `crowdStart` tiles are starting (default 16), at most `fullStartsAtOnce` of them
   * (default 4) start at full rate at once; the others start with overview pictures (reason
   * `start-up`) and come to full rate once the wall is up (see WallEngine.planFor). A wall of up to
   * `crowdStart` tiles starts every tile at full rate.
   */
  fullStartsAtOnce?: number;
  crowdStart?: number;
}

/** One change of a tile's rate, for the operator's log. */
export interface RateChange {
  /** Clock ms. */
  at: number;
  tileId: string;
  /** The tile's label (device key), if it has one. */
  label: string | null;
  rate: PictureRate;
  /** Why it shows overview pictures; null when back at full rate. */
  reason: DegradedReason | null;
  /** The load's reason in words, when the load moved it ("12 % of frames dropped"), in English. */
  detail: string | null;
  /** The same as a kind and its figure (the operator log words it in the operator's language). */
  cause?: LoadCause | null;
}

/**
 * A tile's trouble and its end, for the operator's log: it went stale (it was playing and its
 * picture stopped: stalled, or its connection dropped), it failed (a reason a person can act on, or
 * too many attempts), or it recovered (it plays again after either).
 */
export interface TileEvent {
  /** Clock ms. */
  at: number;
  tileId: string;
  /** The tile's label (device key), if it has one. */
  label: string | null;
  kind: 'stale' | 'failed' | 'recovered';
  from: TileState;
  to: TileState;
  /** In words: the failure's headline and detail ("Video stopped: no new frame for 3 s"), or how long it was out. */
  reason: string;
  /** Stale or failed: the failure's reason (null: no picture, no reason given) and its detail. */
  failure?: { reason: FailureReason | null; detail?: string };
  /** Recovered: how long it was without a picture (ms); absent when too short to say. */
  outMs?: number;
}

/** What a playing tile decodes, read with the budget's reading each second: for the wall's status bar. */
export interface TileFigure {
  tileId: string;
  label: string | null;
  rate: PictureRate;
  width: number;
  height: number;
  /** Pictures decoded per second over the last reading. */
  decodedFps: number;
  /** The stream's own picture rate (what full rate decodes), where known; else the presented rate. */
  fullFps: number | null;
  bitrateKbps: number | null;
  /** Decoded by WebCodecs (the muted FLV tiles), not through Media Source: a picture costs less. */
  webcodecs?: boolean;
}

/** The decode budget at a glance: for the wall's status line. */
export interface BudgetStatus {
  /** The automatic budget is on. */
  enabled: boolean;
  load: LoadLevel;
  /** The load's score (1: the edge of overload). */
  score: number;
  /** What the load monitor says, in words; null when nothing stands out. */
  loadReason: string | null;
  /** Tiles showing overview pictures, and why. */
  degraded: number;
  byReason: Record<DegradedReason, number>;
  /** What made the budget move tiles last ("12 % of frames dropped"); null before any move. */
  reason: string | null;
  /** Full-rate tiles the budget allows now (in full-tile units). */
  capacity: number;
}

/** A tile's place on the wall as the operator sees it: what the budget ranks by. */
export interface TileFocus {
  selected?: boolean;
  maximised?: boolean;
}

export interface TileOptions {
  video: HTMLVideoElement;
  /** streams:start for this tile's device: `() => api.streams.start({ deviceKey, sipId, channelId })`. */
  startStream: () => Promise<Result<StartedStream>>;
  /** For log lines: the device key. */
  label?: string;
  /** A name for pinRate and setTileFocus (RateChange.tileId, TileEvent.tileId); default one the engine makes. */
  id?: string;
  /**
   * When the operator put this device on the tile (clock ms): the budget keeps recently assigned
   * tiles at full rate longer. Default: when the tile was made (tiles made in one go, as a wall
   * loading, count as assigned together).
   */
  assignedAt?: number;
  /** The tile's own transport (the layout tile's `transport`): tried before the settings' order. */
  transport?: PlaybackTransport;
  /**
   * Whose credentials play the tile: the layout's profile id, or '' (the default) for the active
   * profile. An auth refusal holds every tile of the same profile (ProfileRefusals).
   */
  profile?: string;
}
