import type { z } from 'zod';
import type { CodedFieldProblem, ErrorParams } from './errors';

/** A path as words: `parameters[2].map.min`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out === '' ? String(key) : `${out}.${String(key)}`;
  }, '');
}

/** A code and its parameters, for the renderer to word in the operator's language. */
export interface IssueCode {
  code: string;
  params: ErrorParams;
}

/** A number zod reports (maybe a bigint or a date's time) as a parameter. */
const numberParam = (n: unknown): number | string =>
  typeof n === 'number' ? n : typeof n === 'bigint' ? n.toString() : String(n);

/** A value zod names (an enum's option, a literal) as words: strings quoted as JSON would. */
const valueWords = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/** Only names and numbers travel as parameters (ErrorParams): anything else is dropped. */
function plainParams(params: Record<string, unknown>): ErrorParams {
  const out: ErrorParams = {};
  for (const [k, v] of Object.entries(params))
    if (k !== 'code' && (typeof v === 'string' || typeof v === 'number')) out[k] = v;
  return out;
}

/**
 * The code and parameters of any zod issue, for the renderer to word (`input.tooBig` with `maximum`,
 * `input.invalidFormat` with `format`, ...). Every kind of issue has one, so no English words of
 * zod's reach an operator who reads another language. A parameter is a bound, a type, a key's or a
 * format's name, never the value that was refused (zod does not report it).
 *
 * A refinement may choose its own code: `ctx.addIssue({code: 'custom', params: {code, ...}})` or
 * `.refine(f, {message, params: {code, ...}})` gives that code and those parameters.
 */
function issueCode(issue: z.core.$ZodIssue): IssueCode {
  switch (issue.code) {
    case 'too_big':
      if (issue.exact)
        return {
          code: 'input.exactSize',
          params: { size: numberParam(issue.maximum), origin: issue.origin },
        };
      return {
        code: issue.inclusive === false ? 'input.tooBigExclusive' : 'input.tooBig',
        params: { maximum: numberParam(issue.maximum), origin: issue.origin },
      };
    case 'too_small':
      if (issue.exact)
        return {
          code: 'input.exactSize',
          params: { size: numberParam(issue.minimum), origin: issue.origin },
        };
      return {
        code: issue.inclusive === false ? 'input.tooSmallExclusive' : 'input.tooSmall',
        params: { minimum: numberParam(issue.minimum), origin: issue.origin },
      };
    case 'invalid_type':
      return { code: 'input.invalidType', params: { expected: issue.expected } };
    case 'invalid_format': {
      const { prefix, suffix, includes } = issue as {
        prefix?: unknown;
        suffix?: unknown;
        includes?: unknown;
      };
      return {
        code: 'input.invalidFormat',
        params: plainParams({ format: issue.format, prefix, suffix, includes }),
      };
    }
    case 'not_multiple_of':
      return { code: 'input.notMultipleOf', params: { divisor: numberParam(issue.divisor) } };
    case 'invalid_value':
      return {
        code: 'input.invalidValue',
        params: { values: issue.values.map(valueWords).join(', '), count: issue.values.length },
      };
    case 'unrecognized_keys':
      return {
        code: 'input.unrecognizedKeys',
        params: { keys: issue.keys.join(', '), count: issue.keys.length },
      };
    case 'invalid_union':
      return { code: 'input.invalidUnion', params: {} };
    case 'invalid_key':
      return { code: 'input.invalidKey', params: { origin: issue.origin } };
    case 'invalid_element':
      return { code: 'input.invalidElement', params: { origin: issue.origin, key: valueWords(issue.key) } };
    case 'custom': {
      const own = issue.params as Record<string, unknown> | undefined;
      if (typeof own?.code === 'string') return { code: own.code, params: plainParams(own) };
      return { code: 'input.custom', params: { message: issue.message } };
    }
    default:
      // A kind a newer zod adds: its words, as a custom refinement's are.
      return { code: 'input.custom', params: { message: (issue as { message: string }).message } };
  }
}

/**
 * A code a caller gives an issue instead of zod's, and the English words it says it in (else zod's);
 * a code that needs no parameters may leave them out.
 */
export interface OwnIssueCode {
  code: string;
  params?: ErrorParams;
  message?: string;
}

export interface IssueProblemOptions {
  /** Put before every path: `[2].` for the third input of a list. */
  prefix?: string;
  /** The path of a problem with the whole input (an issue with an empty path). */
  whole?: string;
  /**
   * The path as words, when not formatPath's (`tiles[2].column`): a file's problems name theirs as
   * JSON paths (`$.layouts[0].grid`, see electron/core/file-problems.ts).
   */
  pathOf?: (path: readonly PropertyKey[]) => string;
  /**
   * The caller's own code for an issue (the room's `room.problem.port`, the rule book's
   * `template.maxParameters`), or undefined for zod's (issueCode).
   */
  codeOf?: (issue: z.core.$ZodIssue) => OwnIssueCode | undefined;
}

/**
 * zod issues as coded field problems with their paths (`keys.userKey`, `tiles[2]`): the one mapping
 * every caller uses, so a problem has the same code, parameters and path wherever it is found.
 */
export function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  { prefix = '', whole = '(input)', codeOf, pathOf = formatPath }: IssueProblemOptions = {},
): CodedFieldProblem[] {
  return issues.map((issue) => {
    const own: OwnIssueCode = codeOf?.(issue) ?? issueCode(issue);
    const { message = issue.message, ...coded } = own;
    return { path: prefix + pathOf(issue.path) || whole, message, ...coded };
  });
}
