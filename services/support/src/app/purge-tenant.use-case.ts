import type { DbExecutor } from '@storecast/service-kit';
import {
  deleteTenantAttachments,
  deleteTenantComments,
  deleteTenantTickets,
  lockTenantTickets,
  tenantAttachmentKeys,
  type PurgedTenant,
} from '../db/tenant-purge.repository';
import type { SupportContext } from './ports';

export type { PurgedTenant } from '../db/tenant-purge.repository';

/** What one purge deleted, per table (and objects in storage). */
export interface TenantPurgeCounts {
  tickets: number;
  ticket_comments: number;
  ticket_attachments: number;
  attachment_objects: number;
}

/**
 * Drops everything support keeps for a store or HQ that organization deleted for good
 * (organization.store.purged / organization.hq.purged): the tenant's tickets, their comments and
 * attachments (children first), and the attachment files in object storage. Runs in the
 * consumer's transaction `tx`: the objects are deleted last, before the commit, so a failure
 * anywhere rolls the rows back and the redelivery starts over (deleting an object already gone
 * succeeds). Operators' own tickets (no HQ, no store) are never a tenant's. The kit's
 * audit_records stay: they are the trail, and outlive the tenant (published outbox events are
 * pruned by the kit after OUTBOX_RETENTION_DAYS).
 */
export const purgeTenant = async (ctx: SupportContext, tx: DbExecutor, tenant: PurgedTenant): Promise<TenantPurgeCounts> => {
  await lockTenantTickets(tx, tenant);
  const keys = await tenantAttachmentKeys(tx, tenant);
  const counts: TenantPurgeCounts = {
    ticket_attachments: await deleteTenantAttachments(tx, tenant),
    ticket_comments: await deleteTenantComments(tx, tenant),
    tickets: await deleteTenantTickets(tx, tenant),
    attachment_objects: 0,
  };
  counts.attachment_objects = await ctx.storage.deleteMany(keys);
  // Ids and counts only: no ticket text, file name or key.
  ctx.logger.info({ tenant, deleted: counts }, tenant.kind === 'store' ? 'purged store: support data deleted' : 'purged HQ: support data deleted');
  return counts;
};
