import { badRequest, emit, offsetOf, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findHq } from '../db/hq.repository';
import { adminListStores, findStore, findStoreWithHq, updateStore, type AdminStoreFilters } from '../db/store.repository';
import { storeTransition, type StoreAction } from '../domain/store-status';
import { INDEPENDENT_HQ_ID, type Plan } from '../domain/enums';
import type { StoreContact } from '../domain/store-patch';
import type { ManagerAccount } from './ports';
import type { AppContext } from './context';
import { provisionStore, type ProvisionedStore } from './provision-store';
import { errors } from './errors';

/** After the commit: the setup email, and the StoreOnboardingResponse fields. */
const afterCommit = async (ctx: AppContext, actor: Principal, { store, account }: ProvisionedStore) => ({
  storeId: store.id,
  managerAccountId: account?.accountId ?? null,
  managerAccountCreated: account !== null,
  setupEmailSent: account ? await ctx.identity.sendSetupEmail(actor, account.accountId) : null,
});

/** Independent store: type INDEPENDENT under the virtual INDEPENDENT HQ, with its own plan and billing day. */
export const onboardIndependentStore = async (ctx: AppContext, actor: Principal, input: StoreContact & { plan: Plan; billingAnchorDay: number }) => {
  const hq = await findHq(ctx.db, INDEPENDENT_HQ_ID);
  if (!hq) throw errors.hqNotFound();
  return afterCommit(ctx, actor, await provisionStore(ctx, actor, hq, { ...input, type: 'INDEPENDENT', auditAction: 'STORE_CREATED', forbidSuspendedHq: false }));
};

/** HQ-affiliated store (DIRECT or FRANCHISE); plan and billing day are inherited from the HQ. */
export const onboardAffiliatedStore = async (
  ctx: AppContext,
  actor: Principal,
  hqId: string,
  input: StoreContact & { storeType: 'DIRECT' | 'FRANCHISE' },
) => {
  const hq = await findHq(ctx.db, hqId);
  if (!hq) throw errors.hqNotFound();
  if (hq.type === 'INDEPENDENT') {
    throw badRequest('VALIDATION_FAILED', 'Independent stores are onboarded through /api/v1/admin/stores/independent', {
      details: [{ field: 'hqId', code: 'INDEPENDENT_HQ', message: 'The INDEPENDENT HQ takes independent stores only' }],
    });
  }
  const { storeType, ...contact } = input;
  return afterCommit(
    ctx,
    actor,
    await provisionStore(ctx, actor, hq, { ...contact, type: storeType, plan: null, billingAnchorDay: null, auditAction: 'STORE_CREATED', forbidSuspendedHq: false }),
  );
};

export const adminListStoresUseCase = (ctx: AppContext, filters: AdminStoreFilters, paging: Paging) =>
  adminListStores(ctx.db, filters, paging.size, offsetOf(paging));

export interface StoreDetail {
  store: StoreRow;
  hq: HqRow;
  managers: ManagerAccount[];
}

const managersOf = (ctx: AppContext, caller: Principal, storeId: string) => ctx.identity.listManagerAccounts(caller, { role: 'STORE_MANAGER', storeIds: [storeId] });

export const getAdminStoreDetail = async (ctx: AppContext, caller: Principal, storeId: string): Promise<StoreDetail> => {
  const found = await findStoreWithHq(ctx.db, storeId);
  if (!found) throw errors.storeNotFound();
  return { ...found, managers: await managersOf(ctx, caller, found.store.id) };
};

export const listAdminStoreManagers = async (ctx: AppContext, caller: Principal, storeId: string): Promise<ManagerAccount[]> => {
  const store = await findStore(ctx.db, storeId);
  if (!store) throw errors.storeNotFound();
  return managersOf(ctx, caller, store.id);
};

const STORE_AUDIT: Record<StoreAction, string> = { SUSPEND: 'STORE_SUSPENDED', REACTIVATE: 'STORE_REACTIVATED', CLOSE: 'STORE_CLOSED' };

/** Suspend, reactivate, close (irreversible): rule from the domain machine, audit and event together. */
export const changeStoreStatus = async (ctx: AppContext, actor: Principal, storeId: string, action: StoreAction, reason?: string): Promise<StoreRow> =>
  ctx.db.transaction(async (tx) => {
    const store = await findStore(tx, storeId, { lock: 'update' });
    if (!store) throw errors.storeNotFound();
    const move = storeTransition({ status: store.status, closed: store.closedAt !== null }, action);
    if (!move.ok) throw move.reason === 'STORE_ALREADY_CLOSED' ? errors.storeClosedConflict() : errors.storeTransition();
    const now = ctx.clock.now();
    const row = await updateStore(
      tx,
      store.id,
      action === 'CLOSE'
        ? { closedAt: now, closeReason: reason ?? null, updatedAt: now }
        : { status: move.next, suspensionReason: action === 'SUSPEND' ? (reason ?? null) : null, updatedAt: now },
    );
    await writeAudit(
      tx,
      actor,
      {
        action: STORE_AUDIT[action],
        targetType: 'STORE',
        targetId: store.id,
        targetLabel: store.name,
        hqId: store.hqId,
        storeId: store.id,
        detail: action === 'CLOSE' ? { reason } : { before: store.status, after: move.next, ...(reason ? { reason } : {}) },
      },
      ctx.clock,
    );
    const ids = { storeId: store.id, hqId: store.hqId };
    if (action === 'SUSPEND') await emit(tx, { type: 'organization.store.suspended', data: { ...ids, reason: reason ?? '' } }, ctx.clock);
    if (action === 'REACTIVATE') await emit(tx, { type: 'organization.store.reactivated', data: ids }, ctx.clock);
    if (action === 'CLOSE') await emit(tx, { type: 'organization.store.closed', data: { ...ids, closedAt: now.toISOString() } }, ctx.clock);
    return row;
  });
