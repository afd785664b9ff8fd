import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMap, schemaProblems } from '../../../electron/core/file-problems';
import { checkProvisioning } from '../../../electron/core/provisioning-check';
import { checkViewsImport } from '../../../electron/core/views-transfer';
import type { CodedFieldProblem } from '../../../electron/shared/domain';
import { startI18n } from '../../../src/i18n/start-i18n';
import { fieldProblemWords } from '../../../src/lib/error-words';

/**
 * A file's shape problems are coded by what is wrong (a value left out, an empty text, a value not
 * among the allowed ones, an unknown key), found from the issue and the file, never from the words
 * the schema or the file's error map gave the issue: those stay the file author's English words
 * (what the CLI prints), and the code is what the renderer words in the operator's language.
 */
function problemsOf(schema: z.ZodType, input: unknown): CodedFieldProblem[] {
  const parsed = schema.safeParse(input, { error: errorMap });
  if (parsed.success) throw new Error('expected problems');
  return schemaProblems(parsed.error, input);
}

function zhProblem(problem: CodedFieldProblem): string {
  try {
    startI18n('zh-CN');
    return fieldProblemWords(problem);
  } finally {
    startI18n('en');
  }
}

describe("a file's shape problems", () => {
  it('are coded by their kind, whatever words the schema gives them', () => {
    const schema = z
      .object({
        name: z.string().min(1, 'name is required'),
        count: z.number({ error: 'required' }),
        title: z.string({ error: 'give a title' }),
        mode: z.enum(['a', 'b'], { error: 'pick a mode' }),
      })
      .strict();
    expect(problemsOf(schema, { name: '', count: 'three', mode: 'c', 'odd key': 1, extra: 2 })).toEqual([
      { path: '$.name', message: 'name is required', code: 'problem.empty' },
      // Its words say "required", but a value is there: of the wrong type.
      { path: '$.count', message: 'required', code: 'input.invalidType', params: { expected: 'number' } },
      // Its words do not say "required", but the file has no title.
      { path: '$.title', message: 'give a title', code: 'input.required' },
      { path: '$.mode', message: 'pick a mode', code: 'problem.oneOf', params: { options: '"a" | "b"' } },
      { path: '$["odd key"]', message: 'unknown key', code: 'problem.unknownKey' },
      { path: '$.extra', message: 'unknown key', code: 'problem.unknownKey' },
    ]);
  });

  it("keep the error map's words for the file's author", () => {
    const schema = z.object({
      name: z.string().min(1),
      kind: z.enum(['x', 'y']),
      size: z.number().max(8),
      list: z.array(z.object({ id: z.string() })),
    });
    expect(problemsOf(schema, { name: '', kind: 'z', size: 9, list: [{ id: 1 }, {}] })).toEqual([
      { path: '$.name', message: 'must not be empty', code: 'problem.empty' },
      {
        path: '$.kind',
        message: 'must be "x" or "y"',
        code: 'problem.oneOf',
        params: { options: '"x" | "y"' },
      },
      {
        path: '$.size',
        message: 'must be at most 8',
        code: 'input.tooBig',
        params: { maximum: 8, origin: 'number' },
      },
      {
        path: '$.list[0].id',
        message: 'must be string',
        code: 'input.invalidType',
        params: { expected: 'string' },
      },
      { path: '$.list[1].id', message: 'required', code: 'input.required' },
    ]);
  });

  it('an empty name in a provisioning file reads "must not be empty" in Chinese, its English words kept', () => {
    const checked = checkProvisioning(
      JSON.stringify({
        version: 1,
        tours: [{ id: 'night', name: '', kind: 'views', dwellSeconds: 10, views: ['a', 'b'] }],
        layouts: [
          {
            id: 'hall',
            name: 'Hall',
            profile: 'site',
            grid: { columns: 1, rows: 1 },
            tiles: [{ deviceKey: ' ' }],
          },
        ],
      }),
      { profileIds: ['site'], layoutIds: ['a', 'b'], tier: 'strong' },
    );
    expect(checked.ok).toBe(false);
    const problems = checked.ok ? [] : checked.problems;
    const at = (path: string) => problems.find((p) => p.path === path);
    expect(at('$.tours[0].name')).toEqual({
      path: '$.tours[0].name',
      message: 'name is required',
      code: 'problem.empty',
    });
    expect(at('$.layouts[0].tiles[0].deviceKey')).toMatchObject({
      message: 'deviceKey is required',
      code: 'problem.empty',
    });
    expect(zhProblem(at('$.tours[0].name')!)).toBe('不能为空');
    expect(fieldProblemWords(at('$.tours[0].name')!)).toBe('name is required');
  });

  it('a views file: a view left without its grid, an empty id, a tour of an unknown kind', () => {
    const checked = checkViewsImport(
      JSON.stringify({
        format: 'control-room-wall/views',
        version: 1,
        views: [{ id: '', name: 'Hall', profileId: 'site', tiles: [] }],
        tours: [{ id: 'night', name: 'Night', kind: 'slides', dwellSeconds: 10 }],
      }),
      { views: [], tours: [], profileIds: ['site'], selectedProfileId: null, onConflict: 'copy' },
    );
    expect(checked.ok).toBe(false);
    const problems = checked.ok ? [] : checked.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '$.views[0].id', message: 'id is required', code: 'problem.empty' },
        { path: '$.views[0].grid', message: 'required', code: 'input.required' },
        {
          path: '$.tours[0].kind',
          message: 'must be "views" or "tile"',
          code: 'problem.oneOf',
          params: { options: '"views" | "tile"' },
        },
      ]),
    );
    expect(zhProblem(problems.find((p) => p.path === '$.views[0].grid')!)).toBe('必填');
  });
});
