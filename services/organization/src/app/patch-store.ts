import { emit, writeAudit, type AppError, type Principal } from '@storecast/service-kit';
import type { StoreRow } from '../db/schema';
import { findStore, updateStore } from '../db/store.repository';
import { changedFields, diffStorePatch, type StorePatch } from '../domain/store-patch';
import type { AppContext } from './context';

/**
 * One store PATCH, for the HQ's store edit and the store manager's own profile: per-key semantics
 * (absent unchanged, null clears, value sets), on the locked row of the store in its HQ. Without
 * differences nothing is written (no audit, no event, updatedAt kept) and the current row is
 * returned; otherwise the changed fields, audit `action` with each field's before/after, and
 * organization.store.updated, in one transaction.
 */
export const patchStore = (
  ctx: AppContext,
  actor: Principal,
  target: { hqId: string; storeId: string; action: string; missing: () => AppError },
  patch: StorePatch,
): Promise<StoreRow> =>
  ctx.db.transaction(async (tx) => {
    const current = await findStore(tx, target.storeId, { hqId: target.hqId, lock: 'update' });
    if (!current) throw target.missing();
    const changes = diffStorePatch(current, patch);
    const fields = changedFields(changes);
    if (fields.length === 0) return current;
    const values: Partial<StoreRow> = { updatedAt: ctx.clock.now() };
    for (const f of fields) (values as Record<string, unknown>)[f] = changes[f]!.after;
    const row = await updateStore(tx, current.id, values);
    await writeAudit(
      tx,
      actor,
      { action: target.action, targetType: 'STORE', targetId: current.id, targetLabel: row.name, hqId: current.hqId, storeId: current.id, detail: { changes } },
      ctx.clock,
    );
    await emit(tx, { type: 'organization.store.updated', data: { storeId: current.id, hqId: current.hqId, changed: fields } }, ctx.clock);
    return row;
  });
