import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { pageCount, PAGE_SIZES, rangeLabel, type PageSize } from './paging';

export interface PagerProps {
  /** Which list it pages: names the navigation landmark ("Products pages"). */
  list: 'products' | 'devices';
  page: number;
  /** The page size asked for (the selector). */
  pageSize: PageSize;
  /**
   * The page size the platform served (its answer's envelope); pages and ranges count in it. Less than
   * `pageSize` where the platform caps it; default `pageSize`.
   */
  servedPageSize?: number;
  total: number;
  shown: number;
  busy: boolean;
  onPage(page: number): void;
  onPageSize(size: PageSize): void;
}

/** Previous / next, where we are, and the page size (20, 50 or 100). */
export function Pager({
  list,
  page,
  pageSize,
  servedPageSize = pageSize,
  total,
  shown,
  busy,
  onPage,
  onPageSize,
}: PagerProps) {
  const id = useId();
  const pages = pageCount(total, servedPageSize);
  const capped = servedPageSize < pageSize;
  const { t, i18n } = useTranslation('catalog');
  return (
    <nav className="pager" aria-label={t(`pager.label.${list}`)} data-testid={`${list}-pager`}>
      <Button
        size="small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previousLabel')}
      >
        {t('pager.previous')}
      </Button>
      <span className="pager-status" data-testid="pager-status">
        {t('pager.status', { page, pages })}{' '}
        <span className="text-muted">
          {t('pager.range', { range: rangeLabel(page, servedPageSize, total, shown, i18n.language) })}
        </span>
      </span>
      <Button
        size="small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.nextLabel')}
      >
        {t('pager.next')}
      </Button>
      <span className="spacer" />
      <label htmlFor={id} className="pager-size-label">
        {t('pager.perPage')}
      </label>
      <select
        id={id}
        className="input select input-small"
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.target.value) as PageSize)}
        data-testid="page-size"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {capped && (
        <span
          className="pager-capped text-warn small"
          data-testid="pager-capped"
          title={t('pager.cappedTitle', { asked: pageSize, served: servedPageSize })}
        >
          {t('pager.capped', { served: servedPageSize })}
        </span>
      )}
    </nav>
  );
}
