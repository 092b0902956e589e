import { emit, offsetOf, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import type { HqRow } from '../db/schema';
import { adminListHqs, findHq, listAllHqs, storeCountOf, storeCounts, updateHq, type HqListFilters } from '../db/hq.repository';
import { hqTransition, type HqAction } from '../domain/hq-status';
import type { ManagerAccount } from './ports';
import type { AppContext } from './context';
import { errors } from './errors';

/** HQ dropdown: every live HQ, ordered by name, id. */
export const listHqsForDropdown = (ctx: AppContext) => listAllHqs(ctx.db);

/** Operator list: filters, status priority order, storeCount of the page's HQs in one grouped query. */
export const adminListHqsUseCase = async (ctx: AppContext, filters: HqListFilters, paging: Paging) => {
  const { rows, total } = await adminListHqs(ctx.db, filters, paging.size, offsetOf(paging));
  const counts = await storeCounts(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((hq) => ({ hq, storeCount: counts.get(hq.id) ?? 0 })), total };
};

export interface HqDetail {
  hq: HqRow;
  storeCount: number;
  managers: ManagerAccount[];
}

export const getHqDetail = async (ctx: AppContext, caller: Principal, hqId: string): Promise<HqDetail> => {
  const hq = await findHq(ctx.db, hqId);
  if (!hq) throw errors.hqNotFound();
  const [storeCount, managers] = await Promise.all([
    storeCountOf(ctx.db, hq.id),
    ctx.identity.listManagerAccounts(caller, { role: 'HQ_MANAGER', hqIds: [hq.id] }),
  ]);
  return { hq, storeCount, managers };
};

/** Operator rename; audit HQ_RENAMED only when the name really changes. */
export const renameHq = async (ctx: AppContext, actor: Principal, hqId: string, name: string): Promise<HqDetail> => {
  await ctx.db.transaction(async (tx) => {
    const hq = await findHq(tx, hqId, 'update');
    if (!hq) throw errors.hqNotFound();
    if (hq.name === name) return;
    await updateHq(tx, hq.id, { name, updatedAt: ctx.clock.now() });
    await writeAudit(
      tx,
      actor,
      { action: 'HQ_RENAMED', targetType: 'HQ', targetId: hq.id, targetLabel: name, hqId: hq.id, detail: { name: { before: hq.name, after: name } } },
      ctx.clock,
    );
  });
  return getHqDetail(ctx, actor, hqId);
};

const AUDIT_ACTION: Record<HqAction, string> = {
  ACTIVATE: 'HQ_ACTIVATED',
  SUSPEND: 'HQ_SUSPENDED',
  REACTIVATE: 'HQ_REACTIVATED',
  MARK_UNPAID: 'HQ_MARKED_UNPAID',
  MARK_PAID: 'HQ_MARKED_PAID',
};

/** Every HQ status move: rule from the domain machine, row locked, audit and event together. */
export const changeHqStatus = async (ctx: AppContext, actor: Principal, hqId: string, action: HqAction, reason?: string): Promise<HqRow> =>
  ctx.db.transaction(async (tx) => {
    const hq = await findHq(tx, hqId, 'update');
    if (!hq) throw errors.hqNotFound();
    const move = hqTransition(hq, action);
    if (!move.ok) throw move.reason === 'INDEPENDENT_HQ_SUSPENSION_FORBIDDEN' ? errors.independentSuspension() : errors.hqTransition();
    const row = await updateHq(tx, hq.id, {
      status: move.next,
      suspensionReason: action === 'SUSPEND' ? (reason ?? null) : null,
      updatedAt: ctx.clock.now(),
    });
    await writeAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTION[action],
        targetType: 'HQ',
        targetId: hq.id,
        targetLabel: hq.name,
        hqId: hq.id,
        detail: { before: hq.status, after: move.next, ...(reason ? { reason } : {}) },
      },
      ctx.clock,
    );
    if (action === 'SUSPEND') await emit(tx, { type: 'organization.hq.suspended', data: { hqId: hq.id, reason: reason ?? '' } }, ctx.clock);
    if (action === 'REACTIVATE') await emit(tx, { type: 'organization.hq.reactivated', data: { hqId: hq.id, status: move.next } }, ctx.clock);
    return row;
  });
