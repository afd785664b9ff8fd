import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { parseExtendData } from '../../../electron/shared/domain';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { ProfileTroubleActions } from '../../components/profile-trouble-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { useCatalogStore } from './catalog-store';
import { formatTime } from '../../lib/format-time';
import { MiddleEllipsis } from './middle-ellipsis';
import { oddRecordsText, type ListedProduct } from './odd-fields';
import { OddMark, OddOr } from './odd-mark';
import { Pager } from './pager';
import { statusLabel, statusText } from './status-legend';
import { useStatusLegend } from './use-status-legend';

/** The user's products, a page at a time; opening one lists its devices. */
export function ProductList({
  onEditLegend,
  onEditProfile,
}: {
  onEditLegend(): void;
  onEditProfile(): void;
}) {
  const { products, loadProducts, setProductPageSize, openProduct, focusAfter, focusTaken } = useCatalogStore(
    useShallow((s) => ({
      products: s.products,
      loadProducts: s.loadProducts,
      setProductPageSize: s.setProductPageSize,
      openProduct: s.openProduct,
      focusAfter: s.focusAfter,
      focusTaken: s.focusTaken,
    })),
  );
  const { legend, source } = useStatusLegend('productStatus');
  const { items, status, error, total, page, pageSize, oddRecords, unreadableRecords } = products;
  const loading = status === 'loading' || status === 'idle';
  const listRef = useRef<HTMLUListElement>(null);
  const unnamedCodes = source === 'none' && items.some((p) => legend[String(p.productStatus)] === undefined);

  // Back from a product's devices ("← Products"): the keyboard returns to the product it left.
  useEffect(() => {
    if (focusAfter?.to !== 'product') return;
    const button = listRef.current?.querySelector<HTMLElement>(
      `[data-product-key="${CSS.escape(focusAfter.productKey)}"] .product-open`,
    );
    if (!button) return;
    button.focus();
    focusTaken();
  }, [focusAfter, focusTaken, items]);

  return (
    <section className="catalog-section" aria-labelledby="products-heading" data-testid="product-list">
      <header className="catalog-section-head">
        <h2 id="products-heading" className="catalog-title">
          Products{' '}
          {status === 'ready' && (
            <span className="count" data-testid="products-total">
              {total.toLocaleString()}
            </span>
          )}
        </h2>
        <Button
          size="small"
          variant="ghost"
          onClick={() => void loadProducts()}
          busy={status === 'loading'}
          aria-label="Refresh products"
        >
          ↻ Refresh
        </Button>
      </header>

      {status === 'error' && error && (
        <ErrorPanel
          title="The products could not be loaded"
          message={error.message}
          status={error.status}
          kind={error.kind}
          onRetry={() => void loadProducts()}
        >
          <ProfileTroubleActions onEditProfile={onEditProfile} error={error} />
        </ErrorPanel>
      )}
      {loading && items.length === 0 && <SkeletonRows label="Loading products…" rows={6} rowHeight={64} />}
      {status === 'ready' && items.length === 0 && (
        <EmptyState title="No products">This user owns no products on the platform yet.</EmptyState>
      )}
      {status === 'ready' && (oddRecords > 0 || unreadableRecords > 0) && (
        <p className="list-hints odd-records" data-testid="odd-records" role="note">
          {oddRecordsText(oddRecords, unreadableRecords, 'product')}
        </p>
      )}
      {unnamedCodes && status === 'ready' && (
        <p className="list-hints" data-testid="legend-invite">
          Status codes have no names yet.{' '}
          <button type="button" className="link" onClick={onEditLegend}>
            Add a legend
          </button>
        </p>
      )}
      {items.length > 0 && status !== 'error' && (
        <ul
          className={`product-list ${loading ? 'is-stale' : ''}`}
          aria-label="Products"
          aria-busy={loading}
          ref={listRef}
        >
          {items.map((p) => (
            <ProductItem
              key={p.productKey}
              product={p}
              legend={legend}
              onOpen={() => openProduct(p.productKey)}
            />
          ))}
        </ul>
      )}
      {(total > 0 || page > 1) && status !== 'error' && (
        <Pager
          label="Products"
          page={page}
          pageSize={pageSize}
          servedPageSize={products.servedPageSize}
          total={total}
          shown={items.length}
          busy={loading}
          onPage={(n) => void loadProducts(n)}
          onPageSize={(n) => void setProductPageSize(n)}
        />
      )}
    </section>
  );
}

function ProductItem({
  product,
  legend,
  onOpen,
}: {
  product: ListedProduct;
  legend: Record<string, string>;
  onOpen(): void;
}) {
  const extend = parseExtendData(product.extendData);
  return (
    <li
      className="product-item"
      data-testid="product-item"
      data-product-key={product.productKey}
      data-odd={product.odd ? Object.keys(product.odd).join(' ') : undefined}
    >
      <div className="product-item-head">
        <button
          type="button"
          className="link product-open"
          onClick={onOpen}
          aria-label={`Open devices of ${product.productName || product.productKey}`}
        >
          <MiddleEllipsis text={product.productName || product.productKey} />
        </button>
        <OddMark record={product} />
        <Badge
          title={
            statusLabel(legend, product.productStatus)
              ? `Status ${product.productStatus}: ${statusLabel(legend, product.productStatus)}`
              : 'Status code (add a label in Settings)'
          }
          testId="product-status"
        >
          Status{' '}
          <OddOr record={product} field="productStatus">
            {statusText(legend, product.productStatus)}
          </OddOr>
        </Badge>
      </div>
      <div className="product-item-meta">
        <span>
          <OddOr record={product} field="productCategory">
            {product.productCategory || '—'}
          </OddOr>
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          <OddOr record={product} field="productIndustry">
            {product.productIndustry || '—'}
          </OddOr>
        </span>
      </div>
      <div className="product-item-times text-muted small">
        <span>
          Created{' '}
          <OddOr record={product} field="createAt">
            {formatTime(product.createAt)}
          </OddOr>
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          Updated{' '}
          <OddOr record={product} field="updateAt">
            {formatTime(product.updateAt)}
          </OddOr>
        </span>
      </div>
      <details className="product-details">
        <summary>
          Details<span className="visually-hidden"> of {product.productName || product.productKey}</span>
        </summary>
        <dl className="kv">
          <dt>productKey</dt>
          <dd className="mono">{product.productKey}</dd>
          {product.descr && (
            <>
              <dt>Description</dt>
              <dd>{product.descr}</dd>
            </>
          )}
          <dt>extendData</dt>
          <dd data-testid="extend-data" data-kind={extend.kind}>
            {extend.kind === 'json' ? (
              <pre className="code">{extend.pretty}</pre>
            ) : extend.text.trim() === '' ? (
              <span className="text-muted">empty</span>
            ) : (
              <>
                <pre className="code">{extend.text}</pre>
                <span className="text-muted small">Not valid JSON: shown as it came.</span>
              </>
            )}
          </dd>
        </dl>
      </details>
    </li>
  );
}
