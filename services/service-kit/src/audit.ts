import type { Principal } from './auth';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { DbExecutor } from './db';
import { newId } from './ids';
import { auditRecords } from './kit-schema';

/**
 * Who acted, as audit records name them: always taken from the token, never from a body.
 * While an operator impersonates an HQ manager the role is OPERATOR_IMPERSONATING and the
 * operator is kept in impersonatedBy (spec 03 § Events). The system (compensation, scheduler)
 * acts with no account.
 */
export interface AuditActor {
  accountId: string | null;
  role: string;
  impersonatedBy?: string | null;
}

export const auditActorOf = (principal: Pick<Principal, 'accountId' | 'role' | 'impersonatedBy'>): AuditActor => ({
  accountId: principal.accountId,
  role: principal.impersonatedBy ? 'OPERATOR_IMPERSONATING' : principal.role,
  impersonatedBy: principal.impersonatedBy ?? null,
});

/** A call without a person behind it (another service's compensation, a scheduler). */
export const SYSTEM_ACTOR: AuditActor = { accountId: null, role: 'SYSTEM', impersonatedBy: null };

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  targetLabel?: string | null;
  /** Tenant scope of the record, so HQ views can read their own history. */
  hqId?: string | null;
  storeId?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes one audit record in the action's own transaction (a failed audit write rolls the action
 * back). The table is the kit's (`audit_records`, migrated with the outbox), the same in every
 * service. Pass a principal or an AuditActor (SYSTEM_ACTOR for the system).
 */
export const writeAudit = async (
  tx: DbExecutor,
  actor: AuditActor | Principal,
  entry: AuditEntry,
  clock: Clock = systemClock,
): Promise<string> => {
  const who = 'token' in actor ? auditActorOf(actor) : actor;
  const id = newId();
  await tx.insert(auditRecords).values({
    id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    hqId: entry.hqId ?? null,
    storeId: entry.storeId ?? null,
    detail: entry.detail ?? null,
    actorAccountId: who.accountId,
    actorRole: who.role,
    impersonatedBy: who.impersonatedBy ?? null,
    createdAt: clock.now(),
  });
  return id;
};
