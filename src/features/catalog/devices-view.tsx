import { useCallback, useId, useLayoutEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { SkeletonRows } from '../../components/skeleton-rows';
import { useCatalogStore } from './catalog-store';
import { DeviceGrid, DEVICE_ROW_HEIGHT } from './device-grid';
import { LOAD_ALL_CAP } from './paging';
import { Pager } from './pager';
import { renderTiming } from './render-timing';

/**
 * The devices of one product: a name filter, the virtualized grid, and paging or "load all".
 */
export function DevicesView() {
  const state = useCatalogStore(
    useShallow((s) => ({
      mode: s.mode,
      devices: s.devices,
      products: s.products.items,
      legend: s.legend.deviceStatus,
      highlightKey: s.highlightKey,
      gatewayNames: s.gatewayNames,
      announcement: s.announcement,
      openProduct: s.openProduct,
      loadDevices: s.loadDevices,
      setDevicePageSize: s.setDevicePageSize,
      loadAllDevices: s.loadAllDevices,
      showPages: s.showPages,
      revealDevice: s.revealDevice,
    })),
  );
  const { devices, mode, products, loadDevices, revealDevice } = state;
  const { items, status, error, total, page, pageSize, all, progress, capped, appliedKeyword } = devices;
  const loading = status === 'loading' || status === 'idle';

  const productNames = useMemo(
    () => new Map(products.map((p) => [p.productKey, p.productName || p.productKey])),
    [products],
  );
  const productName = devices.productKey ? (productNames.get(devices.productKey) ?? devices.productKey) : '';
  const onRevealGateway = useCallback((key: string) => void revealDevice(key), [revealDevice]);

  // An answer was applied: mark once its frame (rows, or the empty state) has been painted.
  const { shownSeq } = devices;
  useLayoutEffect(() => {
    if (shownSeq === 0) return;
    const frame = requestAnimationFrame(() => setTimeout(() => renderTiming.painted(shownSeq), 0));
    return () => cancelAnimationFrame(frame);
  }, [shownSeq]);

  const summary =
    status !== 'ready'
      ? ''
      : appliedKeyword
        ? `${total.toLocaleString()} device${total === 1 ? '' : 's'} match “${appliedKeyword}”`
        : `${total.toLocaleString()} device${total === 1 ? '' : 's'}`;

  return (
    <section
      className="catalog-section devices-view"
      aria-labelledby="devices-heading"
      data-testid="devices-view"
    >
      <header className="catalog-section-head">
        {mode === 'products' && (
          <Button
            size="small"
            variant="ghost"
            onClick={() => state.openProduct(null)}
            data-testid="back-to-products"
          >
            ← Products
          </Button>
        )}
        <h2 id="devices-heading" className="catalog-title" title={devices.productKey ?? undefined}>
          {mode === 'own-product' ? 'Devices of this product' : `Devices of ${productName}`}
        </h2>
        <Button
          size="small"
          variant="ghost"
          onClick={() => void loadDevices()}
          busy={status === 'loading'}
          aria-label="Refresh devices"
        >
          ↻
        </Button>
      </header>

      <DeviceFilter />

      <p className="list-summary" aria-live="polite" data-testid="devices-summary">
        {summary}
        {progress && (
          <span data-testid="load-all-progress">
            Loading {progress.loaded.toLocaleString()} of {progress.total.toLocaleString()}…
          </span>
        )}
        {state.announcement && <span className="visually-hidden">{state.announcement}</span>}
      </p>

      {status === 'error' && error && (
        <ErrorPanel
          title="The devices could not be loaded"
          message={error.message}
          status={error.status}
          onRetry={() => void loadDevices()}
        />
      )}
      {loading && items.length === 0 && (
        <SkeletonRows label="Loading devices…" rows={10} rowHeight={DEVICE_ROW_HEIGHT} />
      )}
      {status === 'ready' && items.length === 0 && (
        <EmptyState title={appliedKeyword ? 'No device matches' : 'No devices'}>
          {appliedKeyword
            ? `No device name contains “${appliedKeyword}”. Try part of a name.`
            : 'This product has no devices yet.'}
        </EmptyState>
      )}
      {items.length > 0 && status !== 'error' && (
        <div className={`device-grid-wrap ${loading ? 'is-stale' : ''}`} aria-busy={loading}>
          <DeviceGrid
            items={items}
            shownSeq={shownSeq}
            legend={state.legend}
            productNames={productNames}
            highlightKey={state.highlightKey}
            gatewayNames={state.gatewayNames}
            label={`Devices of ${productName || 'this product'}`}
            onRevealGateway={onRevealGateway}
          />
        </div>
      )}

      {status !== 'error' && (total > 0 || page > 1) && (
        <div className="devices-footer">
          {all ? (
            <div className="pager" data-testid="devices-all">
              <span className="pager-status">
                {progress
                  ? 'Loading every page…'
                  : capped
                    ? `The first ${LOAD_ALL_CAP.toLocaleString()} of ${total.toLocaleString()} loaded`
                    : `All ${items.length.toLocaleString()} loaded`}
              </span>
              <span className="spacer" />
              <Button size="small" onClick={() => void state.showPages()}>
                Show pages
              </Button>
            </div>
          ) : (
            <>
              <Pager
                label="Devices"
                page={page}
                pageSize={pageSize}
                total={total}
                shown={items.length}
                busy={loading}
                onPage={(n) => void loadDevices(n)}
                onPageSize={(n) => void state.setDevicePageSize(n)}
              />
              {total > pageSize && (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => void state.loadAllDevices()}
                  data-testid="load-all"
                >
                  Load all
                  {total > LOAD_ALL_CAP
                    ? ` (first ${LOAD_ALL_CAP.toLocaleString()})`
                    : ` ${total.toLocaleString()}`}
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The name filter: searches after a pause in typing, at once on Enter; Escape clears it. */
function DeviceFilter() {
  const { keyword, setKeyword, applyKeyword } = useCatalogStore(
    useShallow((s) => ({
      keyword: s.devices.keyword,
      setKeyword: s.setKeyword,
      applyKeyword: s.applyKeyword,
    })),
  );
  const id = useId();
  return (
    <div className="device-filter">
      <label htmlFor={id} className="visually-hidden">
        Filter devices by name
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder="Filter by name…"
        autoComplete="off"
        spellCheck={false}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') applyKeyword();
          if (e.key === 'Escape' && keyword) {
            e.preventDefault();
            setKeyword('');
            applyKeyword();
          }
        }}
        data-testid="device-filter"
      />
    </div>
  );
}
