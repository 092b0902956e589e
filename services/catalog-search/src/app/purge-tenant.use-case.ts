import type { DbExecutor, Logger } from '@storecast/service-kit';
import { deleteAssignmentsOfPurgedStore, deletePlaylistsOfPurgedHq, lockHqAssignments } from '../db/playlist.repository';

/**
 * organization.store.purged: the store's own playlist assignment and its devices' are deleted, in
 * the consumer's transaction. Normally nothing is left (clearStoreAssignments cleared them when
 * the store was closed or deleted); the purge does not count on it. Unlike that clearing, nothing
 * is announced: the store no longer exists anywhere, and the purge event is the fact its
 * consumers act on, so a catalog.playlist-assignment.changed for it would only send its ids out
 * again. Taken under the HQ's assignment lock, like every assignment change of the HQ.
 */
export const purgeStore = async (tx: DbExecutor, deps: { logger: Logger }, store: { storeId: string; hqId: string; deletedAt: string }): Promise<void> => {
  await lockHqAssignments(tx, store.hqId);
  const deleted = await deleteAssignmentsOfPurgedStore(tx, store);
  deps.logger.info({ storeId: store.storeId, hqId: store.hqId, deletedAt: store.deletedAt, deleted }, 'purged store: its playlist assignments deleted');
};

/**
 * organization.hq.purged (after each of its stores): the HQ's playlists, soft-deleted ones and the
 * default included, their library links and any assignment still pointing at them are deleted.
 * Libraries and music are the operator's catalog, shared by every HQ: untouched. Nothing is
 * announced (as for a store). The kit's audit records stay (catalog-search audits music only).
 */
export const purgeHq = async (tx: DbExecutor, deps: { logger: Logger }, hq: { hqId: string; deletedAt: string }): Promise<void> => {
  await lockHqAssignments(tx, hq.hqId);
  const deleted = await deletePlaylistsOfPurgedHq(tx, hq.hqId);
  deps.logger.info({ hqId: hq.hqId, deletedAt: hq.deletedAt, deleted }, 'purged HQ: its playlists deleted');
};
