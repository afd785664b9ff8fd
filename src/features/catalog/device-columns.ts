import type { Device } from '../../../electron/shared/domain';

/** The device grid's columns that may be left out. Name, status and the actions always show. */
export type OptionalColumn = 'type' | 'sn' | 'gateway' | 'product';

export interface ColumnContext {
  productName(productKey: string | null): string;
  gatewayName(gatewayKey: string): string | undefined;
}

const LABELS: Record<OptionalColumn, string> = {
  type: 'Type',
  sn: 'SN',
  gateway: 'Gateway',
  product: 'Product',
};

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
          ? 'is a gateway'
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
      same.push({ column, label: LABELS[column], value: first });
    else shown.push(column);
  }
  return { shown, same };
}
