import { emit, notFound, offsetOf, toIso, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import { findHqAnnouncement } from '../db/announcement.repository';
import { cancelHqDispatch, listDispatchHistory, revokeHqDispatch, storesWithPending, type HistoryRow } from '../db/dispatch.repository';
import type { DispatchRow } from '../db/schema';
import { reportedInstant } from '../domain/dispatch-rules';
import { kstDayWindow } from '../domain/kst';
import { announcementNotFound } from './announcements.use-case';
import type { AppContext } from './ports';

export const dispatchNotFound = () => notFound('DISPATCH_NOT_FOUND', 'Dispatch not found');

export interface HistoryItem extends HistoryRow {
  storeName: string | null;
  actorEmail: string | null;
  /** Label of the device whose PLAYED ack made the row PLAYED (null: store level, revoked, or not resolved). */
  playedDeviceLabel: string | null;
  /** Times the PLAYED ack reported (null when not reported or not an ISO 8601 instant). */
  receivedAt: Date | null;
  startedAt: Date | null;
}

/**
 * Dispatch history of one announcement (newest first). Actor account and role come from the audit
 * record of the dispatch call (or of the schedule that produced the row), the email from identity
 * (null when unknown or identity is unreachable); store names from organization, and the labels of
 * the devices that played (one device list per store of the page; null when not resolved).
 */
export const listHistory = async (
  ctx: AppContext,
  hqId: string,
  announcementId: string,
  filter: { status?: DispatchRow['status'] },
  paging: Paging,
): Promise<{ items: HistoryItem[]; total: number }> => {
  const announcement = await findHqAnnouncement(ctx.db, hqId, announcementId);
  if (!announcement) throw announcementNotFound();
  const { rows, total } = await listDispatchHistory(ctx.db, hqId, announcementId, { status: filter.status, limit: paging.size, offset: offsetOf(paging) });
  const storeIds = [...new Set(rows.map((r) => r.storeId))];
  const playedOnDevice = rows.filter((r) => r.playedByDeviceId !== null);
  const [stores, emails, labels] = await Promise.all([
    storeIds.length ? ctx.organization.storesOfHq(hqId, { storeIds }) : Promise.resolve([]),
    ctx.identity.emailsOf(rows.map((r) => r.actorAccountId).filter((id): id is string => id !== null)),
    playedOnDevice.length ? ctx.organization.deviceLabels(playedOnDevice.map((r) => r.storeId)) : Promise.resolve(new Map<string, string>()),
  ]);
  const names = new Map(stores.map((s) => [s.id, s.name]));
  return {
    total,
    items: rows.map((r) => ({
      ...r,
      storeName: names.get(r.storeId) ?? null,
      actorEmail: r.actorAccountId ? (emails.get(r.actorAccountId) ?? null) : null,
      playedDeviceLabel: r.playedByDeviceId ? (labels.get(r.playedByDeviceId) ?? null) : null,
      receivedAt: reportedInstant(r.playedReceivedAtRaw),
      startedAt: reportedInstant(r.playedStartedAtRaw),
    })),
  };
};

/** HQ cancel of a PENDING or SCHEDULED dispatch of its own; 404 DISPATCH_NOT_FOUND when no row matched. */
export const cancelDispatch = async (ctx: AppContext, principal: Principal, hqId: string, dispatchId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const row = await cancelHqDispatch(tx, hqId, dispatchId, ctx.clock.now());
    if (!row) throw dispatchNotFound();
    await writeAudit(tx, principal, { action: 'HQ_DISPATCH_CANCELED', targetType: 'DISPATCH', targetId: row.id, hqId, storeId: row.storeId, detail: { announcementId: row.announcementId } }, ctx.clock);
  });
};

/**
 * Remote stop: a PENDING dispatch of the HQ due today (KST) becomes CANCELED and is listed in the
 * store's revokedDispatchIds for the rest of the day; dispatch.dispatch.revoked tells the players
 * at once. Anything else (other HQ, not PENDING, another day) is 404 DISPATCH_NOT_FOUND.
 */
export const revokeDispatch = async (ctx: AppContext, principal: Principal, hqId: string, dispatchId: string): Promise<DispatchRow> =>
  ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await revokeHqDispatch(tx, hqId, dispatchId, now, kstDayWindow(now));
    if (!row) throw dispatchNotFound();
    await writeAudit(tx, principal, { action: 'HQ_DISPATCH_REVOKED', targetType: 'DISPATCH', targetId: row.id, hqId, storeId: row.storeId, detail: { announcementId: row.announcementId } }, ctx.clock);
    await emit(
      tx,
      { type: 'dispatch.dispatch.revoked', data: { dispatchId: row.id, announcementId: row.announcementId, hqId: row.hqId, storeId: row.storeId, deviceId: row.deviceId, revokedAt: toIso(now) } },
      ctx.clock,
    );
    return row;
  });

export interface UndeliveredStore {
  storeId: string;
  storeName: string | null;
  pendingCount: number;
  oldestDueAt: Date;
}

/**
 * Distinct stores of the HQ with PENDING dispatches due today (KST), ordered by store name (then
 * id), paged in memory after the names come from organization (an HQ has at most a few thousand
 * stores). Stores organization no longer lists (closed meanwhile) keep a null name and sort last.
 */
export const undeliveredToday = async (ctx: AppContext, hqId: string, paging: Paging): Promise<{ items: UndeliveredStore[]; total: number }> => {
  const rows = await storesWithPending(ctx.db, hqId, kstDayWindow(ctx.clock.now()));
  const stores = rows.length ? await ctx.organization.storesOfHq(hqId, { storeIds: rows.map((r) => r.storeId) }) : [];
  const names = new Map(stores.map((s) => [s.id, s.name]));
  const items = rows
    .map((r) => ({ ...r, storeName: names.get(r.storeId) ?? null }))
    .sort((a, b) => {
      if (a.storeName === null || b.storeName === null) return a.storeName === b.storeName ? a.storeId.localeCompare(b.storeId) : a.storeName === null ? 1 : -1;
      return a.storeName.localeCompare(b.storeName, 'ko') || a.storeId.localeCompare(b.storeId);
    });
  const start = offsetOf(paging);
  return { items: items.slice(start, start + paging.size), total: items.length };
};
