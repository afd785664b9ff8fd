import type { TemplateDraft } from './template-draft';

const TOP_LABELS: Record<string, string> = {
  projectKey: 'Project key',
  name: 'Name',
  desc: 'Description',
  parameters: 'Parameters',
};
const PARAMETER_LABELS: Record<string, string> = {
  identifier: 'identifier',
  name: 'name',
  dataType: 'type',
  'map.min': 'min',
  'map.max': 'max',
  'map.step': 'step',
  'map.unitName': 'unit',
};

/** A path as a person reads it: `parameters[1].map.max` → "Parameter 2 (temp) · max". */
export function pathLabel(path: string, draft: TemplateDraft): string {
  const m = /^parameters\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (!m) return TOP_LABELS[path] ?? path;
  const index = Number(m[1]);
  const identifier = draft.parameters[index]?.identifier.trim();
  const parameter = `Parameter ${index + 1}${identifier ? ` (${identifier})` : ''}`;
  if (m[2] === undefined) return parameter;
  return `${parameter} · ${PARAMETER_LABELS[m[2]] ?? m[2].replace(/^map\./, '')}`;
}
