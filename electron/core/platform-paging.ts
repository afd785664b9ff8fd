import { clampPageSize, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../shared/domain';
import { isRecord } from './json-value';
import { PlatformError } from './platform-error';

/** A type, not an interface: it is used as a request's query, which takes any string key. */
export type Paging = { page?: number; pageSize?: number };

/**
 * The caller's page and pageSize, checked and with pageSize held to what a platform accepts.
 *
 * Checked before sending, so a bad page number costs no round trip.
 */
export function pagingQuery(q: Paging): Paging {
  if (q.page !== undefined && (!Number.isInteger(q.page) || q.page < 1))
    throw new PlatformError('invalid-request', `page must be a whole number from 1 (got ${q.page}).`, {
      code: 'platform.pageInvalid',
      params: { page: String(q.page) },
    });
  if (q.pageSize !== undefined && !Number.isFinite(q.pageSize))
    throw new PlatformError('invalid-request', `pageSize must be a number (got ${q.pageSize}).`, {
      code: 'platform.pageSizeInvalid',
      params: { pageSize: String(q.pageSize) },
    });
  return { page: q.page, pageSize: clampPageSize(q.pageSize) };
}

/**
 * A page envelope with its numbers filled in.
 *
 * One that left out page or pageSize is read as the page that was asked for; numbers sent as
 * numeric strings are read as numbers.
 */
export function fillPaging(raw: unknown, asked: Paging): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.data)) return raw;
  const page = toInt(raw.page) ?? asked.page ?? DEFAULT_PAGE;
  const pageSize = toInt(raw.pageSize) ?? asked.pageSize ?? DEFAULT_PAGE_SIZE;
  return { ...raw, page, pageSize, total: toInt(raw.total) ?? raw.total };
}

function toInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}
