import { z } from 'zod';

/** Paging defaults and the client's cap (spec part 8; max pageSize not shown, so 100). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The page envelope of both list operations (spec 2.4). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nonnegative(),
  });
}

/**
 * A page as the app lists it: each record read on its own. A record with fields of an unexpected type
 * carries them, as they came, in `odd` (shown raw and marked); the page counts such records, and the
 * ones that could not be listed at all.
 */
export function listedPageSchema<Shape extends z.ZodRawShape>(item: z.ZodObject<Shape>) {
  const listed = item.extend({ odd: z.record(z.string(), z.unknown()).optional() });
  return pageSchema(listed).extend({
    oddRecords: z.number().int().optional(),
    unreadableRecords: z.number().int().optional(),
  });
}

export interface Page<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
}

export function clampPageSize(pageSize: number | undefined): number | undefined {
  return pageSize === undefined ? undefined : Math.min(Math.max(1, Math.trunc(pageSize)), MAX_PAGE_SIZE);
}
