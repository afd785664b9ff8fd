import type { Page } from '../../../electron/shared/domain';
import type { AppError } from '../../../electron/shared/contract';
import type { ListedDevice, ListedProduct } from './odd-fields';
import type { PageSize } from './paging';

/** What the catalog shows of the products and of one product's devices, page by page. */
type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ProductsView {
  items: ListedProduct[];
  page: number;
  /** The page size asked for (the operator's choice). */
  pageSize: PageSize;
  /**
   * The page size the platform served, from its answer: less than asked where the platform caps it
   * (50 where 100 was asked). Pages and ranges count in it.
   */
  servedPageSize: number;
  total: number;
  /** Records of the shown page with fields of an unexpected type (listed, marked). */
  oddRecords: number;
  /** Records of the shown page that could not be listed at all. */
  unreadableRecords: number;
  status: LoadStatus;
  error: AppError | null;
}

export interface DevicesView {
  /** The product whose devices are listed; for Product credentials their own (listed without a key). */
  productKey: string | null;
  items: ListedDevice[];
  page: number;
  /** The page size asked for (the operator's choice). */
  pageSize: PageSize;
  /** The page size the platform served (see ProductsView). */
  servedPageSize: number;
  total: number;
  /** Records shown with fields of an unexpected type (listed, marked). */
  oddRecords: number;
  /** Records that could not be listed at all. */
  unreadableRecords: number;
  /** What the filter field holds (sent after the debounce). */
  keyword: string;
  /** The keyword the shown items were filtered by. */
  appliedKeyword: string;
  status: LoadStatus;
  error: AppError | null;
  /** "Load all" mode: every page up to LOAD_ALL_CAP in one list. */
  all: boolean;
  /** While "load all" runs: how far it got. */
  progress: { loaded: number; total: number } | null;
  /** "Load all" stopped at the cap: more devices exist than are shown. */
  capped: boolean;
  /** The request whose answer is shown (for the render-timing marks). */
  shownSeq: number;
}

/** The profile fields the catalog depends on. */
export const emptyProducts = (): ProductsView => ({
  items: [],
  page: 1,
  pageSize: 20,
  servedPageSize: 20,
  total: 0,
  oddRecords: 0,
  unreadableRecords: 0,
  status: 'idle',
  error: null,
});

export const emptyDevices = (productKey: string | null = null): DevicesView => ({
  productKey,
  items: [],
  page: 1,
  pageSize: 100,
  servedPageSize: 100,
  total: 0,
  oddRecords: 0,
  unreadableRecords: 0,
  keyword: '',
  appliedKeyword: '',
  status: 'idle',
  error: null,
  all: false,
  progress: null,
  capped: false,
  shownSeq: 0,
});

/** The page size an answer says it served; what was asked when it says nothing usable. */
export const servedSize = (answered: number | undefined, asked: number) =>
  answered !== undefined && Number.isInteger(answered) && answered > 0 ? Math.min(answered, asked) : asked;

/** What a listed page shows: its records, where it is, the size it was served in, its odd ones counted. */
export const shownPage = <T>(
  value: Page<T> & { oddRecords?: number; unreadableRecords?: number },
  page: number,
  served: number,
) => ({
  items: value.data,
  total: value.total,
  page: value.page || page,
  servedPageSize: served,
  oddRecords: value.oddRecords ?? 0,
  unreadableRecords: value.unreadableRecords ?? 0,
});
