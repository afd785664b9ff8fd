import { describe, expect, it } from 'vitest';
import {
  chosenInOrder,
  extendTo,
  NO_SELECTION,
  toggleAll,
  toggleRow,
} from '../../../../../src/features/catalog/device-selection';
import { putManyText } from '../../../../../src/features/catalog/put-many-text';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

const items = ['a', 'b', 'c', 'd', 'e'].map((deviceKey) => ({
  deviceKey,
  deviceName: deviceKey.toUpperCase(),
}));
const keys = (s: { keys: ReadonlySet<string> }) => [...s.keys].sort();

describe('choosing devices', () => {
  it('toggles a row and extends a range from the last one toggled, either way', () => {
    let s = toggleRow(NO_SELECTION, items, 1);
    expect(keys(s)).toEqual(['b']);
    s = extendTo(s, items, 3);
    expect(keys(s)).toEqual(['b', 'c', 'd']);
    s = toggleRow(s, items, 4);
    s = extendTo(s, items, 2); // from e back to c
    expect(keys(s)).toEqual(['b', 'c', 'd', 'e']);
    s = toggleRow(s, items, 2);
    expect(keys(s)).toEqual(['b', 'd', 'e']);
  });

  it('without an anchor a range is the row alone; Ctrl+A chooses all, again none', () => {
    expect(keys(extendTo(NO_SELECTION, items, 2))).toEqual(['c']);
    const all = toggleAll(NO_SELECTION, items);
    expect(keys(all)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(keys(toggleAll(all, items))).toEqual([]);
  });

  it('hands the chosen devices over in list order, whatever order they were chosen in', () => {
    const s = toggleRow(toggleRow(toggleRow(NO_SELECTION, items, 4), items, 0), items, 2);
    expect(chosenInOrder(s, items).map((d) => d.deviceKey)).toEqual(['a', 'c', 'e']);
  });
});

describe('what putting several on the wall did, in words', () => {
  const d = (k: string) => ({ deviceKey: k, deviceName: `Cam ${k}` });
  it('counts the new ones, the ones already there and the ones that found no free tile, naming them in the title', () => {
    const said = putManyText({
      placed: [d('1'), d('2'), d('3')],
      alreadyOn: [d('3')],
      noRoom: [d('4'), d('5')],
    });
    expect(said).toEqual({
      text: 'Put 2 on the wall. 1 already on it. 2 did not fit (no free tile): they stay chosen.',
      title: 'Already on the wall: Cam 3\nNo free tile for: Cam 4, Cam 5',
      tone: 'warn',
    });
    expect(putManyText({ placed: [d('1')], alreadyOn: [], noRoom: [] })).toMatchObject({
      text: 'Put 1 on the wall.',
      tone: 'ok',
    });
  });

  it('a wall that took none says why, not that they did not fit', () => {
    const said = putManyText({
      placed: [],
      alreadyOn: [],
      noRoom: [d('1'), d('2')],
      refused: 'The wall is locked (kiosk mode).',
    });
    expect(said).toEqual({
      text: 'Not put on the wall: The wall is locked (kiosk mode).',
      title: 'Cam 1, Cam 2',
      tone: 'warn',
    });
  });
});
