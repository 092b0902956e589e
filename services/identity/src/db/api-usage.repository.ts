import { newId, type Database } from '@storecast/service-kit';

type Pool = Database<Record<string, unknown>>['pool'];

/**
 * Public API usage, in SQL: a batch is written with ONE statement (unnest) and read with
 * percentile_cont, which the query builder does not express. Callers pass the pg pool.
 */

export interface UsageRecord {
  keyId: string;
  endpoint: string;
  statusCode: number;
  durationMs: number;
  occurredAt: Date;
}

/**
 * One batch in one transaction: the batch id first (a repeated id inserts nothing and answers
 * duplicate), then INSERT … SELECT FROM unnest(…) joined to api_keys (records of unknown keys drop
 * out), moving the keys' last_used_at forward.
 */
export const insertUsageBatch = async (
  pool: Pool,
  batchId: string,
  receivedAt: Date,
  records: UsageRecord[],
): Promise<{ accepted: number; duplicateBatch: boolean }> => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const fresh = await client.query('insert into api_usage_batches (batch_id, received_at) values ($1, $2) on conflict do nothing returning batch_id', [batchId, receivedAt]);
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
    return { accepted, duplicateBatch: false };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
};

/** Removes calls and batch ids older than the retention window. */
export const purgeUsageBefore = async (pool: Pool, before: Date): Promise<void> => {
  await pool.query('delete from api_usage_calls where occurred_at < $1', [before]);
  await pool.query('delete from api_usage_batches where received_at < $1', [before]);
};

export interface UsageAggregateRow {
  day: string;
  key_id: string;
  prefix: string;
  endpoint: string;
  calls: number;
  successes: number;
  avg_ms: number;
  p95_ms: number;
}

/** Per UTC day, key and endpoint of one client: calls, successes (< 400), average and p95 duration. */
export const usagePerDay = async (pool: Pool, clientId: string, from: string, to: string): Promise<UsageAggregateRow[]> => {
  const { rows } = await pool.query<UsageAggregateRow>(
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
  return rows;
};
