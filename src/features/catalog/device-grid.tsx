import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useOnWallKeys } from '../../session/on-wall-keys';
import { usePutOnWall } from '../../session/use-put-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { columnLabel, gatewayLabel, statusTrack, type OptionalColumn } from './device-columns';
import { startDeviceDrag } from './device-drag';
import { MiddleEllipsis } from '../../components/middle-ellipsis';
import type { ListedDevice } from './odd-fields';
import { OddMark, OddOr } from './odd-mark';
import { statusLabel, statusText } from './status-legend';

export const DEVICE_ROW_HEIGHT = 36;
const PAGE_STEP = 10;

/** Grid tracks of the columns: the name takes the most room, as it is what tells rows apart. */
const TRACKS: Record<'select' | 'name' | OptionalColumn | 'actions', string> = {
  select: '26px',
  // Only the name and the status keep a floor: the other columns shrink to an ellipsis first, so a narrow
  // catalog (or one more column) never pushes the row's ⓘ and ▶ out of sight.
  name: 'minmax(96px, 3fr)',
  // (The status column's width comes from the legend, by statusTrack: its longest label fits.)
  type: 'minmax(0, 0.55fr)',
  sn: 'minmax(0, 1.1fr)',
  gateway: 'minmax(0, 1.2fr)',
  product: 'minmax(0, 0.9fr)',
  actions: '62px',
};

/** How a row was chosen: alone (click on its box, Space, Ctrl-click) or as a range (Shift). */
export type SelectGesture = 'toggle' | 'range' | 'all' | 'none';

export interface DeviceGridProps {
  items: readonly ListedDevice[];
  /** The answer the items came from: a new one scrolls back to the top. */
  shownSeq: number;
  legend: Record<string, string>;
  /** A product's name by its key, for the product column. */
  productNameOf(productKey: string | null): string;
  highlightKey: string | null;
  /** A gateway's name by its key: from `items`, or met in another answer; undefined when unknown. */
  gatewayNameOf(gatewayKey: string): string | undefined;
  label: string;
  onRevealGateway(deviceKey: string): void;
  /** Show a device's details (key, SN, gateway, status meaning, extendData). */
  onShowDetails(device: ListedDevice): void;
  /** The optional columns to show (the others hold the same value on every row). */
  columns: readonly OptionalColumn[];
  /** The devices chosen to go on the wall together (by key). */
  selected: ReadonlySet<string>;
  /** A row was chosen or unchosen (`index` in `items`); 'all' toggles every row, 'none' clears. */
  onSelect(index: number, gesture: SelectGesture): void;
}

/**
 * The devices of a product as a virtualized grid: only the rows in view (plus a few) are in the
 * DOM, so 2,000 devices scroll as smoothly as 20.
 *
 * Keyboard: one Tab stop (the active row); arrows, Page Up/Down, Home and End move; Enter puts the
 * device on the wall; Space chooses it (Shift+Space: every row from the last one chosen), Ctrl+A
 * every row, Escape none; Tab then reaches the active row's box, gateway link, details and "put on
 * wall". With the mouse: its box, Ctrl-click and Shift-click choose.
 * Rows drag onto wall tiles. Names shorten in the middle; a column with the same value on every row
 * is left out (the devices view says its value once); devices on the wall are marked.
 */
export const DeviceGrid = memo(function DeviceGrid({
  items,
  shownSeq,
  legend,
  productNameOf,
  highlightKey,
  gatewayNameOf,
  label,
  onRevealGateway,
  onShowDetails,
  columns,
  selected,
  onSelect,
}: DeviceGridProps) {
  const putOnWall = usePutOnWall();
  const { t } = useTranslation('catalog');
  const onWall = useOnWallKeys((s) => s.keys);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  /**
   * The row a keyboard move went to, until it is rendered and focused (null: none pending). A key pressed
   * meanwhile acts on this row, the one the operator moved to, not on the row that still has the focus.
   */
  const pendingRow = useRef<number | null>(null);
  const onRowFocus = useCallback((index: number) => {
    if (pendingRow.current === null) setActive(index);
  }, []);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DEVICE_ROW_HEIGHT,
    overscan: 8,
  });

  const indexOf = useMemo(() => new Map(items.map((d, i) => [d.deviceKey, i])), [items]);
  const tracks = [
    TRACKS.select,
    TRACKS.name,
    statusTrack(legend),
    ...columns.map((c) => TRACKS[c]),
    TRACKS.actions,
  ].join(' ');
  const highlightIndex = highlightKey ? (indexOf.get(highlightKey) ?? -1) : -1;

  // A new answer: back to the top, unless a highlighted device is to be shown.
  useLayoutEffect(() => {
    if (highlightIndex >= 0) return;
    // The virtualizer's own offset (from scroll events): asking the element would force a layout.
    if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0);
    setActive((a) => (a === 0 ? a : 0));
    // Only a new answer resets the scroll; highlight changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownSeq]);

  useEffect(() => {
    if (highlightIndex < 0) return;
    setActive(highlightIndex);
    virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
  }, [highlightIndex, virtualizer]);

  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  const allChosen = items.length > 0 && items.every((d) => selected.has(d.deviceKey));

  // After a keyboard move, focus the row once it is rendered.
  useEffect(() => {
    if (pendingRow.current === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (row) {
      pendingRow.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const move = useCallback(
    (to: number) => {
      const next = Math.max(0, Math.min(items.length - 1, to));
      pendingRow.current = next;
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    },
    [items.length, virtualizer],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>, focused: number) => {
      if (e.target !== e.currentTarget) return;
      const index = pendingRow.current ?? focused;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
        e.preventDefault();
        onSelect(index, 'all');
        return;
      }
      if (e.key === 'Escape' && selected.size > 0) {
        e.preventDefault();
        onSelect(index, 'none');
        return;
      }
      const keys: Record<string, () => void> = {
        ArrowDown: () => move(index + 1),
        ArrowUp: () => move(index - 1),
        PageDown: () => move(index + PAGE_STEP),
        PageUp: () => move(index - PAGE_STEP),
        Home: () => move(0),
        End: () => move(items.length - 1),
        Enter: () => putOnWall(wallDeviceOf(items[index])),
        ' ': () => onSelect(index, e.shiftKey ? 'range' : 'toggle'),
      };
      const action = keys[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    },
    [items, move, putOnWall, onSelect, selected.size],
  );

  return (
    <div
      className="device-grid"
      role="grid"
      aria-label={label}
      aria-multiselectable
      aria-rowcount={items.length + 1}
      aria-colcount={columns.length + 4}
      data-testid="device-grid"
      data-columns={columns.join(' ')}
      style={{ '--device-columns': tracks } as CSSProperties}
    >
      <div role="rowgroup" className="device-grid-head">
        <div role="row" aria-rowindex={1} className="device-row device-row-head">
          <span role="columnheader" className="cell-select">
            <input
              type="checkbox"
              tabIndex={-1}
              aria-label={allChosen ? t('grid.chooseNone') : t('grid.chooseAll')}
              title={allChosen ? t('grid.chooseNone') : t('grid.chooseAllTitle')}
              checked={allChosen}
              ref={(box) => {
                if (box) box.indeterminate = selected.size > 0 && !allChosen;
              }}
              onChange={() => onSelect(activeIndex, 'all')}
              data-testid="select-all"
            />
          </span>
          <span role="columnheader">{t('columns.name')}</span>
          <span role="columnheader">{t('columns.status')}</span>
          {columns.map((c) => (
            <span role="columnheader" key={c}>
              {columnLabel(c)}
            </span>
          ))}
          <span role="columnheader">
            <span className="visually-hidden">{t('columns.actions')}</span>
          </span>
        </div>
      </div>
      <div role="rowgroup" className="device-grid-body" ref={scrollRef} data-testid="device-scroll">
        <div className="device-grid-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const device = items[v.index];
            return (
              <DeviceRow
                key={device.deviceKey}
                index={v.index}
                start={v.start}
                device={device}
                columns={columns}
                gatewayName={device.gatewayKey ? gatewayNameOf(device.gatewayKey) : undefined}
                productName={productNameOf(device.productKey)}
                legend={legend}
                isActive={v.index === activeIndex}
                chosen={selected.has(device.deviceKey)}
                onSelect={onSelect}
                highlighted={device.deviceKey === highlightKey}
                onWall={onWall.has(device.deviceKey)}
                onFocus={onRowFocus}
                onKeyDown={onKeyDown}
                onRevealGateway={onRevealGateway}
                onShowDetails={onShowDetails}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});

interface DeviceRowProps {
  index: number;
  start: number;
  device: ListedDevice;
  columns: readonly OptionalColumn[];
  gatewayName: string | undefined;
  productName: string;
  legend: Record<string, string>;
  isActive: boolean;
  /** Chosen to go on the wall with others. */
  chosen: boolean;
  onSelect(index: number, gesture: SelectGesture): void;
  highlighted: boolean;
  onWall: boolean;
  onFocus(index: number): void;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>, index: number): void;
  onRevealGateway(deviceKey: string): void;
  onShowDetails(device: ListedDevice): void;
}

const DeviceRow = memo(function DeviceRow({
  index,
  start,
  device,
  columns,
  gatewayName,
  productName,
  legend,
  isActive,
  chosen,
  onSelect,
  highlighted,
  onWall,
  onFocus,
  onKeyDown,
  onRevealGateway,
  onShowDetails,
}: DeviceRowProps) {
  const putOnWall = usePutOnWall();
  const { t } = useTranslation('catalog');
  const name = device.deviceName || device.deviceKey;
  const label = statusLabel(legend, device.deviceStatus);
  const tab = isActive ? 0 : -1;
  const cells: Record<OptionalColumn, ReactNode> = {
    type: (
      <span role="gridcell" className="cell-type" title={device.deviceType} key="type">
        <OddOr record={device} field="deviceType">
          {device.deviceType || '—'}
        </OddOr>
      </span>
    ),
    sn: (
      <span role="gridcell" className="cell-sn mono" title={device.sn} key="sn">
        <OddOr record={device} field="sn">
          {device.sn || '—'}
        </OddOr>
      </span>
    ),
    gateway: (
      <span role="gridcell" className="cell-gateway" key="gateway">
        {device.gatewayKey ? (
          <button
            type="button"
            className="link"
            tabIndex={tab}
            title={t('grid.showGateway', { name: gatewayName ?? device.gatewayKey })}
            onClick={() => onRevealGateway(device.gatewayKey!)}
            data-testid="gateway-link"
          >
            {gatewayName ? (
              <MiddleEllipsis text={gatewayLabel(gatewayName, productName)} />
            ) : (
              <span className="mono">{device.gatewayKey}</span>
            )}
          </button>
        ) : (
          <span className="text-muted" title={device.gateway ? t('grid.thisIsGateway') : undefined}>
            {device.gateway ? t('columns.gatewayItself') : '—'}
          </span>
        )}
      </span>
    ),
    product: (
      <span role="gridcell" className="cell-product" key="product">
        <MiddleEllipsis text={productName} />
      </span>
    ),
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={chosen}
      tabIndex={tab}
      data-index={index}
      data-testid="device-row"
      data-device-key={device.deviceKey}
      data-on-wall={onWall || undefined}
      data-chosen={chosen || undefined}
      data-odd={device.odd ? Object.keys(device.odd).join(' ') : undefined}
      className={`device-row ${highlighted ? 'is-highlighted' : ''} ${onWall ? 'is-on-wall' : ''} ${chosen ? 'is-chosen' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      draggable
      onDragStart={(e) => startDeviceDrag(e, wallDeviceOf(device))}
      onFocus={(e) => e.target === e.currentTarget && onFocus(index)}
      onKeyDown={(e) => onKeyDown(e, index)}
      onClick={(e) => {
        // Ctrl/⌘-click chooses a row, Shift-click a range; a plain click only focuses it.
        if ((e.target as HTMLElement).closest('button, input, a')) return;
        if (e.shiftKey) onSelect(index, 'range');
        else if (e.ctrlKey || e.metaKey) onSelect(index, 'toggle');
      }}
      title={t(onWall ? 'grid.rowTitleOnWall' : 'grid.rowTitle', { name })}
    >
      <span role="gridcell" className="cell-select">
        <input
          type="checkbox"
          tabIndex={tab}
          checked={chosen}
          aria-label={t('grid.choose', { name })}
          onChange={() => undefined}
          onClick={(e) => {
            e.stopPropagation();
            onSelect(index, e.shiftKey ? 'range' : 'toggle');
          }}
          data-testid="device-choose"
        />
      </span>
      <span role="gridcell" className="cell-name">
        {onWall && (
          <span className="on-wall-mark" title={t('grid.onWall')} data-testid="on-wall-mark">
            <span aria-hidden="true">●</span>
            <span className="visually-hidden">{t('grid.onWallHidden')}</span>
          </span>
        )}
        {device.gateway && (
          <span className="gateway-mark" title={t('grid.gateway')} aria-label={t('grid.gateway')}>
            ⛁
          </span>
        )}
        <MiddleEllipsis text={name} />
        <OddMark record={device} />
      </span>
      <span role="gridcell" className="cell-status">
        <OddOr record={device} field="deviceStatus">
          <span
            className="status-code"
            data-code={device.deviceStatus}
            title={
              label
                ? t('grid.statusTitle', { code: device.deviceStatus, label })
                : t('grid.statusCodeTitle', { code: device.deviceStatus })
            }
          >
            {statusText(legend, device.deviceStatus)}
          </span>
        </OddOr>
      </span>
      {columns.map((c) => cells[c])}
      <span role="gridcell" className="cell-action">
        <button
          type="button"
          className="btn btn-ghost btn-small btn-icon"
          tabIndex={tab}
          aria-label={t('grid.detailsOf', { name })}
          title={t('grid.details')}
          onClick={() => onShowDetails(device)}
          data-testid="device-details-open"
        >
          <span className="info-mark" aria-hidden="true">
            i
          </span>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small btn-icon btn-put"
          tabIndex={tab}
          aria-label={t('grid.putName', { name })}
          title={onWall ? t('grid.putAgain') : t('grid.put')}
          onClick={() => putOnWall(wallDeviceOf(device))}
          data-testid="put-on-wall"
        >
          ▶
        </button>
      </span>
    </div>
  );
});
