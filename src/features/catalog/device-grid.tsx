import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Device } from '../../../electron/shared/domain';
import { usePutOnWall } from '../../session/use-put-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { startDeviceDrag } from './device-drag';
import { statusLabel, statusText } from './status-legend';

export const DEVICE_ROW_HEIGHT = 36;
const PAGE_STEP = 10;

export interface DeviceGridProps {
  items: readonly Device[];
  /** The answer the items came from: a new one scrolls back to the top. */
  shownSeq: number;
  legend: Record<string, string>;
  /** Names of products by key, for the product column. */
  productNames: ReadonlyMap<string, string>;
  highlightKey: string | null;
  /** Gateway names met in other answers, for gateways not in `items`. */
  gatewayNames: Readonly<Record<string, string>>;
  label: string;
  onRevealGateway(deviceKey: string): void;
}

/**
 * The devices of a product as a virtualized grid: only the rows in view (plus a few) are in the
 * DOM, so 2,000 devices scroll as smoothly as 20.
 *
 * Keyboard: one Tab stop (the active row); arrows, Page Up/Down, Home and End move; Enter puts the
 * device on the wall; Tab then reaches the active row's gateway link and "put on wall" button.
 * Rows drag onto wall tiles.
 */
export const DeviceGrid = memo(function DeviceGrid({
  items,
  shownSeq,
  legend,
  productNames,
  highlightKey,
  gatewayNames,
  label,
  onRevealGateway,
}: DeviceGridProps) {
  const putOnWall = usePutOnWall();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DEVICE_ROW_HEIGHT,
    overscan: 8,
  });

  const byKey = useMemo(() => new Map(items.map((d, i) => [d.deviceKey, { device: d, index: i }])), [items]);
  const highlightIndex = highlightKey ? (byKey.get(highlightKey)?.index ?? -1) : -1;

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

  // After a keyboard move, focus the row once it is rendered.
  useEffect(() => {
    if (!focusPending.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (row) {
      focusPending.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const move = useCallback(
    (to: number) => {
      const next = Math.max(0, Math.min(items.length - 1, to));
      focusPending.current = true;
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    },
    [items.length, virtualizer],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>, index: number) => {
      if (e.target !== e.currentTarget) return;
      const keys: Record<string, () => void> = {
        ArrowDown: () => move(index + 1),
        ArrowUp: () => move(index - 1),
        PageDown: () => move(index + PAGE_STEP),
        PageUp: () => move(index - PAGE_STEP),
        Home: () => move(0),
        End: () => move(items.length - 1),
        Enter: () => putOnWall(wallDeviceOf(items[index])),
      };
      const action = keys[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    },
    [items, move, putOnWall],
  );

  return (
    <div
      className="device-grid"
      role="grid"
      aria-label={label}
      aria-rowcount={items.length + 1}
      aria-colcount={7}
      data-testid="device-grid"
    >
      <div role="rowgroup" className="device-grid-head">
        <div role="row" aria-rowindex={1} className="device-row device-row-head">
          <span role="columnheader">Name</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">Type</span>
          <span role="columnheader">SN</span>
          <span role="columnheader">Gateway</span>
          <span role="columnheader">Product</span>
          <span role="columnheader">
            <span className="visually-hidden">Wall</span>
          </span>
        </div>
      </div>
      <div role="rowgroup" className="device-grid-body" ref={scrollRef} data-testid="device-scroll">
        <div className="device-grid-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const device = items[v.index];
            const gateway = device.gatewayKey ? byKey.get(device.gatewayKey)?.device : undefined;
            return (
              <DeviceRow
                key={device.deviceKey}
                index={v.index}
                start={v.start}
                device={device}
                gatewayName={
                  gateway
                    ? gateway.deviceName || gateway.deviceKey
                    : device.gatewayKey
                      ? gatewayNames[device.gatewayKey]
                      : undefined
                }
                productName={
                  device.productKey ? (productNames.get(device.productKey) ?? device.productKey) : '—'
                }
                legend={legend}
                isActive={v.index === activeIndex}
                highlighted={device.deviceKey === highlightKey}
                onFocus={setActive}
                onKeyDown={onKeyDown}
                onRevealGateway={onRevealGateway}
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
  device: Device;
  gatewayName: string | undefined;
  productName: string;
  legend: Record<string, string>;
  isActive: boolean;
  highlighted: boolean;
  onFocus(index: number): void;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>, index: number): void;
  onRevealGateway(deviceKey: string): void;
}

const DeviceRow = memo(function DeviceRow({
  index,
  start,
  device,
  gatewayName,
  productName,
  legend,
  isActive,
  highlighted,
  onFocus,
  onKeyDown,
  onRevealGateway,
}: DeviceRowProps) {
  const putOnWall = usePutOnWall();
  const name = device.deviceName || device.deviceKey;
  const label = statusLabel(legend, device.deviceStatus);
  const tab = isActive ? 0 : -1;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={highlighted || undefined}
      tabIndex={tab}
      data-index={index}
      data-testid="device-row"
      data-device-key={device.deviceKey}
      className={`device-row ${highlighted ? 'is-highlighted' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      draggable
      onDragStart={(e) => startDeviceDrag(e, wallDeviceOf(device))}
      onFocus={(e) => e.target === e.currentTarget && onFocus(index)}
      onKeyDown={(e) => onKeyDown(e, index)}
      title={`${name} — Enter or drag onto a tile to put it on the wall`}
    >
      <span role="gridcell" className="cell-name" title={name}>
        {device.gateway && (
          <span className="gateway-mark" title="Gateway">
            ⛁{' '}
          </span>
        )}
        {name}
      </span>
      <span role="gridcell" className="cell-status">
        <span
          className="status-code"
          title={label ? `Status ${device.deviceStatus}: ${label}` : `Status code ${device.deviceStatus}`}
        >
          {statusText(legend, device.deviceStatus)}
        </span>
      </span>
      <span role="gridcell" className="cell-type" title={device.deviceType}>
        {device.deviceType || '—'}
      </span>
      <span role="gridcell" className="cell-sn mono" title={device.sn}>
        {device.sn || '—'}
      </span>
      <span role="gridcell" className="cell-gateway">
        {device.gatewayKey ? (
          <button
            type="button"
            className="link"
            tabIndex={tab}
            title={`Show gateway ${gatewayName ?? device.gatewayKey}`}
            onClick={() => onRevealGateway(device.gatewayKey!)}
            data-testid="gateway-link"
          >
            {gatewayName ?? <span className="mono">{device.gatewayKey}</span>}
          </button>
        ) : (
          <span className="text-muted">{device.gateway ? 'is gateway' : '—'}</span>
        )}
      </span>
      <span role="gridcell" className="cell-product" title={productName}>
        {productName}
      </span>
      <span role="gridcell" className="cell-action">
        <button
          type="button"
          className="btn btn-ghost btn-small btn-icon"
          tabIndex={tab}
          aria-label={`Put ${name} on the wall`}
          title="Put on wall"
          onClick={() => putOnWall(wallDeviceOf(device))}
          data-testid="put-on-wall"
        >
          ▶
        </button>
      </span>
    </div>
  );
});
