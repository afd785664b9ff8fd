import i18next from 'i18next';
import { formatNumber } from '../../i18n/format';
import { currentLanguage } from '../../i18n/start-i18n';
import { MAX_PAGE_SIZE } from '../../../electron/shared/domain';

/** The page sizes an operator can choose; the platform caps at 100 (the client's MAX_PAGE_SIZE). */
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** "Load all" stops here: enough for any wall, and bounded so one click cannot fetch a million rows. */
export const LOAD_ALL_CAP = 2000;

/** How many pages `total` items fill; at least 1, so "page 1 of 1" reads right for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number inside 1..pageCount. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount(total, pageSize));
}

/** "41–60 of 1,040", "0 of 0": the items a page shows, in the operator's locale. */
export function rangeLabel(
  page: number,
  pageSize: number,
  total: number,
  shown: number,
  language: string = currentLanguage(),
): string {
  const n = (v: number) => formatNumber(v, undefined, language);
  if (total === 0 || shown === 0)
    return i18next.t('catalog:pager.rangeNone', { total: n(total), lng: language });
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return i18next.t('catalog:pager.rangeText', {
    first: n(first),
    last: n(last),
    total: n(total),
    lng: language,
  });
}

/**
 * Which pages "load all" fetches, given the first page's answer.
 *
 * Pages of `pageSize`: MAX_PAGE_SIZE, or less where the platform serves fewer a page than asked
 * (its first answer says); stops at `cap` items. `capped` says the list is longer than what
 * will be shown, so the view can say so.
 */
export function loadAllPlan(
  total: number,
  cap: number = LOAD_ALL_CAP,
  pageSize: number = MAX_PAGE_SIZE,
): { pages: number; capped: boolean } {
  const wanted = Math.min(total, cap);
  return { pages: Math.max(1, Math.ceil(wanted / Math.max(1, pageSize))), capped: total > cap };
}
