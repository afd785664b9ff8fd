import { useId } from 'react';
import { Button } from '../../components/button';
import { pageCount, PAGE_SIZES, rangeLabel, type PageSize } from './paging';

export interface PagerProps {
  /** "Products", "Devices": names the navigation landmark. */
  label: string;
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
  label,
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
  return (
    <nav className="pager" aria-label={`${label} pages`} data-testid={`${label.toLowerCase()}-pager`}>
      <Button
        size="small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        ‹ Prev
      </Button>
      <span className="pager-status" data-testid="pager-status">
        Page {page} of {pages}{' '}
        <span className="text-muted">· {rangeLabel(page, servedPageSize, total, shown)}</span>
      </span>
      <Button
        size="small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        Next ›
      </Button>
      <span className="spacer" />
      <label htmlFor={id} className="pager-size-label">
        Per page
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
          title={`${pageSize} a page were asked for; the platform serves at most ${servedPageSize}`}
        >
          the platform serves {servedPageSize}
        </span>
      )}
    </nav>
  );
}
