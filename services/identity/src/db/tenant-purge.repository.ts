import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { accounts, exchangeTokens, linkTokens, mailLog, refreshTokens } from './schema';

/**
 * A tenant organization deleted for good: one store (of its HQ), or an HQ. A store's accounts are
 * its STORE_MANAGERs (store_id AND hq_id); an HQ's are its HQ_MANAGERs and any store manager still
 * carrying its hq_id. Operators are never a tenant's, whatever they carry. Statuses do not matter.
 * Every statement below carries the tenant condition itself (children through a subquery on the
 * tenant's accounts), so nothing outside the tenant can be reached.
 */
export type PurgedTenant = { kind: 'store'; storeId: string; hqId: string } | { kind: 'hq'; hqId: string };

const tenantAccountsWhere = (tenant: PurgedTenant): SQL =>
  tenant.kind === 'store'
    ? and(eq(accounts.role, 'STORE_MANAGER'), eq(accounts.storeId, tenant.storeId), eq(accounts.hqId, tenant.hqId))!
    : and(inArray(accounts.role, ['HQ_MANAGER', 'STORE_MANAGER']), eq(accounts.hqId, tenant.hqId))!;

const tenantAccountIds = (tx: DbExecutor, tenant: PurgedTenant) => tx.select({ id: accounts.id }).from(accounts).where(tenantAccountsWhere(tenant));

/**
 * Locks the tenant's accounts FOR UPDATE for the rest of the transaction: a token written for one
 * of them at the same time (its foreign key check needs the account row) waits, then fails on the
 * deleted account instead of being left behind. Answers how many there are.
 */
export const lockTenantAccounts = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tenantAccountIds(tx, tenant).for('update');
  return rows.length;
};

/** Refresh tokens of the tenant's accounts (their impersonated sessions included). */
export const deleteTenantRefreshTokens = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx
    .delete(refreshTokens)
    .where(inArray(refreshTokens.accountId, tenantAccountIds(tx, tenant)))
    .returning({ id: refreshTokens.id });
  return rows.length;
};

/** Setup, password-reset and email-change links of the tenant's accounts (they hold the new email). */
export const deleteTenantLinkTokens = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx
    .delete(linkTokens)
    .where(inArray(linkTokens.accountId, tenantAccountIds(tx, tenant)))
    .returning({ id: linkTokens.id });
  return rows.length;
};

/**
 * Impersonation exchange tokens targeting the tenant's accounts and, for an HQ, every one issued
 * for it. Their other account column is an operator's (never a tenant's account).
 */
export const deleteTenantExchangeTokens = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const targets = inArray(exchangeTokens.targetAccountId, tenantAccountIds(tx, tenant));
  const rows = await tx
    .delete(exchangeTokens)
    .where(tenant.kind === 'hq' ? or(targets, eq(exchangeTokens.hqId, tenant.hqId)) : targets)
    .returning({ id: exchangeTokens.id });
  return rows.length;
};

/** Mail log rows sent for the tenant's accounts (their recipient is an email address: the current, old or new one). */
export const deleteTenantMailLog = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx
    .delete(mailLog)
    .where(inArray(mailLog.accountId, tenantAccountIds(tx, tenant)))
    .returning({ id: mailLog.id });
  return rows.length;
};

/** The tenant's accounts (last: tokens reference them, and the deletes above find them through them). */
export const deleteTenantAccounts = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx.delete(accounts).where(tenantAccountsWhere(tenant)).returning({ id: accounts.id });
  return rows.length;
};
