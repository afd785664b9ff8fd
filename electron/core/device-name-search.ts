import { LIMITS } from '../shared/limits';
import type { CredentialType, Device, Product } from '../shared/domain';
import type { ListedPage } from './platform-records';

/** How far one search may page: a wall's names are worth a few requests, never a crawl of the platform. */
const SEARCH_BOUNDS = {
  /** Records a page (the most a platform is asked for: ARCHITECTURE, "Max pageSize"). */
  pageSize: 100,
  /** Pages of a User login's own products. */
  productPages: 2,
  /** Pages of one product's devices. */
  devicePagesPerProduct: 5,
} as const;

/** The two list operations of a client (PlatformClient), as a search uses them. */
export interface DeviceLister {
  listProducts(q: { page?: number; pageSize?: number }): Promise<ListedPage<Product>>;
  listDevices(productKey: string, q: { page?: number; pageSize?: number }): Promise<ListedPage<Device>>;
}

interface NameSearch {
  client: DeviceLister;
  credentialType: CredentialType;
  /** The product a Product login is for; products learned elsewhere (for a Project login, which lists none). */
  productKeys: readonly string[];
  /** The keys whose names are wanted; those found are taken out. */
  wanted: Set<string>;
  /** Names found, by key (filled as pages arrive, so an error part-way keeps them). */
  found: Map<string, string>;
  /** Products seen (a User login's list, a device's productKey): a later Project search may use them. */
  products: Set<string>;
  /** Requests this search may still make; shared by the searches of one platform in one run. */
  budget: { requests: number };
  /** Called before every request after the first: the pace of a background chore. */
  pause(): Promise<void>;
}

/**
 * A device name as a layout keeps it: trimmed, within the schema's length (cut with an ellipsis),
 * undefined when there is nothing to show.
 */
function storableName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  const max = LIMITS.deviceName;
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/** Platform errors that mean "not this product" for a search, not "this login cannot search". */
const SKIPPABLE = new Set(['forbidden', 'not-found']);

/**
 * Look for the wanted devices' names in the paged device lists of the products one login reaches
 * (spec 4.2, 4.3): a User login's own products (4.3), a Product login's product, a Project login's
 * known products. Bounded by SEARCH_BOUNDS and the shared budget; stops as soon as every key is found.
 * A refused product (403, 404) is skipped; any other failure is thrown (the caller backs off).
 */
export async function searchDeviceNames(s: NameSearch): Promise<void> {
  let first = true;
  const request = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (s.budget.requests <= 0) return undefined;
    if (!first) await s.pause();
    first = false;
    s.budget.requests -= 1;
    return call();
  };

  const products = [...s.productKeys];
  if (s.credentialType === 'user')
    for (let page = 1; page <= SEARCH_BOUNDS.productPages; page++) {
      const listed = await request(() => s.client.listProducts({ page, pageSize: SEARCH_BOUNDS.pageSize }));
      if (!listed) break;
      for (const product of listed.data) {
        if (typeof product.productKey !== 'string') continue;
        s.products.add(product.productKey);
        if (!products.includes(product.productKey)) products.push(product.productKey);
      }
      if (page * listed.pageSize >= listed.total || listed.data.length === 0) break;
    }

  for (const productKey of products) {
    for (let page = 1; page <= SEARCH_BOUNDS.devicePagesPerProduct; page++) {
      if (s.wanted.size === 0) return;
      let listed: ListedPage<Device> | undefined;
      try {
        listed = await request(() =>
          s.client.listDevices(productKey, { page, pageSize: SEARCH_BOUNDS.pageSize }),
        );
      } catch (e) {
        if (SKIPPABLE.has((e as { kind?: string }).kind ?? '')) break;
        throw e;
      }
      if (!listed) return;
      for (const device of listed.data) {
        if (typeof device.productKey === 'string') s.products.add(device.productKey);
        if (!s.wanted.has(device.deviceKey)) continue;
        const name = storableName(device.deviceName);
        if (!name) continue;
        s.found.set(device.deviceKey, name);
        s.wanted.delete(device.deviceKey);
      }
      if (page * listed.pageSize >= listed.total || listed.data.length === 0) break;
    }
  }
}
