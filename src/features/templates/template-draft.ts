import { z } from 'zod';
import { TemplateDataTypeSchema, type TemplateDataType } from '../../../electron/shared/domain';

/** The map keys the form edits; which of them are shown and sent follows the dataType. */
export const MAP_FIELDS = ['min', 'max', 'step', 'unitName'] as const;
export type MapField = (typeof MAP_FIELDS)[number];

export const DATA_TYPES = TemplateDataTypeSchema.options;

/**
 * One parameter as the form holds it: text, exactly as typed.
 *
 * `values` keeps every key across a change of dataType: switching DOUBLE to STRING hides min, step and
 * unitName (and leaves them out of what is sent) but a switch back brings them back. `dataType` is a
 * string so an imported, unsupported type ("BOOLEAN") can be shown and fixed rather than lost.
 * `extra` holds map keys of an import that no type takes, shown so they can be removed.
 */
const ParameterDraftSchema = z.object({
  /** Stable for the life of the draft: React key, focus and per-field state survive a reorder. */
  key: z.string(),
  identifier: z.string(),
  name: z.string(),
  dataType: z.string(),
  values: z.object({ min: z.string(), max: z.string(), step: z.string(), unitName: z.string() }),
  extra: z.record(z.string(), z.string()),
});
export type ParameterDraft = z.infer<typeof ParameterDraftSchema>;

export const TemplateDraftSchema = z.object({
  projectKey: z.string(),
  name: z.string(),
  desc: z.string(),
  parameters: z.array(ParameterDraftSchema),
});
export type TemplateDraft = z.infer<typeof TemplateDraftSchema>;

export function isDataType(value: string): value is TemplateDataType {
  return (DATA_TYPES as readonly string[]).includes(value);
}

let counter = 0;
/** A key no other parameter of this session has (drafts restored from storage keep theirs). */
export function newParameterKey(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function blankParameter(dataType: string = 'INTEGER'): ParameterDraft {
  return {
    key: newParameterKey(),
    identifier: '',
    name: '',
    dataType,
    values: { min: '', max: '', step: '', unitName: '' },
    extra: {},
  };
}

/** A new form: one empty parameter, so the common case starts typing at once. */
export function blankDraft(projectKey = ''): TemplateDraft {
  return { projectKey, name: '', desc: '', parameters: [blankParameter()] };
}

function isBlankParameter(p: ParameterDraft): boolean {
  return (
    p.identifier.trim() === '' &&
    p.name.trim() === '' &&
    Object.values(p.values).every((v) => v.trim() === '') &&
    Object.keys(p.extra).length === 0
  );
}

/** Nothing typed yet (the prefilled project key does not count): no draft worth keeping. */
export function isBlankDraft(draft: TemplateDraft): boolean {
  return draft.name.trim() === '' && draft.desc.trim() === '' && draft.parameters.every(isBlankParameter);
}
