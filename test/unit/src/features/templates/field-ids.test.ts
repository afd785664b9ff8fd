import { describe, expect, it } from 'vitest';
import {
  fieldIdForPath,
  isFieldShown,
  problemsByField,
} from '../../../../../src/features/templates/field-ids';
import { blankParameter, type TemplateDraft } from '../../../../../src/features/templates/template-draft';

const a = { ...blankParameter('DOUBLE'), extra: { default: '1' } };
const b = blankParameter('STRING');
const draft: TemplateDraft = { projectKey: 'p', name: '', desc: '', parameters: [a, b] };

describe('field ids', () => {
  it('names a parameter field by the parameter key, not its index', () => {
    expect(fieldIdForPath('parameters[1].map.max', draft)).toBe(`param:${b.key}:map.max`);
    expect(fieldIdForPath('parameters[0]', draft)).toBe(`param:${a.key}`);
    expect(fieldIdForPath('name', draft)).toBe('name');
    expect(fieldIdForPath('parameters[5].name', draft)).toBeNull();
    expect(fieldIdForPath('(body)', draft)).toBeNull();
  });

  it('knows which map keys are on screen for the parameter type', () => {
    expect(isFieldShown(`param:${a.key}:map.step`, draft)).toBe(true);
    expect(isFieldShown(`param:${a.key}:map.default`, draft)).toBe(true);
    expect(isFieldShown(`param:${b.key}:map.step`, draft)).toBe(false);
    expect(isFieldShown(`param:${b.key}:map.max`, draft)).toBe(true);
    expect(isFieldShown('param:gone:name', draft)).toBe(false);
  });

  it('groups problems by field and sends the rest to the top', () => {
    const { byField, unplaced } = problemsByField(
      [
        { path: 'name', message: 'name is required' },
        { path: 'name', message: 'name is required' },
        { path: 'parameters[1].map.min', message: 'STRING takes only max' },
        { path: 'quota', message: 'too many templates' },
        { path: 'parameters[0].identifier', message: 'taken' },
      ],
      draft,
    );
    expect(byField.get('name')).toMatchObject([{ message: 'name is required' }]);
    expect(byField.get(`param:${a.key}:identifier`)).toMatchObject([{ message: 'taken' }]);
    expect(unplaced.map((p) => p.path)).toEqual(['parameters[1].map.min', 'quota']);
  });
});
