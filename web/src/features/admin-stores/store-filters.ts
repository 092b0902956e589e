import { PLANS, type Plan } from '../admin-hqs/hq-rules';
import { STORE_STATUSES, STORE_TYPES, type StoreStatus, type StoreType } from './store-rules';

/** spec 02 § AdminListStoresParams: q (store name, HQ name or address) at most 100; page 0-based. */
export const Q_MAX = 100;
export const STORES_PAGE_SIZE = 20;

export interface AdminStoreFilters {
  q: string;
  status: StoreStatus | null;
  type: StoreType | null;
  plan: Plan | null;
  hqId: string | null;
  /** 0-based, as the API counts. */
  page: number;
}

export const NO_STORE_FILTERS: AdminStoreFilters = { q: '', status: null, type: null, plan: null, hqId: null, page: 0 };

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters the URL keeps (a reload or Back shows the same list); unknown values are ignored. */
export const storeFiltersFromParams = (params: URLSearchParams): AdminStoreFilters => {
  const page = Number(params.get('page'));
  const hqId = params.get('hqId');
  return {
    q: (params.get('q') ?? '').slice(0, Q_MAX),
    status: oneOf(STORE_STATUSES, params.get('status')),
    type: oneOf(STORE_TYPES, params.get('type')),
    plan: oneOf(PLANS, params.get('plan')),
    hqId: hqId && UUID.test(hqId) ? hqId : null,
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

export const paramsFromStoreFilters = (f: AdminStoreFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.status) params.set('status', f.status);
  if (f.type) params.set('type', f.type);
  if (f.plan) params.set('plan', f.plan);
  if (f.hqId) params.set('hqId', f.hqId);
  if (f.page > 0) params.set('page', String(f.page + 1));
  return params;
};

/** The list query (AdminListStoresParams): only set filters are sent. */
export const storeListQuery = (f: AdminStoreFilters) => ({
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.type ? { type: f.type } : {}),
  ...(f.plan ? { plan: f.plan } : {}),
  ...(f.hqId ? { hqId: f.hqId } : {}),
  page: f.page,
  size: STORES_PAGE_SIZE,
});

export const isStoreFiltered = (f: AdminStoreFilters): boolean => Boolean(f.q.trim() || f.status || f.type || f.plan || f.hqId);
