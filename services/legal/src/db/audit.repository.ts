import { newId, type Clock, type DbExecutor } from '@storecast/service-kit';
import { auditLog } from './schema';

export interface Actor {
  accountId: string;
  role: string;
  impersonatedBy?: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  targetLabel?: string;
  detail?: Record<string, unknown>;
}

/** Writes one audit row in the caller's transaction; a failure rolls the action back. */
export const writeAudit = async (tx: DbExecutor, actor: Actor, entry: AuditEntry, clock: Clock): Promise<void> => {
  await tx.insert(auditLog).values({
    id: newId(),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    detail: entry.detail ?? null,
    actorAccountId: actor.accountId,
    actorRole: actor.impersonatedBy ? 'OPERATOR_IMPERSONATING' : actor.role,
    impersonatedBy: actor.impersonatedBy ?? null,
    createdAt: clock.now(),
  });
};
