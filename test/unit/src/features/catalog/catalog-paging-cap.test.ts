import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../../../electron/shared/profile';
import { rangeLabel, pageCount } from '../../../../../src/features/catalog/paging';
import { startCoreHarness, untilState, type CoreHarness } from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

/**
 * The catalog store over a real core and the demo platform, which caps pageSize or sends records with
 * odd fields: the store pages by what the platform served and says how many records were odd.
 */

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

const { useCatalogStore } = await import('../../../../../src/features/catalog/catalog-store');
type CatalogState = ReturnType<typeof useCatalogStore.getState>;

let h: CoreHarness;
let profile: ProfileView;

/** Resolves with the first state that satisfies `predicate` (now or later). */
const until = (predicate: (s: CatalogState) => boolean) => untilState(useCatalogStore, predicate);
const state = () => useCatalogStore.getState();

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
  const { user } = h.demo.credentials;
  const saved = await h.api.profiles.save({
    baseUrl: h.demo.baseUrl,
    placement: 'query',
    name: 'User',
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: user.authSecret },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  profile = saved.value;
});
afterEach(() => {
  h.demo.setListQuirks({ maxPageSize: 100, oddRecords: false });
  state().activate(null);
});
afterAll(() => h.close());

const productNamed = (name: string) => h.demo.data.products.find((p) => p.productName === name)!;

async function openDevices(name: string) {
  state().activate(profile);
  await until((s) => s.products.status === 'ready');
  state().openProduct(productNamed(name).productKey);
  return until((s) => s.devices.status === 'ready');
}

describe('a platform that caps pageSize at 50', () => {
  it('pages by the size it served: page 2 shows 51–100 of 150', async () => {
    h.demo.setListQuirks({ maxPageSize: 50 });
    const first = await openDevices('Traffic Intersections');
    expect(first.devices).toMatchObject({ pageSize: 100, servedPageSize: 50, total: 150, page: 1 });
    expect(first.devices.items).toHaveLength(50);
    await state().loadDevices(2);
    const { devices } = state();
    const keys = h.demo.data.devicesByProduct.get(productNamed('Traffic Intersections').productKey)!;
    expect(devices.items.map((d) => d.deviceKey)).toEqual(keys.slice(50, 100).map((d) => d.deviceKey));
    // What the pager says from it.
    expect(rangeLabel(devices.page, devices.servedPageSize, devices.total, devices.items.length, 'en')).toBe(
      '51–100 of 150',
    );
    expect(pageCount(devices.total, devices.servedPageSize)).toBe(3);
  });

  it('loads all of a list in pages of the served size', async () => {
    h.demo.setListQuirks({ maxPageSize: 50 });
    await openDevices('Perimeter Cameras');
    await state().loadAllDevices();
    const { devices } = state();
    expect(devices.items).toHaveLength(1040);
    expect(new Set(devices.items.map((d) => d.deviceKey)).size).toBe(1040);
  });

  it('keeps the first device in view when the page size changes', async () => {
    h.demo.setListQuirks({ maxPageSize: 50 });
    await openDevices('Perimeter Cameras');
    await state().loadDevices(3); // records 101–150
    await state().setDevicePageSize(20);
    expect(state().devices).toMatchObject({ page: 6, servedPageSize: 20 }); // 101–120
  });
});

describe('a page with odd records', () => {
  it('lists them, keeps their odd fields and counts them', async () => {
    h.demo.setListQuirks({ oddRecords: true });
    const { devices } = await openDevices('Traffic Intersections');
    expect(devices.items).toHaveLength(100);
    expect(devices.oddRecords).toBe(10);
    expect(devices.unreadableRecords).toBe(0);
    expect(devices.items[3].odd).toMatchObject({ createAck: '(missing)' });
    expect(state().products.oddRecords).toBe(1);
    expect(state().products.items[3].odd).toHaveProperty('updateAt');
  });
});
