import { notFound, offsetOf, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import { activeSchedulesOfHq, cancelStoreReservation, hqReservationTimes, listStoreReservations, type ReservationRow } from '../db/broadcast.repository';
import type { DispatchScheduleRow } from '../db/schema';
import { occupiedSlots } from '../domain/broadcast-rules';
import { kstDateWindow } from '../domain/kst';
import { occurrencesBetween } from '../domain/schedule';
import { presignAudio } from './announcements.use-case';
import type { AppContext } from './ports';
import { ruleOf } from './run-scheduler.use-case';

/**
 * Instants of the store's HQ-originated reservations within [start, end): SCHEDULED dispatch rows
 * of the store with an HQ origin, plus occurrences of the HQ's ACTIVE recurring schedules that
 * target the store and are not materialized yet (beyond the scheduler's horizon). A REGION
 * schedule asks organization for the store's region (503 when it is unreachable).
 */
export const hqReservationsOfStore = async (ctx: AppContext, storeId: string, hqId: string | undefined, window: { start: Date; end: Date }): Promise<Date[]> => {
  const times = await hqReservationTimes(ctx.db, storeId, window);
  if (!hqId) return times;
  const schedules = await activeSchedulesOfHq(ctx.db, hqId, window.end);
  let region: string | null | undefined;
  const targetsStore = async (s: DispatchScheduleRow) => {
    if (s.target === 'ALL') return true;
    if (s.target === 'STORES') return s.storeIds.includes(storeId);
    if (region === undefined) region = (await ctx.organization.storesOfHq(hqId, { storeIds: [storeId] }))[0]?.region ?? null;
    return region !== null && region === s.region;
  };
  const now = ctx.clock.now();
  for (const s of schedules) {
    if (!(await targetsStore(s))) continue;
    // Occurrences after what is materialized (those are rows above) and not in the past.
    const after = new Date(Math.max(s.materializedUntil.getTime(), window.start.getTime() - 1, now.getTime()));
    times.push(...occurrencesBetween(ruleOf(s), after, new Date(window.end.getTime() - 1)));
  }
  return times;
};

/** Occupied 5-minute UTC slots of a KST date: HQ-originated reservations of the store only. */
export const slotOccupancy = async (ctx: AppContext, principal: Principal, storeId: string, date: string): Promise<string[]> => {
  const window = kstDateWindow(date)!;
  return occupiedSlots(await hqReservationsOfStore(ctx, storeId, principal.hqId, window));
};

export interface ReservationView extends ReservationRow {
  audioUrl: string;
}

/** The store's own reservations (SCHEDULED broadcasts), scheduled time ascending. */
export const listReservations = async (ctx: AppContext, storeId: string, paging: Paging): Promise<{ items: ReservationView[]; total: number }> => {
  const { rows, total } = await listStoreReservations(ctx.db, storeId, { limit: paging.size, offset: offsetOf(paging) });
  const items = await Promise.all(rows.map(async (r) => ({ ...r, audioUrl: await presignAudio(ctx, r.announcement) })));
  return { items, total };
};

/**
 * The store cancels one of its own reservations (SCHEDULED → CANCELED) with audit
 * STORE_DISPATCH_CANCELED; anything else (PENDING or final, HQ-originated, another store's,
 * unknown) → 404 DISPATCH_NOT_FOUND.
 */
export const cancelReservation = async (ctx: AppContext, principal: Principal, storeId: string, dispatchId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const row = await cancelStoreReservation(tx, storeId, dispatchId, ctx.clock.now());
    if (!row) throw notFound('DISPATCH_NOT_FOUND', 'Reservation not found');
    await writeAudit(
      tx,
      principal,
      {
        action: 'STORE_DISPATCH_CANCELED',
        targetType: 'DISPATCH',
        targetId: row.id,
        targetLabel: row.scheduledAt?.toISOString() ?? row.id,
        hqId: principal.hqId,
        storeId,
        detail: { announcementId: row.announcementId, scheduledAt: row.scheduledAt?.toISOString() ?? null },
      },
      ctx.clock,
    );
  });
};
