import { badRequest, offsetOf, type Paging } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findHq } from '../db/hq.repository';
import { adminListStores, findStore, findStoreWithHq, updateStore, type AdminStoreFilters } from '../db/store.repository';
import { storeTransition, type StoreAction } from '../domain/store-status';
import { INDEPENDENT_HQ_ID, type Plan } from '../domain/enums';
import type { Actor } from './actor';
import type { ManagerAccount } from './account-gateway';
import type { AppContext } from './context';
import { provisionStore, type StoreContactInput } from './provision-store';
import { writeAudit } from './audit';
import { emit } from './events';
import { errors } from './errors';

export interface StoreOnboardingResult {
  storeId: string;
  managerAccountId: string | null;
  managerAccountCreated: boolean;
  setupEmailSent: boolean | null;
}

const afterCommit = async (ctx: AppContext, provisioned: { store: StoreRow; account: { accountId: string } | null }): Promise<StoreOnboardingResult> => {
  const setupEmailSent = provisioned.account ? await ctx.accounts.sendSetupEmail(provisioned.account.accountId) : null;
  return {
    storeId: provisioned.store.id,
    managerAccountId: provisioned.account?.accountId ?? null,
    managerAccountCreated: provisioned.account !== null,
    setupEmailSent,
  };
};

/** Independent store: type INDEPENDENT under the virtual INDEPENDENT HQ, with its own plan and billing day. */
export const onboardIndependentStore = async (
  ctx: AppContext,
  actor: Actor,
  input: StoreContactInput & { plan: Plan; billingAnchorDay: number },
): Promise<StoreOnboardingResult> =>
  afterCommit(
    ctx,
    await provisionStore(ctx, {
      ...input,
      hqId: INDEPENDENT_HQ_ID,
      type: 'INDEPENDENT',
      actor,
      auditAction: 'STORE_CREATED',
      forbidSuspendedHq: false,
    }),
  );

/** HQ-affiliated store (DIRECT or FRANCHISE); plan and billing day are inherited from the HQ. */
export const onboardAffiliatedStore = async (
  ctx: AppContext,
  actor: Actor,
  hqId: string,
  input: StoreContactInput & { storeType: 'DIRECT' | 'FRANCHISE' },
): Promise<StoreOnboardingResult> => {
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
    await provisionStore(ctx, {
      ...contact,
      hqId,
      type: storeType,
      plan: null,
      billingAnchorDay: null,
      actor,
      auditAction: 'STORE_CREATED',
      forbidSuspendedHq: false,
    }),
  );
};

export const adminListStoresUseCase = async (ctx: AppContext, filters: AdminStoreFilters, paging: Paging) =>
  adminListStores(ctx.db, filters, paging.size, offsetOf(paging));

export interface StoreDetail {
  store: StoreRow;
  hq: HqRow;
  managers: ManagerAccount[];
}

export const listStoreManagers = async (ctx: AppContext, storeId: string): Promise<ManagerAccount[]> =>
  ctx.accounts.listManagerAccounts({ role: 'STORE_MANAGER', storeIds: [storeId] });

export const getAdminStoreDetail = async (ctx: AppContext, storeId: string): Promise<StoreDetail> => {
  const found = await findStoreWithHq(ctx.db, storeId);
  if (!found) throw errors.storeNotFound();
  return { ...found, managers: await listStoreManagers(ctx, found.store.id) };
};

export const listAdminStoreManagers = async (ctx: AppContext, storeId: string): Promise<ManagerAccount[]> => {
  const store = await findStore(ctx.db, storeId);
  if (!store) throw errors.storeNotFound();
  return listStoreManagers(ctx, store.id);
};

const STORE_AUDIT: Record<StoreAction, string> = { SUSPEND: 'STORE_SUSPENDED', REACTIVATE: 'STORE_REACTIVATED', CLOSE: 'STORE_CLOSED' };

/** Suspend, reactivate, close (irreversible): rule from the domain machine, audit and event together. */
export const changeStoreStatus = async (ctx: AppContext, actor: Actor, storeId: string, action: StoreAction, reason?: string): Promise<StoreRow> => {
  const updated = await ctx.db.transaction(async (tx) => {
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
    await writeAudit(tx, ctx, actor, {
      action: STORE_AUDIT[action],
      targetType: 'STORE',
      targetId: store.id,
      targetLabel: store.name,
      hqId: store.hqId,
      storeId: store.id,
      detail: action === 'CLOSE' ? { reason } : { before: store.status, after: move.next, ...(reason ? { reason } : {}) },
    });
    if (action === 'SUSPEND') await emit(tx, ctx.clock, 'organization.store.suspended', { storeId: store.id, hqId: store.hqId, reason: reason ?? '' });
    if (action === 'REACTIVATE') await emit(tx, ctx.clock, 'organization.store.reactivated', { storeId: store.id, hqId: store.hqId });
    if (action === 'CLOSE') await emit(tx, ctx.clock, 'organization.store.closed', { storeId: store.id, hqId: store.hqId, closedAt: now.toISOString() });
    return row;
  });
  ctx.kickOutbox();
  return updated;
};
