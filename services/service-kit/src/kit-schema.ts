import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, jsonb, timestamp, integer, primaryKey, index } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  // Partial index: the relay only ever scans rows not yet published.
  (t) => [index('outbox_unpublished_idx').on(t.createdAt).where(sql`published_at is null`)],
);

/** Message ids a consumer already handled, written in the handler's transaction (idempotence). */
export const processedMessages = pgTable(
  'processed_messages',
  {
    consumer: text('consumer').notNull(),
    messageId: text('message_id').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.messageId] })],
);

