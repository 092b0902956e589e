import { emitAll, isUuid, toIso, type DbExecutor } from '@storecast/service-kit';
import { cancelScheduledOfStore, markStoreGone, revokePendingOfStore } from '../db/dispatch.repository';
import type { StoreGoneReason } from '../domain/dispatch-rules';
import type { AppContext } from './ports';

export interface StoreGone {
  storeId: string;
  hqId: string;
  reason: StoreGoneReason;
}

export interface StoreDispatchesCanceled {
  /** SCHEDULED rows that became CANCELED. */
  canceledScheduled: number;
  /** PENDING rows that became CANCELED and revoked (one dispatch.dispatch.revoked each). */
  revokedPending: number;
}

/**
 * A store was closed or deleted in organization: nothing more is delivered to it. In the caller's
 * transaction (the consumer's, which records the message as handled), its SCHEDULED rows of that
 * HQ and its own broadcasts become CANCELED; its PENDING ones become CANCELED and revoked like a
 * remote stop, with one dispatch.dispatch.revoked each, so a player still connected stops them at
 * once. Final rows and another HQ's rows are untouched; recurring schedules stay as they are (their
 * later occurrences are resolved from organization, which no longer lists the store), and the
 * store is recorded as gone so that no dispatch writes a row for it any more. Idempotent:
 * a second run finds no open row. No audit record (no person acted); one info log line.
 */
export const cancelStoreDispatches = async (ctx: AppContext, tx: DbExecutor, gone: StoreGone): Promise<StoreDispatchesCanceled> => {
  const { storeId, hqId, reason } = gone;
  if (!isUuid(storeId) || !isUuid(hqId)) {
    // Not an id of ours: no row can match (and the uuid columns would refuse the comparison).
    ctx.logger.warn({ storeId, hqId, reason }, 'store closed/deleted event with a malformed id ignored');
    return { canceledScheduled: 0, revokedPending: 0 };
  }
  const now = ctx.clock.now();
  // Recorded first: this waits for any transaction still writing rows for the store (its rows are
  // then seen below), and a later one finds the store gone and writes none.
  await markStoreGone(tx, { storeId, hqId, reason, at: now });
  // SCHEDULED first, then PENDING: a row the scheduler is promoting at this moment is waited for by
  // the first statement and no longer matches it; the second statement (its own snapshot, READ
  // COMMITTED) then finds it PENDING and revokes it, so it is never left playing.
  const canceledScheduled = await cancelScheduledOfStore(tx, storeId, hqId, now);
  const revoked = await revokePendingOfStore(tx, storeId, hqId, now);
  await emitAll(
    tx,
    revoked.map((row) => ({
      type: 'dispatch.dispatch.revoked' as const,
      data: { dispatchId: row.id, announcementId: row.announcementId, hqId: row.hqId, storeId: row.storeId, deviceId: row.deviceId, revokedAt: toIso(now) },
    })),
    ctx.clock,
  );
  const result = { canceledScheduled, revokedPending: revoked.length };
  ctx.logger.info({ storeId, hqId, reason, ...result }, 'dispatches of a closed or deleted store canceled');
  return result;
};
