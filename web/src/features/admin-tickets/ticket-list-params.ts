import { Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, TICKETS_PAGE_SIZE, type TicketCategory, type TicketStatus } from '../tickets/ticket-limits';

// Spec 02 § Tickets: TicketPriority URGENT, HIGH, NORMAL, LOW (most pressing first, as the filter lists them).
export const TICKET_PRIORITIES = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The operator list's filters (spec 02 § Endpoints, Tickets), as the page and its URL hold them. */
export interface AdminTicketFilters {
  q: string;
  status: TicketStatus | null;
  priority: TicketPriority | null;
  category: TicketCategory | null;
  assigneeOperatorId: string | null;
  hqId: string | null;
  storeId: string | null;
  /** 0-based, as the API counts; the URL shows it 1-based. */
  page: number;
}

export const NO_FILTERS: AdminTicketFilters = { q: '', status: null, priority: null, category: null, assigneeOperatorId: null, hqId: null, storeId: null, page: 0 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null);
const uuidOrNull = (raw: string | null): string | null => (raw !== null && UUID.test(raw) ? raw.toLowerCase() : null);

/** The filters of a URL's query; values that are not valid are ignored (spec 02: "Invalid filter values are ignored by the client"). */
export const filtersFromSearch = (search: URLSearchParams): AdminTicketFilters => {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').slice(0, Q_MAX),
    status: oneOf(TICKET_STATUSES, search.get('status')),
    priority: oneOf(TICKET_PRIORITIES, search.get('priority')),
    category: oneOf(TICKET_CATEGORIES, search.get('category')),
    assigneeOperatorId: uuidOrNull(search.get('assignee')),
    hqId: uuidOrNull(search.get('hq')),
    storeId: uuidOrNull(search.get('store')),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

/** The URL query of the filters: only what is set, the first page left out. */
export const searchFromFilters = (f: AdminTicketFilters): URLSearchParams => {
  const search = new URLSearchParams();
  if (f.q) search.set('q', f.q);
  if (f.status) search.set('status', f.status);
  if (f.priority) search.set('priority', f.priority);
  if (f.category) search.set('category', f.category);
  if (f.assigneeOperatorId) search.set('assignee', f.assigneeOperatorId);
  if (f.hqId) search.set('hq', f.hqId);
  if (f.storeId) search.set('store', f.storeId);
  if (f.page > 0) search.set('page', String(f.page + 1));
  return search;
};

/** The GET /api/v1/admin/tickets query: q trimmed (left out when blank or too long), page 0-based. */
export const listQueryOf = (f: AdminTicketFilters) => {
  const q = f.q.trim();
  return {
    q: q && q.length <= Q_MAX ? q : undefined,
    status: f.status ?? undefined,
    priority: f.priority ?? undefined,
    category: f.category ?? undefined,
    assigneeOperatorId: f.assigneeOperatorId ?? undefined,
    hqId: f.hqId ?? undefined,
    storeId: f.storeId ?? undefined,
    page: f.page,
    size: TICKETS_PAGE_SIZE,
  };
};

export const isFiltered = (f: AdminTicketFilters): boolean =>
  Boolean(f.q.trim() || f.status || f.priority || f.category || f.assigneeOperatorId || f.hqId || f.storeId);

/** Where a ticket came from (its channel): a store, an HQ, or filed by an operator for no one. */
export type TicketSource = 'STORE' | 'HQ' | 'OPERATOR';
export const sourceOf = (ticket: { storeId: string | null; hqId: string | null }): TicketSource => (ticket.storeId ? 'STORE' : ticket.hqId ? 'HQ' : 'OPERATOR');
