import type { DbExecutor } from '@storecast/service-kit';
import {
  deleteTenantAccounts,
  deleteTenantExchangeTokens,
  deleteTenantLinkTokens,
  deleteTenantMailLog,
  deleteTenantRefreshTokens,
  lockTenantAccounts,
  type PurgedTenant,
} from '../db/tenant-purge.repository';
import type { IdentityContext } from './context';

export type { PurgedTenant } from '../db/tenant-purge.repository';

/** What one purge deleted, per table. */
export interface TenantPurgeCounts {
  accounts: number;
  refresh_tokens: number;
  link_tokens: number;
  exchange_tokens: number;
  mail_log: number;
}

/**
 * Drops everything identity keeps for a store or HQ that organization deleted for good
 * (organization.store.purged / organization.hq.purged): the tenant's manager accounts whatever
 * their status (organization withdrew them at the soft delete; this does not rely on it), and
 * what references them or names their email — refresh, link and exchange tokens, mail log rows —
 * before the accounts themselves. Runs in the consumer's transaction `tx`. Operators, the public
 * API's clients, keys and usage (no tenant) and the kit's audit_records (the trail outlives the
 * tenant) stay.
 */
export const purgeTenant = async (ctx: IdentityContext, tx: DbExecutor, tenant: PurgedTenant): Promise<TenantPurgeCounts> => {
  await lockTenantAccounts(tx, tenant);
  const counts: TenantPurgeCounts = {
    refresh_tokens: await deleteTenantRefreshTokens(tx, tenant),
    link_tokens: await deleteTenantLinkTokens(tx, tenant),
    exchange_tokens: await deleteTenantExchangeTokens(tx, tenant),
    mail_log: await deleteTenantMailLog(tx, tenant),
    accounts: await deleteTenantAccounts(tx, tenant),
  };
  // Ids and counts only: no email, name or token.
  ctx.logger.info({ tenant, deleted: counts }, tenant.kind === 'store' ? 'purged store: identity data deleted' : 'purged HQ: identity data deleted');
  return counts;
};
