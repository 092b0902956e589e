import { auditRecord, type AuditActor, type AuditEntry, type Clock, type DbExecutor } from '@storecast/service-kit';
import { auditLog } from './schema';

export type { AuditEntry };
export type Actor = AuditActor;

/** Writes one audit row in the caller's transaction; a failure rolls the action back. */
export const writeAudit = async (tx: DbExecutor, actor: Actor, entry: AuditEntry, clock: Clock): Promise<void> => {
  await tx.insert(auditLog).values(auditRecord(actor, entry, clock));
};
