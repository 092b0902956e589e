import { notFound, offsetOf, writeAudit, newId, validationFailed, type Paging, type Principal } from '@storecast/service-kit';
import { findHqAnnouncement } from '../db/announcement.repository';
import { cancelHqSchedule, insertSchedule, listHqSchedules } from '../db/schedule.repository';
import type { DispatchScheduleRow } from '../db/schema';
import type { DispatchTarget } from '../domain/dispatch-rules';
import { kstDate } from '../domain/kst';
import { scheduleProblems, type ScheduleRule } from '../domain/schedule';
import { announcementNotFound } from './announcements.use-case';
import { invalidTarget, resolveTargetStores } from './dispatch-announcement.use-case';
import type { AppContext } from './ports';

export interface ScheduleInput extends ScheduleRule {
  target: DispatchTarget;
  storeIds?: string[];
  region?: string;
}

/** A schedule as the use cases answer it. */
export type ScheduleView = DispatchScheduleRow;

export const scheduleNotFound = () => notFound('DISPATCH_SCHEDULE_NOT_FOUND', 'Schedule not found');

/**
 * A recurring schedule of an announcement. The target is checked now (STORES ids must be the HQ's)
 * and resolved again at each occurrence, so stores opened or closed later are followed. Occurrences
 * are materialized by the scheduler ahead of time (SCHEDULE_HORIZON_MINUTES).
 */
export const createSchedule = async (ctx: AppContext, principal: Principal, hqId: string, announcementId: string, input: ScheduleInput): Promise<DispatchScheduleRow> => {
  if (input.target === 'STORES' && input.storeIds === undefined) throw invalidTarget('Target STORES needs storeIds');
  if (input.target === 'REGION' && !input.region) throw invalidTarget('Target REGION needs a region');
  const now = ctx.clock.now();
  const problems = scheduleProblems(input, kstDate(now));
  if (problems.length) throw validationFailed(problems.map((p) => ({ field: p.field, code: 'INVALID_SCHEDULE', message: p.message })));
  const announcement = await findHqAnnouncement(ctx.db, hqId, announcementId);
  if (!announcement) throw announcementNotFound();
  if (input.target === 'STORES') await resolveTargetStores(ctx, hqId, input);
  return ctx.db.transaction(async (tx) => {
    const current = await findHqAnnouncement(tx, hqId, announcementId, true);
    if (!current) throw announcementNotFound();
    const id = newId();
    const auditId = await writeAudit(
      tx,
      principal,
      { action: 'HQ_DISPATCH_SCHEDULE_CREATED', targetType: 'DISPATCH_SCHEDULE', targetId: id, targetLabel: current.title, hqId, detail: { announcementId, frequency: input.frequency, target: input.target } },
      ctx.clock,
    );
    return insertSchedule(tx, {
      id,
      hqId,
      announcementId,
      frequency: input.frequency,
      times: input.times,
      daysOfWeek: input.daysOfWeek,
      startHour: input.startHour,
      endHour: input.endHour,
      minute: input.minute,
      startDate: input.startDate,
      endDate: input.endDate,
      target: input.target,
      storeIds: input.target === 'STORES' ? [...new Set(input.storeIds ?? [])] : [],
      region: input.target === 'REGION' ? (input.region ?? null) : null,
      status: 'ACTIVE',
      materializedUntil: now,
      auditId,
      createdAt: now,
    });
  });
};

export const listSchedules = async (ctx: AppContext, hqId: string, filter: { announcementId?: string; status?: DispatchScheduleRow['status'] }, paging: Paging) =>
  listHqSchedules(ctx.db, hqId, { ...filter, limit: paging.size, offset: offsetOf(paging) });

/** Cancels an ACTIVE schedule of the HQ: no further occurrences; rows already materialized stay. */
export const cancelSchedule = async (ctx: AppContext, principal: Principal, hqId: string, scheduleId: string): Promise<DispatchScheduleRow> =>
  ctx.db.transaction(async (tx) => {
    const row = await cancelHqSchedule(tx, hqId, scheduleId, ctx.clock.now());
    if (!row) throw scheduleNotFound();
    await writeAudit(tx, principal, { action: 'HQ_DISPATCH_SCHEDULE_CANCELED', targetType: 'DISPATCH_SCHEDULE', targetId: row.id, hqId, detail: { announcementId: row.announcementId } }, ctx.clock);
    return row;
  });
