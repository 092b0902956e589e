import type { Pool } from 'pg';

/** Payloads (`data`) of the outbox rows of a routing key, oldest first: what the relay publishes. */
export const outboxEvents = async <T = Record<string, unknown>>(pool: Pool, routingKey: string): Promise<T[]> => {
  const { rows } = await pool.query<{ payload: { data: T } }>('select payload from outbox where routing_key = $1 order by created_at, id', [routingKey]);
  return rows.map((r) => r.payload.data);
};

/** The kit's audit records of one target, oldest first (snake_case columns as stored). */
export const auditRecordsOf = async (pool: Pool, targetId: string, action?: string): Promise<Array<Record<string, unknown>>> => {
  const { rows } = await pool.query(
    `select * from audit_records where target_id = $1 and ($2::text is null or action = $2) order by created_at, id`,
    [targetId, action ?? null],
  );
  return rows;
};
