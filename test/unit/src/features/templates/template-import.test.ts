import { describe, expect, it } from 'vitest';
import { checkDraft, draftToDto } from '../../../../../src/features/templates/check-draft';
import { templateToDraft } from '../../../../../src/features/templates/template-import';

const loaded = (input: unknown, projectKey?: string) => {
  const result = templateToDraft(input, projectKey);
  if (!result.ok) throw new Error(result.message);
  return result;
};

const valid = {
  desc: 'Cold store',
  name: 'Readings',
  parameters: [
    {
      dataType: 'INTEGER',
      identifier: 'count',
      name: 'Count',
      map: { min: '0', max: '100', unitName: 'pcs', step: '1' },
    },
    { dataType: 'DOUBLE', identifier: 'temp', name: 'Temp', map: { min: '-30.5', max: '10' } },
    { dataType: 'STRING', identifier: 'note', name: 'Note', map: { max: '64' } },
  ],
};

describe('templateToDraft', () => {
  it('loads a valid template so that it is sent back unchanged', () => {
    const { draft, problems, ignored } = loaded(valid, 'p1');
    expect(problems).toEqual([]);
    expect(ignored).toEqual([]);
    expect(draft.projectKey).toBe('p1');
    expect(draftToDto(draft).dto).toEqual(valid);
    expect(checkDraft(draft).problems).toEqual([]);
  });

  it('takes the template and project key of a history entry or a wrapped export', () => {
    const { draft, ignored } = loaded(
      { projectKey: 'proj-9', templateId: 4, template: valid, note: 'x' },
      'fallback',
    );
    expect(draft.projectKey).toBe('proj-9');
    expect(draft.name).toBe('Readings');
    expect(ignored).toEqual(['note']);
  });

  it('loads what parses even when invalid, so the form can point at each problem', () => {
    const { draft } = loaded({
      name: '',
      desc: 'd',
      parameters: [
        { dataType: 'INTEGER', identifier: '1bad', name: 'A', map: { min: '1,5', max: '10' } },
        { dataType: 'DOUBLE', identifier: 'ok', name: '', map: { min: '5', max: '1' } },
      ],
    });
    expect(checkDraft({ ...draft, projectKey: 'p' }).problems.map((p) => p.path)).toEqual([
      'name',
      'parameters[0].identifier',
      'parameters[0].map.min',
      'parameters[1].name',
      'parameters[1].map.max',
    ]);
  });

  it('turns JSON numbers into their wire text', () => {
    const { draft, problems } = loaded({
      name: 'n',
      desc: '',
      parameters: [
        { dataType: 'DOUBLE', identifier: 'a', name: 'A', map: { min: 1e-7, max: 1e21, step: 0.5 } },
        { dataType: 'INTEGER', identifier: 'b', name: 'B', map: { min: -0, max: 1.5 } },
      ],
    });
    expect(problems).toEqual([]);
    expect(draft.parameters[0].values).toMatchObject({
      min: '0.0000001',
      max: '1000000000000000000000',
      step: '0.5',
    });
    // 1.5 for an INTEGER is loaded as typed and refused at its field by the form.
    expect(draft.parameters[1].values).toMatchObject({ min: '0', max: '1.5' });
  });

  it('flags a JSON integer that lost digits at its field', () => {
    const { problems } = loaded({
      name: 'n',
      desc: '',
      parameters: [
        {
          dataType: 'INTEGER',
          identifier: 'a',
          name: 'A',
          map: { max: JSON.parse('12345678901234567890') as number },
        },
      ],
    });
    expect(problems).toMatchObject([
      { path: 'parameters[0].map.max', message: expect.stringMatching(/loses digits/) },
    ]);
  });

  it('keeps an unsupported type and map keys no type takes, for the user to fix', () => {
    const { draft } = loaded({
      name: 'n',
      desc: '',
      parameters: [
        { dataType: 'boolean', identifier: 'a', name: 'A', map: { max: '1' } },
        { dataType: 'string', identifier: 'b', name: 'B', map: { max: '10', min: '1', pattern: '.*' } },
      ],
    });
    expect(draft.parameters[0].dataType).toBe('boolean');
    expect(draft.parameters[1].dataType).toBe('STRING');
    expect(draft.parameters[1].extra).toEqual({ min: '1', pattern: '.*' });
    expect(checkDraft({ ...draft, projectKey: 'p' }).problems).toMatchObject([
      {
        path: 'parameters[0].dataType',
        message: expect.stringContaining('"boolean" is not a supported type'),
      },
      { path: 'parameters[1].map.min', message: 'STRING takes only max' },
      { path: 'parameters[1].map.pattern', message: 'STRING takes only max' },
    ]);
  });

  it('reports values of the wrong kind where they were, and unknown fields as ignored', () => {
    const { draft, problems, ignored } = loaded({
      name: { text: 'x' },
      description: 'typo',
      parameters: [
        'not a parameter',
        { dataType: 'INTEGER', identifier: 'a', name: 'A', unit: 'm', map: { min: [1] } },
      ],
    });
    expect(draft.name).toBe('');
    expect(draft.parameters).toHaveLength(2);
    expect(problems).toMatchObject([
      { path: 'name', message: 'expected text, found an object: left empty' },
      { path: 'parameters[0]', message: 'expected a parameter object, found string "not a parameter"' },
      { path: 'parameters[1].map.min', message: 'expected text or a number, found a list: left empty' },
    ]);
    expect(ignored).toEqual(['description', 'parameters[1].unit']);
  });

  it('refuses what is not one template object', () => {
    expect(templateToDraft([valid])).toMatchObject({
      ok: false,
      message: expect.stringContaining('found a list'),
    });
    expect(templateToDraft('x')).toMatchObject({
      ok: false,
      message: expect.stringContaining('found a string'),
    });
    expect(templateToDraft(null)).toMatchObject({
      ok: false,
      message: expect.stringContaining('found null'),
    });
  });
});
