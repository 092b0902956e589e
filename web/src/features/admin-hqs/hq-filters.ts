import { HQ_STATUSES, HQ_TYPES, PLANS, type HqStatus, type HqType, type Plan } from './hq-rules';

/** spec 02 § AdminListHqsParams: q at most 100 characters; page 0-based on the wire. */
export const Q_MAX = 100;
export const HQS_PAGE_SIZE = 20;

export interface HqFilters {
  q: string;
  status: HqStatus | null;
  type: HqType | null;
  plan: Plan | null;
  /** 0-based, as the API counts. */
  page: number;
}

export const NO_HQ_FILTERS: HqFilters = { q: '', status: null, type: null, plan: null, page: 0 };

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null);

/** The filters the URL keeps (a reload or Back shows the same list); unknown values are ignored. */
export const hqFiltersFromParams = (params: URLSearchParams): HqFilters => {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, Q_MAX),
    status: oneOf(HQ_STATUSES, params.get('status')),
    type: oneOf(HQ_TYPES, params.get('type')),
    plan: oneOf(PLANS, params.get('plan')),
    // The URL shows the page as people count (1-based).
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

/** The search params of the filters; defaults are left out so a plain list has a plain URL. */
export const paramsFromHqFilters = (f: HqFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.status) params.set('status', f.status);
  if (f.type) params.set('type', f.type);
  if (f.plan) params.set('plan', f.plan);
  if (f.page > 0) params.set('page', String(f.page + 1));
  return params;
};

/** The list query (AdminListHqsParams): only set filters are sent. */
export const hqListQuery = (f: HqFilters) => ({
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.type ? { type: f.type } : {}),
  ...(f.plan ? { plan: f.plan } : {}),
  page: f.page,
  size: HQS_PAGE_SIZE,
});

export const isHqFiltered = (f: HqFilters): boolean => Boolean(f.q.trim() || f.status || f.type || f.plan);

/** spec 02: the server orders UNPAID, SUSPENDED, ACTIVE, ONBOARDING, then name asc, id asc. */
export const HQ_STATUS_PRIORITY: readonly HqStatus[] = ['UNPAID', 'SUSPENDED', 'ACTIVE', 'ONBOARDING'];
