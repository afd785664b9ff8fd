import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { parseExtendData } from '../../../electron/shared/domain';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { ProfileTroubleActions } from '../../components/profile-trouble-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { useCatalogStore } from './catalog-store';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { MiddleEllipsis } from '../../components/middle-ellipsis';
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
  const { t } = useTranslation('catalog');
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
          {t('products.title')}{' '}
          {status === 'ready' && (
            <span className="count" data-testid="products-total">
              {formatNumber(total)}
            </span>
          )}
        </h2>
        <Button
          size="small"
          variant="ghost"
          onClick={() => void loadProducts()}
          busy={status === 'loading'}
          aria-label={t('products.refreshLabel')}
        >
          {t('products.refresh')}
        </Button>
      </header>

      {status === 'error' && error && (
        <ErrorPanel
          title={t('products.loadError')}
          message={error.message}
          coded={error}
          status={error.status}
          kind={error.kind}
          onRetry={() => void loadProducts()}
        >
          <ProfileTroubleActions onEditProfile={onEditProfile} error={error} />
        </ErrorPanel>
      )}
      {loading && items.length === 0 && (
        <SkeletonRows label={t('products.loading')} rows={6} rowHeight={64} />
      )}
      {status === 'ready' && items.length === 0 && (
        <EmptyState title={t('products.emptyTitle')}>{t('products.emptyBody')}</EmptyState>
      )}
      {status === 'ready' && (oddRecords > 0 || unreadableRecords > 0) && (
        <p className="list-hints odd-records" data-testid="odd-records" role="note">
          {oddRecordsText(oddRecords, unreadableRecords, 'product')}
        </p>
      )}
      {unnamedCodes && status === 'ready' && (
        <p className="list-hints" data-testid="legend-invite">
          {t('legendInvite.text')}{' '}
          <button type="button" className="link" onClick={onEditLegend}>
            {t('legendInvite.action')}
          </button>
        </p>
      )}
      {items.length > 0 && status !== 'error' && (
        <ul
          className={`product-list ${loading ? 'is-stale' : ''}`}
          aria-label={t('products.title')}
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
          list="products"
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
  const { t } = useTranslation('catalog');
  const name = product.productName || product.productKey;
  const label = statusLabel(legend, product.productStatus);
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
          aria-label={t('products.open', { name })}
        >
          <MiddleEllipsis text={name} />
        </button>
        <OddMark record={product} />
        <Badge
          title={
            label
              ? t('products.statusTitle', { code: product.productStatus, label })
              : t('products.statusUnnamed')
          }
          testId="product-status"
        >
          {t('products.status')}{' '}
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
          {t('products.created')}{' '}
          <OddOr record={product} field="createAt">
            {formatDateTime(product.createAt)}
          </OddOr>
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          {t('products.updated')}{' '}
          <OddOr record={product} field="updateAt">
            {formatDateTime(product.updateAt)}
          </OddOr>
        </span>
      </div>
      <details className="product-details">
        <summary aria-label={t('products.detailsOf', { name })}>{t('products.details')}</summary>
        <dl className="kv">
          <dt>productKey</dt>
          <dd className="mono">{product.productKey}</dd>
          {product.descr && (
            <>
              <dt>{t('products.description')}</dt>
              <dd>{product.descr}</dd>
            </>
          )}
          <dt>extendData</dt>
          <dd data-testid="extend-data" data-kind={extend.kind}>
            {extend.kind === 'json' ? (
              <pre className="code">{extend.pretty}</pre>
            ) : extend.text.trim() === '' ? (
              <span className="text-muted">{t('products.empty')}</span>
            ) : (
              <>
                <pre className="code">{extend.text}</pre>
                <span className="text-muted small">{t('products.notJson')}</span>
              </>
            )}
          </dd>
        </dl>
      </details>
    </li>
  );
}
