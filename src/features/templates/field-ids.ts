import { MAP_KEYS_BY_TYPE, type FieldProblem } from '../../../electron/shared/domain';
import type { CodedWords } from './problem-text';
import { isDataType, type TemplateDraft } from './template-draft';

/**
 * Field ids: a problem's path with the parameter index replaced by the parameter's stable key.
 *
 * `parameters[2].map.min` is `param:<key>:map.min`: touched state, a server's answer and an import's
 * findings stay on their parameter when parameters are reordered, removed or added.
 */
export type FieldId = string;

const TOP_FIELDS = ['projectKey', 'name', 'desc', 'parameters'];

export const paramFieldId = (key: string, rest = ''): FieldId =>
  rest ? `param:${key}:${rest}` : `param:${key}`;

/** The field a path names in this draft, or null when it names none (it is shown at the top). */
export function fieldIdForPath(path: string, draft: TemplateDraft): FieldId | null {
  if (TOP_FIELDS.includes(path)) return path;
  const m = /^parameters\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (!m) return null;
  const parameter = draft.parameters[Number(m[1])];
  return parameter ? paramFieldId(parameter.key, m[2]) : null;
}

/** Whether the panel shows this field now (a hidden map key or a removed parameter is not shown). */
export function isFieldShown(id: FieldId, draft: TemplateDraft): boolean {
  if (TOP_FIELDS.includes(id)) return true;
  const m = /^param:([^:]+)(?::(.+))?$/.exec(id);
  if (!m) return false;
  const parameter = draft.parameters.find((p) => p.key === m[1]);
  if (!parameter) return false;
  const rest = m[2];
  if (rest === undefined || rest === 'identifier' || rest === 'name' || rest === 'dataType') return true;
  if (!rest.startsWith('map.')) return false;
  const mapKey = rest.slice(4);
  if (mapKey in parameter.extra) return true;
  return isDataType(parameter.dataType) && MAP_KEYS_BY_TYPE[parameter.dataType].includes(mapKey);
}

/** Problems grouped by the field that shows them; the rest (no field, or a field not shown) for the top. */
export function problemsByField(
  problems: readonly FieldProblem[],
  draft: TemplateDraft,
): { byField: Map<FieldId, CodedWords[]>; unplaced: FieldProblem[] } {
  const byField = new Map<FieldId, CodedWords[]>();
  const unplaced: FieldProblem[] = [];
  for (const problem of problems) {
    const id = fieldIdForPath(problem.path, draft);
    if (id === null || !isFieldShown(id, draft)) {
      unplaced.push(problem);
      continue;
    }
    const list = byField.get(id) ?? [];
    if (!list.some((p) => p.message === problem.message)) list.push(problem);
    byField.set(id, list);
  }
  return { byField, unplaced };
}
