import type { TemplateDraft } from './template-draft';
import { words } from './words';

const TOP_FIELDS = ['projectKey', 'name', 'desc', 'parameters'] as const;
/** A parameter's own fields, and the limits of its map. */
const PARAMETER_FIELDS = ['identifier', 'name', 'dataType'] as const;
const MAP_FIELDS = ['min', 'max', 'step', 'unitName'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A path as a person reads it: `parameters[1].map.max` → "Parameter 2 (temp) · max". */
export function pathLabel(path: string, draft: TemplateDraft): string {
  const { t } = words();
  const m = /^parameters\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (!m) return isOneOf(TOP_FIELDS, path) ? t(`templates:path.${path}`) : path;
  const index = Number(m[1]);
  const identifier = draft.parameters[index]?.identifier.trim();
  const parameter = identifier
    ? t('templates:path.parameterNamed', { number: index + 1, identifier })
    : t('templates:path.parameter', { number: index + 1 });
  const rest = m[2];
  if (rest === undefined) return parameter;
  // A key no type takes ("map.colour") is named as it is: it is the platform's word, not ours.
  const mapKey = rest.replace(/^map\./, '');
  const field = isOneOf(PARAMETER_FIELDS, rest)
    ? t(`templates:path.fields.${rest}`)
    : rest.startsWith('map.') && isOneOf(MAP_FIELDS, mapKey)
      ? t(`templates:path.fields.${mapKey}`)
      : mapKey;
  return t('templates:path.field', { parameter, field });
}
