const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Epoch milliseconds as local date and time ("2024-03-05 14:07"), in the machine's time zone.
 *
 * ISO-like order reads the same in every locale, which matters on a shared control-room screen.
 * The time zone can be given for tests.
 */
export function formatTime(ms: number, timeZone?: string): string {
  if (!Number.isFinite(ms)) return '—';
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone && { timeZone }),
    });
    formatters.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
