import { badRequest, isUuid, newId } from '@storecast/service-kit';
import { findClient } from '../db/api.repository';
import { clientNotFound } from './api-clients.use-case';
import type { IdentityContext } from './context';

export interface UsageRecord {
  keyId: string;
  endpoint: string;
  statusCode: number;
  durationMs: number;
  occurredAt: Date;
}

export const MAX_BATCH = 5000;
let lastPurge = 0;

/**
 * ApiKeyService.RecordApiUsage: one batch of calls recorded by the gateway, written with ONE
 * statement (INSERT … SELECT FROM unnest(…) joined to api_keys, so records of unknown keys drop out).
 * The batch id is recorded in the same transaction: a retried batch is acknowledged and not counted
 * twice. Keys' last_used_at moves forward. Rows older than API_USAGE_RETENTION_DAYS are purged at
 * most hourly.
 */
export const recordApiUsage = async (ctx: IdentityContext, batchId: string, records: UsageRecord[]): Promise<{ accepted: number; duplicateBatch: boolean }> => {
  const pool = ctx.pool;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const fresh = await client.query('insert into api_usage_batches (batch_id, received_at) values ($1, $2) on conflict do nothing returning batch_id', [batchId, ctx.clock.now()]);
    if (fresh.rowCount === 0) {
      await client.query('rollback');
      return { accepted: 0, duplicateBatch: true };
    }
    let accepted = 0;
    if (records.length) {
      const inserted = await client.query(
        `with u as (
           select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::timestamptz[])
             as u(id, key_id, endpoint, status_code, duration_ms, occurred_at)
         ), ins as (
           insert into api_usage_calls (id, key_id, client_id, endpoint, status_code, duration_ms, occurred_at, day)
           select u.id, u.key_id, k.client_id, u.endpoint, u.status_code, u.duration_ms, u.occurred_at, (u.occurred_at at time zone 'UTC')::date
             from u join api_keys k on k.id = u.key_id
           returning key_id, occurred_at
         ), touched as (
           update api_keys k set last_used_at = greatest(coalesce(k.last_used_at, m.last), m.last)
             from (select key_id, max(occurred_at) as last from ins group by key_id) m
            where k.id = m.key_id
           returning k.id
         )
         select (select count(*) from ins)::int as accepted`,
        [
          records.map(() => newId()),
          records.map((r) => r.keyId),
          records.map((r) => r.endpoint),
          records.map((r) => r.statusCode),
          records.map((r) => r.durationMs),
          records.map((r) => r.occurredAt.toISOString()),
        ],
      );
      accepted = (inserted.rows[0] as { accepted: number }).accepted;
    }
    await client.query('commit');
    void purgeOldUsage(ctx);
    return { accepted, duplicateBatch: false };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
};

const purgeOldUsage = async (ctx: IdentityContext): Promise<void> => {
  const now = ctx.clock.now().getTime();
  if (now - lastPurge < 3_600_000) return;
  lastPurge = now;
  const before = new Date(now - ctx.config.API_USAGE_RETENTION_DAYS * 86_400_000);
  try {
    await ctx.pool.query('delete from api_usage_calls where occurred_at < $1', [before]);
    await ctx.pool.query('delete from api_usage_batches where received_at < $1', [before]);
  } catch (err) {
    ctx.logger.warn({ err }, 'usage purge failed');
  }
};

export interface UsageItem {
  day: string;
  keyId: string;
  keyPrefix: string;
  endpoint: string;
  calls: number;
  successCount: number;
  /** successCount / calls, 0..1 (a call succeeds when it answered below 400). */
  successRate: number;
  avgResponseMs: number;
  p95ResponseMs: number;
}

export interface UsageResponse {
  clientId: string;
  from: string;
  to: string;
  items: UsageItem[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayString = (d: Date) => d.toISOString().slice(0, 10);

/** The window of a usage read: UTC days, default the last 30, at most 366. */
export const usageWindow = (now: Date, input: { from?: string; to?: string }): { from: string; to: string } => {
  for (const field of ['from', 'to'] as const) {
    const v = input[field];
    if (v !== undefined && (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) {
      throw badRequest('VALIDATION_FAILED', 'Request validation failed', { details: [{ field, code: 'INVALID_DATE', message: 'Expected YYYY-MM-DD' }] });
    }
  }
  const to = input.to ?? dayString(now);
  const from = input.from ?? dayString(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0 || span > 365) {
    throw badRequest('VALIDATION_FAILED', 'Request validation failed', { details: [{ field: 'from', code: 'INVALID_RANGE', message: 'from must be on or before to, at most 366 days' }] });
  }
  return { from, to };
};

/**
 * Per day, key and endpoint: calls, success rate, average and p95 (percentile_cont) response time,
 * ordered by day, endpoint, key prefix. Read by the key holder (own client) and operators.
 */
export const readApiUsage = async (ctx: IdentityContext, clientId: string, input: { from?: string; to?: string }): Promise<UsageResponse> => {
  if (!isUuid(clientId) || !(await findClient(ctx.db, clientId))) throw clientNotFound();
  const { from, to } = usageWindow(ctx.clock.now(), input);
  const { rows } = await ctx.pool.query(
    `select to_char(c.day, 'YYYY-MM-DD') as day, c.key_id, k.prefix, c.endpoint,
            count(*)::int as calls,
            (count(*) filter (where c.status_code < 400))::int as successes,
            avg(c.duration_ms)::float8 as avg_ms,
            percentile_cont(0.95) within group (order by c.duration_ms)::float8 as p95_ms
       from api_usage_calls c join api_keys k on k.id = c.key_id
      where c.client_id = $1 and c.day between $2::date and $3::date
      group by c.day, c.key_id, k.prefix, c.endpoint
      order by c.day, c.endpoint, k.prefix`,
    [clientId, from, to],
  );
  return {
    clientId,
    from,
    to,
    items: (rows as Array<{ day: string; key_id: string; prefix: string; endpoint: string; calls: number; successes: number; avg_ms: number; p95_ms: number }>).map((r) => ({
      day: r.day,
      keyId: r.key_id,
      keyPrefix: r.prefix,
      endpoint: r.endpoint,
      calls: r.calls,
      successCount: r.successes,
      successRate: Math.round((r.successes / r.calls) * 10_000) / 10_000,
      avgResponseMs: Math.round(r.avg_ms * 10) / 10,
      p95ResponseMs: Math.round(r.p95_ms * 10) / 10,
    })),
  };
};
