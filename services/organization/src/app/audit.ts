import { newId } from '@storecast/service-kit';
import { auditLog } from '../db/schema';
import type { Actor } from './actor';
import { auditRoleOf } from './actor';
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
    id: newId(),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    hqId: entry.hqId ?? null,
    storeId: entry.storeId ?? null,
    detail: entry.detail ?? null,
    actorAccountId: actor.accountId,
    actorRole: auditRoleOf(actor),
    impersonatedBy: actor.impersonatedBy ?? null,
    createdAt: ctx.clock.now(),
  });
};
