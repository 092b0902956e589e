// The play-log filters of /hq/playback, kept in the address so a filtered list can be reloaded
// and shared; the export sends the same filters (spec 03 § HQ endpoints: "same filters").

/** TRUST is the server's default (licensed music only); ALL lists every play. */
export type LogSource = 'TRUST' | 'ALL';

export interface LogFilters {
  storeId: string | null;
  /** KST days YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  source: LogSource;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrNull = (value: string | null): string | null => (value && DAY.test(value) ? value : null);

export const filtersFromParams = (params: URLSearchParams): LogFilters => {
  const page = Number(params.get('page'));
  return {
    storeId: params.get('store') || null,
    from: dayOrNull(params.get('from')),
    to: dayOrNull(params.get('to')),
    source: params.get('source') === 'ALL' ? 'ALL' : 'TRUST',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
};

/** Only what differs from the defaults goes into the address. */
export const paramsFromFilters = (f: LogFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (f.storeId) params.set('store', f.storeId);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.source !== 'TRUST') params.set('source', f.source);
  if (f.page > 0) params.set('page', String(f.page));
  return params;
};

/** The server's query parameters of both the list and the export (listHqPlaybackLogs, exportHqPlaybackLogs). */
export const logQuery = (f: LogFilters): { storeId?: string; from?: string; to?: string; source: LogSource } => ({
  ...(f.storeId ? { storeId: f.storeId } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  source: f.source,
});

export const exportPath = (f: LogFilters): string => `/api/v1/hq/playback-logs/export?${new URLSearchParams(logQuery(f)).toString()}`;

/** A range the server would refuse (from after to) is said before it is sent. */
export const rangeProblem = (f: Pick<LogFilters, 'from' | 'to'>): 'fromAfterTo' | null => (f.from && f.to && f.from > f.to ? 'fromAfterTo' : null);

/** Today as a KST day (YYYY-MM-DD): the last day the pickers offer, and the summary's default. */
export const kstToday = (now: number = Date.now()): string => new Date(now + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * What an empty list says: under the default trust-only filter plays of AI music exist but are
 * not listed, so "nothing reported yet" would be wrong there.
 */
export const emptyMessage = (f: Pick<LogFilters, 'storeId' | 'from' | 'to' | 'source'>): 'logs.emptyTrust' | 'logs.emptyFiltered' | 'logs.empty' =>
  f.source === 'TRUST' ? 'logs.emptyTrust' : f.storeId || f.from || f.to ? 'logs.emptyFiltered' : 'logs.empty';
