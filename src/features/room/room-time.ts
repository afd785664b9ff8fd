import { formatDateTime, formatSince } from '../../i18n/format';

/** An ISO time of the room as the operator reads it: "10:42" today, else "2026-11-26 10:42". */
export function roomTime(iso: string | null | undefined, now: number = Date.now()): string {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? formatSince(ms, now) : '—';
}

/** The same in full, for a tooltip. */
export function roomTimeFull(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? formatDateTime(ms) : '—';
}
