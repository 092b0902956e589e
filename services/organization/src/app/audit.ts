import { auditActorOf, auditRecord } from '@storecast/service-kit';
import { auditLog } from '../db/schema';
import type { Actor } from './actor';
import type { AppContext, Tx } from './context';

export interface AuditEntry {
  action: string;
  targetType: 'HQ' | 'STORE' | 'STORE_MANAGER' | 'HQ_MANAGER' | 'DEVICE' | 'BULK_IMPORT';
  targetId: string;
  targetLabel?: string | null;
  hqId?: string | null;
  storeId?: string | null;
  detail?: Record<string, unknown> | null;
}

/** Writes one audit record inside the action's transaction (a failed write rolls the action back). */
export const writeAudit = async (tx: Tx, ctx: Pick<AppContext, 'clock'>, actor: Actor, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({
    ...auditRecord({ ...auditActorOf(actor), accountId: actor.accountId }, entry, ctx.clock),
    hqId: entry.hqId ?? null,
    storeId: entry.storeId ?? null,
  });
};
