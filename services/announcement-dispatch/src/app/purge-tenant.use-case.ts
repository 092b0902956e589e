import { emitAll, isUuid, type DbExecutor } from '@storecast/service-kit';
import { deleteAnnouncementsOfHq } from '../db/announcement.repository';
import { deleteAnnouncementsOfStore, deleteTemplatesOfStore } from '../db/broadcast.repository';
import { deleteCommercialsOfHq } from '../db/commercial.repository';
import {
  deleteAcksOfPurgedHq,
  deleteAcksOfPurgedStore,
  deleteDispatchesOfPurgedHq,
  deleteDispatchesOfPurgedStore,
  deleteGoneStore,
  deleteGoneStoresOfHq,
  lockTenantPurge,
} from '../db/dispatch.repository';
import { deleteOccurrencesOfHq, deleteSchedulesOfHq, endSchedules, lockSchedulesOfHq, removeStoreFromSchedules } from '../db/schedule.repository';
import { endsWithoutStores } from '../domain/schedule';
import type { AppContext } from './ports';

/** Rows (per table) and objects a store purge deleted or changed. */
export interface StorePurgeCounts {
  dispatchAcks: number;
  dispatches: number;
  /** The store's own announcements (broadcast drafts, sent or not). */
  announcements: number;
  broadcastTemplates: number;
  goneStores: number;
  /** HQ schedules whose store list lost the store. */
  schedulesChanged: number;
  /** ...of which ACTIVE ones left without any store, now ENDED. */
  schedulesEnded: number;
  /** Audio objects deleted (the announcements' keys). */
  audioObjects: number;
}

/** Rows (per table) and objects an HQ purge deleted. */
export interface HqPurgeCounts {
  dispatchAcks: number;
  dispatches: number;
  scheduleOccurrences: number;
  dispatchSchedules: number;
  announcements: number;
  commercialSongs: number;
  goneStores: number;
  /** Audio objects deleted (announcements' and commercial songs' keys). */
  audioObjects: number;
}

/**
 * organization purged a store for good (90 days after its deletion): nothing of it stays here. In
 * the consumer's transaction (which records the message as handled), deleted, children first:
 * acks of its dispatch rows; its rows (those its HQ sent it and its own broadcasts, whatever their
 * status); its own announcements (broadcast drafts) and their audio objects; its templates; its
 * gone_stores row. The HQ's schedules naming it drop it from their store list, and an ACTIVE one
 * left without any store ends (domain/schedule.ts endsWithoutStores). Occurrences are per schedule,
 * not per store: they stay with the HQ's schedules, as do the HQ's announcements.
 *
 * Tenant scope: only rows of that store under that HQ (hq_id = the event's hqId, or null for its own
 * broadcasts); templates have no HQ column and go by store id. The gone_stores row can go: every
 * write path is refused by organization for a store it no longer knows (HQ dispatches and
 * recurring occurrences resolve their stores from it; the store's own broadcasts need a store
 * manager token, which identity issues or refreshes only for a store organization finds).
 * The kit's audit_records stay (the trail outlives the tenant). Idempotent: a second run finds
 * nothing. One info log line with the counts.
 */
export const purgeStore = async (ctx: AppContext, tx: DbExecutor, purged: { storeId: string; hqId: string }): Promise<StorePurgeCounts | undefined> => {
  const { storeId, hqId } = purged;
  if (!isUuid(storeId) || !isUuid(hqId)) {
    // Not an id of ours: no row can match (and the uuid columns would refuse the comparison).
    ctx.logger.warn({ storeId, hqId }, 'store purged event with a malformed id ignored');
    return undefined;
  }
  await lockTenantPurge(tx, hqId, 'shared');
  const dispatchAcks = await deleteAcksOfPurgedStore(tx, storeId, hqId);
  const dispatches = await deleteDispatchesOfPurgedStore(tx, storeId, hqId);
  const audioKeys = await deleteAnnouncementsOfStore(tx, storeId, hqId);
  const broadcastTemplates = await deleteTemplatesOfStore(tx, storeId);
  const goneStores = await deleteGoneStore(tx, storeId, hqId);
  const changed = await removeStoreFromSchedules(tx, hqId, storeId);
  const schedulesEnded = await endSchedules(
    tx,
    hqId,
    changed.filter(endsWithoutStores).map((s) => s.id),
  );
  // Last, before the commit: a storage failure rolls the rows back and the redelivery deletes everything again.
  const audioObjects = await ctx.storage.deleteMany(audioKeys);
  const counts: StorePurgeCounts = {
    dispatchAcks,
    dispatches,
    announcements: audioKeys.length,
    broadcastTemplates,
    goneStores,
    schedulesChanged: changed.length,
    schedulesEnded,
    audioObjects,
  };
  ctx.logger.info({ storeId, hqId, ...counts }, 'data of a purged store deleted');
  return counts;
};

/**
 * organization purged an HQ for good (after all its stores): nothing keyed by it stays here. In the
 * consumer's transaction, deleted, children first: acks of its dispatch rows; the rows (those it
 * sent, and any row of an announcement of it, e.g. a store's own broadcast of a draft whose store
 * purge was never consumed); occurrences of its schedules, then the schedules; its announcements
 * (HQ announcements, deleted or not, and drafts of its stores) and their audio objects; its
 * commercial songs (deleted or not) and their audio objects, with one dispatch.commercial.purged
 * each, as the retention purge emits (playback clears its cursors on them); its gone_stores rows.
 * Tenant scope: hq_id = the event's hqId everywhere. The kit's audit_records stay. Idempotent.
 * One info log line with the counts.
 */
export const purgeHq = async (ctx: AppContext, tx: DbExecutor, purged: { hqId: string }): Promise<HqPurgeCounts | undefined> => {
  const { hqId } = purged;
  if (!isUuid(hqId)) {
    ctx.logger.warn({ hqId }, 'HQ purged event with a malformed id ignored');
    return undefined;
  }
  // Exclusive: waits for purges of its stores still running, and they for it.
  await lockTenantPurge(tx, hqId, 'exclusive');
  await lockSchedulesOfHq(tx, hqId);
  const dispatchAcks = await deleteAcksOfPurgedHq(tx, hqId);
  const dispatches = await deleteDispatchesOfPurgedHq(tx, hqId);
  const scheduleOccurrences = await deleteOccurrencesOfHq(tx, hqId);
  const dispatchSchedules = await deleteSchedulesOfHq(tx, hqId);
  const announcementKeys = await deleteAnnouncementsOfHq(tx, hqId);
  const songs = await deleteCommercialsOfHq(tx, hqId);
  const goneStores = await deleteGoneStoresOfHq(tx, hqId);
  await emitAll(
    tx,
    songs.map((s) => ({ type: 'dispatch.commercial.purged' as const, data: { commercialId: s.id, hqId } })),
    ctx.clock,
  );
  const audioObjects = await ctx.storage.deleteMany([...announcementKeys, ...songs.map((s) => s.audioKey)]);
  const counts: HqPurgeCounts = {
    dispatchAcks,
    dispatches,
    scheduleOccurrences,
    dispatchSchedules,
    announcements: announcementKeys.length,
    commercialSongs: songs.length,
    goneStores,
    audioObjects,
  };
  ctx.logger.info({ hqId, ...counts }, 'data of a purged HQ deleted');
  return counts;
};
