import { describe, expect, it } from 'vitest';
import {
  DEMO_PROFILE_ID,
  DEMO_STATUS_LEGEND,
  effectiveLegend,
  legendFromRows,
  legendRows,
  statusLabel,
  statusText,
} from '../../../../../src/features/catalog/status-legend';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

describe('status legend', () => {
  const legend = { '1': 'Online', '0': 'Offline', '2': '  ' };

  it('shows the code, with the operator’s label when there is one', () => {
    expect(statusText(legend, 1)).toBe('1 · Online');
    expect(statusText(legend, 3)).toBe('3');
    expect(statusText(legend, 2)).toBe('2');
    expect(statusLabel(legend, 0)).toBe('Offline');
    expect(statusLabel(legend, 2)).toBeUndefined();
  });

  it('lists the legend sorted by code for the editor', () => {
    expect(legendRows({ '10': 'b', '2': 'a', '-1': 'c' }).map((r) => r.code)).toEqual(['-1', '2', '10']);
  });

  it('turns rows back into a legend, dropping blank rows and normalising codes', () => {
    expect(
      legendFromRows([
        { code: ' 01 ', label: 'Online ' },
        { code: '', label: '' },
        { code: '-2', label: 'Fault' },
      ]),
    ).toEqual({ ok: true, legend: { '1': 'Online', '-2': 'Fault' } });
  });

  it('names every problem by its row and field', () => {
    const parsed = legendFromRows([
      { code: 'x', label: 'Bad' },
      { code: '1', label: '' },
      { code: '1', label: 'Dup' },
      { code: '4', label: 'y'.repeat(61) },
    ]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { row: 0, field: 'code', message: 'a status code is a whole number' },
      { row: 1, field: 'label', message: 'give the code a label' },
      { row: 2, field: 'code', message: 'code 1 is already in row 2' },
      { row: 3, field: 'label', message: 'at most 60 characters' },
    ]);
  });
});

describe('effective legend', () => {
  it('names the demo platform’s codes when the operator has not', () => {
    expect(effectiveLegend({}, 'deviceStatus', DEMO_PROFILE_ID)).toEqual({
      legend: DEMO_STATUS_LEGEND.deviceStatus,
      source: 'demo',
    });
    expect(statusText(effectiveLegend({}, 'deviceStatus', DEMO_PROFILE_ID).legend, 1)).toBe('1 · Online');
  });

  it('lets the operator’s labels win, the demo naming the rest', () => {
    const { legend, source } = effectiveLegend({ '1': 'Streaming' }, 'deviceStatus', DEMO_PROFILE_ID);
    expect(source).toBe('settings');
    expect(legend['1']).toBe('Streaming');
    expect(legend['0']).toBe('Offline');
  });

  it('gives other platforms only the operator’s labels, and says when there are none', () => {
    expect(effectiveLegend({}, 'productStatus', 'site-a')).toEqual({ legend: {}, source: 'none' });
    expect(effectiveLegend({ '1': 'Live' }, 'productStatus', 'site-a')).toEqual({
      legend: { '1': 'Live' },
      source: 'settings',
    });
  });
});
