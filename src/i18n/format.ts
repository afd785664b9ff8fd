import { formatClock, formatSince, formatTime, type TimeFormat } from '../lib/format-time';
import { currentLanguage } from './start-i18n';

/**
 * Numbers, percentages, durations and times in the app's language, all through `Intl`.
 *
 * Each takes the language last (the current one by default), so a test can ask for either without
 * switching the app. Dates and times keep the app's one 24-hour, year-month-day format
 * ("2026-11-27 14:05"): it reads the same in every language on a shared control-room screen.
 */

/** 1234567 -> "1,234,567" (en), "1,234,567" (zh-CN); options as Intl.NumberFormat's. */
export function formatNumber(
  value: number,
  options?: Intl.NumberFormatOptions,
  language: string = currentLanguage(),
): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/** 0.125 -> "12.5%" with one digit; a ratio, not a number of percent. */
export function formatPercent(
  ratio: number,
  fractionDigits = 0,
  language: string = currentLanguage(),
): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
  }).format(ratio);
}

type DurationPart = { unit: 'day' | 'hour' | 'minute' | 'second'; value: number };

/** The two largest units that say how long: "45 s", "12 min", "2 h 14 min", "3 d 6 h" in shape. */
function durationParts(ms: number): DurationPart[] {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return [{ unit: 'second', value: seconds }];
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return [{ unit: 'minute', value: minutes }];
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return [
      { unit: 'hour', value: hours },
      { unit: 'minute', value: minutes % 60 },
    ];
  return [
    { unit: 'day', value: Math.floor(hours / 24) },
    { unit: 'hour', value: hours % 24 },
  ];
}

/** Intl.DurationFormat where the runtime has it (Chromium does; Node 20 does not). */
type DurationFormatCtor = new (
  locale: string,
  options: { style: 'short' },
) => { format(duration: Record<string, number>): string };

const DURATION_FIELD = { day: 'days', hour: 'hours', minute: 'minutes', second: 'seconds' } as const;

/**
 * A span of time as an operator reads it: "2 hr, 14 min" (en), "2小时14分钟" (zh-CN). A zero part is
 * left out ("3 days", not "3 days, 0 hr"), as Intl.DurationFormat does; where the runtime lacks
 * it, the same words come from Intl.NumberFormat's units joined by Intl.ListFormat.
 */
export function formatDuration(ms: number, language: string = currentLanguage()): string {
  const parts = durationParts(ms);
  const shown = parts.filter((p, i) => p.value > 0 || i === 0);
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  // (A zero duration: DurationFormat formats it as nothing at all, so it takes the units' way.)
  if (DurationFormat && shown[0].value > 0) {
    const duration = Object.fromEntries(shown.map((p) => [DURATION_FIELD[p.unit], p.value]));
    return new DurationFormat(language, { style: 'short' }).format(duration);
  }
  const words = shown.map((p) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: p.unit, unitDisplay: 'short' }).format(p.value),
  );
  return new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(words);
}

/** "A, B or C" as the language joins alternatives ("A、B或C" in Chinese). */
export function formatOrList(items: readonly string[], language: string = currentLanguage()): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(items);
}

/** Date and time, "2026-11-27 14:05" (24-hour, the app's one format). */
export function formatDateTime(ms: number, format: TimeFormat = {}): string {
  return formatTime(ms, format);
}

export { formatClock, formatSince };
