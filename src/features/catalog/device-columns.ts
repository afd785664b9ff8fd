import i18next from 'i18next';
import type { Device } from '../../../electron/shared/domain';

/** The device grid's columns that may be left out. Name, status and the actions always show. */
export type OptionalColumn = 'type' | 'sn' | 'gateway' | 'product';

export interface ColumnContext {
  productName(productKey: string | null): string;
  /** The language the hint names the columns in; the app's by default. */
  language?: string;
  gatewayName(gatewayKey: string): string | undefined;
}

/**
 * A column's header, from the catalog (catalog:columns.<column>). The gateway cell of a device that is
 * a gateway says catalog:columns.gatewayItself ("itself"), short enough never to be cut ("is a
 * gate…"); the hint of a column left out says catalog:columns.isGateway ("is a gateway") in full.
 */
export const columnLabel = (column: OptionalColumn, language?: string): string =>
  i18next.t(`catalog:columns.${column}`, { lng: language });

/** What a cell of the column shows for a device, as text. */
function cellText(column: OptionalColumn, device: Device, context: ColumnContext): string {
  switch (column) {
    case 'type':
      return device.deviceType || '—';
    case 'sn':
      return device.sn || '—';
    case 'gateway':
      return device.gatewayKey
        ? (context.gatewayName(device.gatewayKey) ?? device.gatewayKey)
        : device.gateway
          ? i18next.t('catalog:columns.isGateway', { lng: context.language })
          : '—';
    case 'product':
      return context.productName(device.productKey);
  }
}

export interface DeviceColumns {
  shown: OptionalColumn[];
  /** Columns left out because every row has the same value; said in a hint above the grid. */
  same: { column: OptionalColumn; label: string; value: string }[];
}

/**
 * Which optional columns to show for these rows: a column with the same value on every row (all
 * NVRs of one product, all gateways, one product) repeats it on every line and takes the room the
 * names need, so it is left out and its value said once. One row alone keeps every column.
 */
export function deviceColumns(items: readonly Device[], context: ColumnContext): DeviceColumns {
  const all: OptionalColumn[] = ['type', 'sn', 'gateway', 'product'];
  if (items.length < 2) return { shown: all, same: [] };
  const shown: OptionalColumn[] = [];
  const same: DeviceColumns['same'] = [];
  for (const column of all) {
    const first = cellText(column, items[0], context);
    if (items.every((d) => cellText(column, d, context) === first))
      same.push({ column, label: columnLabel(column, context.language), value: first });
    else shown.push(column);
  }
  return { shown, same };
}

/** Characters the status column is sized for at most: a longer legend label is cut (and is the tooltip). */
const STATUS_MAX_CHARS = 20;

/**
 * The status column's track, wide enough for the longest "code · label" the legend can show
 * ("0 · Offline"), so no status is cut to "0 · Offli…". Rows are grids of their own, so the width is
 * fixed from the legend, not measured from the rows: every row keeps the same columns.
 */
export function statusTrack(legend: Record<string, string>): string {
  const longest = Math.max(
    3,
    ...Object.entries(legend).map(([code, label]) => Array.from(`${code} · ${label}`).length),
  );
  // An average letter of the pill's 12 px text is about 0.55 of the row's 13 px em (1ch, a "0", is
  // wider than most letters and left the columns beside it short); the pill adds 12 px of padding.
  return `calc(${Math.round(Math.min(longest, STATUS_MAX_CHARS) * 55) / 100}em + 16px)`;
}

/**
 * What a gateway link shows: the gateway's name without the product name it starts with, since the
 * rows are that product's already ("Perimeter Cameras NVR 6" → "NVR 6"); the full name stays its
 * tooltip. A name that is all prefix, or has none, shows whole.
 */
export function gatewayLabel(gatewayName: string, productName: string): string {
  const prefix = productName.trim();
  if (!prefix || !gatewayName.startsWith(prefix)) return gatewayName;
  const rest = gatewayName.slice(prefix.length).replace(/^[\s·:–—-]+/u, '');
  return rest && rest !== gatewayName ? rest : gatewayName;
}
