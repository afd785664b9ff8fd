import {
  MAP_KEYS_BY_TYPE,
  validateTemplate,
  type ArchiveTemplateSaveDto,
  type FieldProblem,
} from '../../../electron/shared/domain';
import { DATA_TYPES, isDataType, type MapField, type TemplateDraft } from './template-draft';
import { said, type Said } from './said';
import { toWireValue } from './to-wire-value';

/** The wire DTO of a draft plus what the form itself found while building it. */
export interface DraftConversion {
  /**
   * What would be sent (and what is exported). A value that does not convert is carried as typed
   * (trimmed), and an unsupported dataType as written, so an export loses nothing.
   */
  dto: ArchiveTemplateSaveDto;
  /** Conversion problems: "use a dot for decimals", an unsupported dataType. */
  problems: FieldProblem[];
  /** Non-blocking advice per path, and "sent as 1000" where the sent text differs from the typed. */
  notes: Record<string, Said>;
}

export interface DraftCheck extends DraftConversion {
  /** Every problem, the form's first, then the shared rule book's; at most one list per path. */
  problems: FieldProblem[];
  /** The project key, trimmed. */
  projectKey: string;
}

const at = (i: number, rest: string) => `parameters[${i}].${rest}`;

/** Build the DTO from the form's text: trimmed strings, numbers in their wire form, only the type's keys. */
export function draftToDto(draft: TemplateDraft): DraftConversion {
  const problems: FieldProblem[] = [];
  const notes: Record<string, Said> = {};
  const parameters = draft.parameters.map((p, i) => {
    const map: Record<string, string> = {};
    if (isDataType(p.dataType)) {
      for (const key of MAP_KEYS_BY_TYPE[p.dataType] as readonly MapField[]) {
        const text = p.values[key];
        if (key === 'unitName') {
          if (text.trim() !== '') map.unitName = text.trim();
          continue;
        }
        const converted = toWireValue(text, p.dataType);
        if (!converted.ok) {
          problems.push({
            path: at(i, `map.${key}`),
            message: converted.message,
            code: converted.code,
            ...(converted.params !== undefined && { params: converted.params }),
          });
          map[key] = text.trim();
        } else if (converted.wire !== undefined) {
          map[key] = converted.wire;
          if (converted.note) notes[at(i, `map.${key}`)] = converted.note;
          else if (converted.wire !== text.trim())
            notes[at(i, `map.${key}`)] = said('sentAs', `sent as ${converted.wire}`, {
              wire: converted.wire,
            });
        }
      }
    } else {
      problems.push({
        path: at(i, 'dataType'),
        ...(p.dataType.trim() === ''
          ? said('chooseType', 'choose a type')
          : said(
              'unsupportedType',
              `"${p.dataType}" is not a supported type: choose ${DATA_TYPES.join(', ')}`,
              {
                type: p.dataType,
                types: DATA_TYPES.join(', '),
              },
            )),
      });
      for (const key of ['min', 'max', 'step', 'unitName'] as const)
        if (p.values[key].trim() !== '') map[key] = p.values[key].trim();
    }
    // Keys no type takes ride along as they are, so the rules refuse them at their place.
    for (const [key, value] of Object.entries(p.extra)) if (!(key in map)) map[key] = value;
    return {
      dataType: p.dataType as ArchiveTemplateSaveDto['parameters'][number]['dataType'],
      identifier: p.identifier.trim(),
      name: p.name.trim(),
      map,
    };
  });
  return { dto: { desc: draft.desc.trim(), name: draft.name.trim(), parameters }, problems, notes };
}

/**
 * Everything wrong with a draft, by path (`parameters[0].map.min`), as the user types.
 *
 * The shared rule book (validateTemplate) runs on the very DTO that would be sent, so the form, main
 * and the platform can never disagree; the form adds only what the rule book cannot see (text that
 * does not convert, a missing project key).
 */
export function checkDraft(draft: TemplateDraft): DraftCheck {
  const conversion = draftToDto(draft);
  const unsupported = new Set(draft.parameters.flatMap((p, i) => (isDataType(p.dataType) ? [] : [i])));
  // The rule book's schema refuses an unknown dataType as a whole-body shape error, which would hide
  // every other rule: check such a parameter as STRING and drop its map findings (its type is the problem).
  const forRules: ArchiveTemplateSaveDto = {
    ...conversion.dto,
    parameters: conversion.dto.parameters.map((p, i) =>
      unsupported.has(i) ? { ...p, dataType: 'STRING', map: {} } : p,
    ),
  };
  const rules = validateTemplate(forRules);
  const ruleProblems = rules.ok
    ? []
    : rules.problems.filter((problem) => {
        const m = /^parameters\[(\d+)\]\.map\./.exec(problem.path);
        return !(m && unsupported.has(Number(m[1])));
      });

  const projectKey = draft.projectKey.trim();
  const problems: FieldProblem[] = [];
  if (projectKey === '')
    problems.push({ path: 'projectKey', ...said('projectKeyRequired', 'project key is required') });
  else if (/\s/.test(projectKey))
    problems.push({ path: 'projectKey', ...said('projectKeySpaces', 'a project key has no spaces') });
  problems.push(...conversion.problems);
  // A value that did not convert already says why; the rule book's "must be a number" would repeat it.
  const converted = new Set(conversion.problems.map((p) => p.path));
  problems.push(...ruleProblems.filter((p) => !converted.has(p.path)));
  return { ...conversion, problems: sortByField(problems), projectKey };
}

/** Problems in the order the fields appear, so the summary reads top to bottom. */
function sortByField(problems: FieldProblem[]): FieldProblem[] {
  const order = (path: string): number[] => {
    const top = ['projectKey', 'name', 'desc', 'parameters'].indexOf(path);
    if (top >= 0) return [top];
    const m = /^parameters\[(\d+)\]\.?(.*)$/.exec(path);
    if (!m) return [-1];
    const fields = ['', 'identifier', 'name', 'dataType', 'map.min', 'map.max', 'map.step', 'map.unitName'];
    const field = fields.indexOf(m[2]);
    return [4, Number(m[1]), field < 0 ? fields.length : field];
  };
  return problems
    .map((problem, index) => ({ problem, index, key: order(problem.path) }))
    .sort((a, b) => {
      for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
        const d = (a.key[i] ?? -1) - (b.key[i] ?? -1);
        if (d !== 0) return d;
      }
      return a.index - b.index;
    })
    .map((x) => x.problem);
}
