import { describe, expect, it } from 'vitest';
import {
  addParameter,
  duplicateParameter,
  moveParameter,
  moveParameterTo,
  removeParameter,
  restoreParameter,
  uniqueIdentifier,
} from '../../../../../src/features/templates/parameter-list';
import { blankParameter, type ParameterDraft } from '../../../../../src/features/templates/template-draft';

const named = (identifier: string, name = identifier, dataType = 'INTEGER'): ParameterDraft => ({
  ...blankParameter(dataType),
  identifier,
  name,
});
const ids = (list: ParameterDraft[]) => list.map((p) => p.identifier);

describe('parameter list', () => {
  it('adds at the end with the type of the last parameter, with a fresh key', () => {
    const list = [named('a', 'A', 'DOUBLE')];
    const next = addParameter(list);
    expect(next).toHaveLength(2);
    expect(next[1].dataType).toBe('DOUBLE');
    expect(next[1].key).not.toBe(list[0].key);
    expect(addParameter([])[0].dataType).toBe('INTEGER');
  });

  it('adds after a given parameter', () => {
    const list = [named('a'), named('b')];
    expect(addParameter(list, list[0].key).map((p) => p.identifier)).toEqual(['a', '', 'b']);
  });

  it('removes and puts back in the same place', () => {
    const list = [named('a'), named('b'), named('c')];
    const { list: after, removed } = removeParameter(list, list[1].key);
    expect(ids(after)).toEqual(['a', 'c']);
    expect(removed?.index).toBe(1);
    expect(ids(restoreParameter(after, removed!))).toEqual(['a', 'b', 'c']);
    expect(removeParameter(list, 'nope').removed).toBeNull();
  });

  it('moves up and down, stopping at the ends', () => {
    const list = [named('a'), named('b'), named('c')];
    expect(ids(moveParameter(list, list[2].key, -1))).toEqual(['a', 'c', 'b']);
    expect(ids(moveParameter(list, list[0].key, 1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveParameter(list, list[0].key, -1))).toEqual(['a', 'b', 'c']);
    expect(ids(moveParameter(list, list[2].key, 1))).toEqual(['a', 'b', 'c']);
    expect(ids(moveParameterTo(list, 0, 2))).toEqual(['b', 'c', 'a']);
  });

  it('keeps each parameter (and its key) when moving', () => {
    const list = [named('a'), named('b')];
    const moved = moveParameter(list, list[1].key, -1);
    expect(moved[0]).toBe(list[1]);
    expect(moved[1]).toBe(list[0]);
  });

  it('duplicates right after the original with a unique identifier and numbered name', () => {
    const list = [named('temp', 'Temperature', 'DOUBLE'), named('other')];
    list[0].values.min = '-30';
    const next = duplicateParameter(list, list[0].key);
    expect(ids(next)).toEqual(['temp', 'temp_2', 'other']);
    expect(next[1]).toMatchObject({ name: 'Temperature 2', dataType: 'DOUBLE', values: { min: '-30' } });
    expect(next[1].key).not.toBe(list[0].key);
    // Independent copies: editing the copy's values leaves the original alone.
    expect(next[1].values).not.toBe(list[0].values);
    const again = duplicateParameter(next, next[1].key);
    expect(ids(again)).toEqual(['temp', 'temp_2', 'temp_3', 'other']);
    expect(again[2].name).toBe('Temperature 3');
  });

  it('finds the next free identifier', () => {
    expect(uniqueIdentifier('temp', new Set(['temp', 'temp_2']))).toBe('temp_3');
    expect(uniqueIdentifier('temp_9', new Set(['temp_9']))).toBe('temp_10');
    expect(uniqueIdentifier('_1', new Set(['_1']))).toBe('_1_2');
    expect(uniqueIdentifier('', new Set(['']))).toBe('');
    const long = `a${'b'.repeat(63)}`;
    const copy = uniqueIdentifier(long, new Set([long]));
    expect(copy).toHaveLength(64);
    expect(copy.endsWith('_2')).toBe(true);
  });
});
