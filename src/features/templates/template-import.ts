import { MAP_KEYS_BY_TYPE, type FieldProblem } from '../../../electron/shared/domain';
import {
  blankParameter,
  DATA_TYPES,
  isDataType,
  type ParameterDraft,
  type TemplateDraft,
} from './template-draft';
import { said, type Said } from './said';
import { toWireValue } from './to-wire-value';

/**
 * What an imported (or historic) template became in the form.
 *
 * Everything that parses is loaded, even when invalid, so the user fixes it in the form where each
 * problem shows at its field. `problems` are what only the import can know (a JSON number that lost
 * digits, a value that is not text); `ignored` names fields the form has no place for.
 */
export type TemplateImport =
  { ok: true; draft: TemplateDraft; problems: FieldProblem[]; ignored: string[] } | ({ ok: false } & Said);

const TEMPLATE_FIELDS = ['desc', 'name', 'parameters'];
const PARAMETER_FIELDS = ['dataType', 'identifier', 'name', 'map'];
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Accepts the request body itself ({desc, name, parameters}), or an object that holds it under
 * `template` with an optional `projectKey` (a history entry, an export with its project).
 */
export function templateToDraft(input: unknown, fallbackProjectKey = ''): TemplateImport {
  if (!isRecord(input))
    return {
      ok: false,
      ...said(
        'notTemplate',
        `expected one template: a JSON object with name, desc and parameters (found ${Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'null' : `a ${typeof input}`})`,
        { found: Array.isArray(input) ? 'list' : typeof input === 'object' ? 'null' : typeof input },
      ),
    };
  const problems: FieldProblem[] = [];
  const ignored: string[] = [];
  let body = input;
  let projectKey = fallbackProjectKey;
  if (isRecord(input.template)) {
    body = input.template;
    if (typeof input.projectKey === 'string' && input.projectKey.trim() !== '')
      projectKey = input.projectKey.trim();
    for (const key of Object.keys(input))
      if (!['template', 'projectKey', 'profileId', 'templateId', 'templateName', 'createdAt'].includes(key))
        ignored.push(key);
  }
  for (const key of Object.keys(body)) if (!TEMPLATE_FIELDS.includes(key)) ignored.push(key);

  const name = text(body.name, 'name', problems);
  const desc = text(body.desc, 'desc', problems);
  let parameters: ParameterDraft[] = [];
  if (Array.isArray(body.parameters))
    parameters = body.parameters.map((p, i) => parameterToDraft(p, i, problems, ignored));
  else if (body.parameters !== undefined)
    problems.push({
      path: 'parameters',
      ...said('notList', 'expected a list of parameters: nothing was loaded from it'),
    });

  return { ok: true, draft: { projectKey, name, desc, parameters }, problems, ignored };
}

/** A string field; a number becomes its text, anything else is reported and left empty. */
function text(value: unknown, path: string, problems: FieldProblem[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  problems.push({
    path,
    ...said('notText', `expected text, found ${describe(value).words}: left empty`, describe(value).params),
  });
  return '';
}

/** What was found instead: its words, and the parameters they are worded from (`found`, `value`). */
function describe(value: unknown): { words: string; params: { found: string; value?: string } } {
  if (Array.isArray(value)) return { words: 'a list', params: { found: 'list' } };
  if (value === null) return { words: 'null', params: { found: 'null' } };
  if (typeof value === 'object') return { words: 'an object', params: { found: 'object' } };
  const shown = String(JSON.stringify(value));
  return { words: `${typeof value} ${shown}`, params: { found: typeof value, value: shown } };
}

function parameterToDraft(
  input: unknown,
  i: number,
  problems: FieldProblem[],
  ignored: string[],
): ParameterDraft {
  const at = (rest: string) => `parameters[${i}].${rest}`;
  const draft = blankParameter('');
  if (!isRecord(input)) {
    problems.push({
      path: `parameters[${i}]`,
      ...said(
        'notParameter',
        `expected a parameter object, found ${describe(input).words}`,
        describe(input).params,
      ),
    });
    return draft;
  }
  for (const key of Object.keys(input))
    if (!PARAMETER_FIELDS.includes(key)) ignored.push(`parameters[${i}].${key}`);
  draft.identifier = text(input.identifier, at('identifier'), problems);
  draft.name = text(input.name, at('name'), problems);
  const rawType = text(input.dataType, at('dataType'), problems).trim();
  // "integer" means INTEGER; anything else unknown is kept so the form can show it and ask.
  draft.dataType = DATA_TYPES.find((t) => t === rawType.toUpperCase()) ?? rawType;

  if (input.map === undefined || input.map === null) return draft;
  if (!isRecord(input.map)) {
    problems.push({
      path: at('map'),
      ...said(
        'notLimits',
        `expected an object of limits, found ${describe(input.map).words}: left empty`,
        describe(input.map).params,
      ),
    });
    return draft;
  }
  const dataType = draft.dataType;
  const allowed: readonly string[] = isDataType(dataType)
    ? MAP_KEYS_BY_TYPE[dataType]
    : ['min', 'max', 'step', 'unitName'];
  for (const [key, raw] of Object.entries(input.map)) {
    const value = mapValue(raw, key, dataType, at(`map.${key}`), problems);
    if (allowed.includes(key)) draft.values[key as keyof ParameterDraft['values']] = value;
    // A key this type does not take stays visible (and is refused by the rules) until removed.
    else draft.extra[key] = value;
  }
  return draft;
}

function mapValue(
  raw: unknown,
  key: string,
  dataType: string,
  path: string,
  problems: FieldProblem[],
): string {
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && key !== 'unitName') {
    const converted = toWireValue(raw, isDataType(dataType) ? dataType : 'DOUBLE');
    if (converted.ok) return converted.wire ?? '';
    if (Number.isFinite(raw) && !Number.isSafeInteger(raw) && Number.isInteger(raw)) {
      problems.push({
        path,
        message: converted.message,
        code: converted.code,
        ...(converted.params !== undefined && { params: converted.params }),
      });
    }
    return Number.isFinite(raw) ? String(raw) : '';
  }
  if (typeof raw === 'number') return String(raw);
  problems.push({
    path,
    ...said(
      'notTextOrNumber',
      `expected text or a number, found ${describe(raw).words}: left empty`,
      describe(raw).params,
    ),
  });
  return '';
}
