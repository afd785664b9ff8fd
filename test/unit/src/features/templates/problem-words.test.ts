import { afterAll, describe, expect, it } from 'vitest';
import { validateTemplate } from '../../../../../electron/shared/domain';
import { checkDraft } from '../../../../../src/features/templates/check-draft';
import { parseJson } from '../../../../../src/features/templates/parse-json';
import { pathLabel } from '../../../../../src/features/templates/path-label';
import { wordProblem } from '../../../../../src/features/templates/problem-words';
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
 * Every message the form's checks and the shared rule book really produce (made by running them on
 * bad input, not written out here), plus hints: a new wording without a catalog entry fails below.
 */
function producedMessages(): string[] {
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
  const messages = new Set<string>();
  for (const draft of drafts) {
    const check = checkDraft(draft);
    for (const p of check.problems) messages.add(p.message);
    for (const note of Object.values(check.notes)) messages.add(note);
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
  if (!rules.ok) for (const p of rules.problems) messages.add(p.message);
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
  if (!tooMany.ok) for (const p of tooMany.problems) messages.add(p.message);
  for (const [value, type] of [
    [1.5, 'INTEGER'],
    [2 ** 60, 'INTEGER'],
    [Infinity, 'DOUBLE'],
  ] as const) {
    const converted = toWireValue(value, type);
    if (!converted.ok) messages.add(converted.message);
  }
  for (const input of [[], 'text', null]) {
    const loaded = templateToDraft(input);
    if (!loaded.ok) messages.add(loaded.message);
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
  if (loaded.ok) for (const p of loaded.problems) messages.add(p.message);
  const notList = templateToDraft({ name: 'x', parameters: 'none' });
  if (notList.ok) for (const p of notList.problems) messages.add(p.message);
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
    if (!parsed.ok) messages.add(parsed.message);
  }
  return [...messages];
}

describe('the form’s problems in the operator’s language', () => {
  afterAll(() => startI18n('en'));

  it('English gives back every message exactly as the checks word it', () => {
    startI18n('en');
    const messages = producedMessages();
    expect(messages.length).toBeGreaterThan(40);
    for (const message of messages) expect(wordProblem(message)).toBe(message);
  });

  it('Chinese words every message of the checks and the rule book, keeping its values', () => {
    startI18n('zh-CN');
    const unworded = producedMessages().filter((m) => !HAN.test(wordProblem(m)));
    expect(unworded).toEqual([]);
    expect(wordProblem('max (1) must not be less than min (10)')).toBe('最大值（1）不能小于最小值（10）');
    expect(wordProblem('JSON syntax error at line 4, column 3: expected "," or "}" but found "\\""')).toBe(
      'JSON 语法错误，第 4 行第 3 列：此处应为“,”或“}”，实际是"\\""',
    );
    expect(wordProblem('expected text, found boolean true: left empty')).toBe(
      '应为文本，实际是布尔值 true：已留空',
    );
  });

  it('a message no rule knows (a platform’s own words) is shown as it came', () => {
    startI18n('zh-CN');
    expect(wordProblem('a template with this name already exists in the project')).toBe(
      'a template with this name already exists in the project',
    );
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
