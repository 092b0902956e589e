import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { ticketAttachments, ticketComments, tickets } from './schema';

/**
 * A tenant organization deleted for good: one store (of its HQ), or an HQ. Unlike `TicketScope`
 * (what a caller may reach), this names rows to delete: a store's tickets are matched on store_id
 * AND hq_id, an HQ's on hq_id (its own tickets and any store ticket still left). Every statement
 * below carries the tenant condition itself (children through a subquery on their tickets).
 */
export type PurgedTenant = { kind: 'store'; storeId: string; hqId: string } | { kind: 'hq'; hqId: string };

const tenantWhere = (tenant: PurgedTenant): SQL =>
  tenant.kind === 'store' ? and(eq(tickets.storeId, tenant.storeId), eq(tickets.hqId, tenant.hqId))! : eq(tickets.hqId, tenant.hqId);

const tenantTicketIds = (tx: DbExecutor, tenant: PurgedTenant) => tx.select({ id: tickets.id }).from(tickets).where(tenantWhere(tenant));

/**
 * Locks the tenant's tickets FOR UPDATE for the rest of the transaction: a comment or attachment
 * written at the same time (its foreign key check needs the ticket row) waits, then fails on the
 * deleted ticket instead of being left behind. Answers how many there are.
 */
export const lockTenantTickets = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tenantTicketIds(tx, tenant).for('update');
  return rows.length;
};

/** The object storage keys of the tenant's attachments. */
export const tenantAttachmentKeys = async (tx: DbExecutor, tenant: PurgedTenant): Promise<string[]> => {
  const rows = await tx
    .select({ storageKey: ticketAttachments.storageKey })
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.ticketId, tenantTicketIds(tx, tenant)));
  return rows.map((r) => r.storageKey);
};

/** Deletes the attachment rows of the tenant's tickets (first: an attachment may name a comment). */
export const deleteTenantAttachments = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx
    .delete(ticketAttachments)
    .where(inArray(ticketAttachments.ticketId, tenantTicketIds(tx, tenant)))
    .returning({ id: ticketAttachments.id });
  return rows.length;
};

/** Deletes the comments of the tenant's tickets (after their attachments). */
export const deleteTenantComments = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx
    .delete(ticketComments)
    .where(inArray(ticketComments.ticketId, tenantTicketIds(tx, tenant)))
    .returning({ id: ticketComments.id });
  return rows.length;
};

/** Deletes the tenant's tickets (last: comments and attachments reference them). */
export const deleteTenantTickets = async (tx: DbExecutor, tenant: PurgedTenant): Promise<number> => {
  const rows = await tx.delete(tickets).where(tenantWhere(tenant)).returning({ id: tickets.id });
  return rows.length;
};

