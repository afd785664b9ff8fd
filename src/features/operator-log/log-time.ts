/**
 * The operator log's time fields, typed as "2026-11-27 14:05": 24-hour, as every other time in the
 * app. The browser's own date-time picker follows the browser's locale (12-hour with AM/PM in an
 * English one), so it is not used. A "T" between date and time is taken too (pasted ISO times), and a
 * date alone means the whole day.
 */
const PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2}))?$/;

/**
 * A typed time as epoch ms in this computer's time zone: the start of its minute (or day), or with
 * `end` the last millisecond of it ("to 14:05" keeps 14:05:59). Undefined when blank; null when it is
 * not a time.
 */
export function parseLogTime(value: string, end = false): number | null | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hasTime = m[4] !== undefined;
  const [hour, minute] = hasTime ? [Number(m[4]), Number(m[5])] : [0, 0];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const at = new Date(year, month - 1, day, hour, minute);
  // 31 February rolls over into March: not a date.
  if (at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  if (!end) return at.getTime();
  return at.getTime() + (hasTime ? 60_000 : 86_400_000) - 1;
}

/** Epoch ms as the field shows it: "2026-11-27 14:05". */
export function formatLogTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
