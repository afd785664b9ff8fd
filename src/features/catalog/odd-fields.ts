import i18next from 'i18next';
import type { Device, Product } from '../../../electron/shared/domain';

/**
 * A record as the core lists it: a field of an unexpected type (a timestamp sent as text, a missing
 * flag) does not fail its page; the value as it came is kept in `odd`, field by field, to be shown raw
 * and marked, while the record's own field holds a neutral stand-in.
 */
type Listed<T> = T & { odd?: Record<string, unknown> };
export type ListedDevice = Listed<Device>;
export type ListedProduct = Listed<Product>;

/** The value of an odd field as it came, as text: strings quoted, a missing field said so. */
export function rawText(value: unknown): string {
  if (value === '(missing)' || value === undefined) return i18next.t('catalog:odd.missing');
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Whether this field of the record came odd (and so is shown raw). */
export function isOdd(record: { odd?: Record<string, unknown> }, field: string): boolean {
  return !!record.odd && Object.prototype.hasOwnProperty.call(record.odd, field);
}

/** The odd fields of a record, for a tooltip: `createAt: "1700000000000" (text, not a number)`. */
export function oddSummary(record: { odd?: Record<string, unknown> }): string {
  if (!record.odd) return '';
  return Object.entries(record.odd)
    .map(([field, value]) => `${field}: ${rawText(value)}`)
    .join('; ');
}

/**
 * "2 products on this page had fields of an unexpected type, …; 1 could not be listed (…)."
 * `where` 'list': the devices of every page loaded at once ("in this list").
 */
export function oddRecordsText(
  oddRecords: number,
  unreadableRecords: number,
  what: 'product' | 'device',
  where: 'page' | 'list' = 'page',
): string {
  const oddKey = what === 'device' && where === 'list' ? 'deviceAll' : what;
  const odd = oddRecords > 0 ? i18next.t(`catalog:odd.records.${oddKey}`, { count: oddRecords }) : '';
  const unreadable =
    unreadableRecords > 0 ? i18next.t(`catalog:odd.unreadable.${what}`, { count: unreadableRecords }) : '';
  if (odd && unreadable) return i18next.t('catalog:odd.both', { odd, unreadable });
  if (odd || unreadable) return i18next.t('catalog:odd.one', { text: odd || unreadable });
  return '';
}
