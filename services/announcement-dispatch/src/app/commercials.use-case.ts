import { emit, isUuid, newId, notFound, offsetOf, serviceUnavailable, sniffFileType, validationFailed, writeAudit, type Paging, type Principal, type UploadedFile } from '@storecast/service-kit';
import {
  deleteCommercialsForGood,
  findHqCommercial,
  insertCommercial,
  listActiveCommercials,
  listHqCommercials,
  lockPurgeableCommercials,
  updateCommercial,
} from '../db/commercial.repository';
import type { CommercialSongRow } from '../db/schema';
import { commercialChanges } from '../domain/broadcast-rules';
import { measureMp3 } from '../domain/mp3';
import type { AppContext } from './ports';

const DAY_MS = 24 * 60 * 60 * 1000;

export const commercialNotFound = () => notFound('COMMERCIAL_SONG_NOT_FOUND', 'Commercial song not found');
export const commercialFileInvalid = (code: 'FILE_EMPTY' | 'FILE_TOO_LARGE' | 'FILE_NOT_MP3', message: string) => validationFailed([{ field: 'file', code, message }]);

export interface CommercialView {
  row: CommercialSongRow;
  audioUrl: string;
}

const keyOf = (hqId: string, id: string) => `commercials/${hqId}/${id}.mp3`;
const viewOf = async (ctx: AppContext, row: CommercialSongRow): Promise<CommercialView> => ({ row, audioUrl: await ctx.storage.presignGet(row.audioKey, { contentType: 'audio/mpeg' }) });

/**
 * The upload must be an MP3: not empty, an MPEG audio signature (sniffed, never the declared
 * type) and a run of MPEG frames (an ID3 tag over anything else is refused). Stored as is.
 */
const checkedMp3 = async (file: UploadedFile | undefined): Promise<UploadedFile> => {
  if (!file || file.size === 0) throw commercialFileInvalid('FILE_EMPTY', 'The file is empty');
  const sniffed = await sniffFileType(file.buffer);
  if (sniffed?.mime !== 'audio/mpeg' || !measureMp3(file.buffer)) throw commercialFileInvalid('FILE_NOT_MP3', 'The file is not an MP3');
  return file;
};

const putFile = async (ctx: AppContext, key: string, file: UploadedFile) => {
  try {
    await ctx.storage.put(key, file.buffer, 'audio/mpeg', file.size);
  } catch (err) {
    throw serviceUnavailable('Object storage is unavailable', err);
  }
};

/**
 * Register: row + audit HQ_COMMERCIAL_CREATED, then the file, before the transaction commits; a
 * failed store rolls the row back and a failed commit removes the stored file.
 */
export const registerCommercial = async (
  ctx: AppContext,
  principal: Principal,
  hqId: string,
  input: { file: UploadedFile | undefined; title: string; durationSeconds: number },
): Promise<CommercialView> => {
  const file = await checkedMp3(input.file);
  const id = newId();
  const key = keyOf(hqId, id);
  let stored = false;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const created = await insertCommercial(tx, { id, hqId, title: input.title, durationSeconds: input.durationSeconds, isActive: true, audioKey: key, sizeBytes: file.size, createdAt: now, updatedAt: now });
      await writeAudit(
        tx,
        principal,
        { action: 'HQ_COMMERCIAL_CREATED', targetType: 'COMMERCIAL_SONG', targetId: id, targetLabel: input.title, hqId, detail: { durationSeconds: input.durationSeconds, sizeBytes: file.size, originalFileName: file.originalName } },
        ctx.clock,
      );
      await putFile(ctx, key, file);
      stored = true;
      return created;
    });
    return viewOf(ctx, row);
  } catch (err) {
    if (stored) await ctx.storage.delete(key).catch((e: unknown) => ctx.logger.error({ err: e, key }, 'stored commercial file left behind'));
    throw err;
  }
};

export const listCommercials = async (ctx: AppContext, hqId: string, paging: Paging): Promise<{ items: CommercialView[]; total: number }> => {
  const { rows, total } = await listHqCommercials(ctx.db, hqId, { limit: paging.size, offset: offsetOf(paging) });
  return { items: await Promise.all(rows.map((r) => viewOf(ctx, r))), total };
};

/** PATCH: null or absent fields are unchanged; nothing to change is a 200 no-op (no audit). */
export const patchCommercial = async (
  ctx: AppContext,
  principal: Principal,
  hqId: string,
  id: string,
  patch: { title?: string | null; isActive?: boolean | null },
): Promise<CommercialView> => {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findHqCommercial(tx, hqId, id, true);
    if (!current) throw commercialNotFound();
    const changes = commercialChanges(current, patch);
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateCommercial(tx, id, { ...changes, updatedAt: ctx.clock.now() });
    const detail = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, { before: current[k as keyof typeof changes], after: v }]));
    await writeAudit(tx, principal, { action: 'HQ_COMMERCIAL_UPDATED', targetType: 'COMMERCIAL_SONG', targetId: id, targetLabel: updated.title, hqId, detail }, ctx.clock);
    return updated;
  });
  return viewOf(ctx, row);
};

/**
 * Replace the file (same id, same storage key: overwritten, no file history) with its duration
 * and optionally a new title; audit HQ_COMMERCIAL_FILE_REPLACED. The file is written last in the
 * transaction, so a failure before it leaves the previous file and row.
 */
export const replaceCommercialFile = async (
  ctx: AppContext,
  principal: Principal,
  hqId: string,
  id: string,
  input: { file: UploadedFile | undefined; durationSeconds: number; title?: string },
): Promise<CommercialView> => {
  const file = await checkedMp3(input.file);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findHqCommercial(tx, hqId, id, true);
    if (!current) throw commercialNotFound();
    const updated = await updateCommercial(tx, id, { durationSeconds: input.durationSeconds, sizeBytes: file.size, ...(input.title !== undefined ? { title: input.title } : {}), updatedAt: ctx.clock.now() });
    await writeAudit(
      tx,
      principal,
      {
        action: 'HQ_COMMERCIAL_FILE_REPLACED',
        targetType: 'COMMERCIAL_SONG',
        targetId: id,
        targetLabel: updated.title,
        hqId,
        detail: { before: { durationSeconds: current.durationSeconds, sizeBytes: current.sizeBytes, title: current.title }, after: { durationSeconds: updated.durationSeconds, sizeBytes: file.size, title: updated.title }, originalFileName: file.originalName },
      },
      ctx.clock,
    );
    await putFile(ctx, current.audioKey, file);
    return updated;
  });
  return viewOf(ctx, row);
};

/** Soft delete (kept 90 days, then purged with its file); a deleted, foreign or unknown song → 404. */
export const deleteCommercial = async (ctx: AppContext, principal: Principal, hqId: string, id: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const current = await findHqCommercial(tx, hqId, id, true);
    if (!current) throw commercialNotFound();
    const now = ctx.clock.now();
    await updateCommercial(tx, id, { deletedAt: now, updatedAt: now });
    await writeAudit(tx, principal, { action: 'HQ_COMMERCIAL_DELETED', targetType: 'COMMERCIAL_SONG', targetId: id, targetLabel: current.title, hqId }, ctx.clock);
  });
};

/** gRPC CommercialService: active, non-deleted songs of the HQ in ascending id (none for an unknown HQ). */
export const activeCommercialsOf = async (ctx: AppContext, hqId: string): Promise<CommercialView[]> => {
  if (!isUuid(hqId)) return [];
  return Promise.all((await listActiveCommercials(ctx.db, hqId)).map((r) => viewOf(ctx, r)));
};

/**
 * Removes for good songs soft-deleted more than the retention ago: the object, then the row, and
 * one dispatch.commercial.purged each (playback clears its round-robin cursors). Rows are claimed
 * FOR UPDATE SKIP LOCKED, so replicas never purge one twice; the object goes first inside the
 * transaction, so a failed commit only means the next run deletes an already missing object.
 */
export const purgeDeletedCommercials = async (ctx: AppContext, batchSize: number): Promise<number> => {
  const before = new Date(ctx.clock.now().getTime() - ctx.settings.commercialRetentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const rows = await lockPurgeableCommercials(tx, before, batchSize);
      for (const row of rows) {
        try {
          await ctx.storage.delete(row.audioKey);
        } catch (err) {
          throw serviceUnavailable('Object storage is unavailable', err);
        }
      }
      await deleteCommercialsForGood(tx, rows.map((r) => r.id));
      for (const row of rows) await emit(tx, { type: 'dispatch.commercial.purged', data: { commercialId: row.id, hqId: row.hqId } }, ctx.clock);
      return rows.length;
    });
    purged += count;
    if (count < batchSize) return purged;
  }
};
