import { newId, type DbExecutor } from '@storecast/service-kit';
import { announcementsByIds, expireOverdueDispatches, insertDispatches, promoteDueDispatches } from '../db/dispatch.repository';
import { claimOccurrence, lockSchedulesToMaterialize, updateSchedule } from '../db/schedule.repository';
import type { DispatchScheduleRow } from '../db/schema';
import { EXPIRY_MS, type DispatchTarget } from '../domain/dispatch-rules';
import { occurrencesBetween, scheduleEndsAt, type Frequency, type Weekday } from '../domain/schedule';
import { emitPending } from './pending-events';
import type { AppContext } from './ports';

const BATCH = 500;

export interface TickResult {
  materialized: number;
  promoted: number;
  expired: number;
}

export const ruleOf = (s: DispatchScheduleRow) => ({
  frequency: s.frequency as Frequency,
  times: s.times,
  daysOfWeek: s.daysOfWeek as Weekday[],
  startHour: s.startHour,
  endHour: s.endHour,
  minute: s.minute,
  startDate: s.startDate,
  endDate: s.endDate,
});

/**
 * Materializes one schedule's occurrences up to `until`: each occurrence is claimed once (primary
 * key on schedule + time), its stores resolved from organization at that moment, and one
 * SCHEDULED row per store written; the promotion step then makes it PENDING at its minute.
 */
const materialize = async (ctx: AppContext, tx: DbExecutor, schedule: DispatchScheduleRow, now: Date, until: Date): Promise<number> => {
  const times = occurrencesBetween(ruleOf(schedule), schedule.materializedUntil, until);
  let created = 0;
  for (const at of times) {
    const batchId = newId();
    if (!(await claimOccurrence(tx, schedule.id, at, batchId, now))) continue;
    const stores = await (async () => {
      const filter = schedule.target === 'STORES' ? { storeIds: schedule.storeIds } : schedule.target === 'REGION' ? { region: schedule.region ?? undefined } : {};
      const found = await ctx.organization.storesOfHq(schedule.hqId, filter);
      return schedule.target === 'REGION' ? found.filter((s) => s.region !== null && s.region === schedule.region) : found;
    })();
    const rows = await insertDispatches(
      tx,
      {
        batchId,
        announcementId: schedule.announcementId,
        hqId: schedule.hqId,
        deviceId: null,
        scheduleId: schedule.id,
        target: schedule.target as DispatchTarget,
        status: 'SCHEDULED',
        isEmergency: false,
        scheduledAt: at,
        playAt: at,
        dueAt: at,
        createdAt: now,
        pendingAt: null,
        auditId: schedule.auditId,
      },
      stores.map((s) => ({ id: newId(), storeId: s.id })),
    );
    created += rows.length;
  }
  const ended = scheduleEndsAt(schedule).getTime() <= until.getTime();
  await updateSchedule(tx, schedule.id, { materializedUntil: until, ...(ended ? { status: 'ENDED' as const } : {}) });
  return created;
};

/**
 * One minute of the scheduler, safe with several replicas: every step locks its rows with
 * FOR UPDATE SKIP LOCKED and re-checks the status in its UPDATE, so a row changes once whichever
 * replica gets it; restarts are harmless (each step works from the stored state and the clock).
 *   1. recurring occurrences up to now + horizon become SCHEDULED rows;
 *   2. SCHEDULED rows whose time has come become PENDING (one event per store);
 *   3. PENDING rows past due + 10 minutes become MISSED (EXPIRED).
 */
export const runSchedulerTick = async (ctx: AppContext, horizonMs: number): Promise<TickResult> => {
  const now = ctx.clock.now();
  const result: TickResult = { materialized: 0, promoted: 0, expired: 0 };
  const until = new Date(now.getTime() + horizonMs);
  try {
    for (;;) {
      const done = await ctx.db.transaction(async (tx) => {
        const schedules = await lockSchedulesToMaterialize(tx, until, 20);
        for (const s of schedules) result.materialized += await materialize(ctx, tx, s, now, until);
        return schedules.length < 20;
      });
      if (done) break;
    }
  } catch (err) {
    // organization unreachable: nothing was claimed (rolled back); the next minute tries again,
    // and promotion and expiry of rows already there go on.
    ctx.logger.warn({ err }, 'recurring occurrences not materialized this minute');
  }
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const rows = await promoteDueDispatches(tx, now, BATCH);
      const announcements = await announcementsByIds(tx, rows.map((r) => r.announcementId));
      await emitPending(ctx, tx, rows, (id) => announcements.get(id));
      return rows.length;
    });
    result.promoted += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => (await expireOverdueDispatches(tx, now, EXPIRY_MS, BATCH)).length);
    result.expired += n;
    if (n < BATCH) break;
  }
  return result;
};
