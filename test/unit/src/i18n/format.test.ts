import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDuration,
  formatNumber,
  formatOrList,
  formatPercent,
} from '../../../../src/i18n/format';
import { startI18n } from '../../../../src/i18n/start-i18n';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('format in the chosen language', () => {
  it('numbers and percentages', () => {
    expect(formatNumber(1234567, undefined, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, undefined, 'zh-CN')).toBe('1,234,567');
    expect(formatPercent(0.125, 1, 'en')).toBe('12.5%');
    expect(formatPercent(0.125, 1, 'zh-CN')).toBe('12.5%');
    expect(formatPercent(0.5, 0, 'en')).toBe('50%');
  });

  it('durations in the two largest units, a zero part left out', () => {
    expect(formatDuration(2 * HOUR + 14 * MIN + 5_000, 'en')).toBe('2 hr, 14 min');
    expect(formatDuration(2 * HOUR + 14 * MIN + 5_000, 'zh-CN')).toBe('2小时14分钟');
    expect(formatDuration(45_000, 'en')).toBe('45 sec');
    expect(formatDuration(45_000, 'zh-CN')).toBe('45秒');
    expect(formatDuration(12 * MIN, 'zh-CN')).toBe('12分钟');
    expect(formatDuration(3 * 24 * HOUR + 6 * HOUR, 'en')).toBe('3 days, 6 hr');
    expect(formatDuration(3 * 24 * HOUR + 6 * HOUR, 'zh-CN')).toBe('3天6小时');
    expect(formatDuration(2 * HOUR, 'en')).toBe('2 hr');
    expect(formatDuration(0, 'en')).toBe('0 sec');
    expect(formatDuration(-5, 'zh-CN')).toBe('0秒');
  });

  it('alternatives joined as the language joins them', () => {
    expect(formatOrList(['User', 'Project'], 'en')).toBe('User or Project');
    expect(formatOrList(['用户', '产品', '项目'], 'zh-CN')).toBe('用户、产品或项目');
  });

  it('the current language by default', () => {
    startI18n('zh-CN');
    expect(formatDuration(90 * MIN)).toBe('1小时30分钟');
    startI18n('en');
    expect(formatDuration(90 * MIN)).toBe('1 hr, 30 min');
  });

  it('keeps the one 24-hour date and time in every language', () => {
    const at = Date.UTC(2026, 10, 27, 14, 5, 9);
    for (const language of ['en', 'zh-CN'] as const) {
      startI18n(language);
      expect(formatDateTime(at, { timeZone: 'UTC', hourCycle: 'h23' })).toBe('2026-11-27 14:05');
      expect(formatDateTime(at, { timeZone: 'UTC', hourCycle: 'h23', seconds: true })).toBe(
        '2026-11-27 14:05:09',
      );
    }
  });
});
