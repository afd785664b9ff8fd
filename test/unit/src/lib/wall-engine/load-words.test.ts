import { afterAll, describe, expect, it } from 'vitest';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import type { LoadCause } from '../../../../../src/lib/wall-engine/decode-budget';
import { LoadMonitor, type FrameLoad } from '../../../../../src/lib/wall-engine/load-monitor';
import { loadCauseText } from '../../../../../src/lib/wall-engine/load-words';

startI18n('en');
afterAll(() => void startI18n('en'));

const frames = (patch: Partial<FrameLoad>): FrameLoad => ({
  decoded: 100,
  dropped: 0,
  presented: 100,
  expected: null,
  presentedOfExpected: 0,
  callbackLatenessMs: null,
  tiles: 4,
  ...patch,
});

/** A monitor driven past its warm-up (a reason from a score of 0.5, overloaded from 1) with the same figures each second: its last reading. */
function readingOf(figures: Partial<FrameLoad>) {
  const monitor = new LoadMonitor({}, { PressureObserver: null, PerformanceObserver: null });
  let reading = monitor.sample(frames(figures), 0);
  for (let s = 1; s <= 20; s += 1) reading = monitor.sample(frames(figures), s * 1000);
  return reading;
}

describe('the load monitor’s finding, worded', () => {
  it('in English as the monitor’s own words, for each of its signals', () => {
    const readings = [
      readingOf({ dropped: 12 }),
      readingOf({ dropped: 40 }),
      readingOf({ expected: 100, presentedOfExpected: 60 }),
      readingOf({ callbackLatenessMs: 1234 }),
    ];
    for (const reading of readings) {
      expect(reading.reason).not.toBeNull();
      expect(reading.cause).not.toBeNull();
      expect(loadCauseText(reading.cause as LoadCause, 'en')).toBe(reading.reason);
    }
    expect(readings[0].reason).toBe('12 % of frames dropped');
  });

  it('in Chinese with its figure', () => {
    const zh = loadCauseText({ kind: 'dropped', percent: 12 }, 'zh-CN');
    expect(zh).toContain('12');
    expect(zh).not.toMatch(/[A-Za-z]/);
    expect(loadCauseText({ kind: 'pressure', state: 'critical' }, 'zh-CN')).not.toMatch(/critical/);
    expect(loadCauseText({ kind: 'behind', seconds: 2.4 }, 'zh-CN')).toContain('2.4');
  });
});
