import { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { ProfileTroubleActions } from '../../components/profile-trouble-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { formatNumber } from '../../i18n/format';
import { useOnWallKeys } from '../../session/on-wall-keys';
import { PutManyOnWallContext } from '../../session/put-many-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { useCatalogStore } from './catalog-store';
import { deviceColumns } from './device-columns';
import { DeviceDetails } from './device-details';
import { DeviceGrid, DEVICE_ROW_HEIGHT, type SelectGesture } from './device-grid';
import {
  chosenInOrder,
  extendTo,
  NO_SELECTION,
  toggleAll,
  toggleRow,
  type DeviceSelection,
} from './device-selection';
import { oddRecordsText, type ListedDevice } from './odd-fields';
import { LOAD_ALL_CAP } from './paging';
import { Pager } from './pager';
import { putManyText } from './put-many-text';
import { renderTiming } from './render-timing';
import { useStatusLegend } from './use-status-legend';

/** Frames to wait for the grid's first rows (the virtualizer renders them once it has measured). */
const ROW_FOCUS_FRAMES = 30;

/**
 * The devices of one product: a name filter, the virtualized grid, and paging or "load all"; a
 * device's details open under the grid.
 */
export function DevicesView({
  onEditLegend,
  onEditProfile,
}: {
  onEditLegend(): void;
  onEditProfile(): void;
}) {
  const state = useCatalogStore(
    useShallow((s) => ({
      mode: s.mode,
      devices: s.devices,
      products: s.products.items,
      focusAfter: s.focusAfter,
      focusTaken: s.focusTaken,
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
  const { devices, mode, products, loadDevices, revealDevice, focusAfter, focusTaken } = state;
  const { t, i18n } = useTranslation('catalog');
  const { legend, source: legendSource } = useStatusLegend('deviceStatus');
  const onWall = useOnWallKeys((s) => s.keys);
  const [details, setDetails] = useState<ListedDevice | null>(null);
  const putManyOnWall = useContext(PutManyOnWallContext);
  const [selection, setSelection] = useState<DeviceSelection>(NO_SELECTION);
  const [putResult, setPutResult] = useState<ReturnType<typeof putManyText> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusRows = useRef(false);
  const { items, status, error, total, page, pageSize, all, progress, capped, appliedKeyword } = devices;
  const loading = status === 'loading' || status === 'idle';

  // Another answer (a page, a filter, a product): a new list, a new selection; another product, and
  // what was said about the last one's devices goes too.
  const [selectionFor, setSelectionFor] = useState({ items, productKey: devices.productKey });
  if (selectionFor.items !== items || selectionFor.productKey !== devices.productKey) {
    if (selectionFor.productKey !== devices.productKey) setPutResult(null);
    setSelectionFor({ items, productKey: devices.productKey });
    if (selection.keys.size > 0) setSelection(NO_SELECTION);
  }
  const onSelect = useCallback(
    (index: number, gesture: SelectGesture) =>
      setSelection((sel) =>
        gesture === 'all'
          ? toggleAll(sel, items)
          : gesture === 'none'
            ? NO_SELECTION
            : gesture === 'range'
              ? extendTo(sel, items, index)
              : toggleRow(sel, items, index),
      ),
    [items],
  );
  const chosen = useMemo(() => chosenInOrder(selection, items), [selection, items]);

  /** Put these devices on the wall in one action and say what happened; the ones left out stay chosen. */
  const putMany = (list: readonly ListedDevice[]) => {
    if (!putManyOnWall || list.length === 0) return;
    const result = putManyOnWall(list.map(wallDeviceOf));
    // All of them went on: the wall's own notice says so (with Undo). Said here only when some were
    // there already or found no room.
    setPutResult(result.alreadyOn.length > 0 || result.noRoom.length > 0 ? putManyText(result) : null);
    const left = new Set(result.noRoom.map((d) => d.deviceKey));
    setSelection({ keys: left, anchor: left.size > 0 ? selection.anchor : null });
  };

  const productNames = useMemo(
    () => new Map(products.map((p) => [p.productKey, p.productName || p.productKey])),
    [products],
  );
  const productNameOf = useCallback(
    (key: string | null) => (key ? (productNames.get(key) ?? key) : '—'),
    [productNames],
  );
  const productName = devices.productKey ? productNameOf(devices.productKey) : '';
  const onRevealGateway = useCallback((key: string) => void revealDevice(key), [revealDevice]);

  // A product was just opened (Enter or a click on it, whose button is gone now): the keyboard
  // lands on this list's heading at once, and on its first row when the rows are in.
  useEffect(() => {
    if (focusAfter?.to !== 'devices') return;
    headingRef.current?.focus({ preventScroll: true });
    focusRows.current = true;
    focusTaken();
  }, [focusAfter, focusTaken]);
  useEffect(() => {
    if (!focusRows.current || items.length === 0) return;
    let frames = 0;
    let frame = 0;
    const tryFocus = () => {
      // The operator went elsewhere meanwhile: leave the focus where they put it.
      if (document.activeElement !== headingRef.current) return void (focusRows.current = false);
      const row = gridRef.current?.querySelector<HTMLElement>('[role="row"][tabindex="0"]');
      if (row) {
        focusRows.current = false;
        row.focus({ preventScroll: true });
      } else if (++frames < ROW_FOCUS_FRAMES) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [items]);

  const closeDetails = useCallback(() => {
    const key = details?.deviceKey;
    setDetails(null);
    // Back to the row the details were opened from, when it is still in view, and only where the focus
    // was lost with the details: an operator who has already focused a row (or anything else) keeps it.
    if (key)
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now && now !== document.body) return;
        gridRef.current?.querySelector<HTMLElement>(`[data-device-key="${CSS.escape(key)}"]`)?.focus();
      });
  }, [details]);

  const byKey = useMemo(() => new Map(items.map((d) => [d.deviceKey, d])), [items]);
  const gatewayNameOf = useCallback(
    (key: string | null) => {
      if (!key) return undefined;
      const gateway = byKey.get(key);
      return gateway ? gateway.deviceName || gateway.deviceKey : state.gatewayNames[key];
    },
    [byKey, state.gatewayNames],
  );
  // The hint of the columns left out names them in the app's language.
  const language = i18n.language;
  const columns = useMemo(
    () => deviceColumns(items, { productName: productNameOf, gatewayName: gatewayNameOf, language }),
    [items, productNameOf, gatewayNameOf, language],
  );
  const unnamedCodes =
    legendSource === 'none' && items.some((d) => legend[String(d.deviceStatus)] === undefined);

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
        ? t('devices.summaryMatch', { count: total, total: formatNumber(total), keyword: appliedKeyword })
        : t('devices.summary', { count: total, total: formatNumber(total) });

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
            {t('devices.backToProducts')}
          </Button>
        )}
        <h2
          id="devices-heading"
          className="catalog-title"
          title={devices.productKey ?? undefined}
          tabIndex={-1}
          ref={headingRef}
        >
          {mode === 'own-product' ? t('devices.titleOwn') : t('devices.titleOf', { product: productName })}
        </h2>
        <Button
          size="small"
          variant="ghost"
          onClick={() => void loadDevices()}
          busy={status === 'loading'}
          aria-label={t('devices.refreshLabel')}
        >
          ↻
        </Button>
      </header>

      <DeviceFilter />

      <p className="list-summary" aria-live="polite" data-testid="devices-summary">
        {summary}
        {progress && (
          <span data-testid="load-all-progress">
            {t('devices.loadingProgress', {
              loaded: formatNumber(progress.loaded),
              total: formatNumber(progress.total),
            })}
          </span>
        )}
        {state.announcement && <span className="visually-hidden">{state.announcement}</span>}
      </p>
      {status === 'ready' && (devices.oddRecords > 0 || devices.unreadableRecords > 0) && (
        <p className="list-hints odd-records" data-testid="odd-records" role="note">
          {oddRecordsText(devices.oddRecords, devices.unreadableRecords, 'device', all ? 'list' : 'page')}
        </p>
      )}
      {status === 'ready' && (columns.same.length > 0 || unnamedCodes) && (
        <p className="list-hints">
          {columns.same.length > 0 && (
            <span data-testid="same-columns" title={t('devices.sameTitle')}>
              {t('devices.same')}{' '}
              {columns.same.map((c, i) => (
                <span key={c.column}>
                  {i > 0 && ' · '}
                  {c.label} <strong>{c.value}</strong>
                </span>
              ))}
            </span>
          )}
          {unnamedCodes && (
            <span data-testid="legend-invite">
              {t('legendInvite.text')}{' '}
              <button type="button" className="link" onClick={onEditLegend}>
                {t('legendInvite.action')}
              </button>
            </span>
          )}
        </p>
      )}

      {status === 'error' && error && (
        <ErrorPanel
          title={t('devices.loadError')}
          message={error.message}
          coded={error}
          status={error.status}
          kind={error.kind}
          onRetry={() => void loadDevices()}
        >
          <ProfileTroubleActions onEditProfile={onEditProfile} error={error} />
        </ErrorPanel>
      )}
      {loading && items.length === 0 && (
        <SkeletonRows label={t('devices.loading')} rows={10} rowHeight={DEVICE_ROW_HEIGHT} />
      )}
      {status === 'ready' && items.length === 0 && (
        <EmptyState title={appliedKeyword ? t('devices.noMatchTitle') : t('devices.emptyTitle')}>
          {appliedKeyword ? t('devices.noMatchBody', { keyword: appliedKeyword }) : t('devices.emptyBody')}
        </EmptyState>
      )}
      {items.length > 0 && status !== 'error' && (
        <div
          className="device-put-bar"
          role="group"
          aria-label={t('devices.putBarLabel')}
          data-testid="put-bar"
        >
          <span className="device-put-count small" aria-live="polite" data-testid="chosen-count">
            {chosen.length > 0 ? t('devices.chosen', { count: chosen.length }) : t('devices.chooseHint')}
          </span>
          {chosen.length > 0 && (
            <>
              <Button
                size="small"
                variant="primary"
                disabled={!putManyOnWall}
                onClick={() => putMany(chosen)}
                data-testid="put-chosen"
                title={t('devices.putChosenTitle')}
              >
                {t('devices.putChosen', { count: chosen.length })}
              </Button>
              <Button
                size="small"
                variant="ghost"
                onClick={() => setSelection(NO_SELECTION)}
                data-testid="clear-chosen"
              >
                {t('devices.clear')}
              </Button>
            </>
          )}
          <span className="spacer" />
          <Button
            size="small"
            disabled={!putManyOnWall || loading}
            onClick={() => putMany(items)}
            data-testid="put-page"
            title={t(all ? 'devices.putListTitle' : 'devices.putPageTitle', {
              count: items.length,
              total: formatNumber(items.length),
            })}
          >
            {all ? t('devices.putList') : t('devices.putPage')}
          </Button>
        </div>
      )}
      {putResult && (
        <p
          className={`device-put-result callout small ${putResult.tone === 'warn' ? 'callout-warn' : ''}`}
          role="status"
          data-testid="put-many-result"
          title={putResult.title || undefined}
        >
          <span>{putResult.text}</span>
          <button
            type="button"
            className="link device-put-dismiss"
            aria-label={t('devices.dismiss')}
            onClick={() => setPutResult(null)}
          >
            ✕
          </button>
        </p>
      )}
      {items.length > 0 && status !== 'error' && (
        <div className={`device-grid-wrap ${loading ? 'is-stale' : ''}`} aria-busy={loading} ref={gridRef}>
          <DeviceGrid
            items={items}
            shownSeq={shownSeq}
            legend={legend}
            productNameOf={productNameOf}
            highlightKey={state.highlightKey}
            gatewayNameOf={gatewayNameOf}
            label={productName ? t('devices.titleOf', { product: productName }) : t('devices.gridLabelOwn')}
            onRevealGateway={onRevealGateway}
            onShowDetails={setDetails}
            columns={columns.shown}
            selected={selection.keys}
            onSelect={onSelect}
          />
        </div>
      )}
      {details && (
        <DeviceDetails
          device={details}
          legend={legend}
          legendSource={legendSource}
          productName={productNameOf(details.productKey)}
          gatewayName={gatewayNameOf(details.gatewayKey)}
          onWall={onWall.has(details.deviceKey)}
          onClose={closeDetails}
          onRevealGateway={onRevealGateway}
          onEditLegend={onEditLegend}
        />
      )}

      {status !== 'error' && (total > 0 || page > 1) && (
        <div className="devices-footer">
          {all ? (
            <div className="pager" data-testid="devices-all">
              <span className="pager-status">
                {progress
                  ? t('devices.loadingAll')
                  : capped
                    ? t('devices.cappedAll', { cap: formatNumber(LOAD_ALL_CAP), total: formatNumber(total) })
                    : t('devices.allLoaded', { total: formatNumber(items.length) })}
              </span>
              <span className="spacer" />
              <Button size="small" onClick={() => void state.showPages()}>
                {t('devices.showPages')}
              </Button>
            </div>
          ) : (
            <>
              <Pager
                list="devices"
                page={page}
                pageSize={pageSize}
                servedPageSize={devices.servedPageSize}
                total={total}
                shown={items.length}
                busy={loading}
                onPage={(n) => void loadDevices(n)}
                onPageSize={(n) => void state.setDevicePageSize(n)}
              />
              {total > devices.servedPageSize && (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => void state.loadAllDevices()}
                  data-testid="load-all"
                >
                  {total > LOAD_ALL_CAP
                    ? t('devices.loadAllCapped', { cap: formatNumber(LOAD_ALL_CAP) })
                    : t('devices.loadAll', { total: formatNumber(total) })}
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
  const { t } = useTranslation('catalog');
  return (
    <div className="device-filter">
      <label htmlFor={id} className="visually-hidden">
        {t('devices.filterLabel')}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={t('devices.filterPlaceholder')}
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
