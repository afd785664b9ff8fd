import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatSince, formatTime, systemHourCycle } from '../../../../src/lib/format-time';

describe('formatTime', () => {
  const instant = Date.UTC(2024, 2, 5, 13, 7, 30);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows epoch milliseconds as date and time in the given time zone', () => {
    expect(formatTime(instant, 'UTC')).toBe('2024-03-05 13:07');
    expect(formatTime(instant, 'Asia/Shanghai')).toBe('2024-03-05 21:07');
    expect(formatTime(instant, 'America/New_York')).toBe('2024-03-05 08:07');
    expect(formatTime(instant, { timeZone: 'UTC' })).toBe('2024-03-05 13:07');
  });

  it('uses 24-hour time, midnight as 00', () => {
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 5), 'UTC')).toBe('2024-01-01 00:05');
  });

  it('adds seconds where they matter', () => {
    expect(formatTime(instant, { timeZone: 'UTC', seconds: true })).toBe('2024-03-05 13:07:30');
    expect(formatClock(instant, { timeZone: 'UTC', seconds: true })).toBe('13:07:30');
    expect(formatClock(instant, { timeZone: 'UTC' })).toBe('13:07');
  });

  it('shows a 12-hour clock in the same order when asked', () => {
    const h12 = { timeZone: 'UTC', hourCycle: 'h12' } as const;
    expect(formatTime(instant, h12)).toBe('2024-03-05 1:07 PM');
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 5), h12)).toBe('2024-01-01 12:05 AM');
    expect(formatClock(Date.UTC(2024, 0, 1, 12, 0, 9), { ...h12, seconds: true })).toBe('12:00:09 PM');
  });

  it('keeps 24-hour where the locale merely prefers 12-hour, and follows an explicit preference', () => {
    // Node and Chromium both fall back to en-US (12-hour by convention) where no language is set.
    expect(systemHourCycle()).toBe('h23');
    expect(formatClock(Date.UTC(2024, 0, 1, 20, 18), { timeZone: 'UTC' })).toBe('20:18');
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      hourCycle: 'h12',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(systemHourCycle()).toBe('h12');
    expect(formatClock(Date.UTC(2024, 0, 1, 20, 18), { timeZone: 'UTC' })).toBe('8:18 PM');
  });

  it('gives the time alone for today, the date too for another day', () => {
    const now = Date.UTC(2024, 2, 5, 23, 0);
    expect(formatSince(instant, now, { timeZone: 'UTC' })).toBe('13:07');
    expect(formatSince(instant - 86_400_000, now, { timeZone: 'UTC' })).toBe('2024-03-04 13:07');
  });

  it('shows a dash for a value that is not a time', () => {
    expect(formatTime(Number.NaN)).toBe('—');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
