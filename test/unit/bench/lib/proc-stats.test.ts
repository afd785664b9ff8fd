import { describe, expect, it } from 'vitest';
import { CLOCK_TICKS, costBreakdown, costGroup } from '../../../bench/lib/proc-stats';

describe('costGroup', () => {
  it('sorts Chromium threads by what they do', () => {
    expect(costGroup('renderer/Media')).toBe('decode');
    expect(costGroup('gpu-process/VizCompositorTh')).toBe('compositing');
    expect(costGroup('renderer/VideoFrameCompo')).toBe('compositing');
    expect(costGroup('renderer/Compositor')).toBe('compositing');
    expect(costGroup('renderer/chromium')).toBe('page');
    expect(costGroup('renderer/Chrome_ChildIOT')).toBe('network');
    expect(costGroup('utility:NetworkService/Chrome_ChildIOT')).toBe('network');
    expect(costGroup('browser/chromium')).toBe('other');
    expect(costGroup('renderer/ThreadPoolForeg')).toBe('other');
  });
});

describe('costBreakdown', () => {
  it('sums the ticks of a window by group, in % of one core', () => {
    const before = new Map([
      ['renderer/Media', 100],
      ['gpu-process/VizCompositorTh', 0],
    ]);
    // Over 10 s: Media used 2 s (20 %), Viz 5 s (50 %), a thread born in the window 1 s (10 %).
    const after = new Map([
      ['renderer/Media', 100 + 2 * CLOCK_TICKS],
      ['gpu-process/VizCompositorTh', 5 * CLOCK_TICKS],
      ['renderer/chromium', 1 * CLOCK_TICKS],
    ]);
    expect(costBreakdown(before, after, 10)).toEqual({
      decode: 20,
      compositing: 50,
      page: 10,
      network: 0,
      other: 0,
    });
  });
});
