import { formatTime } from '../../lib/format-time';
import { wallTime } from '../../lib/monotonic-now';
import type { PlayerAudio } from '../../lib/players';
import type { TileSnapshot, TileStats, TriedTransport } from '../../lib/wall-engine';
import { transportName } from '../../lib/wall-engine/unplayable';

/** What a tile's caption says about its state, in an operator's words. */
export function stateText(snapshot: TileSnapshot): string {
  switch (snapshot.state) {
    case 'idle':
      return 'Idle';
    case 'starting':
      return snapshot.restart === 'catch-up' ? 'Catching up with live…' : 'Connecting…';
    case 'playing':
      // A picture past the liveness margin is never called live.
      return snapshot.behind ? 'Behind live' : 'Live';
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

/**
 * The behind-live badge: "BEHIND LIVE 3.4 s" (to a tenth under 10 s, whole seconds above); null when
 * the picture is live or not measured.
 */
export function behindText(behindMs: number | null, behind: boolean): string | null {
  if (!behind || behindMs === null || !Number.isFinite(behindMs)) return behind ? 'BEHIND LIVE' : null;
  const seconds = behindMs / 1000;
  return `BEHIND LIVE ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/**
 * The audible tile's sound, from its player (PlayerStats.audio) where it says, else from the
 * element (`fallback`: true, false, or null when not known yet):
 * - on: "sound on"
 * - none: "no sound in this stream"
 * - unsupported: "sound cannot play here: <reason>"
 */
export function soundOf(
  audio: PlayerAudio | undefined,
  fallback: boolean | null,
): { kind: 'on' | 'none' | 'unsupported' | 'unknown'; text: string } {
  const state = audio?.state ?? (fallback === null ? 'pending' : fallback ? 'playing' : 'none');
  switch (state) {
    case 'none':
      return { kind: 'none', text: 'no sound in this stream' };
    case 'unsupported': {
      const why = audio?.reason ?? (audio?.codec ? `${audio.codec} is not played here` : 'not played here');
      return { kind: 'unsupported', text: `sound cannot play here: ${why}` };
    }
    case 'playing':
      return { kind: 'on', text: 'sound on' };
    default:
      return { kind: 'unknown', text: 'sound on' };
  }
}

/** "Tried WS-FLV (Unsupported audio codec idx: 7), HTTP-FLV (…)": transports that refused the stream. */
export function triedText(tried: readonly TriedTransport[] | undefined): string | null {
  if (!tried || tried.length === 0) return null;
  return `Tried ${tried.map((t) => `${transportName(t.transport)} (${t.why})`).join(', ')}`;
}

const fixed = (value: number | null | undefined, digits: number, unit = '') =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(digits)}${unit}`;

const ms = (value: number | null | undefined) =>
  fixed(value === null || value === undefined ? value : value / 1000, 2, ' s');

/**
 * The stats overlay's rows, label → value. "behind live" is how far the picture on screen trails the
 * camera, measured from the stream's own timestamps (PlayerStats.liveness): "trail" what delivery
 * adds, "queued" what waits in the player unshown (the buffer: the only figure a player that does
 * not measure liveness has, shown as "queued" then and "behind live" left unknown).
 */
export function statsRows(stats: TileStats | null): [string, string][] {
  if (!stats) return [['state', 'no player yet']];
  // decodedFrames counts every picture decoded, the dropped ones included.
  const droppedPct = stats.decodedFrames > 0 ? (stats.droppedFrames / stats.decodedFrames) * 100 : null;
  const live = stats.liveness;
  const queuedMs = live ? live.queuedMs : stats.latencySeconds === null ? null : stats.latencySeconds * 1000;
  // Pairs read across (fps | behind live, bitrate | last frame, resolution | codec, trail | queued);
  // the two long values (dropped, transport) take a row each.
  return [
    ['fps', fixed(stats.fps, 1)],
    ['behind live', ms(live?.behindMs)],
    ['bitrate', stats.bitrateKbps === null ? '–' : `${Math.round(stats.bitrateKbps)} kbit/s`],
    ['last frame', stats.frameAgeMs === null ? '–' : `${(stats.frameAgeMs / 1000).toFixed(1)} s ago`],
    ['resolution', stats.width && stats.height ? `${stats.width}×${stats.height}` : '–'],
    ['codec', stats.codec ?? '–'],
    ['trail', ms(live?.trailMs)],
    ['queued', ms(queuedMs)],
    ['dropped', `${stats.droppedFrames}${droppedPct === null ? '' : ` (${droppedPct.toFixed(1)} %)`}`],
    ['transport', `${stats.transport}${stats.tls ? ' (TLS)' : ''} · ${stats.library}`],
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A failure's words with the tile's name for its raw device key: the platform says "Device
 * dk09fj3k is offline.", the operator reads "NVR 1 is offline.".
 */
export function namedDetail(detail: string, deviceKey: string, name: string): string {
  if (!deviceKey || name === deviceKey || !detail.includes(deviceKey)) return detail;
  const key = escapeRegExp(deviceKey);
  return detail
    .replace(new RegExp(`^device\\s+${key}`, 'i'), name)
    .replace(new RegExp(`\\bdevice\\s+${key}`, 'gi'), name)
    .split(deviceKey)
    .join(name);
}
