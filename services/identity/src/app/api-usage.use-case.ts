import { badRequest, type Principal } from '@storecast/service-kit';
import { findClient } from '../db/api.repository';
import { insertUsageBatch, purgeUsageBefore, usagePerDay, type UsageRecord } from '../db/api-usage.repository';
import { clientNotFound } from './api-clients.use-case';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';

export type { UsageRecord };

export const MAX_BATCH = 5000;
let lastPurge = 0;

/**
 * ApiKeyService.RecordApiUsage: one batch of calls recorded by the gateway, written with ONE
 * statement (records of unknown keys drop out). The batch id is recorded in the same transaction:
 * a retried batch is acknowledged and not counted twice. Keys' last_used_at moves forward. Rows
 * older than API_USAGE_RETENTION_DAYS are purged at most hourly.
 */
export const recordApiUsage = async (ctx: IdentityContext, batchId: string, records: UsageRecord[]): Promise<{ accepted: number; duplicateBatch: boolean }> => {
  const result = await insertUsageBatch(ctx.pool, batchId, ctx.clock.now(), records);
  if (!result.duplicateBatch) void purgeOldUsage(ctx);
  return result;
};

const purgeOldUsage = async (ctx: IdentityContext): Promise<void> => {
  const now = ctx.clock.now().getTime();
  if (now - lastPurge < 3_600_000) return;
  lastPurge = now;
  try {
    await purgeUsageBefore(ctx.pool, new Date(now - ctx.config.API_USAGE_RETENTION_DAYS * 86_400_000));
  } catch (err) {
    ctx.logger.warn({ err }, 'usage purge failed');
  }
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day PostgreSQL stores as a date (it has no year 0). */
const FIRST_DAY = '0001-01-01';
const dayString = (d: Date) => d.toISOString().slice(0, 10);
/** A calendar day of years 1–9999: 2026-02-30 is not one (Date.parse would roll it into March). */
const isDay = (v: string) => {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return DAY.test(v) && v >= FIRST_DAY && !Number.isNaN(ms) && dayString(new Date(ms)) === v;
};

/** The window of a usage read: UTC days, default the last 30 (not before 0001-01-01), at most 366. */
export const usageWindow = (now: Date, input: { from?: string; to?: string }): { from: string; to: string } => {
  for (const field of ['from', 'to'] as const) {
    const v = input[field];
    if (v !== undefined && !isDay(v)) {
      throw badRequest('VALIDATION_FAILED', 'Request validation failed', { details: [{ field, code: 'INVALID_DATE', message: 'Expected a calendar day YYYY-MM-DD, 0001-01-01 or later' }] });
    }
  }
  const to = input.to ?? dayString(now);
  const defaultFrom = dayString(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  const from = input.from ?? (defaultFrom < FIRST_DAY ? FIRST_DAY : defaultFrom);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0 || span > 365) {
    throw badRequest('VALIDATION_FAILED', 'Request validation failed', { details: [{ field: 'from', code: 'INVALID_RANGE', message: 'from must be on or before to, at most 366 days' }] });
  }
  return { from, to };
};

/**
 * Usage of a client's keys per day, key and endpoint (ApiUsageResponse): calls, success count and
 * rate (status < 400), average and p95 response time, ordered by day, endpoint, key prefix.
 * Read by the key holder (its own client) and by operators (readClientUsage).
 */
export const readApiUsage = async (ctx: IdentityContext, clientId: string, input: { from?: string; to?: string }) => {
  if (!(await findClient(ctx.db, clientId))) throw clientNotFound();
  const { from, to } = usageWindow(ctx.clock.now(), input);
  const rows = await usagePerDay(ctx.pool, clientId, from, to);
  return {
    clientId,
    from,
    to,
    items: rows.map((r) => ({
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

/** GET /api/v1/admin/api-clients/{clientId}/usage (operator). */
export const readClientUsage = async (ctx: IdentityContext, principal: Principal, clientId: string, input: { from?: string; to?: string }) => {
  await assertActiveOperator(ctx, principal);
  return readApiUsage(ctx, clientId, input);
};
