import { describe, expect, it } from 'vitest';
import { validateTemplate, type TemplateDataType } from '../../../../../electron/shared/domain';
import { toWireValue } from '../../../../../src/features/templates/to-wire-value';

const wire = (input: string | number, dataType: TemplateDataType) => {
  const result = toWireValue(input, dataType);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to convert: ${result.message}`);
  return result.wire;
};
const refusal = (input: string | number, dataType: TemplateDataType) => {
  const result = toWireValue(input, dataType);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${result.wire}`);
  return result.message;
};

describe('toWireValue: text as typed', () => {
  it('leaves an empty or blank field out', () => {
    expect(toWireValue('', 'DOUBLE')).toEqual({ ok: true, wire: undefined });
    expect(toWireValue('   ', 'INTEGER')).toEqual({ ok: true, wire: undefined });
  });

  it.each([
    ['  42 ', 'INTEGER', '42'],
    ['+7', 'INTEGER', '7'],
    ['007', 'INTEGER', '7'],
    ['-0', 'INTEGER', '0'],
    ['-0.000', 'DOUBLE', '0'],
    ['2.0', 'INTEGER', '2'],
    ['1e3', 'INTEGER', '1000'],
    ['1.5E1', 'INTEGER', '15'],
    ['.5', 'FLOAT', '0.5'],
    ['5.', 'FLOAT', '5'],
    ['-.25', 'DOUBLE', '-0.25'],
    ['1.50', 'DOUBLE', '1.5'],
    ['1e-7', 'DOUBLE', '0.0000001'],
    ['1e21', 'DOUBLE', '1000000000000000000000'],
    ['−5', 'INTEGER', '-5'],
    ['\u00a012.5\u00a0', 'DOUBLE', '12.5'],
    ['64', 'STRING', '64'],
  ] as const)('%j as %s is sent as "%s"', (input, dataType, expected) => {
    expect(wire(input, dataType)).toBe(expected);
  });

  it('keeps decimal text exactly instead of passing it through a double', () => {
    expect(wire('0.1', 'DOUBLE')).toBe('0.1');
    expect(wire('0.30000000000000004', 'DOUBLE')).toBe('0.30000000000000004');
    expect(wire('9007199254740993', 'INTEGER')).toBe('9007199254740993');
    expect(wire('-9223372036854775808', 'INTEGER')).toBe('-9223372036854775808');
  });

  it('refuses a comma rather than guessing the locale', () => {
    expect(refusal('1,5', 'DOUBLE')).toBe(
      'use a dot for decimals ("1.5", not "1,5") and no thousands separators',
    );
    expect(refusal('1,000', 'INTEGER')).toMatch(/use a dot for decimals/);
  });

  it('refuses digit groups inside a number', () => {
    expect(refusal('1 000', 'INTEGER')).toBe('remove the spaces or separators inside the number');
    expect(refusal("1'000", 'INTEGER')).toBe('remove the spaces or separators inside the number');
    expect(refusal('1_000', 'INTEGER')).toBe('remove the spaces or separators inside the number');
  });

  it.each(['abc', '0x10', 'Infinity', 'NaN', '-', '.', '1e', '1.2.3', '--1', 'e5', '5 kg'])(
    'refuses %j',
    (input) => {
      expect(refusal(input, 'DOUBLE')).toBe('must be a number such as 1.5 or -20');
      expect(refusal(input, 'INTEGER')).toBe('must be a whole number such as 10 or -5');
    },
  );

  it('refuses a fraction for INTEGER and for a STRING length', () => {
    expect(refusal('1.5', 'INTEGER')).toBe('must be a whole number (INTEGER has no decimals)');
    expect(refusal('1e-1', 'INTEGER')).toBe('must be a whole number (INTEGER has no decimals)');
    expect(refusal('10.5', 'STRING')).toBe('must be a whole number of characters');
  });

  it('refuses values beyond the range of FLOAT and DOUBLE', () => {
    expect(wire('340282346638528859811704183484516925440', 'FLOAT')).toBe(
      '340282346638528859811704183484516925440',
    );
    expect(refusal('3.5e38', 'FLOAT')).toMatch(/too large for FLOAT/);
    expect(refusal('-3.5e38', 'FLOAT')).toMatch(/too large for FLOAT/);
    expect(wire('3.5e38', 'DOUBLE')).toBe(`35${'0'.repeat(37)}`);
    expect(refusal('2e308', 'DOUBLE')).toMatch(/too large for DOUBLE/);
    expect(refusal('1e999999', 'DOUBLE')).toMatch(/exponent is too large/);
  });

  it('sends integers beyond 64 bits exactly, with a note', () => {
    const result = toWireValue('123456789012345678901234567890', 'INTEGER');
    expect(result).toEqual({
      ok: true,
      wire: '123456789012345678901234567890',
      note: {
        message: 'beyond 64-bit integers: the platform may not be able to store it',
        code: 'template.int64',
      },
    });
  });

  it('notes digits a FLOAT or DOUBLE cannot keep, without refusing them', () => {
    expect(toWireValue('3.14159265358979', 'FLOAT')).toMatchObject({
      ok: true,
      wire: '3.14159265358979',
      note: {
        message: expect.stringMatching(/FLOAT keeps about 7–9/),
        code: 'template.precision',
        params: { type: 'FLOAT', low: 7, high: 9 },
      },
    });
    expect(toWireValue('3.1415927', 'FLOAT')).toEqual({ ok: true, wire: '3.1415927' });
    expect(toWireValue('0.1234567890123456789', 'DOUBLE')).toMatchObject({
      ok: true,
      note: { message: expect.stringMatching(/DOUBLE/) },
    });
    expect(toWireValue('0.0000001', 'FLOAT')).toEqual({ ok: true, wire: '0.0000001' });
  });

  it('always produces what the shared rule book accepts for its type', () => {
    const inputs = ['+1', '.5', '1e3', '-0', '007', '1.50', '1e-7', '2.0', '12345678901234567890'];
    for (const dataType of ['INTEGER', 'FLOAT', 'DOUBLE'] as const) {
      for (const input of inputs) {
        const result = toWireValue(input, dataType);
        if (!result.ok || result.wire === undefined) continue;
        const checked = validateTemplate({
          desc: '',
          name: 'n',
          parameters: [{ dataType, identifier: 'x', name: 'x', map: { min: result.wire } }],
        });
        expect(checked.ok, `${input} as ${dataType} -> ${result.wire}`).toBe(true);
      }
    }
  });
});

describe('toWireValue: numbers from an imported file', () => {
  it.each([
    [1e21, 'DOUBLE', '1000000000000000000000'],
    [0.1 + 0.2, 'DOUBLE', '0.30000000000000004'],
    [-0, 'DOUBLE', '0'],
    [-0, 'INTEGER', '0'],
    [1e-7, 'FLOAT', '0.0000001'],
    [42, 'INTEGER', '42'],
    [2 ** 53 - 1, 'INTEGER', '9007199254740991'],
    [255, 'STRING', '255'],
  ] as const)('%d as %s is "%s"', (input, dataType, expected) => {
    expect(wire(input, dataType)).toBe(expected);
  });

  it('refuses an INTEGER beyond 2^53: JSON.parse already changed its digits', () => {
    expect(refusal(2 ** 53 + 2, 'INTEGER')).toMatch(/loses digits/);
    expect(refusal(1e21, 'INTEGER')).toMatch(/loses digits/);
  });

  it('refuses a fraction for INTEGER and a number that is not finite', () => {
    expect(refusal(1.5, 'INTEGER')).toBe('must be a whole number (INTEGER has no decimals)');
    expect(refusal(Number.NaN, 'DOUBLE')).toBe('must be a number such as 1.5 or -20');
    expect(refusal(Number.POSITIVE_INFINITY, 'FLOAT')).toBe('must be a number such as 1.5 or -20');
  });
});
