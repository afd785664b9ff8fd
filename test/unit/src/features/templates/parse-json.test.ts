import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../../src/features/templates/parse-json';

const failure = (text: string) => {
  const result = parseJson(text);
  if (result.ok) throw new Error('expected a syntax error');
  return result;
};

describe('parseJson', () => {
  it('parses valid JSON, skipping a byte-order mark', () => {
    expect(parseJson('{"a": [1, "x", null, true]}')).toEqual({
      ok: true,
      value: { a: [1, 'x', null, true] },
    });
    expect(parseJson('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('points at a missing comma by line and column', () => {
    const text = '{\n  "name": "x"\n  "desc": ""\n}';
    expect(failure(text)).toMatchObject({
      line: 3,
      column: 3,
      message: 'JSON syntax error at line 3, column 3: expected "," or "}" but found "\\""',
    });
  });

  it('names a trailing comma', () => {
    expect(failure('{"parameters": [1, 2,]}')).toMatchObject({
      line: 1,
      column: 22,
      message: expect.stringContaining('no comma may come right before "]"'),
    });
    expect(failure('{"a": 1,\n}')).toMatchObject({
      line: 2,
      column: 1,
      message: expect.stringContaining('no comma may come right before "}"'),
    });
  });

  it('explains single quotes, an unclosed text and the end of the text', () => {
    expect(failure("{'a': 1}").message).toContain('a field name in double quotes');
    expect(failure('{"a": \'x\'}').message).toContain('double quotes');
    expect(failure('{"a": "x').message).toContain('not closed');
    expect(failure('{"a": 1').message).toContain('but found the end of the text');
    expect(failure('').message).toContain('the text is empty');
    expect(failure('{} x')).toMatchObject({
      column: 4,
      message: expect.stringContaining('expected the end of the text'),
    });
  });

  it('counts columns from 1 on the line of the error', () => {
    expect(failure('{\n\n   "a": tru\n}')).toMatchObject({ line: 3, column: 9 });
  });
});
