import i18next from 'i18next';
import { formatNumber, formatSince } from '../../i18n/format';
import { wallTime } from '../../lib/monotonic-now';
import type { PlayerAudio } from '../../lib/players';
import type { TileSnapshot, TileStats, TriedTransport } from '../../lib/wall-engine';
import { failureLabel } from '../../lib/wall-engine/failure';
import { transportName } from '../../lib/wall-engine/unplayable';

/** Words shown outside React (and by the tile, which reads them at each render). */
const t = i18next.t.bind(i18next);

/** What a tile's caption says about its state, in an operator's words. */
export function stateText(snapshot: TileSnapshot): string {
  switch (snapshot.state) {
    case 'idle':
      return t('tiles:state.idle');
    case 'starting':
      return snapshot.restart === 'catch-up' ? t('tiles:state.catchingUp') : t('tiles:state.connecting');
    case 'playing':
      // A picture past the liveness margin is never called live.
      return snapshot.behind ? t('tiles:state.behindLive') : t('tiles:state.live');
    case 'stalled':
      return t('tiles:state.stalled');
    case 'reconnecting':
      return t('tiles:state.reconnecting');
    case 'failed':
      return troubleHeadline(snapshot) ?? t('tiles:state.failed');
    case 'paused-hidden':
      return t('tiles:state.pausedHidden');
  }
}

/**
 * The headline of a tile's trouble in the app's language, worded from its reason when it is shown
 * (the snapshot's `label` is the engine's English record of it); null when it has none.
 */
export function troubleHeadline(snapshot: Pick<TileSnapshot, 'reason' | 'label'>): string | null {
  return snapshot.reason ? failureLabel(snapshot.reason) : snapshot.label;
}

/** Whole numbers, or numbers to `digits` places, as the language writes them (no grouping: figures). */
const num = (value: number, digits = 0) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

/** "Retrying in 12 s" / "Retrying now…" for a tile waiting out its backoff. */
export function retryText(nextRetryAt: number | null, now: number): string | null {
  if (nextRetryAt === null) return null;
  const seconds = Math.ceil((nextRetryAt - now) / 1000);
  return seconds > 0 ? t('tiles:time.retryIn', { seconds: num(seconds) }) : t('tiles:time.retryNow');
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
  const time = formatSince(wallTime(troubleSince, now, wallNow), wallNow, { timeZone });
  return t('tiles:time.downSince', { time, duration: durationText(now - troubleSince) });
}

/**
 * "45 s", "12 min", "2 h 14 min", "3 d 6 h" ("2 小时 14 分钟" in Chinese): the two largest units an
 * operator needs, short enough for a tile (Intl's own duration words are longer: "2 hr, 14 min").
 */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return t('tiles:time.seconds', { seconds: num(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('tiles:time.minutes', { minutes: num(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('tiles:time.hoursMinutes', { hours: num(hours), minutes: num(minutes % 60) });
  return t('tiles:time.daysHours', { days: num(Math.floor(hours / 24)), hours: num(hours % 24) });
}

/** The stale badge: "STALE 12 s". */
export function staleText(staleMs: number | null): string | null {
  if (staleMs === null) return null;
  return t('tiles:time.stale', { seconds: num(Math.floor(staleMs / 1000)) });
}

/**
 * The behind-live badge: "BEHIND LIVE 3.4 s" (to a tenth under 10 s, whole seconds above); null when
 * the picture is live or not measured.
 */
export function behindText(behindMs: number | null, behind: boolean): string | null {
  if (!behind || behindMs === null || !Number.isFinite(behindMs))
    return behind ? t('tiles:time.behindLive') : null;
  const seconds = behindMs / 1000;
  return t('tiles:time.behindLiveBy', {
    seconds: seconds < 10 ? num(seconds, 1) : num(Math.round(seconds)),
  });
}

/**
 * The audible tile's sound, from its player (PlayerStats.audio) where it says, else from the
 * element (`fallback`: true, false, or null when not known yet):
 * - on: "sound on"
 * - none: "no sound in this stream"
 * - unsupported: "sound cannot play here: <reason>" (the player's reason, as it gave it)
 */
export function soundOf(
  audio: PlayerAudio | undefined,
  fallback: boolean | null,
): { kind: 'on' | 'none' | 'unsupported' | 'unknown'; text: string } {
  const state = audio?.state ?? (fallback === null ? 'pending' : fallback ? 'playing' : 'none');
  switch (state) {
    case 'none':
      return { kind: 'none', text: t('tiles:sound.none') };
    case 'unsupported': {
      const why =
        audio?.reason ??
        (audio?.codec ? t('tiles:sound.codecNotPlayed', { codec: audio.codec }) : t('tiles:sound.notPlayed'));
      return { kind: 'unsupported', text: t('tiles:sound.unsupported', { why }) };
    }
    case 'playing':
      return { kind: 'on', text: t('tiles:sound.on') };
    default:
      return { kind: 'unknown', text: t('tiles:sound.on') };
  }
}

/** "Tried WS-FLV (Unsupported audio codec idx: 7), HTTP-FLV (…)": transports that refused the stream. */
export function triedText(tried: readonly TriedTransport[] | undefined): string | null {
  if (!tried || tried.length === 0) return null;
  const list = tried
    .map((x) => t('tiles:tried.item', { transport: transportName(x.transport), why: x.why }))
    .join(t('tiles:tried.separator'));
  return t('tiles:tried.text', { list });
}

const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : num(value, digits);

const ms = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '–'
    : t('tiles:stats.seconds', { value: num(value / 1000, 2) });

/** A stats row: its id (`data-stat`, stable in every language, and its catalog key) and its value. */
export type StatsRow = [id: string, value: string];

/**
 * The stats overlay's rows, id → value (the overlay words the ids: STAT_LABEL). "behind live" is how
 * far the picture on screen trails the camera, measured from the stream's own timestamps
 * (PlayerStats.liveness): "trail" what delivery adds, "queued" what waits in the player unshown (the
 * buffer: the only figure a player that does not measure liveness has, shown as "queued" then and
 * "behind live" left unknown).
 */
export function statsRows(stats: TileStats | null): StatsRow[] {
  if (!stats) return [['state', t('tiles:stats.noPlayer')]];
  // decodedFrames counts every picture decoded, the dropped ones included.
  const droppedPct = stats.decodedFrames > 0 ? (stats.droppedFrames / stats.decodedFrames) * 100 : null;
  const live = stats.liveness;
  const queuedMs = live ? live.queuedMs : stats.latencySeconds === null ? null : stats.latencySeconds * 1000;
  const transport = { transport: stats.transport, library: stats.library };
  // Pairs read across (fps | behind live, bitrate | last frame, resolution | codec, trail | queued);
  // the two long values (dropped, transport) take a row each.
  return [
    ['fps', fixed(stats.fps, 1)],
    ['behind live', ms(live?.behindMs)],
    [
      'bitrate',
      stats.bitrateKbps === null ? '–' : t('tiles:stats.kbps', { value: num(Math.round(stats.bitrateKbps)) }),
    ],
    [
      'last frame',
      stats.frameAgeMs === null
        ? '–'
        : t('tiles:stats.secondsAgo', { value: num(stats.frameAgeMs / 1000, 1) }),
    ],
    ['resolution', stats.width && stats.height ? `${stats.width}×${stats.height}` : '–'],
    ['codec', stats.codec ?? '–'],
    ['trail', ms(live?.trailMs)],
    ['queued', ms(queuedMs)],
    [
      'dropped',
      droppedPct === null
        ? num(stats.droppedFrames)
        : t('tiles:stats.dropped', { frames: num(stats.droppedFrames), percent: num(droppedPct, 1) }),
    ],
    [
      'transport',
      stats.tls ? t('tiles:stats.transportTls', transport) : t('tiles:stats.transport', transport),
    ],
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A failure's words with the tile's name for its raw device key: the platform says "Device
 * dk09fj3k is offline.", the operator reads "NVR 1 is offline."; "No device with the key
 * "dk09fj3k"" reads "No device with the key of NVR 1" (the name is not the key). `name` is the
 * tile's title (tileName: caption, else device name, else the key, which leaves the words as said).
 *
 * The patterns match a platform's English sentences only, so what is put in ("key of") is English
 * too, whatever the app's language: it mends the platform's sentence, shown as the platform said it
 * (a platform speaking Chinese matches none of them and keeps its own words, the key replaced).
 */
export function namedDetail(detail: string, deviceKey: string, name: string): string {
  if (!deviceKey || name === deviceKey || !detail.includes(deviceKey)) return detail;
  const key = escapeRegExp(deviceKey);
  const quoted = `["“'‘]?${key}["”'’]?`;
  return detail
    .replace(
      new RegExp(`\\b(the\\s+)?(?:device\\s*)?key\\s+${quoted}`, 'gi'),
      (_all, the: string | undefined) => `${the ?? ''}key of ${name}`,
    )
    .replace(new RegExp(`^device\\s+${quoted}`, 'i'), name)
    .replace(new RegExp(`\\bdevice\\s+${quoted}`, 'gi'), name)
    .split(deviceKey)
    .join(name);
}

type NamedTile = { deviceKey: string; deviceName?: string };

/**
 * The device's name as the saved views know it, for a tile of an unsaved draft that has none: the
 * core writes the names it looks up into the saved views (device-name-lookup.ts), and a draft made
 * before they arrived shows them too. The same view first, then any view of the same profile.
 */
export function savedDeviceName(
  layouts: readonly {
    id: string;
    profileId: string;
    tiles: readonly NamedTile[];
    parked?: readonly NamedTile[];
  }[],
  at: { layoutId: string | undefined; profileId: string | undefined },
  deviceKey: string,
): string | undefined {
  const nameIn = (l: (typeof layouts)[number]) =>
    [...l.tiles, ...(l.parked ?? [])].find((t) => t.deviceKey === deviceKey && t.deviceName?.trim())
      ?.deviceName;
  const own = layouts.find((l) => l.id === at.layoutId);
  const found = own && nameIn(own);
  if (found) return found;
  for (const l of layouts) {
    if (l.profileId !== at.profileId || l === own) continue;
    const name = nameIn(l);
    if (name) return name;
  }
  return undefined;
}
