import { describe, expect, it } from 'vitest';
import { formatLogTime, parseLogTime } from '../../../../../src/features/operator-log/log-time';

describe('the operator log’s time fields (24-hour, as every other time in the app)', () => {
  it('reads "2026-11-27 14:05" as that minute in this computer’s time zone, and "to" keeps the minute whole', () => {
    const start = new Date(2026, 10, 27, 14, 5).getTime();
    expect(parseLogTime('2026-11-27 14:05')).toBe(start);
    expect(parseLogTime('2026-11-27T14:05')).toBe(start);
    expect(parseLogTime('2026-11-27 14:05', true)).toBe(start + 59_999);
  });

  it('takes a date alone as its whole day', () => {
    const day = new Date(2026, 10, 27).getTime();
    expect(parseLogTime('2026-11-27')).toBe(day);
    expect(parseLogTime('2026-11-27', true)).toBe(day + 86_400_000 - 1);
  });

  it('refuses 12-hour times and dates that do not exist; blank is no bound', () => {
    expect(parseLogTime('11/27/2026 02:05 PM')).toBeNull();
    expect(parseLogTime('2026-11-27 2:05 PM')).toBeNull();
    expect(parseLogTime('2026-02-31 10:00')).toBeNull();
    expect(parseLogTime('2026-11-27 24:00')).toBeNull();
    expect(parseLogTime('  ')).toBeUndefined();
  });

  it('writes a time back as 24-hour figures', () => {
    const text = formatLogTime(new Date(2026, 0, 5, 21, 7).getTime());
    expect(text).toBe('2026-01-05 21:07');
    expect(parseLogTime(text)).toBe(new Date(2026, 0, 5, 21, 7).getTime());
  });
});
