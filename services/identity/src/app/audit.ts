import { newId, type Clock, type DbExecutor, type Principal } from '@storecast/service-kit';
import { auditLog } from '../db/schema';

/** Who did it: from the token, never from a body. */
export interface Actor {
  accountId: string | null;
  role: string;
  impersonatedBy?: string | null;
}

export const actorOf = (principal: Principal): Actor => ({
  accountId: principal.accountId,
  role: principal.impersonatedBy ? 'OPERATOR_IMPERSONATING' : principal.role,
  impersonatedBy: principal.impersonatedBy ?? null,
});

/** A call from another service without a person behind it (compensation). */
export const SYSTEM_ACTOR: Actor = { accountId: null, role: 'SYSTEM' };

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  targetLabel?: string | null;
  detail?: Record<string, unknown> | null;
  actor: Actor;
}

/** Written in the action's transaction: a failed audit write rolls the action back. */
export const writeAudit = async (tx: DbExecutor, clock: Clock, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({
    id: newId(),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    detail: entry.detail ?? null,
    actorAccountId: entry.actor.accountId,
    actorRole: entry.actor.role,
    impersonatedBy: entry.actor.impersonatedBy ?? null,
    createdAt: clock.now(),
  });
};
