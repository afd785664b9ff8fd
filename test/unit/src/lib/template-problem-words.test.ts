import { afterEach, describe, expect, it } from 'vitest';
import { wordProblem } from '../../../../src/features/templates/problem-text';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { codeWords, errorWords } from '../../../../src/lib/error-words';

/**
 * The template rule book's and form's codes (`template.*`) are worded in one place: the template
 * form and the errors of the core say the same words for the same code and parameters, with the
 * parameters that are themselves words (what an import found, where JSON broke) worded too.
 */
afterEach(() => void startI18n('en'));

const notText = { code: 'template.notText', params: { found: 'list' } };
const syntax = {
  code: 'template.json.syntax',
  params: { line: 2, column: 5, reason: 'expected', expected: 'value', found: '}' },
};

describe('template codes, worded in one place', () => {
  it('words what an import found, in English and in Chinese, wherever the code is worded', () => {
    startI18n('en');
    expect(codeWords(notText.code, notText.params)).toBe('expected text, found a list: left empty');
    expect(wordProblem({ message: 'english', ...notText })).toBe('expected text, found a list: left empty');
    startI18n('zh-CN');
    expect(codeWords(notText.code, notText.params)).toBe('应为文本，实际是列表：已留空');
    expect(wordProblem({ message: 'english', ...notText })).toBe('应为文本，实际是列表：已留空');
  });

  it('words a JSON syntax error with its detail, from the core’s errors as from the form', () => {
    startI18n('en');
    const english = 'JSON syntax error at line 2, column 5: expected a value but found }';
    expect(codeWords(syntax.code, syntax.params)).toBe(english);
    expect(wordProblem({ message: 'english', ...syntax })).toBe(english);
    startI18n('zh-CN');
    const refused = {
      message: 'Invalid input: body: JSON syntax error',
      code: 'input.invalid',
      params: { count: 1 },
      details: [{ path: 'body', message: 'JSON syntax error', ...syntax }],
    };
    const zh = wordProblem({ message: 'english', ...syntax });
    expect(zh).not.toContain('{{');
    expect(zh).not.toBe(english);
    expect(errorWords(refused)).toContain(zh);
  });
});
