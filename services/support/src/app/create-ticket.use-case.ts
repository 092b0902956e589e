import { emit, forbidden, hqScope, newId, notFound, storeScope, writeAudit, type Principal } from '@storecast/service-kit';
import { insertTicket } from '../db/ticket.repository';
import type { TicketCategory, TicketPriority } from '../domain/ticket';
import { auditTarget } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

export interface NewTicket {
  title: string;
  body: string;
  category: TicketCategory | null;
}

/** What an operator files: any priority, optionally for an HQ and/or a store. */
export interface NewOperatorTicket extends NewTicket {
  priority: TicketPriority;
  hqId?: string;
  storeId?: string;
}

const scopeMismatch = () => forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not bound to an existing HQ or store');

/**
 * Files a ticket. Store and HQ requesters: status OPEN, priority NORMAL, the tenant from the
 * token re-checked against organization (a store that no longer exists or is closed, or an HQ
 * that does not exist, is 403 PRINCIPAL_SCOPE_MISMATCH); a store ticket carries its store's HQ.
 * Operators: the given priority; a store's HQ is taken from organization (an hqId that is not the
 * store's is 404 STORE_NOT_FOUND). Audit STORE_TICKET_CREATED (store) or TICKET_CREATED, event
 * support.ticket.created, same transaction.
 */
export const createTicket = async (
  ctx: SupportContext,
  principal: Principal,
  input: { channel: 'store'; ticket: NewTicket } | { channel: 'hq'; ticket: NewTicket } | { channel: 'operator'; ticket: NewOperatorTicket },
): Promise<TicketDetail> => {
  let hqId: string | null = null;
  let storeId: string | null = null;
  let priority: TicketPriority = 'NORMAL';
  if (input.channel === 'store') {
    const store = await ctx.organization.getStore(storeScope(principal));
    if (!store || store.closed || (principal.hqId && principal.hqId !== store.hqId)) throw scopeMismatch();
    storeId = store.id;
    hqId = store.hqId;
  } else if (input.channel === 'hq') {
    const hq = await ctx.organization.getHq(hqScope(principal));
    if (!hq) throw scopeMismatch();
    hqId = hq.id;
  } else {
    const { ticket } = input;
    priority = ticket.priority;
    if (ticket.storeId) {
      const store = await ctx.organization.getStore(ticket.storeId);
      if (!store || (ticket.hqId && ticket.hqId !== store.hqId)) throw notFound('STORE_NOT_FOUND', 'Store not found');
      storeId = store.id;
      hqId = store.hqId;
    } else if (ticket.hqId) {
      const hq = await ctx.organization.getHq(ticket.hqId);
      if (!hq) throw notFound('HQ_NOT_FOUND', 'HQ not found');
      hqId = hq.id;
    }
  }

  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertTicket(tx, {
      id: newId(),
      hqId,
      storeId,
      title: input.ticket.title,
      body: input.ticket.body,
      status: 'OPEN',
      priority,
      category: input.ticket.category,
      createdByAccountId: principal.accountId,
      createdByRole: principal.role,
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(
      tx,
      principal,
      {
        action: input.channel === 'store' ? 'STORE_TICKET_CREATED' : 'TICKET_CREATED',
        ...auditTarget(row),
        detail: { priority: row.priority, category: row.category },
      },
      ctx.clock,
    );
    await emit(
      tx,
      {
        type: 'support.ticket.created',
        data: { ticketId: row.id, hqId, storeId, createdByRole: principal.role, priority: row.priority, category: row.category },
      },
      ctx.clock,
    );
    return row;
  });
  return loadDetail(ctx, input.channel, created);
};
