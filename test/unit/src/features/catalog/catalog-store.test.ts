import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileSaveInput, ProfileView } from '../../../../../electron/shared/profile';
import {
  callsOf,
  startCoreHarness,
  untilState,
  type CoreHarness,
} from '../../../../support/core-api-harness';
import { testBridge } from '../../../../support/renderer-bridge';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

vi.mock('../../../../../src/lib/bridge', () => import('../../../../support/renderer-bridge'));

const { useCatalogStore, KEYWORD_DEBOUNCE_MS } =
  await import('../../../../../src/features/catalog/catalog-store');
const { startCoreMirror, useCoreMirror } = await import('../../../../../src/session/core-mirror');
type CatalogState = ReturnType<typeof useCatalogStore.getState>;

let h: CoreHarness;
const profiles: Record<'user' | 'product' | 'device' | 'project', ProfileView> = {} as never;

async function saveProfile(input: ProfileSaveInput): Promise<ProfileView> {
  const result = await h.api.profiles.save(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Resolves with the first state that satisfies `predicate` (now or later). */
const until = (predicate: (s: CatalogState) => boolean) => untilState(useCatalogStore, predicate);

const state = () => useCatalogStore.getState();
const devicesReady = (s: CatalogState) => s.devices.status === 'ready';

beforeAll(async () => {
  h = await startCoreHarness();
  testBridge.api = h.api;
  const { user, product, device, project } = h.demo.credentials;
  const base = { baseUrl: h.demo.baseUrl, placement: 'query' as const };
  profiles.user = await saveProfile({
    ...base,
    name: 'User',
    credentialType: 'user',
    keys: { userKey: user.userKey, authKey: user.authKey },
    secrets: { authSecret: user.authSecret },
  });
  profiles.product = await saveProfile({
    ...base,
    name: 'Product',
    credentialType: 'product',
    keys: { productKey: product.productKey, queryKey: product.queryKey },
    secrets: { querySecret: product.querySecret },
  });
  profiles.device = await saveProfile({
    ...base,
    name: 'Device',
    credentialType: 'device',
    keys: { deviceKey: device.deviceKey },
    secrets: { queryToken: device.queryToken },
  });
  profiles.project = await saveProfile({
    ...base,
    name: 'Project',
    credentialType: 'project',
    keys: { projectKey: project.projectKey, projectAuthKey: project.projectAuthKey },
    secrets: { projectAuthSecret: project.projectAuthSecret },
  });
});

afterEach(() => {
  h.delay = undefined;
  h.demo.setDown(false);
  state().activate(null);
});

afterAll(async () => {
  await h.close();
});

const userProducts = () => h.demo.data.products.filter((p) => p.userKey === h.demo.credentials.user.userKey);
const perimeter = () => userProducts().find((p) => p.productName === 'Perimeter Cameras')!;

describe('catalog store with User credentials', () => {
  it('lists the user’s own products with their total', async () => {
    state().activate(profiles.user);
    expect(state().mode).toBe('products');
    const s = await until((s) => s.products.status === 'ready');
    expect(s.products.total).toBe(userProducts().length);
    expect(s.products.items.map((p) => p.productKey)).toEqual(userProducts().map((p) => p.productKey));
    expect(callsOf(h, 'products:list').at(-1)?.input).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('does not reload when the same profile is activated again, and does when forced', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    const before = callsOf(h, 'products:list').length;
    state().activate({ ...profiles.user, keys: { ...profiles.user.keys } });
    expect(callsOf(h, 'products:list').length).toBe(before);
    state().activate(profiles.user, { force: true });
    await until((s) => s.products.status === 'ready');
    expect(callsOf(h, 'products:list').length).toBe(before + 1);
  });

  it('falls back to the last page when asked for a page past the end', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    await state().loadProducts(5);
    const s = await until((s) => s.products.status === 'ready' && s.products.items.length > 0);
    expect(s.products.page).toBe(1);
  });

  it('opens a product and pages through its devices at the chosen size', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    state().openProduct(perimeter().productKey);
    let s = await until(devicesReady);
    expect(s.devices.total).toBe(1040);
    expect(s.devices.items).toHaveLength(100);
    await state().loadDevices(3);
    s = state();
    expect(s.devices.page).toBe(3);
    expect(s.devices.items[0].deviceKey).toBe(
      h.demo.data.devicesByProduct.get(perimeter().productKey)![200].deviceKey,
    );
    // A new size keeps the first shown device in view: item 201 is on page 5 of 50.
    await state().setDevicePageSize(50);
    s = state();
    expect(s.devices.pageSize).toBe(50);
    expect(s.devices.page).toBe(5);
    expect(s.devices.items).toHaveLength(50);
  });

  it('sends one search for a burst of keystrokes, after the pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      state().activate(profiles.user);
      await vi.waitUntil(() => state().products.status === 'ready');
      state().openProduct(perimeter().productKey);
      await vi.waitUntil(() => state().devices.status === 'ready');
      const before = callsOf(h, 'devices:list').length;
      for (const k of ['g', 'ga', 'gat', 'gate']) {
        state().setKeyword(k);
        vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS - 50);
      }
      expect(callsOf(h, 'devices:list').length).toBe(before);
      vi.advanceTimersByTime(60);
      expect(callsOf(h, 'devices:list').length).toBe(before + 1);
      expect(callsOf(h, 'devices:list').at(-1)?.input).toMatchObject({ keyword: 'gate', page: 1 });
      await vi.waitUntil(
        () => state().devices.status === 'ready' && state().devices.appliedKeyword === 'gate',
      );
      const expected = h.demo.data.devicesByProduct
        .get(perimeter().productKey)!
        .filter((d) => d.deviceName.toLowerCase().includes('gate'));
      expect(state().devices.total).toBe(expected.length);
      expect(state().devices.items.every((d) => d.deviceName.toLowerCase().includes('gate'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores the answer to an older search that arrives after the newer one', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    state().openProduct(perimeter().productKey);
    await until(devicesReady);
    let releaseSlow!: () => void;
    const slow = new Promise<void>((r) => (releaseSlow = r));
    h.delay = (call) =>
      call.channel === 'devices:list' && (call.input as { keyword?: string }).keyword === 'tower'
        ? slow
        : undefined;
    state().setKeyword('tower');
    state().applyKeyword();
    state().setKeyword('fence');
    state().applyKeyword();
    await until((s) => devicesReady(s) && s.devices.appliedKeyword === 'fence');
    releaseSlow();
    await new Promise((r) => setTimeout(r, 20));
    const s = state();
    expect(s.devices.appliedKeyword).toBe('fence');
    expect(s.devices.items.length).toBeGreaterThan(0);
    expect(s.devices.items.every((d) => d.deviceName.toLowerCase().includes('fence'))).toBe(true);
  });

  it('ignores answers for a product the operator already left', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    let release!: () => void;
    h.delay = (call) =>
      call.channel === 'devices:list' ? new Promise<void>((r) => (release = r)) : undefined;
    state().openProduct(perimeter().productKey);
    state().openProduct(null);
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(state().devices.productKey).toBeNull();
    expect(state().devices.items).toEqual([]);
  });

  it('says where the keyboard goes: into a product opened, back to the product left', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    expect(state().focusAfter).toBeNull();
    state().openProduct(perimeter().productKey);
    expect(state().focusAfter).toEqual({ to: 'devices' });
    state().focusTaken();
    expect(state().focusAfter).toBeNull();
    state().openProduct(null);
    expect(state().focusAfter).toEqual({ to: 'product', productKey: perimeter().productKey });
  });

  it('loads every device into one list with "load all"', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    state().openProduct(perimeter().productKey);
    await until(devicesReady);
    const before = callsOf(h, 'devices:list').length;
    await state().loadAllDevices();
    const s = state();
    expect(s.devices.all).toBe(true);
    expect(s.devices.items).toHaveLength(1040);
    expect(new Set(s.devices.items.map((d) => d.deviceKey)).size).toBe(1040);
    expect(s.devices.capped).toBe(false);
    expect(callsOf(h, 'devices:list').length - before).toBe(11);
    await state().showPages();
    expect(state().devices.all).toBe(false);
    expect(state().devices.items).toHaveLength(100);
  });

  it('reveals a gateway that is not loaded by filtering to it', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    state().openProduct(perimeter().productKey);
    await until(devicesReady);
    state().setKeyword('Gate 250');
    state().applyKeyword();
    const s = await until((s) => devicesReady(s) && s.devices.appliedKeyword === 'Gate 250');
    const child = s.devices.items.find((d) => d.gatewayKey)!;
    expect(child).toBeDefined();
    expect(s.devices.items.some((d) => d.deviceKey === child.gatewayKey)).toBe(false);
    await state().revealDevice(child.gatewayKey!);
    const after = state();
    expect(after.highlightKey).toBe(child.gatewayKey);
    expect(after.devices.items.some((d) => d.deviceKey === child.gatewayKey)).toBe(true);
    expect(after.announcement).toMatch(/Filtered to/);
  });

  it('shows the server’s message when the platform is down, and recovers on retry', async () => {
    state().activate(profiles.user);
    await until((s) => s.products.status === 'ready');
    h.demo.setDown(true);
    await state().loadProducts();
    let s = state();
    expect(s.products.status).toBe('error');
    expect(s.products.error?.message).toBeTruthy();
    expect(s.products.error?.status).toBe(503);
    h.demo.setDown(false);
    await state().loadProducts();
    s = state();
    expect(s.products.status).toBe('ready');
    expect(s.products.error).toBeNull();
  });

  it('saves the status legend through the settings, and the mirror brings it back', async () => {
    const stop = startCoreMirror(h.api);
    try {
      await untilState(useCoreMirror, (s) => s.status === 'ready' && s.settings !== null);
      const reads = callsOf(h, 'settings:get').length;
      const result = await state().saveLegend({
        deviceStatus: { '1': 'Online' },
        productStatus: { '0': 'Draft' },
      });
      expect(result.ok).toBe(true);
      expect(useCoreMirror.getState().settings?.statusLegend.deviceStatus['1']).toBe('Online');
      expect(callsOf(h, 'settings:get')).toHaveLength(reads);
      const stored = await h.api.settings.get();
      expect(stored.ok && stored.value.statusLegend.productStatus).toEqual({ '0': 'Draft' });
    } finally {
      stop();
    }
  });

  it('follows the active profile of the mirror once connected', async () => {
    const stop = startCoreMirror(h.api);
    const disconnect = state().connect();
    try {
      await h.api.profiles.select({ id: profiles.user.id });
      const s = await until((c) => c.profile?.id === profiles.user.id && c.products.status === 'ready');
      expect(s.mode).toBe('products');
      await h.api.profiles.select({ id: profiles.product.id });
      expect(state().profile?.id).toBe(profiles.product.id);
      expect(state().mode).toBe('own-product');
    } finally {
      disconnect();
      stop();
    }
  });
});

describe('catalog store with other credential types', () => {
  it('Product credentials list their own product’s devices without asking for a key', async () => {
    state().activate(profiles.product);
    expect(state().mode).toBe('own-product');
    const s = await until(devicesReady);
    const own = h.demo.data.devicesByProduct.get(h.demo.credentials.product.productKey)!;
    expect(s.devices.total).toBe(own.length);
    expect(
      callsOf(h, 'products:list').filter(
        (c) => (c.input as { profileId?: string })?.profileId === profiles.product.id,
      ),
    ).toEqual([]);
    expect((callsOf(h, 'devices:list').at(-1)?.input as { productKey?: string }).productKey).toBeUndefined();
  });

  it('Project credentials wait for a product key, then list that product’s devices', async () => {
    state().activate(profiles.project);
    expect(state().mode).toBe('ask-product');
    expect(state().devices.status).toBe('idle');
    state().chooseProduct(perimeter().productKey);
    const s = await until(devicesReady);
    expect(s.devices.total).toBe(1040);
  });

  it('Project credentials show the server’s refusal for a product they cannot reach', async () => {
    state().activate(profiles.project);
    state().chooseProduct('pk-does-not-exist');
    const s = await until((s) => s.devices.status === 'error');
    expect(s.devices.error?.status).toBe(404);
  });

  it('Device credentials make no list calls at all', async () => {
    const before = h.calls.length;
    state().activate(profiles.device);
    expect(state().mode).toBe('single-device');
    await state().loadProducts();
    await state().loadDevices();
    expect(h.calls.length).toBe(before);
  });
});
