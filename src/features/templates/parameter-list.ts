import { blankParameter, newParameterKey, type ParameterDraft } from './template-draft';

/** What removeParameter took out, for an undo. */
export interface RemovedParameter {
  parameter: ParameterDraft;
  index: number;
}

/** A new parameter at the end (or after `afterKey`), of the type of the one before it. */
export function addParameter(list: readonly ParameterDraft[], afterKey?: string): ParameterDraft[] {
  const at =
    afterKey === undefined ? list.length : list.findIndex((p) => p.key === afterKey) + 1 || list.length;
  const before = list[at - 1];
  const added = blankParameter(before?.dataType || 'INTEGER');
  return [...list.slice(0, at), added, ...list.slice(at)];
}

export function removeParameter(
  list: readonly ParameterDraft[],
  key: string,
): { list: ParameterDraft[]; removed: RemovedParameter | null } {
  const index = list.findIndex((p) => p.key === key);
  if (index < 0) return { list: [...list], removed: null };
  return {
    list: [...list.slice(0, index), ...list.slice(index + 1)],
    removed: { parameter: list[index], index },
  };
}

/** Put a removed parameter back where it was (or at the end if the list got shorter). */
export function restoreParameter(
  list: readonly ParameterDraft[],
  removed: RemovedParameter,
): ParameterDraft[] {
  const at = Math.min(removed.index, list.length);
  return [...list.slice(0, at), removed.parameter, ...list.slice(at)];
}

/** Move a parameter by `delta` places (−1 up, +1 down), clamped at the ends. */
export function moveParameter(list: readonly ParameterDraft[], key: string, delta: number): ParameterDraft[] {
  const from = list.findIndex((p) => p.key === key);
  if (from < 0) return [...list];
  return moveParameterTo(list, from, from + delta);
}

export function moveParameterTo(list: readonly ParameterDraft[], from: number, to: number): ParameterDraft[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const out = [...list];
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved);
  return out;
}

const MAX_IDENTIFIER = 64;

/**
 * An identifier not in `taken`: `temp` → `temp_2`, `temp_2` → `temp_3`, keeping within 64 characters.
 *
 * A trailing `_<n>` counts as a copy number, so copies of copies read temp_2, temp_3, … rather than
 * temp_2_2.
 */
export function uniqueIdentifier(identifier: string, taken: ReadonlySet<string>): string {
  if (identifier === '') return '';
  const m = /^(.*?)_(\d+)$/.exec(identifier);
  const base = m && m[1] !== '' ? m[1] : identifier;
  let n = m && m[1] !== '' ? Number(m[2]) + 1 : 2;
  for (;;) {
    const suffix = `_${n}`;
    const candidate = base.slice(0, MAX_IDENTIFIER - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
    n += 1;
  }
}

/**
 * The display name of a copy, numbered like its identifier: "Temperature" (temp) → "Temperature 2"
 * (temp_2), and "Temperature 2" (temp_2) → "Temperature 3" (temp_3).
 */
function copyName(name: string, fromIdentifier: string, toIdentifier: string): string {
  const next = /_(\d+)$/.exec(toIdentifier)?.[1];
  if (name.trim() === '' || next === undefined) return name;
  const previous = /_(\d+)$/.exec(fromIdentifier)?.[1];
  if (previous !== undefined && name.endsWith(` ${previous}`))
    return `${name.slice(0, -previous.length)}${next}`;
  return `${name} ${next}`;
}

/** A copy right after the original, with a unique identifier and its own key. */
export function duplicateParameter(list: readonly ParameterDraft[], key: string): ParameterDraft[] {
  const index = list.findIndex((p) => p.key === key);
  if (index < 0) return [...list];
  const original = list[index];
  const taken = new Set(list.map((p) => p.identifier.trim()));
  const identifier = uniqueIdentifier(original.identifier.trim(), taken);
  const copy: ParameterDraft = {
    ...original,
    key: newParameterKey(),
    identifier,
    name: copyName(original.name, original.identifier.trim(), identifier),
    values: { ...original.values },
    extra: { ...original.extra },
  };
  return [...list.slice(0, index + 1), copy, ...list.slice(index + 1)];
}
