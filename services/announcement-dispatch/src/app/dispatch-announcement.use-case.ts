import { badRequest, newId, notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { findHqAnnouncement } from '../db/announcement.repository';
import { insertDispatches } from '../db/dispatch.repository';
import type { DispatchRow } from '../db/schema';
import { dispatchTiming, scheduledAtProblem, type DispatchTarget } from '../domain/dispatch-rules';
import { announcementNotFound } from './announcements.use-case';
import { emitPending, signAudioUrls } from './pending-events';
import type { AppContext, StoreRef } from './ports';

export interface DispatchInput {
  target: DispatchTarget;
  storeIds?: string[];
  region?: string;
  scheduledAt?: Date;
}

export const invalidTarget = (message: string) => badRequest('DISPATCH_INVALID_TARGET', message);

/**
 * The stores a target names, from organization (closed stores excluded). STORES: every id must be
 * a store of the HQ, else 404 TTS_ANNOUNCEMENT_NOT_FOUND (spec 03 § Errors); REGION: stores
 * without a region are never included; nothing to dispatch to is 400 DISPATCH_INVALID_TARGET.
 */
export const resolveTargetStores = async (ctx: AppContext, hqId: string, target: { target: DispatchTarget; storeIds?: string[]; region?: string | null }): Promise<StoreRef[]> => {
  let stores: StoreRef[];
  if (target.target === 'STORES') {
    const ids = [...new Set(target.storeIds ?? [])];
    stores = await ctx.organization.storesOfHq(hqId, { storeIds: ids });
    if (stores.length !== ids.length || ids.some((id) => !stores.some((s) => s.id === id))) {
      throw notFound('TTS_ANNOUNCEMENT_NOT_FOUND', 'A target store is not a store of this HQ');
    }
  } else if (target.target === 'REGION') {
    stores = (await ctx.organization.storesOfHq(hqId, { region: target.region ?? undefined })).filter((s) => s.region !== null && s.region === target.region);
  } else {
    stores = await ctx.organization.storesOfHq(hqId, {});
  }
  return stores;
};

export interface DispatchResult {
  batchId: string;
  announcementId: string;
  status: 'PENDING' | 'SCHEDULED';
  scheduledAt: Date | null;
  playAt: Date;
  rows: DispatchRow[];
}

/**
 * Dispatch now (PENDING, playAt = issue + 2 s, one pending event per store) or at a scheduled time
 * (SCHEDULED: the scheduler makes it PENDING at its minute). One row per target store, repeated
 * dispatches allowed, audit HQ_ANNOUNCEMENT_DISPATCHED in the same transaction.
 */
export const dispatchAnnouncement = async (ctx: AppContext, principal: Principal, hqId: string, announcementId: string, input: DispatchInput): Promise<DispatchResult> => {
  if (input.target === 'STORES' && input.storeIds === undefined) throw invalidTarget('Target STORES needs storeIds');
  if (input.target === 'REGION' && !input.region) throw invalidTarget('Target REGION needs a region');
  // The announcement and the target stores are read at once (the headline latency of a dispatch
  // "now" is on this path); the answers keep their order: 404 unknown announcement, then 400.
  const storesOfTarget = resolveTargetStores(ctx, hqId, input);
  void storesOfTarget.catch(() => undefined);
  const announcement = await findHqAnnouncement(ctx.db, hqId, announcementId);
  if (!announcement) throw announcementNotFound();
  const now = ctx.clock.now();
  if (input.scheduledAt) {
    const problem = scheduledAtProblem(input.scheduledAt, now);
    if (problem) {
      throw badRequest('VALIDATION_FAILED', 'Invalid scheduled time', {
        details: [{ field: 'scheduledAt', code: problem === 'PAST' ? 'SCHEDULED_AT_PAST' : 'SCHEDULED_AT_TOO_FAR', message: problem === 'PAST' ? 'must be in the future' : 'must be within one year' }],
      });
    }
  }
  const timing = dispatchTiming(now, input.scheduledAt);
  // Signed while organization answers (only a dispatch "now" sends the URL at once).
  const signed = timing.status === 'PENDING' ? await signAudioUrls(ctx, announcement) : undefined;
  const stores = await storesOfTarget;
  if (stores.length === 0) throw invalidTarget('No store matches the target');
  const batchId = newId();
  return ctx.db.transaction(async (tx) => {
    // The announcement may have been deleted while organization answered.
    const current = await findHqAnnouncement(tx, hqId, announcementId, true);
    if (!current) throw announcementNotFound();
    const auditId = await writeAudit(
      tx,
      principal,
      {
        action: 'HQ_ANNOUNCEMENT_DISPATCHED',
        targetType: 'ANNOUNCEMENT',
        targetId: announcementId,
        targetLabel: current.title,
        hqId,
        detail: { batchId, target: input.target, region: input.region ?? null, storeCount: stores.length, scheduledAt: timing.scheduledAt?.toISOString() ?? null },
      },
      ctx.clock,
    );
    const rows = await insertDispatches(
      tx,
      {
        batchId,
        announcementId,
        hqId,
        deviceId: null,
        scheduleId: null,
        target: input.target,
        status: timing.status,
        isEmergency: current.isEmergency,
        scheduledAt: timing.scheduledAt,
        playAt: timing.playAt,
        dueAt: timing.dueAt,
        createdAt: now,
        pendingAt: timing.status === 'PENDING' ? now : null,
        auditId,
      },
      stores.map((s) => ({ id: newId(), storeId: s.id })),
    );
    if (timing.status === 'PENDING') await emitPending(ctx, tx, rows, () => current, signed);
    return { batchId, announcementId, status: timing.status, scheduledAt: timing.scheduledAt, playAt: timing.playAt, rows };
  });
};
