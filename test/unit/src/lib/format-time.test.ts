import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../../src/lib/format-time';

describe('formatTime', () => {
  const instant = Date.UTC(2024, 2, 5, 13, 7, 30);

  it('shows epoch milliseconds as date and time in the given time zone', () => {
    expect(formatTime(instant, 'UTC')).toBe('2024-03-05 13:07');
    expect(formatTime(instant, 'Asia/Shanghai')).toBe('2024-03-05 21:07');
    expect(formatTime(instant, 'America/New_York')).toBe('2024-03-05 08:07');
  });

  it('uses 24-hour time, midnight as 00', () => {
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 5), 'UTC')).toBe('2024-01-01 00:05');
  });

  it('shows a dash for a value that is not a time', () => {
    expect(formatTime(Number.NaN)).toBe('—');
  });
});
