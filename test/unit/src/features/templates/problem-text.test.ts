import { afterAll, describe, expect, it } from 'vitest';
import { validateTemplate } from '../../../../../electron/shared/domain';
import { checkDraft } from '../../../../../src/features/templates/check-draft';
import { parseJson } from '../../../../../src/features/templates/parse-json';
import { pathLabel } from '../../../../../src/features/templates/path-label';
import { wordProblem, type CodedWords } from '../../../../../src/features/templates/problem-text';
import { blankParameter, type TemplateDraft } from '../../../../../src/features/templates/template-draft';
import { templateToDraft } from '../../../../../src/features/templates/template-import';
import { toWireValue } from '../../../../../src/features/templates/to-wire-value';
import { startI18n } from '../../../../../src/i18n/start-i18n';

const HAN = /\p{Script=Han}/u;

const param = (
  identifier: string,
  dataType: string,
  values: Partial<Record<'min' | 'max' | 'step' | 'unitName', string>> = {},
  extra: Record<string, string> = {},
) => ({
  ...blankParameter(dataType),
  identifier,
  name: identifier,
  values: { ...blankParameter().values, ...values },
  extra,
});

/**
 * Every problem the form's checks and the shared rule book really produce (made by running them on
 * bad input, not written out here), plus hints: a new finding without a code or words fails below.
 */
function producedProblems(): CodedWords[] {
  const drafts: TemplateDraft[] = [
    { projectKey: '', name: '', desc: '', parameters: [] },
    {
      projectKey: 'has space',
      name: 'N',
      desc: '',
      parameters: [
        param('', 'INTEGER', { min: '1.5' }),
        param('9bad', 'DOUBLE', { min: '10', max: '1', step: '-1' }),
        param('dup', 'INTEGER', { min: '0', max: '10', step: '20' }),
        param('dup', 'STRING', { max: '0' }),
        param('s', 'STRING'),
        param('f', 'FLOAT', { min: '1,5', max: '1 000', step: '1e999' }),
        param('g', 'FLOAT', { max: '1e39', min: '1.23456789012' }),
        param('h', 'DOUBLE', { max: '1e309' }),
        param('i', 'INTEGER', { max: '99999999999999999999', min: '1e3' }),
        param('j', 'BOOLEAN'),
        param('k', ''),
        param('l', 'STRING', { max: '2.5' }),
        param('m', 'INTEGER', { min: 'abc', max: '1'.repeat(50) }, { colour: 'red' }),
      ],
    },
  ];
  const messages = new Map<string, CodedWords>();
  const add = (p: CodedWords) => messages.set(p.message, p);
  for (const draft of drafts) {
    const check = checkDraft(draft);
    for (const p of check.problems) add(p);
    for (const note of Object.values(check.notes)) add(note);
  }
  const rules = validateTemplate({
    name: 'N',
    desc: '',
    parameters: [
      { dataType: 'INTEGER', identifier: 'a', name: 'A', map: { min: 'x' } },
      { dataType: 'DOUBLE', identifier: 'b', name: 'B', map: { min: '1.x' } },
      { dataType: 'STRING', identifier: 'c', name: 'C', map: { max: '1'.repeat(50) } },
    ],
  });
  if (!rules.ok) for (const p of rules.problems) add(p);
  const tooMany = validateTemplate({
    name: 'N',
    desc: '',
    parameters: Array.from({ length: 101 }, (_, i) => ({
      dataType: 'STRING',
      identifier: `p${i}`,
      name: 'P',
      map: { max: '1' },
    })),
  });
  if (!tooMany.ok) for (const p of tooMany.problems) add(p);
  for (const [value, type] of [
    [1.5, 'INTEGER'],
    [2 ** 60, 'INTEGER'],
    [Infinity, 'DOUBLE'],
  ] as const) {
    const converted = toWireValue(value, type);
    if (!converted.ok) add(converted);
  }
  for (const input of [[], 'text', null]) {
    const loaded = templateToDraft(input);
    if (!loaded.ok) add(loaded);
  }
  const loaded = templateToDraft({
    name: true,
    desc: [],
    parameters: [
      5,
      { identifier: {}, name: 'x', dataType: 'INTEGER', map: { min: true, max: null } },
      { identifier: 'y', name: 'y', dataType: 'DOUBLE', map: 'none' },
    ],
  });
  if (loaded.ok) for (const p of loaded.problems) add(p);
  const notList = templateToDraft({ name: 'x', parameters: 'none' });
  if (notList.ok) for (const p of notList.problems) add(p);
  for (const text of [
    '',
    '{"a" 1}',
    '{"a": 1,}',
    '[1,]',
    "{'a': 1}",
    '{"a": "x',
    '"\\q"',
    '"\\u12"',
    '"a\nb"',
    '{"a": 1} x',
    '{"a": tru}',
    '{3: 1}',
    '[1 2]',
    '-',
  ]) {
    const parsed = parseJson(text);
    if (!parsed.ok) add(parsed);
  }
  return [...messages.values()];
}

describe('the form’s problems in the operator’s language', () => {
  afterAll(() => startI18n('en'));

  it('every problem carries a code, and English words it exactly as the checks do', () => {
    startI18n('en');
    const problems = producedProblems();
    expect(problems.length).toBeGreaterThan(40);
    expect(problems.filter((p) => p.code === undefined)).toEqual([]);
    for (const problem of problems) expect(wordProblem(problem)).toBe(problem.message);
  });

  it('Chinese words every problem of the checks and the rule book from its code, keeping its values', () => {
    startI18n('zh-CN');
    const unworded = producedProblems().filter((p) => !HAN.test(wordProblem(p)));
    expect(unworded).toEqual([]);
    const rules = validateTemplate({
      name: 'N',
      desc: '',
      parameters: [{ dataType: 'INTEGER', identifier: 'a', name: 'A', map: { min: '10', max: '1' } }],
    });
    expect(rules.ok ? [] : rules.problems).toEqual([
      {
        path: 'parameters[0].map.max',
        message: 'max (1) must not be less than min (10)',
        code: 'template.maxBelowMin',
        params: { max: '1', min: '10' },
      },
    ]);
    expect(wordProblem((rules.ok ? [] : rules.problems)[0])).toBe('最大值（1）不能小于最小值（10）');
    const parsed = parseJson('{"a": 1\n\n\n  "b": 2}');
    expect(parsed.ok ? undefined : parsed.params).toEqual({
      line: 4,
      column: 3,
      reason: 'expected',
      expected: 'commaOr}',
      found: '"\\""',
    });
    expect(parsed.ok ? '' : wordProblem(parsed)).toBe(
      'JSON 语法错误，第 4 行第 3 列：此处应为“,”或“}”，实际是"\\""',
    );
    const loaded = templateToDraft({ name: true });
    expect(loaded.ok && loaded.problems[0]).toMatchObject({
      code: 'template.notText',
      params: { found: 'boolean', value: 'true' },
    });
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(wordProblem(loaded.problems[0])).toBe('应为文本，实际是布尔值 true：已留空');
  });

  it('a problem with no code (a platform’s own words about a field) is shown as it came', () => {
    startI18n('zh-CN');
    const said = { message: 'a template with this name already exists in the project' };
    expect(wordProblem(said)).toBe(said.message);
  });

  it('a zod problem of the shape is worded by the errors catalog', () => {
    startI18n('zh-CN');
    const shape = validateTemplate({ name: 'x'.repeat(1001), desc: '', parameters: [] });
    const problem = shape.ok ? undefined : shape.problems.find((p) => p.path === 'name');
    expect(problem).toMatchObject({ code: 'input.tooBig', params: { maximum: 1000, origin: 'string' } });
    expect(wordProblem(problem!)).toBe('最多 1000 个字符');
  });

  it('names a field in the language', () => {
    const draft: TemplateDraft = {
      projectKey: '',
      name: '',
      desc: '',
      parameters: [param('temp', 'DOUBLE')],
    };
    startI18n('zh-CN');
    expect(pathLabel('parameters[0].map.max', draft)).toBe('参数 1（temp） · 最大值');
    expect(pathLabel('projectKey', draft)).toBe('项目密钥');
    startI18n('en');
    expect(pathLabel('parameters[0].map.max', draft)).toBe('Parameter 1 (temp) · max');
  });
});
