import { parseExtendData } from '../../../electron/shared/domain';

export type ShownExtendData =
  { kind: 'empty' } | { kind: 'json'; text: string } | { kind: 'raw'; text: string };

/**
 * A device's extendData as the details view shows it. Its type is not in the spec: nothing (null,
 * blank), a value the platform sent as JSON (an object, a number), or a string, which is shown
 * pretty-printed when it parses as JSON and as it came when it does not.
 */
export function shownExtendData(value: unknown): ShownExtendData {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') {
    if (value.trim() === '') return { kind: 'empty' };
    const parsed = parseExtendData(value);
    return parsed.kind === 'json' ? { kind: 'json', text: parsed.pretty } : { kind: 'raw', text: value };
  }
  try {
    return { kind: 'json', text: JSON.stringify(value, null, 2) };
  } catch {
    return { kind: 'raw', text: String(value) };
  }
}
