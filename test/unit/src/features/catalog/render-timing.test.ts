import { afterEach, describe, expect, it } from 'vitest';
import { FILTER_TO_RENDER, renderTiming } from '../../../../../src/features/catalog/render-timing';

const measures = () => performance.getEntriesByName(FILTER_TO_RENDER, 'measure');

describe('renderTiming', () => {
  afterEach(() => {
    performance.clearMeasures(FILTER_TO_RENDER);
    performance.clearMarks();
  });

  it('measures from an answer’s arrival to its paint, once, tagged with the request', () => {
    renderTiming.responseArrived(7);
    renderTiming.painted(7);
    renderTiming.painted(7);
    expect(measures()).toHaveLength(1);
    expect(measures()[0].duration).toBeGreaterThanOrEqual(0);
    expect((measures()[0] as PerformanceMeasure).detail).toEqual({ seq: 7 });
  });

  it('measures nothing for a paint without an answer', () => {
    renderTiming.painted(8);
    expect(measures()).toHaveLength(0);
  });

  it('keeps the number of measures bounded for a wall that runs for weeks', () => {
    for (let i = 1; i <= 250; i++) {
      renderTiming.responseArrived(i);
      renderTiming.painted(i);
    }
    expect(measures().length).toBeLessThanOrEqual(200);
    expect(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('catalog:'))).toHaveLength(0);
  });
});
