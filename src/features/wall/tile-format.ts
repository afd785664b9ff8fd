import { formatTime } from '../../lib/format-time';
import { wallTime } from '../../lib/monotonic-now';
import type { TileSnapshot, TileStats } from '../../lib/wall-engine';

/** What a tile's caption says about its state, in an operator's words. */
export function stateText(snapshot: TileSnapshot): string {
  switch (snapshot.state) {
    case 'idle':
      return 'Idle';
    case 'starting':
      return 'Connecting…';
    case 'playing':
      return 'Live';
    case 'stalled':
      return 'Video stopped';
    case 'reconnecting':
      return 'Reconnecting…';
    case 'failed':
      return snapshot.label ?? 'Failed';
    case 'paused-hidden':
      return 'Paused while hidden';
  }
}

/** "Retrying in 12 s" / "Retrying now…" for a tile waiting out its backoff. */
export function retryText(nextRetryAt: number | null, now: number): string | null {
  if (nextRetryAt === null) return null;
  const seconds = Math.ceil((nextRetryAt - now) / 1000);
  return seconds > 0 ? `Retrying in ${seconds} s` : 'Retrying now…';
}

/**
 * How long a tile has been down, for an operator coming back to the wall: "Down since 05:12 · 2 h 14
 * min", with the date when it began on another day ("Down since 2026-11-23 22:40 · 1 d 6 h").
 * `troubleSince` and `now` are on the engine's clock (`monotonicNow`); the time of day shown is taken
 * back from `wallNow`, so a system clock stepped meanwhile shifts neither the start nor the duration.
 */
export function downText(
  troubleSince: number | null,
  now: number,
  wallNow: number = Date.now(),
  timeZone?: string,
): string | null {
  if (troubleSince === null) return null;
  const began = formatTime(wallTime(troubleSince, now, wallNow), timeZone);
  const sameDay = began.slice(0, 10) === formatTime(wallNow, timeZone).slice(0, 10);
  return `Down since ${sameDay ? began.slice(11) : began} · ${durationText(now - troubleSince)}`;
}

/** "45 s", "12 min", "2 h 14 min", "3 d 6 h". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The stale badge: "STALE 12 s". */
export function staleText(staleMs: number | null): string | null {
  if (staleMs === null) return null;
  return `STALE ${Math.floor(staleMs / 1000)} s`;
}

const fixed = (value: number | null | undefined, digits: number, unit = '') =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(digits)}${unit}`;

/** The stats overlay's rows, label → value. */
export function statsRows(stats: TileStats | null): [string, string][] {
  if (!stats) return [['state', 'no player yet']];
  // decodedFrames counts every picture decoded, the dropped ones included.
  const droppedPct = stats.decodedFrames > 0 ? (stats.droppedFrames / stats.decodedFrames) * 100 : null;
  // Pairs read across (fps | latency, bitrate | last frame, resolution | codec); the two long values
  // (dropped, transport) take a row each.
  return [
    ['fps', fixed(stats.fps, 1)],
    ['latency', fixed(stats.latencySeconds, 2, ' s')],
    ['bitrate', stats.bitrateKbps === null ? '–' : `${Math.round(stats.bitrateKbps)} kbit/s`],
    ['last frame', stats.frameAgeMs === null ? '–' : `${(stats.frameAgeMs / 1000).toFixed(1)} s ago`],
    ['resolution', stats.width && stats.height ? `${stats.width}×${stats.height}` : '–'],
    ['codec', stats.codec ?? '–'],
    ['dropped', `${stats.droppedFrames}${droppedPct === null ? '' : ` (${droppedPct.toFixed(1)} %)`}`],
    ['transport', `${stats.transport}${stats.tls ? ' (TLS)' : ''} · ${stats.library}`],
  ];
}
