import { describe, expect, it } from 'vitest';
import { pathLabel } from '../../../../../src/features/templates/path-label';
import { blankParameter, type TemplateDraft } from '../../../../../src/features/templates/template-draft';

const draft: TemplateDraft = {
  projectKey: '',
  name: '',
  desc: '',
  parameters: [{ ...blankParameter(), identifier: 'temp' }, blankParameter()],
};

describe('pathLabel', () => {
  it('names fields as the panel labels them', () => {
    expect(pathLabel('name', draft)).toBe('Name');
    expect(pathLabel('projectKey', draft)).toBe('Project key');
    expect(pathLabel('parameters[0].map.max', draft)).toBe('Parameter 1 (temp) · max');
    expect(pathLabel('parameters[0].name', draft)).toBe('Parameter 1 (temp) · name');
    expect(pathLabel('parameters[1].map.unitName', draft)).toBe('Parameter 2 · unit');
    expect(pathLabel('parameters[1].map.pattern', draft)).toBe('Parameter 2 · pattern');
    expect(pathLabel('parameters[1]', draft)).toBe('Parameter 2');
    expect(pathLabel('(body)', draft)).toBe('(body)');
  });
});
