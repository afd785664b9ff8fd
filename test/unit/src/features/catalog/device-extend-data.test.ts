import { describe, expect, it } from 'vitest';
import { shownExtendData } from '../../../../../src/features/catalog/device-extend-data';

describe('shownExtendData', () => {
  it('shows nothing as empty', () => {
    expect(shownExtendData(null)).toEqual({ kind: 'empty' });
    expect(shownExtendData(undefined)).toEqual({ kind: 'empty' });
    expect(shownExtendData('  ')).toEqual({ kind: 'empty' });
  });

  it('pretty-prints a value sent as JSON', () => {
    expect(shownExtendData({ lens: '4mm', ir: true })).toEqual({
      kind: 'json',
      text: '{\n  "lens": "4mm",\n  "ir": true\n}',
    });
    expect(shownExtendData(42)).toEqual({ kind: 'json', text: '42' });
  });

  it('pretty-prints a string that holds JSON, and shows any other string as it came', () => {
    expect(shownExtendData('{"mount":"pole","heightM":6}')).toEqual({
      kind: 'json',
      text: '{\n  "mount": "pole",\n  "heightM": 6\n}',
    });
    expect(shownExtendData('firmware V5.6.1 build 20240312')).toEqual({
      kind: 'raw',
      text: 'firmware V5.6.1 build 20240312',
    });
  });
});
