import { auditActorOf, auditRecord, type LegacyAuditActor, type AuditEntry as KitAuditEntry, type Clock, type DbExecutor, type Principal } from '@storecast/service-kit';
import { auditLog } from '../db/schema';

/** Who did it: from the token, never from a body (null account for system calls). */
export type Actor = LegacyAuditActor<string | null>;

export const actorOf = (principal: Principal): Actor => auditActorOf(principal);

/** A call from another service without a person behind it (compensation). */
export const SYSTEM_ACTOR: Actor = { accountId: null, role: 'SYSTEM', impersonatedBy: null };

export interface AuditEntry extends KitAuditEntry {
  actor: Actor;
}

/** Written in the action's transaction: a failed audit write rolls the action back. */
export const writeAudit = async (tx: DbExecutor, clock: Clock, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values(auditRecord(entry.actor, entry, clock));
};
