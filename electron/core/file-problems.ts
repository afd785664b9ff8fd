import type { z } from 'zod';
import { issueProblems, type CodedFieldProblem, type OwnIssueCode } from '../shared/domain';

/**
 * The problems of a JSON file an operator gives the app (a provisioning file, a views file), each
 * named by its JSON path and coded for the renderer to word: the file's parse failure, its shape
 * against a schema, repeated ids and lists over their limits.
 */

/** `$.profiles[1].credentials.authSecret` */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${out}.${name}` : `${out}[${JSON.stringify(name)}]`;
  }, '$');
}

/**
 * A repeated id in a list of a file, named at its place (`"cam" is already used by $.views[0]`);
 * `firstIndex` keeps each id's first place as the list is walked in order.
 */
export function repeatedId(
  item: Readonly<Record<string, unknown>>,
  i: number,
  list: string,
  firstIndex: Map<string, number>,
): CodedFieldProblem[] {
  if (typeof item.id !== 'string') return [];
  const seen = firstIndex.get(item.id);
  if (seen === undefined) {
    firstIndex.set(item.id, i);
    return [];
  }
  const first = `$.${list}[${seen}]`;
  return [
    {
      path: `$.${list}[${i}].id`,
      message: `"${item.id}" is already used by ${first}`,
      code: 'problem.idRepeated',
      params: { id: item.id, first },
    },
  ];
}

/**
 * Lists of a file longer than their limit, checked on the raw document before anything else (the
 * schema would otherwise check every entry of a list that is refused anyway).
 */
export function oversizeLists(
  raw: unknown,
  limits: readonly (readonly [key: string, max: number, what: string])[],
): CodedFieldProblem[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return limits.flatMap(([key, max, what]) => {
    const list = (raw as Record<string, unknown>)[key];
    return Array.isArray(list) && list.length > max
      ? [
          {
            path: `$.${key}`,
            message: `at most ${max} ${what} (this file has ${list.length})`,
            code: 'problem.tooMany',
            params: { max, count: list.length },
          },
        ]
      : [];
  });
}

/** Short messages in the words of a file's author. Schema-level messages take precedence. */
export const errorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'invalid_type')
    return issue.input === undefined ? 'required' : `must be ${issue.expected}`;
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `must be at most ${String(issue.maximum)}`;
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `must be at least ${String(issue.minimum)}`;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return 'must not be empty';
  if (issue.code === 'invalid_value')
    return `must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  return undefined;
};

/**
 * The problems of a file's shape against its schema, each at its JSON path, coded by its kind for
 * the renderer: `input` is the document that was checked (JSON.parse's value), where a missing
 * value is told from a wrong one. An unknown key is one problem a key, at the key.
 */
export function schemaProblems(error: z.ZodError, input: unknown): CodedFieldProblem[] {
  const issues = error.issues.flatMap((issue): z.core.$ZodIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ ...issue, path: [...issue.path, key], keys: [key] }))
      : [issue],
  );
  return issueProblems(issues, { pathOf: jsonPath, codeOf: (issue) => fileIssueCode(issue, input) });
}

/**
 * The kinds a file's author is told apart from zod's (the same kinds errorMap words): a value left
 * out (`input.required`), an empty text or list (`problem.empty`), a value not among the allowed ones
 * (`problem.oneOf`), an unknown key. Found from the issue's code and fields and the document
 * itself, never from the issue's words: a schema's own message (`id is required`) says the same
 * kind in other words. Any other issue is coded as everywhere else (issueCode).
 */
function fileIssueCode(issue: z.core.$ZodIssue, input: unknown): OwnIssueCode | undefined {
  switch (issue.code) {
    case 'unrecognized_keys':
      return { code: 'problem.unknownKey', message: 'unknown key' };
    case 'invalid_type':
      return missing(input, issue.path) ? { code: 'input.required' } : undefined;
    case 'too_small':
      // A text (or, where zod checks a text's length on a list it was given, a list) of at least one.
      return (issue.origin === 'string' || issue.origin === 'array') &&
        Number(issue.minimum) === 1 &&
        issue.inclusive !== false
        ? { code: 'problem.empty' }
        : undefined;
    case 'invalid_value':
      return { code: 'problem.oneOf', params: { options: oneOf(issue.values) } };
    case 'invalid_union': {
      // A discriminated union whose discriminator matches none of its options names them.
      const { options } = issue as { options?: unknown };
      if (!Array.isArray(options)) return undefined;
      return {
        code: 'problem.oneOf',
        params: { options: oneOf(options) },
        message: `must be ${options.map((o) => JSON.stringify(o)).join(' or ')}`,
      };
    }
    default:
      return undefined;
  }
}

const oneOf = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(' | ');

/** Whether the document has no value at `path` (a key left out): zod's issue no longer holds the input. */
function missing(input: unknown, path: readonly PropertyKey[]): boolean {
  let here: unknown = input;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return true;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here === undefined;
}

/**
 * "line 3, column 7" for a JSON.parse failure.
 *
 * Engines differ in whether their message gives a position (Node 20's does not), so the place is
 * found by search: the shortest prefix whose failure is not "the input ended early" ends at the
 * first bad character. The engine's message is not repeated: it quotes the file, secrets included.
 */
export function parseFailure(text: string): CodedFieldProblem {
  const endedEarly = (prefix: string): boolean => {
    try {
      JSON.parse(prefix);
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      return /end of (JSON )?input/i.test(message) || (at !== null && Number(at[1]) >= prefix.length);
    }
  };
  if (text.trim() === '')
    return { path: '$', message: 'not valid JSON (the file is empty)', code: 'problem.json.empty' };
  let lo = 0;
  let hi = text.length;
  if (endedEarly(text))
    return { path: '$', message: 'not valid JSON (it ends too early)', code: 'problem.json.endsEarly' };
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endedEarly(text.slice(0, mid + 1))) lo = mid + 1;
    else hi = mid;
  }
  const before = text.slice(0, lo);
  const line = before.split('\n').length;
  const column = lo - (before.lastIndexOf('\n') + 1) + 1;
  const char = text[lo];
  const what =
    char === undefined ? '' : `: unexpected ${/\s/.test(char) ? 'white space' : JSON.stringify(char)}`;
  return {
    path: '$',
    message: `not valid JSON (line ${line}, column ${column}${what})`,
    code: 'problem.json.at',
    params: { line, column },
  };
}
