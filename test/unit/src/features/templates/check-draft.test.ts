import { describe, expect, it } from 'vitest';
import { checkDraft, draftToDto } from '../../../../../src/features/templates/check-draft';
import {
  blankDraft,
  blankParameter,
  type ParameterDraft,
  type TemplateDraft,
} from '../../../../../src/features/templates/template-draft';

const parameter = (
  changes: Partial<Omit<ParameterDraft, 'values'>> & { values?: Partial<ParameterDraft['values']> },
): ParameterDraft => {
  const base = blankParameter(changes.dataType ?? 'INTEGER');
  return { ...base, ...changes, values: { ...base.values, ...changes.values } };
};
const draft = (parameters: ParameterDraft[], rest: Partial<TemplateDraft> = {}): TemplateDraft => ({
  projectKey: 'proj-1',
  name: 'Cold store',
  desc: 'Readings',
  parameters,
  ...rest,
});
const temperature = () =>
  parameter({
    identifier: 'temp',
    name: 'Temperature',
    dataType: 'DOUBLE',
    values: { min: '-30', max: '10', step: '0.5', unitName: '°C' },
  });

describe('draftToDto', () => {
  it('builds the wire DTO: trimmed text, canonical numbers, only the keys of each type', () => {
    const { dto, problems } = draftToDto(
      draft(
        [
          parameter({
            identifier: ' count ',
            name: ' Count ',
            dataType: 'INTEGER',
            values: { min: '+0', max: '1e3', step: '1', unitName: ' pcs ' },
          }),
          parameter({
            identifier: 'ratio',
            name: 'Ratio',
            dataType: 'FLOAT',
            values: { min: '.5', max: '', step: '', unitName: '' },
          }),
          parameter({
            identifier: 'temp',
            name: 'Temp',
            dataType: 'DOUBLE',
            values: { min: '-0', max: '1e21', step: '', unitName: '' },
          }),
          // min/step/unit kept in the form from an earlier numeric type: not sent for STRING.
          parameter({
            identifier: 'note',
            name: 'Note',
            dataType: 'STRING',
            values: { min: '1', max: '255', step: '2', unitName: 'x' },
          }),
        ],
        { name: '  Cold store ', desc: ' Readings ' },
      ),
    );
    expect(problems).toEqual([]);
    expect(dto).toEqual({
      desc: 'Readings',
      name: 'Cold store',
      parameters: [
        {
          dataType: 'INTEGER',
          identifier: 'count',
          name: 'Count',
          map: { min: '0', max: '1000', step: '1', unitName: 'pcs' },
        },
        { dataType: 'FLOAT', identifier: 'ratio', name: 'Ratio', map: { min: '0.5' } },
        {
          dataType: 'DOUBLE',
          identifier: 'temp',
          name: 'Temp',
          map: { min: '0', max: '1000000000000000000000' },
        },
        { dataType: 'STRING', identifier: 'note', name: 'Note', map: { max: '255' } },
      ],
    });
  });

  it('notes where the sent text differs from the typed', () => {
    const { notes } = draftToDto(
      draft([parameter({ identifier: 'a', name: 'A', values: { max: '1e3', min: '5' } })]),
    );
    expect(notes).toEqual({
      'parameters[0].map.max': { message: 'sent as 1000', code: 'template.sentAs', params: { wire: '1000' } },
    });
  });

  it('carries a value that does not convert as typed, so an export keeps it', () => {
    const { dto, problems } = draftToDto(
      draft([parameter({ identifier: 'a', name: 'A', dataType: 'DOUBLE', values: { min: ' 1,5 ' } })]),
    );
    expect(dto.parameters[0].map).toEqual({ min: '1,5' });
    expect(problems).toMatchObject([
      {
        path: 'parameters[0].map.min',
        message: 'use a dot for decimals ("1.5", not "1,5") and no thousands separators',
      },
    ]);
  });
});

describe('checkDraft', () => {
  it('finds nothing wrong in a complete template', () => {
    const check = checkDraft(draft([temperature()]));
    expect(check.problems).toEqual([]);
    expect(check.projectKey).toBe('proj-1');
  });

  it('reports a new blank form by field, in the order of the fields', () => {
    expect(checkDraft(blankDraft()).problems).toMatchObject([
      { path: 'projectKey', message: 'project key is required' },
      { path: 'name', message: 'name is required' },
      { path: 'parameters[0].identifier', message: 'identifier is required' },
      { path: 'parameters[0].name', message: 'name is required' },
    ]);
  });

  it('runs the shared rule book on the converted values', () => {
    const check = checkDraft(
      draft([
        parameter({ identifier: 'a', name: 'A', values: { min: '10', max: '5' } }),
        parameter({ identifier: 'a', name: 'B', dataType: 'STRING', values: { max: '0' } }),
        parameter({
          identifier: 'c',
          name: 'C',
          dataType: 'DOUBLE',
          values: { min: '0', max: '1', step: '2' },
        }),
      ]),
    );
    expect(check.problems).toMatchObject([
      { path: 'parameters[0].map.max', message: 'max (5) must not be less than min (10)' },
      { path: 'parameters[1].identifier', message: '"a" is already used by parameter 1' },
      { path: 'parameters[1].map.max', message: 'must be a positive whole number (got "0")' },
      { path: 'parameters[2].map.step', message: 'step (2) must not be larger than max − min (1)' },
    ]);
  });

  it('says why a value does not convert once, not twice', () => {
    const check = checkDraft(draft([parameter({ identifier: 'a', name: 'A', values: { min: '1.5' } })]));
    expect(check.problems).toMatchObject([
      { path: 'parameters[0].map.min', message: 'must be a whole number (INTEGER has no decimals)' },
    ]);
  });

  it('treats an unsupported imported type as the one problem of its map', () => {
    const check = checkDraft(
      draft([parameter({ identifier: 'flag', name: 'Flag', dataType: 'BOOLEAN', values: { max: 'x' } })]),
    );
    expect(check.problems).toMatchObject([
      {
        path: 'parameters[0].dataType',
        message: '"BOOLEAN" is not a supported type: choose INTEGER, FLOAT, DOUBLE, STRING',
      },
    ]);
  });

  it('refuses map keys no type takes, at that key', () => {
    const check = checkDraft(draft([{ ...temperature(), extra: { default: '3' } }]));
    expect(check.problems).toMatchObject([
      { path: 'parameters[0].map.default', message: 'DOUBLE takes only min, max, unitName, step' },
    ]);
  });

  it('needs a project key without spaces', () => {
    expect(checkDraft(draft([temperature()], { projectKey: '  ' })).problems).toMatchObject([
      { path: 'projectKey', message: 'project key is required' },
    ]);
    expect(checkDraft(draft([temperature()], { projectKey: 'a b' })).problems).toMatchObject([
      { path: 'projectKey', message: 'a project key has no spaces' },
    ]);
    expect(checkDraft(draft([temperature()], { projectKey: ' p1 ' })).projectKey).toBe('p1');
  });

  it('needs at least one parameter', () => {
    expect(checkDraft(draft([])).problems).toMatchObject([
      { path: 'parameters', message: 'add at least one parameter' },
    ]);
  });
});
