import { badRequest, offsetOf, type Paging } from '@storecast/service-kit';
import { countLogs, listLogs, logBatches, type LogFilter } from '../db/playback-log.repository';
import type { PlaybackLogRow } from '../db/schema';
import { EXPORT_ROW_LIMIT } from '../domain/csv-export';
import { kstRange } from '../domain/kst';
import type { PlaybackContext } from './ports';

export type SourceFilter = 'TRUST' | 'AI' | 'ALL';

/** What the HQ and operator log views filter by (validated by the routes). */
export interface LogQuery {
  /** KST days, inclusive. */
  from?: string;
  to?: string;
  storeId?: string;
  hqId?: string;
  source: SourceFilter;
}

export interface NamedLog extends PlaybackLogRow {
  storeName: string | null;
}

/** The repository filter of a query: KST days as a UTC range, TRUST / AI / ALL as is_trust. */
export const logFilter = (q: LogQuery): LogFilter => {
  if (q.from && q.to && q.from > q.to) throw badRequest('VALIDATION_FAILED', 'from must not be after to', { details: [{ field: 'from', code: 'INVALID_RANGE', message: 'from must not be after to' }] });
  const start = q.from ? kstRange(q.from, q.from).start : undefined;
  const end = q.to ? kstRange(q.to, q.to).end : undefined;
  return { hqId: q.hqId, storeId: q.storeId, start, end, trust: q.source === 'ALL' ? undefined : q.source === 'TRUST' };
};

/** Store names for rows: the HQ's stores at once (HQ views), else each store once (operator views). */
export const storeNamer = (ctx: PlaybackContext, hqId: string | undefined) => {
  const names = new Map<string, string | null>();
  let loaded = false;
  return async (rows: readonly PlaybackLogRow[]): Promise<NamedLog[]> => {
    if (hqId && !loaded) {
      for (const s of await ctx.organization.storesOfHq(hqId, true)) names.set(s.id, s.name);
      loaded = true;
    }
    const missing = [...new Set(rows.map((r) => r.storeId))].filter((id) => !names.has(id));
    if (!hqId) {
      await Promise.all(missing.map(async (id) => names.set(id, (await ctx.organization.getStore(id))?.name ?? null)));
    }
    return rows.map((r) => ({ ...r, storeName: names.get(r.storeId) ?? null }));
  };
};

/**
 * A page of play logs, newest start first (spec 03: all plays, TRUST only unless source says
 * otherwise). HQ calls always carry the caller's hqId: a store of another HQ simply has no logs.
 */
export const listPlaybackLogs = async (ctx: PlaybackContext, query: LogQuery, paging: Paging): Promise<{ items: NamedLog[]; total: number }> => {
  const { rows, total } = await listLogs(ctx.db, logFilter(query), { limit: paging.size, offset: offsetOf(paging) });
  return { items: await storeNamer(ctx, query.hqId)(rows), total };
};

/**
 * The export of a query: how many rows match and the rows themselves (newest first, at most
 * 50,000), named, batch after batch, for the route to stream.
 */
export const exportPlaybackLogs = async (
  ctx: PlaybackContext,
  query: LogQuery,
): Promise<{ matched: number; exported: number; batches: AsyncGenerator<NamedLog[]> }> => {
  const filter = logFilter(query);
  const matched = await countLogs(ctx.db, filter);
  const name = storeNamer(ctx, query.hqId);
  // Names are looked up before the first byte is written, so an unreachable organization is a
  // 503 and not a broken download (operator exports name the stores batch by batch).
  if (query.hqId) await name([]);
  async function* batches() {
    for await (const rows of logBatches(ctx.db, filter, EXPORT_ROW_LIMIT)) yield name(rows);
  }
  return { matched, exported: Math.min(matched, EXPORT_ROW_LIMIT), batches: batches() };
};
