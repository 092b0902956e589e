// TEMPORARY (removed when identity, legal and organization are on writeAudit): the old per-service audit row builder.
import type { Clock } from './clock';
import { newId } from './ids';
import type { AuditEntry } from './audit';

export type LegacyAuditActor<Id extends string | null = string> = { accountId: Id; role: string; impersonatedBy?: string | null };

export const auditRecord = <Id extends string | null>(actor: { accountId: Id; role: string; impersonatedBy?: string | null }, entry: AuditEntry, clock: Clock) => ({
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
