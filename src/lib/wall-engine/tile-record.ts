import type { PictureRate } from '../players/player';
import type { PlaybackTransport } from '../players/transport';
import { areaStep, type BudgetDecision } from './decode-budget';
import { FAILURE_LABELS } from './failure';
import type { TileSupervisor } from './tile-supervisor';
import type { TileSnapshot, TileState } from './tile-snapshot';
import type { TileFigure } from './wall-engine-types';

/** What the WallEngine keeps of each tile. */
export interface TileRecord {
  supervisor: TileSupervisor;
  id: string;
  label: string | null;
  /** The tile's profile key (TileOptions.profile). */
  profile: string;
  video: HTMLVideoElement;
  assignedAt: number;
  area: number;
  pin: PictureRate | null;
  selected: boolean;
  maximised: boolean;
  resize: ResizeObserver | null;
  /** The player's counters at the last reading, to count what happened since. */
  frames: { decoded: number; dropped: number } | null;
  decision: BudgetDecision | null;
  /** What it decoded at the last reading (playing tiles only). */
  figure: TileFigure | null;
  /** The state last seen. */
  lastState: TileState;
  /** Since when it shows no new picture, once its trouble was reported (so its recovery is); else null. */
  lostAt: number | null;
  /** It started with overview pictures because too many tiles were starting at full rate (see planFor). */
  startOverview: boolean;
  /** Its own transport (TileOptions.transport): first in its order. */
  transport: PlaybackTransport | undefined;
}

/**
 * "Video stopped: no new frame for 3 s": the operator log's reason (TileEvent.reason).
 *
 * In English whatever the screen's language, like the detail it carries (the engine's and the
 * platform's own words): the log is kept across restarts and exported, and one entry must not read
 * in another language than the next. A tile words its trouble from `reason` when it shows it.
 */
export function troubleText(snap: TileSnapshot): string {
  const label = snap.reason ? FAILURE_LABELS[snap.reason] : 'No picture';
  return snap.detail ? `${label}: ${snap.detail}` : label;
}

/** " after 12 s without a picture" (" after 0.6 s …" under 10 s; nothing under 0.1 s): the log's words, as troubleText. */
export function outFor(ms: number): string {
  if (!Number.isFinite(ms) || ms < 100) return '';
  if (ms < 10_000) return ` after ${(ms / 1000).toFixed(1)} s without a picture`;
  const seconds = Math.round(ms / 1000);
  return seconds < 120
    ? ` after ${seconds} s without a picture`
    : ` after ${Math.round(seconds / 60)} min without a picture`;
}

/**
 * A tile's place in the start queue: the maximised tile, then the selected one, then tiles pinned
 * to full rate, then by size (in the budget's steps, so tiles of one size keep their order).
 */
export function startPriorityOf(record: TileRecord): number {
  const focus = record.maximised ? 3 : record.selected ? 2 : record.pin === 'full' ? 1 : 0;
  return focus * 1_000 + Math.max(0, areaStep(record.area));
}

/** A video element's area on screen (CSS px²); 0 where there is no layout (tests, hidden). */
export function areaOf(video: HTMLVideoElement): number {
  try {
    const box = video.getBoundingClientRect?.();
    return box ? Math.round(box.width * box.height) : 0;
  } catch {
    return 0;
  }
}

/** Starting for the first time or after a pause: not a planned new player (TileSnapshot.restart). */
export function isStartingUp(snap: TileSnapshot): boolean {
  return snap.state === 'starting' && !snap.restart;
}
