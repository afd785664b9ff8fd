import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatPath,
  IDENTIFIER_PATTERN,
  MAP_KEYS_BY_TYPE,
  MAX_NUMBER_CHARS,
  MAX_PARAMETERS,
  numberToWire,
  subtractDecimals,
  validateTemplate,
  type FieldProblem,
  type TemplateParameter,
} from '../../../../electron/shared/domain';

const param = (overrides: Partial<TemplateParameter> = {}): TemplateParameter => ({
  dataType: 'DOUBLE',
  identifier: 'temperature',
  name: 'Temperature',
  map: { min: '-30', max: '10', unitName: '°C', step: '0.5' },
  ...overrides,
});
const template = (parameters: unknown[] = [param()], rest: Record<string, unknown> = {}) => ({
  desc: 'Cold store',
  name: 'Cold store readings',
  parameters,
  ...rest,
});
const problemsOf = (input: unknown): FieldProblem[] => {
  const result = validateTemplate(input);
  return result.ok ? [] : result.problems;
};
const onlyProblem = (input: unknown): FieldProblem => {
  const problems = problemsOf(input);
  expect(problems).toHaveLength(1);
  return problems[0];
};
const numeric = (dataType: 'INTEGER' | 'FLOAT' | 'DOUBLE', map: Record<string, string>) =>
  template([param({ dataType, map })]);

describe('validateTemplate: a valid template', () => {
  it('accepts all four types and gives the template back unchanged', () => {
    const input = template([
      param({
        dataType: 'INTEGER',
        identifier: 'count',
        map: { min: '0', max: '100', unitName: 'pcs', step: '1' },
      }),
      param({ dataType: 'FLOAT', identifier: 'humidity', map: { min: '0', max: '100', step: '0.5' } }),
      param({ dataType: 'DOUBLE', identifier: 'temp', map: {} }),
      param({ dataType: 'STRING', identifier: 'note', map: { max: '255' } }),
    ]);
    expect(validateTemplate(input)).toEqual({ ok: true, value: input });
  });

  it('leaves every numeric map key optional and accepts an empty description', () => {
    expect(validateTemplate(template([param({ map: {} })], { desc: '' })).ok).toBe(true);
  });
});

describe('validateTemplate: the shape', () => {
  it.each([
    ['not an object', 'a string', '(body)'],
    ['name missing', { desc: '', parameters: [param()] }, 'name'],
    ['desc missing', { name: 'x', parameters: [param()] }, 'desc'],
    ['parameters not a list', { desc: '', name: 'x', parameters: {} }, 'parameters'],
    ['unknown dataType', template([param({ dataType: 'BOOLEAN' as never })]), 'parameters[0].dataType'],
    [
      'a number instead of a string in map',
      template([{ ...param(), map: { min: 5 } }]),
      'parameters[0].map.min',
    ],
    [
      'identifier missing',
      template([{ dataType: 'STRING', name: 'n', map: { max: '1' } }]),
      'parameters[0].identifier',
    ],
  ])('%s: reported at its path', (_, input, path) => {
    const problems = problemsOf(input);
    expect(problems.map((p) => p.path)).toContain(path);
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
  });
});

describe('validateTemplate: required fields', () => {
  it.each([
    ['name', template([param()], { name: '' }), 'name', 'name is required'],
    ['name of blanks', template([param()], { name: '   ' }), 'name', 'name is required'],
    ['parameters', template([]), 'parameters', 'add at least one parameter'],
    [
      'identifier',
      template([param({ identifier: '' })]),
      'parameters[0].identifier',
      'identifier is required',
    ],
    [
      'identifier of blanks',
      template([param({ identifier: '  ' })]),
      'parameters[0].identifier',
      'identifier is required',
    ],
    ['parameter name', template([param({ name: ' ' })]), 'parameters[0].name', 'name is required'],
    [
      'STRING max',
      template([param({ dataType: 'STRING', map: {} })]),
      'parameters[0].map.max',
      'max length is required for STRING',
    ],
    [
      'STRING max empty',
      template([param({ dataType: 'STRING', map: { max: '' } })]),
      'parameters[0].map.max',
      'max length is required for STRING',
    ],
  ])('%s', (_, input, path, message) => {
    expect(onlyProblem(input)).toMatchObject({ path, message });
  });

  it(`allows at most ${MAX_PARAMETERS} parameters`, () => {
    const many = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => param({ identifier: `p${i}` }));
    expect(onlyProblem(template(many))).toMatchObject({
      path: 'parameters',
      message: 'at most 100 parameters',
    });
    expect(validateTemplate(template(many.slice(0, MAX_PARAMETERS))).ok).toBe(true);
  });

  it('says the rule’s code and bound when a list is past even the shape’s far higher bound', () => {
    const huge = Array.from({ length: 10 * MAX_PARAMETERS + 1 }, (_, i) => param({ identifier: `p${i}` }));
    expect(onlyProblem(template(huge))).toEqual({
      path: 'parameters',
      message: 'at most 100 parameters',
      code: 'template.maxParameters',
      params: { max: MAX_PARAMETERS },
    });
    // A bound of another list of the shape keeps zod's code.
    const manyKeys = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, '1']));
    expect(onlyProblem(template([{ ...param(), map: manyKeys }]))).toMatchObject({
      path: 'parameters[0].map',
      code: 'template.maxEntries',
    });
  });
});

describe('validateTemplate: identifiers', () => {
  it.each(['a', '_', 'temp_1', 'A9', `x${'y'.repeat(63)}`])('accepts %s', (identifier) => {
    expect(IDENTIFIER_PATTERN.test(identifier)).toBe(true);
    expect(validateTemplate(template([param({ identifier })])).ok).toBe(true);
  });

  it.each(['1abc', 'has space', 'dash-ed', 'é', ' lead', `x${'y'.repeat(64)}`, 'a.b'])(
    'refuses %j',
    (identifier) => {
      expect(onlyProblem(template([param({ identifier })]))).toMatchObject({
        path: 'parameters[0].identifier',
        message: 'must start with a letter or _, then letters, digits or _ (at most 64 characters)',
      });
    },
  );

  it('refuses a second use of an identifier at the later parameter, naming the first', () => {
    const problems = problemsOf(
      template([param({ identifier: 'a' }), param({ identifier: 'b' }), param({ identifier: 'a' })]),
    );
    expect(problems).toMatchObject([
      { path: 'parameters[2].identifier', message: '"a" is already used by parameter 1' },
    ]);
  });

  it('compares identifiers exactly (case matters)', () => {
    expect(validateTemplate(template([param({ identifier: 'a' }), param({ identifier: 'A' })])).ok).toBe(
      true,
    );
  });
});

describe('validateTemplate: map keys follow the dataType', () => {
  it('lists the keys of each type as the spec does', () => {
    expect(MAP_KEYS_BY_TYPE).toEqual({
      INTEGER: ['min', 'max', 'unitName', 'step'],
      FLOAT: ['min', 'max', 'unitName', 'step'],
      DOUBLE: ['min', 'max', 'unitName', 'step'],
      STRING: ['max'],
    });
  });

  it('refuses a key the type does not take, at that key', () => {
    expect(
      onlyProblem(template([param({ dataType: 'STRING', map: { max: '10', min: '1' } })])),
    ).toMatchObject({
      path: 'parameters[0].map.min',
      message: 'STRING takes only max',
    });
    expect(onlyProblem(numeric('INTEGER', { default: '3' }))).toMatchObject({
      path: 'parameters[0].map.default',
      message: 'INTEGER takes only min, max, unitName, step',
    });
  });

  it('never checks unitName as a number', () => {
    expect(validateTemplate(numeric('DOUBLE', { unitName: 'm/s²' })).ok).toBe(true);
  });
});

describe('validateTemplate: numbers that parse', () => {
  it.each(['0', '-5', '10', '123456789012345678901234567890'])('INTEGER accepts %s', (v) => {
    expect(validateTemplate(numeric('INTEGER', { min: v })).ok).toBe(true);
  });

  it.each(['1.5', '1e3', '1,000', '+1', '01', ' 1', '', 'abc', '0x10', 'Infinity'].filter(Boolean))(
    'INTEGER refuses %j',
    (v) => {
      expect(onlyProblem(numeric('INTEGER', { min: v }))).toMatchObject({
        path: 'parameters[0].map.min',
        message: `must be a whole number such as 10 or -5 (got "${v}")`,
      });
    },
  );

  it.each(['0', '-0.5', '1.25', '100', '0.0000001'])('FLOAT and DOUBLE accept %s', (v) => {
    expect(validateTemplate(numeric('FLOAT', { max: v })).ok).toBe(true);
    expect(validateTemplate(numeric('DOUBLE', { max: v })).ok).toBe(true);
  });

  it.each(['1,5', '1e-7', '.5', '5.', '+2', 'NaN', '1 000'])('DOUBLE refuses %j', (v) => {
    expect(onlyProblem(numeric('DOUBLE', { step: v }))).toMatchObject({
      path: 'parameters[0].map.step',
      message: `must be a number such as 1.5 or -20 (got "${v}")`,
    });
  });

  it('treats an empty numeric value as not given', () => {
    expect(validateTemplate(numeric('DOUBLE', { min: '', max: '', step: '' })).ok).toBe(true);
  });
});

describe('validateTemplate: min, max and step', () => {
  it('refuses min above max, at max', () => {
    expect(onlyProblem(numeric('INTEGER', { min: '10', max: '5' }))).toMatchObject({
      path: 'parameters[0].map.max',
      message: 'max (5) must not be less than min (10)',
    });
  });

  it('accepts min equal to max', () => {
    expect(validateTemplate(numeric('INTEGER', { min: '7', max: '7' })).ok).toBe(true);
  });

  it('compares integers beyond 2^53 exactly', () => {
    expect(onlyProblem(numeric('INTEGER', { min: '9007199254740993', max: '9007199254740992' })).path).toBe(
      'parameters[0].map.max',
    );
  });

  it.each(['0', '-1', '0.000'])('refuses step %s: not greater than 0', (step) => {
    expect(onlyProblem(numeric('DOUBLE', { step }))).toMatchObject({
      path: 'parameters[0].map.step',
      message: 'step must be greater than 0',
    });
  });

  it('refuses a step larger than max − min', () => {
    expect(onlyProblem(numeric('INTEGER', { min: '0', max: '10', step: '11' }))).toMatchObject({
      path: 'parameters[0].map.step',
      message: 'step (11) must not be larger than max − min (10)',
    });
  });

  it('compares the step with max − min exactly, not through doubles', () => {
    // 0.3 − 0.1 is 0.19999999999999998 in doubles: a step of 0.2 must still fit.
    expect(validateTemplate(numeric('DOUBLE', { min: '0.1', max: '0.3', step: '0.2' })).ok).toBe(true);
    expect(onlyProblem(numeric('DOUBLE', { min: '0.1', max: '0.3', step: '0.21' })).message).toBe(
      'step (0.21) must not be larger than max − min (0.2)',
    );
  });

  it('accepts a step equal to max − min, and a step without both bounds', () => {
    expect(validateTemplate(numeric('DOUBLE', { min: '-1.5', max: '1.5', step: '3' })).ok).toBe(true);
    expect(validateTemplate(numeric('DOUBLE', { min: '0', step: '1000' })).ok).toBe(true);
  });

  it('does not also blame the step when min is above max', () => {
    expect(problemsOf(numeric('INTEGER', { min: '10', max: '0', step: '100' })).map((p) => p.path)).toEqual([
      'parameters[0].map.max',
    ]);
  });
});

describe('validateTemplate: STRING max', () => {
  it.each(['1', '255', '65535'])('accepts %s', (max) => {
    expect(validateTemplate(template([param({ dataType: 'STRING', map: { max } })])).ok).toBe(true);
  });

  it.each(['0', '-1', '1.5', 'ten', '1e3'])('refuses %j', (max) => {
    expect(onlyProblem(template([param({ dataType: 'STRING', map: { max } })]))).toMatchObject({
      path: 'parameters[0].map.max',
      message: `must be a positive whole number (got "${max}")`,
    });
  });
});

describe('validateTemplate: several problems', () => {
  it('reports each at its own path, in field order', () => {
    const problems = problemsOf(
      template(
        [
          param({ identifier: '9x', name: '' }),
          param({ identifier: 'ok', dataType: 'INTEGER', map: { min: '1.5', max: '0' } }),
        ],
        { name: '' },
      ),
    );
    expect(problems.map((p) => p.path)).toEqual([
      'name',
      'parameters[0].identifier',
      'parameters[0].name',
      'parameters[1].map.min',
    ]);
  });
});

describe('exact decimals', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['-0', '0', 0],
    ['-1.5', '-1.25', -1],
    ['9007199254740993', '9007199254740992', 1],
  ] as const)('compareDecimals(%s, %s) = %i', (a, b, expected) => {
    expect(compareDecimals(a, b)).toBe(expected);
  });

  it.each([
    ['0.3', '0.1', '0.2'],
    ['10', '-30.5', '40.5'],
    ['1', '1.000', '0'],
    ['0.1', '0.3', '-0.2'],
    ['100000000000000000001', '1', '100000000000000000000'],
  ])('subtractDecimals(%s, %s) = %s', (a, b, expected) => {
    expect(subtractDecimals(a, b)).toBe(expected);
  });
});

describe('numberToWire', () => {
  it.each([
    [0, 'DOUBLE', '0'],
    [-0, 'DOUBLE', '0'],
    [-0, 'INTEGER', '0'],
    [1.5, 'FLOAT', '1.5'],
    [0.1 + 0.2, 'DOUBLE', '0.30000000000000004'],
    [1e21, 'DOUBLE', '1000000000000000000000'],
    [1.5e21, 'DOUBLE', '1500000000000000000000'],
    [1e21, 'INTEGER', '1000000000000000000000'],
    [1e-7, 'DOUBLE', '0.0000001'],
    [-1.25e-8, 'FLOAT', '-0.0000000125'],
    [123456789, 'INTEGER', '123456789'],
    [-42, 'INTEGER', '-42'],
    [2 ** 60, 'INTEGER', '1152921504606846976'],
  ] as const)('%d as %s is "%s"', (value, dataType, wire) => {
    expect(numberToWire(value, dataType)).toBe(wire);
  });

  it('never writes an exponent, a comma or a plus sign', () => {
    for (const v of [1e21, 1e-7, 5e-324, 1.7976931348623157e308, -9.87e-20, 1234567.891]) {
      expect(numberToWire(v, 'DOUBLE')).toMatch(/^-?\d+(\.\d+)?$/);
    }
  });

  it('keeps the value: the wire string parses back to the same number', () => {
    for (const v of [0.1, 1 / 3, 1e-7, 1e21, 5e-324, 123.456e-10]) {
      expect(Number(numberToWire(v, 'DOUBLE'))).toBe(v);
    }
  });

  it('refuses a fraction for INTEGER and anything not finite', () => {
    expect(() => numberToWire(1.5, 'INTEGER')).toThrow(RangeError);
    expect(() => numberToWire(Number.NaN, 'DOUBLE')).toThrow(RangeError);
    expect(() => numberToWire(Number.POSITIVE_INFINITY, 'FLOAT')).toThrow(RangeError);
  });
});

describe('formatPath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatPath(['parameters', 0, 'map', 'min'])).toBe('parameters[0].map.min');
    expect(formatPath([])).toBe('');
  });
});

describe('template numbers have a length limit', () => {
  const templateWith = (dataType: 'INTEGER' | 'DOUBLE' | 'STRING', map: Record<string, string>) => ({
    name: 'T',
    desc: '',
    parameters: [{ dataType, identifier: 'x', name: 'x', map }],
  });

  it('refuses a min, max or step past MAX_NUMBER_CHARS, naming the field and the limit', () => {
    const long = '1'.repeat(MAX_NUMBER_CHARS + 1);
    const result = validateTemplate(templateWith('DOUBLE', { min: '0', max: long, step: `0.${long}` }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toMatchObject([
      {
        path: 'parameters[0].map.max',
        message: `is too long: at most ${MAX_NUMBER_CHARS} characters (got ${long.length})`,
      },
      {
        path: 'parameters[0].map.step',
        message: `is too long: at most ${MAX_NUMBER_CHARS} characters (got ${long.length + 2})`,
      },
    ]);
  });

  it('refuses a STRING max length past the limit, and accepts one at it', () => {
    const at = '9'.repeat(MAX_NUMBER_CHARS);
    expect(validateTemplate(templateWith('STRING', { max: at })).ok).toBe(true);
    const over = validateTemplate(templateWith('STRING', { max: `${at}9` }));
    expect(over.ok || over.problems[0].message).toMatch(/too long/);
  });
});
