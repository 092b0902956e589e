import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, jsonb, integer, primaryKey, index } from 'drizzle-orm/pg-core';
import { timestamptz } from './db-columns';

/**
 * Events written in the same transaction as the change that caused them; the relay publishes
 * them afterwards, so a committed change always yields its event and a rolled-back one never does.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    routingKey: text('routing_key').notNull(),
    payload: jsonb('payload').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    publishedAt: timestamptz('published_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Until when a relay has claimed the row to publish it (database time). Claimed rows are
     * skipped by other replicas; a crashed relay's claim simply runs out.
     */
    claimedUntil: timestamptz('claimed_until'),
  },
  // Partial index: the relay only ever scans rows not yet published. (The pruner walks the
  // primary key: ids are time-ordered, see OutboxPruner.)
  (t) => [index('outbox_unpublished_idx').on(t.createdAt).where(sql`published_at is null`)],
);

/** Message ids a consumer already handled, written in the handler's transaction (idempotence). */
export const processedMessages = pgTable(
  'processed_messages',
  {
    consumer: text('consumer').notNull(),
    messageId: text('message_id').notNull(),
    handledAt: timestamptz('handled_at').notNull().default(sql`now()`),
  },
  // handled_at: old ids are pruned once no redelivery can bring them back.
  (t) => [primaryKey({ columns: [t.consumer, t.messageId] }), index('processed_messages_handled_idx').on(t.handledAt)],
);


/**
 * Audit records of every service, in the service's own database, written in the same
 * transaction as the action (writeAudit). Ids of people and tenants are UUIDs; the system acts
 * with a null account.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: uuid('id').primaryKey(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    hqId: uuid('hq_id'),
    storeId: uuid('store_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    actorAccountId: uuid('actor_account_id'),
    actorRole: text('actor_role').notNull(),
    impersonatedBy: uuid('impersonated_by'),
    createdAt: timestamptz('created_at', { precision: 3 }).notNull(),
  },
  (t) => [
    index('audit_records_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_records_hq_idx').on(t.hqId, t.createdAt),
    index('audit_records_created_idx').on(t.createdAt, t.id),
  ],
);

export type AuditRecordRow = typeof auditRecords.$inferSelect;
