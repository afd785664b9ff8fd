import { MAX_PAGE_SIZE } from '../shared/domain';

/**
 * How the demo platform's two list operations misbehave on purpose, as real platforms do, so the
 * client's reading of them can be tested end to end. Both off by default.
 */
export interface ListQuirks {
  /**
   * Serve at most this many records a page, whatever was asked (1–100; default 100, the spec's).
   * The envelope says what was served: `pageSize` is the served size, and `page` counts pages of it.
   */
  maxPageSize: number;
  /**
   * Some records come with fields of an unexpected type, as platforms send them: a timestamp as
   * text, a missing `createAck` (devices), a status as text (products). Every tenth record of the
   * list, counted from its first (positions 3, 13, 23, …), so a test knows which.
   */
  oddRecords: boolean;
}

export const DEFAULT_LIST_QUIRKS: ListQuirks = { maxPageSize: MAX_PAGE_SIZE, oddRecords: false };

/** Whether the record at this position of its whole list (0-based) is served odd. */
const isOddPosition = (position: number) => position % 10 === 3;

/**
 * How a list's records are served under these quirks (for `pageOf`): as they are, or with every record
 * at an odd position turned by `odd`.
 */
export function servedRecords<T, U>(
  quirks: ListQuirks,
  odd: (record: T) => U,
): ((record: T, position: number) => T | U) | undefined {
  if (!quirks.oddRecords) return undefined;
  return (record, position) => (isOddPosition(position) ? odd(record) : record);
}

/** A page size the platform may cap at: a whole number from 1 to 100. */
export function checkMaxPageSize(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE)
    throw new Error(`maxPageSize must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${String(value)}).`);
  return value;
}

/** A device as a platform with odd records sends it: createAt as text, createAck left out. */
export function oddDevice(device: object & { createAt: number }): Record<string, unknown> {
  const { createAck: _dropped, ...rest } = device as Record<string, unknown>;
  return { ...rest, createAt: String(device.createAt) };
}

/** A product as a platform with odd records sends it: its status and update time as text. */
export function oddProduct(
  product: object & { productStatus: number; updateAt: number },
): Record<string, unknown> {
  return {
    ...product,
    productStatus: String(product.productStatus),
    updateAt: new Date(product.updateAt).toISOString(),
  };
}
