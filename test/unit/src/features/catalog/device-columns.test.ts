import { describe, expect, it } from 'vitest';
import type { Device } from '../../../../../electron/shared/domain';
import { deviceColumns, gatewayLabel, statusTrack } from '../../../../../src/features/catalog/device-columns';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

const device = (patch: Partial<Device>): Device => ({
  createAt: 0,
  updateAt: 0,
  deviceKey: 'k',
  sn: '',
  userKey: 'u',
  productKey: 'p1',
  deviceType: 'NVR',
  descr: '',
  deviceName: '',
  createProtocol: 1,
  deviceStatus: 1,
  createAck: true,
  extendData: null,
  gateway: false,
  gatewayKey: null,
  ...patch,
});

const context = {
  productName: (key: string | null) => (key === 'p1' ? 'Perimeter Cameras' : (key ?? '—')),
  gatewayName: (key: string) => (key === 'g1' ? 'NVR 1' : undefined),
};

describe('deviceColumns', () => {
  it('leaves out the columns that hold one value on every row, and says their value', () => {
    const items = [
      device({ deviceKey: 'a', sn: 'SN1', gateway: true }),
      device({ deviceKey: 'b', sn: 'SN2', gateway: true }),
    ];
    expect(deviceColumns(items, context)).toEqual({
      shown: ['sn'],
      same: [
        { column: 'type', label: 'Type', value: 'NVR' },
        { column: 'gateway', label: 'Gateway', value: 'is a gateway' },
        { column: 'product', label: 'Product', value: 'Perimeter Cameras' },
      ],
    });
  });

  it('keeps a column as soon as one row differs, and compares what the cell shows', () => {
    const items = [
      device({ deviceKey: 'a', sn: 'SN1', gatewayKey: 'g1', deviceType: 'IPC' }),
      device({ deviceKey: 'b', sn: 'SN2', gatewayKey: 'g1' }),
      device({ deviceKey: 'c', sn: 'SN3', gatewayKey: null, productKey: 'p2' }),
    ];
    expect(deviceColumns(items, context).shown).toEqual(['type', 'sn', 'gateway', 'product']);
  });

  it('keeps every column for a single row (there is nothing to repeat)', () => {
    expect(deviceColumns([device({})], context)).toEqual({
      shown: ['type', 'sn', 'gateway', 'product'],
      same: [],
    });
  });
});

describe('text that is not cut where it matters', () => {
  it('sizes the status column for the legend’s longest “code · label” (no “0 · Offli…”)', () => {
    expect(statusTrack({ '0': 'Offline', '1': 'Online', '2': 'Fault', '3': 'Disabled' })).toBe(
      'calc(6.6em + 16px)',
    );
    // A legend of bare codes keeps a floor; an essay is cut at 20 characters (its tooltip has it whole).
    expect(statusTrack({})).toBe('calc(1.65em + 16px)');
    expect(statusTrack({ '7': 'Waiting for the maintenance contractor to visit' })).toBe(
      `calc(${20 * 0.55}em + 16px)`,
    );
  });

  it('names a gateway without the product the rows already belong to (no “\\…Z NVR 1”)', () => {
    expect(gatewayLabel('Perimeter Cameras NVR 6', 'Perimeter Cameras')).toBe('NVR 6');
    expect(gatewayLabel('Dock Gateway 2', 'Perimeter Cameras')).toBe('Dock Gateway 2');
    expect(gatewayLabel('Perimeter Cameras', 'Perimeter Cameras')).toBe('Perimeter Cameras');
    expect(gatewayLabel('NVR 1', '')).toBe('NVR 1');
  });
});
