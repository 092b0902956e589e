import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';
import type { AccountStatus, HqStatus, HqType, Plan, StoreStatus, StoreType } from '../domain/enums';
import type { Region } from '../domain/regions';

const ts = (name: string) => timestamptz(name);

/** Head offices, including the one virtual INDEPENDENT HQ (created by migration 0001). */
export const hqs = pgTable(
  'hqs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    businessNumber: text('business_number'),
    type: text('type').$type<HqType>().notNull(),
    plan: text('plan').$type<Plan>(),
    status: text('status').$type<HqStatus>().notNull(),
    billingAnchorDay: integer('billing_anchor_day'),
    paymentDueDays: integer('payment_due_days'),
    llmAutomentEnabled: boolean('llm_automent_enabled').notNull().default(false),
    llmKeywords: text('llm_keywords'),
    llmMaxPerHour: integer('llm_max_per_hour').notNull().default(1),
    suspensionReason: text('suspension_reason'),
    commercialCycleSongs: integer('commercial_cycle_songs').notNull().default(5),
    duckEnabled: boolean('duck_enabled').notNull().default(true),
    duckVolumePercent: integer('duck_volume_percent').notNull().default(20),
    duckFadeMs: integer('duck_fade_ms').notNull().default(400),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // Exactly one virtual INDEPENDENT HQ system-wide.
    uniqueIndex('hqs_single_independent').on(t.type).where(sql`type = 'INDEPENDENT'`),
    index('hqs_name_idx').on(t.name, t.id),
    check('hqs_type_check', sql`${t.type} in ('FRANCHISE','INDEPENDENT')`),
    check('hqs_status_check', sql`${t.status} in ('ACTIVE','ONBOARDING','UNPAID','SUSPENDED')`),
    check('hqs_plan_check', sql`${t.plan} is null or ${t.plan} in ('AI','TRUST')`),
    check('hqs_cycle_check', sql`${t.commercialCycleSongs} between 1 and 100`),
    check('hqs_duck_volume_check', sql`${t.duckVolumePercent} between 0 and 100`),
    check('hqs_duck_fade_check', sql`${t.duckFadeMs} between 0 and 5000`),
  ],
);

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id')
      .notNull()
      .references(() => hqs.id),
    name: text('name').notNull(),
    type: text('type').$type<StoreType>().notNull(),
    status: text('status').$type<StoreStatus>().notNull(),
    /** Own plan and billing day of independent stores; null for HQ-affiliated ones (inherited). */
    plan: text('plan').$type<Plan>(),
    billingAnchorDay: integer('billing_anchor_day'),
    address: text('address'),
    managerName: text('manager_name'),
    managerEmail: text('manager_email'),
    managerPhone: text('manager_phone'),
    region: text('region').$type<Region>(),
    /** Overrides: null means the HQ value. */
    commercialCycleSongs: integer('commercial_cycle_songs'),
    duckEnabled: boolean('duck_enabled'),
    duckVolumePercent: integer('duck_volume_percent'),
    duckFadeMs: integer('duck_fade_ms'),
    suspensionReason: text('suspension_reason'),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'),
    /** Filled from playback facts once that service reports them; null until then. */
    lastOnlineAt: ts('last_online_at'),
    lastHeartbeatAt: ts('last_heartbeat_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('stores_hq_name_idx').on(t.hqId, t.name, t.id),
    index('stores_name_idx').on(t.name, t.id),
    check('stores_type_check', sql`${t.type} in ('INDEPENDENT','DIRECT','FRANCHISE')`),
    check('stores_status_check', sql`${t.status} in ('ACTIVE','INACTIVE','SUSPENDED')`),
    check('stores_cycle_check', sql`${t.commercialCycleSongs} is null or ${t.commercialCycleSongs} between 1 and 100`),
    check('stores_duck_volume_check', sql`${t.duckVolumePercent} is null or ${t.duckVolumePercent} between 0 and 100`),
    check('stores_duck_fade_check', sql`${t.duckFadeMs} is null or ${t.duckFadeMs} between 0 and 5000`),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    deviceKey: text('device_key').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    // A key is registered once per store while active; a revoked key may register again.
    uniqueIndex('devices_active_key_uq').on(t.storeId, t.deviceKey).where(sql`revoked_at is null`),
    index('devices_store_idx').on(t.storeId, t.createdAt, t.id),
  ],
);

/**
 * Local projection of the manager accounts identity holds for our HQs and stores: written when we
 * create an account, kept current from identity.account.* events. Used for hasManagerAccount
 * (a list filter over many stores) and the scope re-check; account details are read from identity.
 */
export const managerAccounts = pgTable(
  'manager_accounts',
  {
    accountId: uuid('account_id').primaryKey(),
    role: text('role').$type<'HQ_MANAGER' | 'STORE_MANAGER'>().notNull(),
    hqId: uuid('hq_id').notNull(),
    storeId: uuid('store_id'),
    status: text('status').$type<AccountStatus>().notNull(),
    statusChangedAt: ts('status_changed_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('manager_accounts_store_idx').on(t.storeId), index('manager_accounts_hq_idx').on(t.hqId)],
);

/** Results of HQ bulk CSV imports, kept for support. */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    actorAccountId: text('actor_account_id').notNull(),
    fileName: text('file_name'),
    totalRows: integer('total_rows').notNull(),
    successCount: integer('success_count').notNull(),
    failureCount: integer('failure_count').notNull(),
    managerAccountCreatedCount: integer('manager_account_created_count').notNull(),
    setupEmailFailedCount: integer('setup_email_failed_count').notNull(),
    results: jsonb('results').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('bulk_imports_hq_idx').on(t.hqId, t.createdAt)],
);

export const schema = { hqs, stores, devices, managerAccounts, bulkImports };
export type OrgSchema = typeof schema;
export type HqRow = typeof hqs.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
