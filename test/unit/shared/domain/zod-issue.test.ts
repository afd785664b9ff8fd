import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueProblems } from '../../../../electron/shared/domain';
import { runHandler, type CoreHandlers } from '../../../../electron/core/run-handler';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { fieldProblemWords } from '../../../../src/lib/error-words';

/**
 * Every kind of zod issue becomes a field problem with a code and parameters, so an operator who
 * reads another language than the core's never sees zod's English words.
 */
const HAN = /\p{Script=Han}/u;

/** Each kind of issue zod has, made by parsing bad input (not written out by hand). */
function everyIssue() {
  const schema = z
    .object({
      big: z.string().max(3),
      bigExclusive: z.number().lt(5),
      small: z.array(z.number()).min(2),
      exact: z.string().length(4),
      type: z.number(),
      format: z.string().regex(/^a+$/),
      email: z.email(),
      prefix: z.string().startsWith('tpl-'),
      multiple: z.number().multipleOf(5),
      value: z.enum(['INTEGER', 'STRING']),
      union: z.union([z.number(), z.boolean()]),
      key: z.record(z.string().max(2), z.number()),
      custom: z.string().refine(() => false, 'custom words'),
      coded: z.string().refine(() => false, { message: 'own words', params: { code: 'template.addOne' } }),
    })
    .strict();
  const parsed = schema.safeParse({
    big: 'abcd',
    bigExclusive: 5,
    small: [1],
    exact: 'abc',
    type: 'one',
    format: 'b',
    email: 'nope',
    prefix: 'x',
    multiple: 7,
    value: 'BOOLEAN',
    union: 'x',
    key: { long: 1 },
    custom: 'x',
    coded: 'x',
    extra: 1,
  });
  if (parsed.success) throw new Error('expected issues');
  // zod reports a bad entry of a map or set as invalid_element only in some shapes: this one is made by hand.
  const element = {
    code: 'invalid_element',
    origin: 'map',
    key: 'a',
    issues: [],
    path: ['element'],
    message: 'Invalid entry',
  } as unknown as z.core.$ZodIssue;
  return issueProblems([...parsed.error.issues, element]);
}

describe('zod issues as coded field problems', () => {
  afterAll(() => startI18n('en'));

  it('gives every kind of issue a code and parameters', () => {
    const byPath = Object.fromEntries(everyIssue().map((p) => [p.path, p]));
    expect(byPath.big).toMatchObject({ code: 'input.tooBig', params: { maximum: 3, origin: 'string' } });
    expect(byPath.bigExclusive).toMatchObject({ code: 'input.tooBigExclusive', params: { maximum: 5 } });
    expect(byPath.small).toMatchObject({ code: 'input.tooSmall', params: { minimum: 2, origin: 'array' } });
    expect(byPath.exact).toMatchObject({ code: 'input.exactSize', params: { size: 4, origin: 'string' } });
    expect(byPath.type).toMatchObject({ code: 'input.invalidType', params: { expected: 'number' } });
    expect(byPath.format).toMatchObject({ code: 'input.invalidFormat', params: { format: 'regex' } });
    expect(byPath.email).toMatchObject({ code: 'input.invalidFormat', params: { format: 'email' } });
    expect(byPath.prefix).toMatchObject({
      code: 'input.invalidFormat',
      params: { format: 'starts_with', prefix: 'tpl-' },
    });
    expect(byPath.multiple).toMatchObject({ code: 'input.notMultipleOf', params: { divisor: 5 } });
    expect(byPath.value).toMatchObject({
      code: 'input.invalidValue',
      params: { values: '"INTEGER", "STRING"', count: 2 },
    });
    expect(byPath.union).toMatchObject({ code: 'input.invalidUnion' });
    expect(byPath['key.long']).toMatchObject({ code: 'input.invalidKey', params: { origin: 'record' } });
    expect(byPath.element).toMatchObject({
      code: 'input.invalidElement',
      params: { origin: 'map', key: '"a"' },
    });
    expect(byPath.custom).toMatchObject({ code: 'input.custom', params: { message: 'custom words' } });
    // A refinement chooses its own code with `params.code`.
    expect(byPath.coded).toMatchObject({ code: 'template.addOne', message: 'own words' });
    expect(byPath['(input)']).toMatchObject({
      code: 'input.unrecognizedKeys',
      params: { keys: 'extra', count: 1 },
    });
    expect(everyIssue().filter((p) => p.code === undefined)).toEqual([]);
  });

  it('words every one of them in Chinese, and leaves English as the core said it', () => {
    startI18n('zh-CN');
    const problems = everyIssue().filter((p) => p.code !== 'input.custom');
    const unworded = problems.filter((p) => !HAN.test(fieldProblemWords(p)));
    expect(unworded).toEqual([]);
    expect(fieldProblemWords(problems.find((p) => p.path === 'prefix')!)).toBe('须以“tpl-”开头');
    startI18n('en');
    for (const p of problems) expect(fieldProblemWords(p)).toBe(p.message);
  });

  it('gives a caller’s own code where it chooses one, and zod’s everywhere else, at the caller’s paths', () => {
    const parsed = z
      .object({ port: z.number(), name: z.string().min(1) })
      .safeParse({ port: Number.NaN, name: '' });
    if (parsed.success) throw new Error('expected issues');
    const whole = z.number().safeParse('x');
    if (whole.success) throw new Error('expected an issue');
    const codeOf = (issue: z.core.$ZodIssue) =>
      issue.path[0] === 'port' ? { code: 'room.problem.port', params: {}, message: 'a port' } : undefined;
    expect(issueProblems(parsed.error.issues, { prefix: '[1].', codeOf })).toEqual([
      { path: '[1].port', message: 'a port', code: 'room.problem.port', params: {} },
      {
        path: '[1].name',
        message: parsed.error.issues[1].message,
        code: 'input.tooSmall',
        params: { minimum: 1, origin: 'string' },
      },
    ]);
    expect(issueProblems(whole.error.issues, { whole: '(body)', codeOf })).toMatchObject([
      { path: '(body)', code: 'input.invalidType' },
    ]);
  });

  it('names paths the caller’s way when it gives one (a file’s JSON paths)', () => {
    const parsed = z.object({ tiles: z.array(z.object({ column: z.number() })) }).safeParse({
      tiles: [{ column: 1 }, { column: 'two' }],
    });
    if (parsed.success) throw new Error('expected issues');
    const pathOf = (path: readonly PropertyKey[]) => `$.views[3].${path.join('/')}`;
    expect(issueProblems(parsed.error.issues, { pathOf })).toMatchObject([
      { path: '$.views[3].tiles/1/column', code: 'input.invalidType', params: { expected: 'number' } },
    ]);
  });

  it('a call refused by the contract carries the codes to the renderer', async () => {
    const handlers = {} as CoreHandlers;
    const result = await runHandler(handlers, 'products:list', { pageSize: 'many' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'input.invalid', params: { count: 1 } });
    expect(result.error.details?.[0]).toMatchObject({ path: 'pageSize', code: 'input.invalidType' });
  });
});
