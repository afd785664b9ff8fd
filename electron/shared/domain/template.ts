import { z } from 'zod';
import type { ErrorParams } from './errors';
import { issueProblems, type IssueCode } from './zod-issue';

/** The only dataTypes the platform supports (spec 2.5). */
export const TemplateDataTypeSchema = z.enum(['INTEGER', 'FLOAT', 'DOUBLE', 'STRING']);
export type TemplateDataType = z.infer<typeof TemplateDataTypeSchema>;

const NUMERIC_MAP_KEYS = ['min', 'max', 'unitName', 'step'] as const;
const STRING_MAP_KEYS = ['max'] as const;
export const MAP_KEYS_BY_TYPE: Record<TemplateDataType, readonly string[]> = {
  INTEGER: NUMERIC_MAP_KEYS,
  FLOAT: NUMERIC_MAP_KEYS,
  DOUBLE: NUMERIC_MAP_KEYS,
  STRING: STRING_MAP_KEYS,
};

export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const MAX_PARAMETERS = 100;
/** Decimal strings exactly as sent: no exponent, no locale commas, no leading '+'. */
const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const INTEGER_PATTERN = /^-?(0|[1-9]\d*)$/;
/**
 * The longest number a template may carry, sign and point included. Far beyond any real range or
 * step (a double has 17 significant digits), short enough that a pasted page of digits is refused
 * with a clear message instead of being sent, stored and compared digit by digit.
 */
export const MAX_NUMBER_CHARS = 40;

/**
 * Sizes the wire shape accepts at all, far above the rules below (which word the real limits), so
 * a call never makes the app check or send a megabyte of template.
 */
const SHAPE_TEXT = 1000;
const SHAPE_MAP_ENTRIES = 32;
const shapeText = z.string().max(SHAPE_TEXT, `at most ${SHAPE_TEXT} characters`);

const TemplateParameterSchema = z.object({
  dataType: TemplateDataTypeSchema,
  identifier: shapeText,
  name: shapeText,
  map: z
    .record(z.string().max(64, 'at most 64 characters'), shapeText)
    .refine((map) => Object.keys(map).length <= SHAPE_MAP_ENTRIES, {
      message: `at most ${SHAPE_MAP_ENTRIES} entries`,
      params: { code: 'template.maxEntries', max: SHAPE_MAP_ENTRIES },
    }),
});
export type TemplateParameter = z.infer<typeof TemplateParameterSchema>;

/** The wire shape of ArchiveTemplateSaveDTO: what is sent, before the rules below. */
export const ArchiveTemplateShapeSchema = z.object({
  desc: z.string().max(10 * SHAPE_TEXT, `at most ${10 * SHAPE_TEXT} characters`),
  name: shapeText,
  parameters: z
    .array(TemplateParameterSchema)
    .max(10 * MAX_PARAMETERS, `at most ${MAX_PARAMETERS} parameters`),
});
export type ArchiveTemplateSaveDto = z.infer<typeof ArchiveTemplateShapeSchema>;

/** The archive template result (spec 2.6). */
export const ArchiveTemplateResultSchema = z.object({
  projectKey: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
});
export type ArchiveTemplateResult = z.infer<typeof ArchiveTemplateResultSchema>;

/**
 * One problem at one place: `parameters[2].map.min`; its English words, and a stable code with
 * parameters the renderer words in the operator's language (`template.maxBelowMin` is worded by
 * the templates catalog's `problems.maxBelowMin`, `input.*` by the errors catalog).
 */
export interface FieldProblem {
  path: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

/** A rule book's problem: its words and the code (`template.<key>`) they are worded from. */
const problem = (path: string, key: string, message: string, params?: ErrorParams): FieldProblem => ({
  path,
  message,
  code: `template.${key}`,
  ...(params !== undefined && { params }),
});

function checkNumber(
  value: string | undefined,
  integer: boolean,
  path: string,
  problems: FieldProblem[],
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_NUMBER_CHARS) {
    problems.push(
      problem(path, 'tooLong', `is too long: at most ${MAX_NUMBER_CHARS} characters (got ${value.length})`, {
        max: MAX_NUMBER_CHARS,
        got: value.length,
      }),
    );
    return undefined;
  }
  const ok = (integer ? INTEGER_PATTERN : DECIMAL_PATTERN).test(value);
  if (!ok) {
    problems.push(
      integer
        ? problem(path, 'wholeGot', `must be a whole number such as 10 or -5 (got "${value}")`, { value })
        : problem(path, 'numberGot', `must be a number such as 1.5 or -20 (got "${value}")`, { value }),
    );
    return undefined;
  }
  return value;
}

/** A decimal string as an exact scaled integer: "-1.25" is -125 at scale 2. */
function toScaled(text: string): { units: bigint; scale: number } {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = toScaled(a);
  const y = toScaled(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.units * 10n ** BigInt(scale - x.scale), y.units * 10n ** BigInt(scale - y.scale), scale];
}

/**
 * Compare two decimal strings (DECIMAL_PATTERN) exactly: -1, 0 or 1.
 *
 * Exact, not through a double: "9007199254740993" > "9007199254740992", and 0.3 − 0.1 is 0.2.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a − b of two decimal strings, exactly, as a plain decimal string ("0.3" − "0.1" = "0.2"). */
export function subtractDecimals(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  const diff = x - y;
  const digits = (diff < 0n ? -diff : diff).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const out = fraction ? `${whole}.${fraction}` : whole;
  return diff < 0n ? `-${out}` : out;
}

function checkParameter(p: TemplateParameter, i: number, problems: FieldProblem[]): void {
  const at = (rest: string) => `parameters[${i}].${rest}`;
  if (p.identifier.trim() === '')
    problems.push(problem(at('identifier'), 'identifierRequired', 'identifier is required'));
  else if (!IDENTIFIER_PATTERN.test(p.identifier))
    problems.push(
      problem(
        at('identifier'),
        'identifierPattern',
        'must start with a letter or _, then letters, digits or _ (at most 64 characters)',
      ),
    );
  if (p.name.trim() === '') problems.push(problem(at('name'), 'nameRequired', 'name is required'));

  const allowed = MAP_KEYS_BY_TYPE[p.dataType];
  for (const key of Object.keys(p.map)) {
    if (!allowed.includes(key))
      problems.push(
        problem(at(`map.${key}`), 'takesOnly', `${p.dataType} takes only ${allowed.join(', ')}`, {
          type: p.dataType,
          keys: allowed.join(', '),
        }),
      );
  }

  if (p.dataType === 'STRING') {
    const max = p.map.max;
    if (max === undefined || max === '') {
      problems.push(problem(at('map.max'), 'maxLengthRequired', 'max length is required for STRING'));
    } else if (max.length > MAX_NUMBER_CHARS) {
      problems.push(
        problem(
          at('map.max'),
          'tooLong',
          `is too long: at most ${MAX_NUMBER_CHARS} characters (got ${max.length})`,
          {
            max: MAX_NUMBER_CHARS,
            got: max.length,
          },
        ),
      );
    } else if (!INTEGER_PATTERN.test(max) || Number(max) <= 0) {
      problems.push(
        problem(at('map.max'), 'positiveGot', `must be a positive whole number (got "${max}")`, {
          value: max,
        }),
      );
    }
    return;
  }

  const integer = p.dataType === 'INTEGER';
  const min = checkNumber(p.map.min, integer, at('map.min'), problems);
  const max = checkNumber(p.map.max, integer, at('map.max'), problems);
  const step = checkNumber(p.map.step, integer, at('map.step'), problems);
  // Compared as exact decimals: through doubles, min 0.1, max 0.3, step 0.2 would fail (0.3 − 0.1 is
  // 0.19999999999999998 there) and integers beyond 2^53 would compare equal.
  if (min !== undefined && max !== undefined && compareDecimals(min, max) > 0)
    problems.push(
      problem(at('map.max'), 'maxBelowMin', `max (${max}) must not be less than min (${min})`, { max, min }),
    );
  if (step !== undefined && compareDecimals(step, '0') <= 0)
    problems.push(problem(at('map.step'), 'stepPositive', 'step must be greater than 0'));
  else if (step !== undefined && min !== undefined && max !== undefined && compareDecimals(min, max) <= 0) {
    const range = subtractDecimals(max, min);
    if (compareDecimals(step, range) > 0)
      problems.push(
        problem(
          at('map.step'),
          'stepTooLarge',
          `step (${step}) must not be larger than max − min (${range})`,
          {
            step,
            range,
          },
        ),
      );
  }
}

/** The list's bound is far above the rule's, whose words it gives: its code says the rule's. */
function ruleBookCode(issue: z.core.$ZodIssue): IssueCode | undefined {
  if (issue.code !== 'too_big' || issue.path.length !== 1 || issue.path[0] !== 'parameters') return undefined;
  return { code: 'template.maxParameters', params: { max: MAX_PARAMETERS } };
}

export type TemplateValidation =
  { ok: true; value: ArchiveTemplateSaveDto } | { ok: false; problems: FieldProblem[] };

/**
 * Validate an archive template request.
 *
 * The one rule book shared by the renderer's form, main before sending and the demo platform,
 * so they never disagree. Every problem carries the path of its field.
 */
export function validateTemplate(input: unknown): TemplateValidation {
  const shape = ArchiveTemplateShapeSchema.safeParse(input);
  if (!shape.success) {
    return {
      ok: false,
      problems: issueProblems(shape.error.issues, { whole: '(body)', codeOf: ruleBookCode }),
    };
  }
  const dto = shape.data;
  const problems: FieldProblem[] = [];
  if (dto.name.trim() === '') problems.push(problem('name', 'nameRequired', 'name is required'));
  if (dto.parameters.length === 0)
    problems.push(problem('parameters', 'addOne', 'add at least one parameter'));
  if (dto.parameters.length > MAX_PARAMETERS)
    problems.push(
      problem('parameters', 'maxParameters', `at most ${MAX_PARAMETERS} parameters`, { max: MAX_PARAMETERS }),
    );

  const seen = new Map<string, number>();
  dto.parameters.forEach((p, i) => {
    checkParameter(p, i, problems);
    const id = p.identifier;
    if (id === '') return;
    const first = seen.get(id);
    if (first !== undefined)
      problems.push(
        problem(
          `parameters[${i}].identifier`,
          'duplicate',
          `"${id}" is already used by parameter ${first + 1}`,
          {
            identifier: id,
            number: first + 1,
          },
        ),
      );
    else seen.set(id, i);
  });
  return problems.length ? { ok: false, problems } : { ok: true, value: dto };
}

/**
 * A number as the platform wants it: a plain decimal string, never exponent notation or
 * locale separators. INTEGER values must be whole.
 */
export function numberToWire(value: number, dataType: TemplateDataType): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (dataType === 'INTEGER') {
    if (!Number.isInteger(value)) throw new RangeError(`INTEGER values must be whole: ${value}`);
    return BigInt(value).toString();
  }
  if (Object.is(value, -0)) return '0';
  const plain = value.toString();
  if (!/e/i.test(plain)) return plain;
  // Expand exponent notation without losing digits: 1e-7 -> 0.0000001, 1.5e21 -> 1500000000000000000000.
  const [mantissa, expText] = plain.toLowerCase().split('e');
  const exp = Number(expText);
  const negative = mantissa.startsWith('-');
  const [intPart, fracPart = ''] = mantissa.replace('-', '').split('.');
  const digits = intPart + fracPart;
  const point = intPart.length + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = out.replace(/\.?0+$/, '');
  return negative ? `-${out}` : out;
}
