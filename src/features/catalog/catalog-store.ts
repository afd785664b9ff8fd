import i18next from 'i18next';
import { create } from 'zustand';
import { MAX_PAGE_SIZE, type CredentialType, type Device } from '../../../electron/shared/domain';
import type { Result } from '../../../electron/shared/contract';
import type { ProfileView } from '../../../electron/shared/profile';
import type { Settings, StatusLegend } from '../../../electron/shared/settings';
import { api } from '../../lib/bridge';
import { useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile } from '../../session/profiles-store';
import { saveSettings } from '../../session/save-settings';
import { catalogModeFor, type CatalogMode } from './catalog-mode';
import { Debouncer } from './debouncer';
import { LatestRequest } from './latest-request';
import { clampPage, LOAD_ALL_CAP, loadAllPlan, type PageSize } from './paging';
import { rememberedProductKey } from './remembered-product-key';
import { renderTiming } from './render-timing';
import {
  emptyDevices,
  emptyProducts,
  servedSize,
  shownPage,
  type DevicesView,
  type ProductsView,
} from './catalog-pages';

/** The keyword filter waits this long after the last keystroke. */
export const KEYWORD_DEBOUNCE_MS = 250;

export interface CatalogProfile {
  id: string;
  credentialType: CredentialType;
  keys: Record<string, string>;
  baseUrl?: string;
  placement?: string;
}

export interface CatalogState {
  profile: CatalogProfile | null;
  mode: CatalogMode | null;
  products: ProductsView;
  devices: DevicesView;
  /** A device to scroll to and highlight (the target of a gateway link). */
  highlightKey: string | null;
  /**
   * Names of the gateways met in any answer for this product, so a gateway link can name its
   * gateway even when the gateway itself is filtered out or on another page.
   */
  gatewayNames: Record<string, string>;
  /** A short status line for the catalog's live region ("Gateway NVR 1 shown."). */
  announcement: string;
  /**
   * Where the keyboard goes after the list changed under it: the devices of a product just opened,
   * or back to the product just left. The view that shows it takes the focus and clears this, so
   * Enter on a product never leaves the focus on the page.
   */
  focusAfter: { to: 'devices' } | { to: 'product'; productKey: string } | null;

  /** Show the catalog of a profile (null: none). Same profile, same keys: nothing reloads. */
  activate(profile: CatalogProfile | null, options?: { force?: boolean }): void;
  loadProducts(page?: number): Promise<void>;
  setProductPageSize(size: PageSize): Promise<void>;
  /** Open a product's devices; null goes back to the product list. */
  openProduct(productKey: string | null): void;
  /** Project credentials: the product whose devices to list (remembered per profile). */
  chooseProduct(productKey: string): void;
  /** The filter field changed: the search runs after a pause in typing. */
  setKeyword(keyword: string): void;
  /** Search now (Enter in the filter field). */
  applyKeyword(): void;
  loadDevices(page?: number): Promise<void>;
  setDevicePageSize(size: PageSize): Promise<void>;
  /** Fetch every page (up to LOAD_ALL_CAP) into one scrolling list. */
  loadAllDevices(): Promise<void>;
  /** Back from "load all" to pages. */
  showPages(): Promise<void>;
  /** Scroll to a device of this product (a gateway link), filtering to it if it is not loaded. */
  revealDevice(deviceKey: string): Promise<void>;
  clearHighlight(): void;
  /** The focus was placed where `focusAfter` said. */
  focusTaken(): void;
  /**
   * Show the catalog of the mirror's active profile, now and whenever it changes (its id, keys,
   * address or placement); returns the unsubscribe.
   */
  connect(): () => void;
  /** Show the active profile's catalog afresh (its secrets changed: the view shows none of them). */
  reload(): void;
  /** Save the status legend into the settings (the mirror brings it back by settings:changed). */
  saveLegend(legend: StatusLegend): Promise<Result<Settings>>;
}

/** The fields of a profile view the catalog works with. */
function catalogProfileOf(p: ProfileView | null): CatalogProfile | null {
  return (
    p && {
      id: p.id,
      credentialType: p.credentialType,
      keys: p.keys,
      baseUrl: p.baseUrl,
      placement: p.placement,
    }
  );
}

const signature = (p: CatalogProfile | null) =>
  p ? JSON.stringify([p.id, p.credentialType, p.keys, p.baseUrl ?? '', p.placement ?? '']) : '';

export const useCatalogStore = create<CatalogState>()((set, get) => {
  const productsRequest = new LatestRequest();
  const devicesRequest = new LatestRequest();
  const keywordDebounce = new Debouncer(KEYWORD_DEBOUNCE_MS);

  const patchDevices = (patch: Partial<DevicesView>) => set((s) => ({ devices: { ...s.devices, ...patch } }));
  const patchProducts = (patch: Partial<ProductsView>) =>
    set((s) => ({ products: { ...s.products, ...patch } }));

  /** Product credentials list their own product: the core fills the key in (devices:list without it). */
  const listDevices = (page: number, pageSize: number, keyword: string) => {
    const { mode, devices, profile } = get();
    return api.devices.list({
      ...(profile && { profileId: profile.id }),
      ...(mode !== 'own-product' && devices.productKey && { productKey: devices.productKey }),
      ...(keyword && { keyword }),
      page,
      pageSize,
    });
  };

  const learnGateways = (devices: readonly Device[]) => {
    const found = devices.filter((d) => d.gateway && d.deviceName);
    if (found.length)
      set((s) => ({
        gatewayNames: {
          ...s.gatewayNames,
          ...Object.fromEntries(found.map((d) => [d.deviceKey, d.deviceName])),
        },
      }));
  };

  const canListDevices = () => {
    const { mode, devices } = get();
    return (
      mode === 'own-product' || ((mode === 'products' || mode === 'ask-product') && !!devices.productKey)
    );
  };

  return {
    profile: null,
    mode: null,
    products: emptyProducts(),
    devices: emptyDevices(),
    highlightKey: null,
    gatewayNames: {},
    announcement: '',
    focusAfter: null,

    activate(profile, options) {
      if (!options?.force && signature(profile) === signature(get().profile)) return;
      productsRequest.invalidate();
      devicesRequest.invalidate();
      keywordDebounce.cancel();
      const mode = profile ? catalogModeFor(profile.credentialType, profile.keys) : null;
      const productKey =
        mode === 'own-product'
          ? (profile?.keys.productKey ?? null)
          : mode === 'ask-product' && profile
            ? rememberedProductKey.get(profile.id)
            : null;
      set({
        profile,
        mode,
        products: emptyProducts(),
        devices: emptyDevices(productKey),
        highlightKey: null,
        gatewayNames: {},
        announcement: '',
        focusAfter: null,
      });
      if (mode === 'products') void get().loadProducts(1);
      else if (canListDevices()) void get().loadDevices(1);
    },

    async loadProducts(page = get().products.page) {
      if (get().mode !== 'products') return;
      const ticket = productsRequest.begin();
      const { pageSize } = get().products;
      patchProducts({ status: 'loading', error: null });
      const result = await api.products.list({ profileId: get().profile?.id, page, pageSize });
      if (!productsRequest.isCurrent(ticket)) return;
      if (!result.ok) {
        patchProducts({ status: 'error', error: result.error });
        return;
      }
      const { data, total } = result.value;
      const served = servedSize(result.value.pageSize, pageSize);
      // A page past the end (the list shrank meanwhile): go to the last page that exists.
      if (data.length === 0 && total > 0 && page > 1) {
        void get().loadProducts(clampPage(page, total, served));
        return;
      }
      patchProducts({ ...shownPage(result.value, page, served), status: 'ready', error: null });
    },

    async setProductPageSize(size) {
      const { page, servedPageSize } = get().products;
      // Keep the first item in view: it moves to the page of the new size that holds it.
      const first = (page - 1) * servedPageSize;
      patchProducts({ pageSize: size });
      await get().loadProducts(Math.floor(first / size) + 1);
    },

    openProduct(productKey) {
      if (get().mode !== 'products') return;
      devicesRequest.invalidate();
      keywordDebounce.cancel();
      const left = get().devices.productKey;
      set({
        devices: emptyDevices(productKey),
        highlightKey: null,
        gatewayNames: {},
        announcement: '',
        focusAfter: productKey ? { to: 'devices' } : left ? { to: 'product', productKey: left } : null,
      });
      if (productKey) void get().loadDevices(1);
    },

    chooseProduct(productKey) {
      const { mode, profile } = get();
      if (mode !== 'ask-product' || !profile) return;
      const key = productKey.trim();
      rememberedProductKey.set(profile.id, key || null);
      devicesRequest.invalidate();
      keywordDebounce.cancel();
      set({ devices: emptyDevices(key || null), highlightKey: null, gatewayNames: {}, announcement: '' });
      if (key) void get().loadDevices(1);
    },

    setKeyword(keyword) {
      patchDevices({ keyword });
      keywordDebounce.schedule(() => void get().loadDevices(1));
    },

    applyKeyword() {
      if (keywordDebounce.isPending) keywordDebounce.flush();
      else void get().loadDevices(1);
    },

    async loadDevices(page = get().devices.page) {
      if (!canListDevices()) return;
      keywordDebounce.cancel();
      if (get().devices.all) return get().loadAllDevices();
      const ticket = devicesRequest.begin();
      const { pageSize } = get().devices;
      const keyword = get().devices.keyword.trim();
      patchDevices({ status: 'loading', error: null, progress: null });
      const result = await listDevices(page, pageSize, keyword);
      if (!devicesRequest.isCurrent(ticket)) return;
      if (!result.ok) {
        patchDevices({ status: 'error', error: result.error });
        return;
      }
      const { data, total } = result.value;
      const served = servedSize(result.value.pageSize, pageSize);
      if (data.length === 0 && total > 0 && page > 1) {
        void get().loadDevices(clampPage(page, total, served));
        return;
      }
      renderTiming.responseArrived(ticket);
      learnGateways(data);
      patchDevices({
        ...shownPage(result.value, page, served),
        appliedKeyword: keyword,
        status: 'ready',
        error: null,
        capped: false,
        shownSeq: ticket,
      });
    },

    async setDevicePageSize(size) {
      const { page, servedPageSize } = get().devices;
      const first = (page - 1) * servedPageSize;
      patchDevices({ pageSize: size });
      await get().loadDevices(Math.floor(first / size) + 1);
    },

    async loadAllDevices() {
      if (!canListDevices()) return;
      keywordDebounce.cancel();
      const ticket = devicesRequest.begin();
      const keyword = get().devices.keyword.trim();
      patchDevices({ all: true, status: 'loading', error: null, progress: { loaded: 0, total: 0 } });
      const first = await listDevices(1, MAX_PAGE_SIZE, keyword);
      if (!devicesRequest.isCurrent(ticket)) return;
      if (!first.ok) {
        patchDevices({ status: 'error', error: first.error, progress: null });
        return;
      }
      // Pages of the size the platform serves (it may cap below MAX_PAGE_SIZE).
      const served = servedSize(first.value.pageSize, MAX_PAGE_SIZE);
      const { pages, capped } = loadAllPlan(first.value.total, LOAD_ALL_CAP, served);
      const items = [...first.value.data];
      const total = first.value.total;
      let oddRecords = first.value.oddRecords ?? 0;
      let unreadableRecords = first.value.unreadableRecords ?? 0;
      for (let page = 2; page <= pages; page++) {
        patchDevices({ progress: { loaded: items.length, total: Math.min(total, LOAD_ALL_CAP) } });
        const next = await listDevices(page, MAX_PAGE_SIZE, keyword);
        if (!devicesRequest.isCurrent(ticket)) return;
        if (!next.ok) {
          patchDevices({ status: 'error', error: next.error, progress: null });
          return;
        }
        items.push(...next.value.data);
        oddRecords += next.value.oddRecords ?? 0;
        unreadableRecords += next.value.unreadableRecords ?? 0;
        if (next.value.data.length === 0) break;
      }
      renderTiming.responseArrived(ticket);
      learnGateways(items);
      patchDevices({
        items: items.slice(0, LOAD_ALL_CAP),
        total,
        page: 1,
        oddRecords,
        unreadableRecords,
        appliedKeyword: keyword,
        status: 'ready',
        error: null,
        progress: null,
        capped,
        shownSeq: ticket,
      });
    },

    async showPages() {
      patchDevices({ all: false, capped: false });
      await get().loadDevices(1);
    },

    async revealDevice(deviceKey) {
      const shown = get().devices.items.find((d) => d.deviceKey === deviceKey);
      if (shown) {
        set({ highlightKey: deviceKey, announcement: `${shown.deviceName || deviceKey} is highlighted.` });
        return;
      }
      if (!canListDevices()) return;
      // Not loaded: look through the product's pages (without the filter) for it.
      const ticket = devicesRequest.begin();
      keywordDebounce.cancel();
      patchDevices({ status: 'loading', error: null });
      let found: Device | undefined;
      // Counted in records, not pages: a platform may serve fewer a page than asked.
      for (let page = 1, looked = 0; looked < LOAD_ALL_CAP && !found; page++) {
        const result = await listDevices(page, MAX_PAGE_SIZE, '');
        if (!devicesRequest.isCurrent(ticket)) return;
        if (!result.ok) {
          patchDevices({ status: 'error', error: result.error });
          return;
        }
        found = result.value.data.find((d) => d.deviceKey === deviceKey);
        looked += result.value.data.length;
        const served = servedSize(result.value.pageSize, MAX_PAGE_SIZE);
        if (
          result.value.data.length === 0 ||
          looked >= result.value.total ||
          result.value.data.length < served
        )
          break;
      }
      if (!found) {
        patchDevices({ status: 'ready' });
        set({ announcement: i18next.t('catalog:devices.announceNotFound', { key: deviceKey }) });
        return;
      }
      // Filter to it by name, so it is in the list whatever page it was on.
      patchDevices({ keyword: found.deviceName, all: false });
      set({
        highlightKey: deviceKey,
        announcement: i18next.t('catalog:devices.announceFiltered', { name: found.deviceName || deviceKey }),
      });
      await get().loadDevices(1);
    },

    clearHighlight() {
      set({ highlightKey: null });
    },

    focusTaken() {
      if (get().focusAfter) set({ focusAfter: null });
    },

    connect() {
      const follow = (profiles: ProfileView[]) =>
        get().activate(catalogProfileOf(selectActiveProfile({ profiles })));
      follow(useCoreMirror.getState().profiles);
      return useCoreMirror.subscribe((now, before) => {
        if (now.profiles !== before.profiles) follow(now.profiles);
      });
    },

    reload() {
      get().activate(catalogProfileOf(selectActiveProfile(useCoreMirror.getState())), { force: true });
    },

    saveLegend(legend) {
      return saveSettings({ statusLegend: legend });
    },
  };
});
