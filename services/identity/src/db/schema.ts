import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid, date, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';

const ts = (name: string) => timestamptz(name);

/** Every account of every role. Emails are stored normalized (trimmed, lower-cased). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    role: text('role').$type<'OPERATOR' | 'HQ_MANAGER' | 'STORE_MANAGER'>().notNull(),
    status: text('status').$type<'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN'>().notNull().default('ACTIVE'),
    email: text('email').notNull(),
    name: text('name'),
    hqId: uuid('hq_id'),
    storeId: uuid('store_id'),
    passwordHash: text('password_hash').notNull(),
    passwordMustChange: boolean('password_must_change').notNull().default(true),
    statusReason: text('status_reason'),
    setupCompletedAt: ts('setup_completed_at'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // A withdrawn account frees its email (a compensated onboarding can be retried with it).
    uniqueIndex('accounts_email_live_uq').on(t.email).where(sql`status <> 'WITHDRAWN'`),
    index('accounts_hq_idx').on(t.hqId, t.createdAt, t.id),
    index('accounts_store_idx').on(t.storeId, t.createdAt, t.id),
    index('accounts_role_created_idx').on(t.role, t.createdAt, t.id),
  ],
);

/**
 * Refresh tokens (sha256 only). A rotated token keeps its row with revoked_at until it expires, so
 * its reuse is recognised for its whole life; every token descended from one sign-in shares its
 * family_id (a reuse past the grace period deletes the whole family). Logout and password changes
 * delete the rows. Impersonation sessions carry the operator and the hard end of the session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    tokenHash: text('token_hash').notNull(),
    /** The sign-in this token descends from (rows older than the column: their own id). */
    familyId: uuid('family_id'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    impersonatedBy: uuid('impersonated_by'),
    sessionExpiresAt: ts('session_expires_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_account_idx').on(t.accountId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use emailed link tokens: account setup, password reset, email change. */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    purpose: text('purpose').$type<'SETUP' | 'PASSWORD_RESET' | 'EMAIL_CHANGE'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('link_tokens_hash_uq').on(t.tokenHash), index('link_tokens_account_idx').on(t.accountId, t.purpose)],
);

/** Impersonation exchange tokens (60 s, single use). */
export const exchangeTokens = pgTable(
  'exchange_tokens',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorAccountId: uuid('operator_account_id').notNull().references(() => accounts.id),
    targetAccountId: uuid('target_account_id').notNull().references(() => accounts.id),
    hqId: uuid('hq_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('exchange_tokens_hash_uq').on(t.tokenHash)],
);

/** Every outgoing message and whether the transport accepted it (never the link tokens). */
export const mailLog = pgTable(
  'mail_log',
  {
    id: uuid('id').primaryKey(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id'),
    transport: text('transport').notNull(),
    delivered: boolean('delivered').notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mail_log_account_idx').on(t.accountId, t.createdAt)],
);

/** Sign-ups for the public catalog and search API (spec 01), approved or rejected by an operator. */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey(),
    organizationName: text('organization_name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    purpose: text('purpose'),
    status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull(),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('api_clients_status_idx').on(t.status, t.createdAt, t.id)],
);

/** API keys: `sc_live_<prefix>_<secret>`; the prefix is the lookup key, the whole key is stored as sha256. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull().references(() => apiClients.id),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    status: text('status').$type<'ACTIVE' | 'REVOKED'>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    rotatedFromKeyId: uuid('rotated_from_key_id'),
    lastUsedAt: ts('last_used_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_prefix_uq').on(t.prefix), index('api_keys_client_idx').on(t.clientId, t.createdAt)],
);

/** One row per public API call, recorded by the gateway in batches. */
export const apiUsageCalls = pgTable(
  'api_usage_calls',
  {
    id: uuid('id').primaryKey(),
    keyId: uuid('key_id').notNull(),
    clientId: uuid('client_id').notNull(),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('api_usage_client_day_idx').on(t.clientId, t.day), index('api_usage_occurred_idx').on(t.occurredAt)],
);

/** Batch ids already ingested, so a retried batch from the gateway is not counted twice. */
export const apiUsageBatches = pgTable(
  'api_usage_batches',
  {
    batchId: text('batch_id').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId] })],
);

export const schema = {
  accounts,
  refreshTokens,
  linkTokens,
  exchangeTokens,
  mailLog,
  apiClients,
  apiKeys,
  apiUsageCalls,
  apiUsageBatches,
};
export type IdentitySchema = typeof schema;
export type AccountRow = typeof accounts.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type LinkTokenRow = typeof linkTokens.$inferSelect;
export type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
