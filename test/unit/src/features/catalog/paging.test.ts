import { describe, expect, it } from 'vitest';
import { clampPage, loadAllPlan, pageCount, rangeLabel } from '../../../../../src/features/catalog/paging';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

describe('paging', () => {
  it('counts pages, with at least one for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1040, 100)).toBe(11);
  });

  it('keeps a page number inside the list', () => {
    expect(clampPage(0, 100, 20)).toBe(1);
    expect(clampPage(9, 100, 20)).toBe(5);
    expect(clampPage(3, 100, 20)).toBe(3);
    expect(clampPage(Number.NaN, 100, 20)).toBe(1);
  });

  it('labels the range a page shows', () => {
    expect(rangeLabel(1, 20, 1040, 20, 'en-US')).toBe('1–20 of 1,040');
    expect(rangeLabel(11, 100, 1040, 40, 'en-US')).toBe('1,001–1,040 of 1,040');
    expect(rangeLabel(1, 20, 0, 0, 'en-US')).toBe('0 of 0');
  });

  it('plans "load all" in pages of 100, capped', () => {
    expect(loadAllPlan(1040)).toEqual({ pages: 11, capped: false });
    expect(loadAllPlan(0)).toEqual({ pages: 1, capped: false });
    expect(loadAllPlan(5000, 2000)).toEqual({ pages: 20, capped: true });
    expect(loadAllPlan(2000, 2000)).toEqual({ pages: 20, capped: false });
  });
});
