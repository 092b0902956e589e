/** The list's filters as the URL keeps them (so a reload or Back shows the same list). */
export const STATUS_VALUES = ['ACTIVE', 'SUSPENDED', 'INACTIVE'] as const;
export const TYPE_VALUES = ['FRANCHISE', 'DIRECT', 'INDEPENDENT'] as const;
/** spec 03 § HQ view of stores: q (name or address) at most 100 characters. */
export const Q_MAX = 100;

export interface StoreFilters {
  q: string;
  status: (typeof STATUS_VALUES)[number] | null;
  type: (typeof TYPE_VALUES)[number] | null;
  /** The API's boolean filter, as its query string spells it. */
  hasManagerAccount: 'true' | 'false' | null;
  /** 0-based, as the API counts. */
  page: number;
}

export const NO_FILTERS: StoreFilters = { q: '', status: null, type: null, hasManagerAccount: null, page: 0 };

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null);

/** Reads the filters from the search params; unknown or malformed values are ignored. */
export const filtersFromParams = (params: URLSearchParams): StoreFilters => {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, Q_MAX),
    status: oneOf(STATUS_VALUES, params.get('status')),
    type: oneOf(TYPE_VALUES, params.get('type')),
    hasManagerAccount: oneOf(['true', 'false'] as const, params.get('hasManagerAccount')),
    // The URL shows the page as people count (1-based).
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

/** The search params of the filters; defaults are left out so a plain list has a plain URL. */
export const paramsFromFilters = (f: StoreFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.status) params.set('status', f.status);
  if (f.type) params.set('type', f.type);
  if (f.hasManagerAccount) params.set('hasManagerAccount', f.hasManagerAccount);
  if (f.page > 0) params.set('page', String(f.page + 1));
  return params;
};

export const isFiltered = (f: StoreFilters): boolean => Boolean(f.q.trim() || f.status || f.type || f.hasManagerAccount);
