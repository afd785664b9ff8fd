import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '../shared/domain';
import { DemoHttpError } from './media-backend';

export interface Paging {
  page: number;
  pageSize: number;
}

function positiveInteger(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  // An empty value reads as absent: clients that template their URLs often send `page=`.
  if (raw === null || raw.trim() === '') return fallback;
  const text = raw.trim();
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < 1) {
    throw new DemoHttpError(
      400,
      'INVALID_PARAMETER',
      `${name} must be a whole number of at least 1 (got "${raw}").`,
      [{ path: name, message: 'must be a whole number of at least 1' }],
    );
  }
  return Number(text);
}

/**
 * page and pageSize from a query: defaults 1 and 20; pageSize over 100 (or over the platform's own
 * cap, `maxPageSize`) is served as that.
 */
export function parsePaging(query: URLSearchParams, maxPageSize: number = MAX_PAGE_SIZE): Paging {
  const page = positiveInteger(query, 'page', DEFAULT_PAGE);
  const pageSize = Math.min(
    positiveInteger(query, 'pageSize', DEFAULT_PAGE_SIZE),
    MAX_PAGE_SIZE,
    maxPageSize,
  );
  return { page, pageSize };
}

/**
 * One page of a list; a page past the end is empty but keeps the true total. `served` turns each
 * record as served (given its position in the whole list).
 */
export function pageOf<T, U = T>(
  items: readonly T[],
  { page, pageSize }: Paging,
  served?: (item: T, position: number) => U,
): Page<T | U> {
  const start = (page - 1) * pageSize;
  const slice = items.slice(start, start + pageSize);
  return {
    data: served ? slice.map((item, i) => served(item, start + i)) : slice,
    page,
    pageSize,
    total: items.length,
  };
}
