import type { Principal } from './auth';
import type { Clock } from './clock';
import { newId } from './ids';

/**
 * Who acted, as audit records name them: always taken from the token, never from a body.
 * While an operator impersonates an HQ manager the role is OPERATOR_IMPERSONATING and the
 * operator is kept in impersonatedBy (spec 03 § Events).
 */
export interface AuditActor<Id extends string | null = string> {
  accountId: Id;
  role: string;
  impersonatedBy?: string | null;
}

export const auditActorOf = (principal: Pick<Principal, 'accountId' | 'role' | 'impersonatedBy'>): AuditActor => ({
  accountId: principal.accountId,
  role: principal.impersonatedBy ? 'OPERATOR_IMPERSONATING' : principal.role,
  impersonatedBy: principal.impersonatedBy ?? null,
});

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  targetLabel?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * The columns every service's audit_log shares, for one record. Each service owns its table (and
 * may add scope columns such as hq_id) and inserts this in the action's own transaction, so a
 * failed audit write rolls the action back.
 */
export const auditRecord = <Id extends string | null>(actor: AuditActor<Id>, entry: AuditEntry, clock: Clock) => ({
  id: newId(),
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId ?? null,
  targetLabel: entry.targetLabel ?? null,
  detail: entry.detail ?? null,
  actorAccountId: actor.accountId,
  actorRole: actor.role,
  impersonatedBy: actor.impersonatedBy ?? null,
  createdAt: clock.now(),
});
