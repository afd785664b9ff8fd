/**
 * The app's one way to show a time: "2026-11-24 20:18", "20:18:13" for the time of day alone.
 *
 * ISO-like date order reads the same in every locale, which matters on a shared control-room screen,
 * and the clock is 24-hour unless the system asks for 12-hour with an explicit hour-cycle preference
 * (a locale like `en-US-u-hc-h12`). A locale's mere convention does not count: Chromium falls back to
 * en-US (12-hour) wherever no language is configured, which is most kiosks and Linux boxes, and a
 * control room reads a 24-hour clock.
 */
export interface TimeFormat {
  /** Add seconds ("20:18:13"), where they matter: a test result, a diagnostics stamp. */
  seconds?: boolean;
  /** IANA time zone; default the machine's (tests pass one). */
  timeZone?: string;
  /** Default: the system's explicit preference, else 'h23'. */
  hourCycle?: HourCycle;
}

export type HourCycle = 'h12' | 'h23';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'h12' only when the system's default format says so without being asked for an hour field. */
export function systemHourCycle(): HourCycle {
  const cycle = new Intl.DateTimeFormat().resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
}

/** The local calendar parts of an instant, always on a 24-hour clock (12-hour is derived from it). */
function partsOf(ms: number, format: TimeFormat): Record<string, string> {
  const key = format.timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(format.timeZone && { timeZone: format.timeZone }),
    });
    formatters.set(key, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
}

function clockOf(parts: Record<string, string>, format: TimeFormat): string {
  const rest = `${parts.minute}${format.seconds ? `:${parts.second}` : ''}`;
  if ((format.hourCycle ?? systemHourCycle()) === 'h23') return `${parts.hour}:${rest}`;
  const hour = Number(parts.hour);
  return `${hour % 12 || 12}:${rest} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Epoch milliseconds as local date and time: "2024-03-05 14:07" (or "2024-03-05 2:07 PM" where the
 * system asks for 12-hour). The second argument may be a time zone, as before.
 */
export function formatTime(ms: number, format: TimeFormat | string = {}): string {
  if (!Number.isFinite(ms)) return '—';
  const f = typeof format === 'string' ? { timeZone: format } : format;
  const parts = partsOf(ms, f);
  return `${parts.year}-${parts.month}-${parts.day} ${clockOf(parts, f)}`;
}

/** The time of day alone ("21:04", "21:04:13"): for things that happened today, seen while they last. */
export function formatClock(ms: number, format: TimeFormat = {}): string {
  if (!Number.isFinite(ms)) return '—';
  return clockOf(partsOf(ms, format), format);
}

/** "21:04" when `ms` falls on the same local day as `now`, else the full "2026-11-23 21:04". */
export function formatSince(ms: number, now: number = Date.now(), format: TimeFormat = {}): string {
  if (!Number.isFinite(ms)) return '—';
  const day = (p: Record<string, string>) => `${p.year}-${p.month}-${p.day}`;
  return day(partsOf(ms, format)) === day(partsOf(now, format))
    ? formatClock(ms, format)
    : formatTime(ms, format);
}
